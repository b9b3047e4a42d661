package anim

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"math"
	"testing"
)

// square returns a w x h picture: a grey background with a red square of
// side s at (x, y) and a blue bar whose width encodes n (so frames differ).
func square(w, h, x, y, s int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.RGBA{0xee, 0xee, 0xee, 0xff}), image.Point{}, draw.Src)
	draw.Draw(img, image.Rect(x, y, x+s, y+s), image.NewUniform(color.RGBA{0xd0, 0x30, 0x30, 0xff}), image.Point{}, draw.Src)
	return img
}

// gradient returns a picture with far more than 256 colours.
func gradient(w, h, shift int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8((x + shift) * 255 / w), uint8(y * 255 / h), uint8((x + y) % 256), 0xff})
		}
	}
	return img
}

func encode(t *testing.T, e *Encoder) *gif.GIF {
	t.Helper()
	var buf bytes.Buffer
	if err := e.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatalf("decoding what was encoded: %v", err)
	}
	return g
}

// maxDiff returns the largest channel difference between a and b.
func maxDiff(a, b image.Image) int {
	worst := 0
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1 := color.RGBAModel.Convert(a.At(x, y)).(color.RGBA)
			c2 := color.RGBAModel.Convert(b.At(x-r.Min.X+b.Bounds().Min.X, y-r.Min.Y+b.Bounds().Min.Y)).(color.RGBA)
			for _, d := range []int{int(c1.R) - int(c2.R), int(c1.G) - int(c2.G), int(c1.B) - int(c2.B)} {
				worst = max(worst, d, -d)
			}
		}
	}
	return worst
}

func TestFramesDelaysLoop(t *testing.T) {
	tests := []struct {
		name   string
		fps    float64
		frames []image.Image
		holds  []int
		// want: frames stored and their delays in hundredths
		wantDelays []int
	}{
		{"distinct at 10 fps", 10, []image.Image{square(40, 30, 0, 0, 5), square(40, 30, 5, 0, 5), square(40, 30, 10, 0, 5)},
			[]int{1, 1, 1}, []int{10, 10, 10}},
		{"repeat folded into the frame before", 10, []image.Image{square(40, 30, 0, 0, 5), square(40, 30, 0, 0, 5), square(40, 30, 10, 0, 5)},
			[]int{1, 1, 1}, []int{20, 10}},
		{"holds", 4, []image.Image{square(40, 30, 0, 0, 5), square(40, 30, 5, 5, 5)},
			[]int{3, 0}, []int{75, 25}},
		{"rounding spread over the time line", 3, []image.Image{square(40, 30, 0, 0, 5), square(40, 30, 5, 0, 5), square(40, 30, 10, 0, 5)},
			[]int{1, 1, 1}, []int{33, 34, 33}},
		{"fastest", MaxFPS, []image.Image{square(40, 30, 0, 0, 5), square(40, 30, 5, 0, 5)},
			[]int{1, 1}, []int{2, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(tc.fps)
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range tc.frames {
				if err := e.Add(f, tc.holds[i]); err != nil {
					t.Fatal(err)
				}
			}
			g := encode(t, e)
			if len(g.Image) != len(tc.wantDelays) || e.Frames() != len(tc.wantDelays) {
				t.Fatalf("%d frames decoded, Frames() = %d, want %d", len(g.Image), e.Frames(), len(tc.wantDelays))
			}
			if e.Dropped() != len(tc.frames)-len(tc.wantDelays) {
				t.Errorf("Dropped() = %d, want %d", e.Dropped(), len(tc.frames)-len(tc.wantDelays))
			}
			total := 0
			for i, d := range g.Delay {
				total += d
				if d != tc.wantDelays[i] {
					t.Errorf("delays %v, want %v", g.Delay, tc.wantDelays)
					break
				}
			}
			ticks := 0
			for _, h := range tc.holds {
				ticks += max(h, 1)
			}
			if want := int(math.Round(100 * float64(ticks) / tc.fps)); total != want {
				t.Errorf("total %d hundredths, want %d", total, want)
			}
			if g.LoopCount != 0 {
				t.Errorf("LoopCount %d, want 0 (for ever)", g.LoopCount)
			}
			if g.Config.Width != 40 || g.Config.Height != 30 {
				t.Errorf("size %dx%d, want 40x30", g.Config.Width, g.Config.Height)
			}
		})
	}
}

// TestComposedFramesMatch decodes the GIF, composes its partial frames and
// compares each with the picture added: exact when a frame has few colours,
// within quantisation otherwise.
func TestComposedFramesMatch(t *testing.T) {
	tests := []struct {
		name    string
		frames  []image.Image
		maxDiff int
	}{
		{"few colours: exact", []image.Image{square(64, 48, 0, 0, 10), square(64, 48, 20, 10, 10), square(64, 48, 20, 10, 12), square(64, 48, 0, 0, 10)}, 0},
		{"many colours: quantised", []image.Image{gradient(64, 48, 0), gradient(64, 48, 8), square(64, 48, 5, 5, 20)}, 24},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := New(10)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.frames {
				if err := e.Add(f, 1); err != nil {
					t.Fatal(err)
				}
			}
			got := Compose(encode(t, e))
			if len(got) != len(tc.frames) {
				t.Fatalf("%d frames, want %d", len(got), len(tc.frames))
			}
			for i := range got {
				if d := maxDiff(tc.frames[i], got[i]); d > tc.maxDiff {
					t.Errorf("frame %d differs by up to %d per channel, want at most %d", i, d, tc.maxDiff)
				}
			}
		})
	}
}

// TestOnlyChangesStored checks that a frame after the first stores only the
// rectangle that changed.
func TestOnlyChangesStored(t *testing.T) {
	e, _ := New(10)
	a := square(100, 80, 0, 0, 10)
	b := square(100, 80, 0, 0, 10)
	draw.Draw(b, image.Rect(50, 40, 53, 42), image.NewUniform(color.Black), image.Point{}, draw.Src)
	for _, f := range []image.Image{a, b} {
		if err := e.Add(f, 1); err != nil {
			t.Fatal(err)
		}
	}
	g := encode(t, e)
	if got, want := g.Image[1].Bounds(), image.Rect(50, 40, 53, 42); got != want {
		t.Errorf("second frame covers %v, want %v", got, want)
	}
}

// TestSizeOfSlidingSquare is a sanity bound on the file size of a long
// animation of small changes: about what a replay does.
func TestSizeOfSlidingSquare(t *testing.T) {
	frames := 300
	if raceForm() {
		// The race form (raceForm) encodes 100 frames against a third of
		// the bound: the same 1 KiB a frame (one goroutine's LZW, most of
		// this package's time under -race).
		frames = 100
	}
	e, _ := New(20)
	for i := 0; i < frames; i++ {
		if err := e.Add(square(480, 480, i%400, (i/2)%400, 60), 1); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := e.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > frames<<10 {
		t.Errorf("%d frames of a moving square at 480x480 take %d bytes, want well under %d KiB", frames, buf.Len(), frames)
	}
}

func TestBadInput(t *testing.T) {
	for _, fps := range []float64{0, -1, MinFPS / 2, MaxFPS + 1, math.NaN(), math.Inf(1)} {
		if _, err := New(fps); err == nil {
			t.Errorf("New(%g) accepted", fps)
		}
	}
	for _, side := range []int{0, -5, MinSide - 1, MaxSide + 1, math.MaxInt} {
		if err := CheckSide(side); err == nil {
			t.Errorf("CheckSide(%d) accepted", side)
		}
	}
	if err := CheckSide(480); err != nil {
		t.Errorf("CheckSide(480): %v", err)
	}
	e, _ := New(10)
	if err := e.Encode(&bytes.Buffer{}); err == nil {
		t.Error("encoding no frames succeeded")
	}
	if err := e.Add(image.NewRGBA(image.Rect(0, 0, 0, 0)), 1); err == nil {
		t.Error("an empty frame was accepted")
	}
	if err := e.Add(square(40, 30, 0, 0, 5), 1); err != nil {
		t.Fatal(err)
	}
	if err := e.Add(square(41, 30, 0, 0, 5), 1); err == nil {
		t.Error("a frame of another size was accepted")
	}
}

// TestPaletteKeepsHeavyColours: colours covering many pixels are in the
// palette exactly, whatever the stragglers around them (anti-aliasing),
// including a heavy colour that sorts last along the channel cut.
func TestPaletteKeepsHeavyColours(t *testing.T) {
	heavy := []color.RGBA{{0xff, 0xff, 0xff, 0xff}, {100, 143, 255, 0xff}, {0x3b, 0x42, 0x52, 0xff}, {0xdd, 0x30, 0x80, 0xff},
		{0xff, 0xb0, 0x00, 0xff}, {0x10, 0x10, 0x10, 0xff}, {0xee, 0xee, 0xee, 0xff}, {0x40, 0xa0, 0x40, 0xff}}
	hist := map[color.RGBA]int{}
	for i, c := range heavy {
		hist[c] = 10000 + i
	}
	// Anti-aliasing: blends of every pair of heavy colours, a few pixels each.
	for i, a := range heavy {
		for _, b := range heavy[i+1:] {
			for k := 1; k < 64; k++ {
				mix := func(x, y uint8) uint8 { return uint8((int(x)*(64-k) + int(y)*k) / 64) }
				hist[color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}] += 3
			}
		}
	}
	pal := paletteFor(hist)
	if len(pal) > maxColors {
		t.Fatalf("%d colours, more than %d", len(pal), maxColors)
	}
	for _, c := range heavy {
		if got := pal[nearest(pal, c)]; got != c {
			t.Errorf("%v maps to %v", c, got)
		}
	}
	// Every straggler is within a modest distance of its palette colour.
	worst := 0
	for c := range hist {
		worst = max(worst, dist(c, pal[nearest(pal, c)]))
	}
	if worst > 3*40*40 {
		t.Errorf("a colour is %d (squared) from its palette entry", worst)
	}
}
