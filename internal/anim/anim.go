// Package anim turns a sequence of rendered frames into an animated GIF
// (image/gif) that stays small: each frame is quantised to a palette of at
// most 255 colours (its exact colours when it has no more, else a median
// cut), a palette is reused for as long as it still holds a frame's colours
// (so most frames need no colour table of their own), only the rectangle
// that changed since the previous frame is stored, with the unchanged pixels
// in it transparent, and a frame identical to the one before is dropped
// (the earlier frame is shown longer instead).
//
// The frames are drawn elsewhere (the app's widgets, the charts); this
// package knows nothing of what they show.
package anim

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"io"
	"math"
)

// Limits of the frame rate: GIF delays count hundredths of a second and
// browsers slow down delays under 2 hundredths, so 50 frames per second is
// the fastest a GIF plays everywhere.
const (
	MinFPS = 0.5
	MaxFPS = 50
)

// Limits of a frame's side in pixels.
const (
	MinSide = 64
	MaxSide = 2048
)

// MaxFrames bounds the frames of one animation (after dropping repeats), so
// that a mistaken request cannot fill the memory.
const MaxFrames = 20000

// transparent is the palette index of "as in the previous frame": always
// the last entry of a palette.
const maxColors = 255

// Encoder collects frames and writes them as one looping GIF. Frames must
// all have the same bounds. The zero value is not usable: call New.
type Encoder struct {
	fps    float64
	g      gif.GIF
	bounds image.Rectangle
	// shown is what a viewer sees after the frames so far (quantised);
	// prev is the last frame stored, as it was added.
	shown, prev *image.RGBA
	// pal is the palette in use, without the transparent entry; lookup maps
	// a colour to its index in it.
	pal    color.Palette
	lookup map[color.RGBA]uint8
	// ticks counts the frame durations so far: it places the next frame
	// on the time line so that delays in hundredths add up to the rate.
	ticks int
	// kept counts frames stored, dropped frames folded into the one before.
	kept, dropped int
}

// New returns an encoder for fps frames per second, looping for ever.
func New(fps float64) (*Encoder, error) {
	if math.IsNaN(fps) || fps < MinFPS || fps > MaxFPS {
		return nil, fmt.Errorf("frame rate %g: must be between %g and %g frames per second", fps, float64(MinFPS), float64(MaxFPS))
	}
	return &Encoder{fps: fps, g: gif.GIF{LoopCount: 0}}, nil
}

// CheckSide returns an error when side is not a frame size the encoder
// accepts (MinSide to MaxSide pixels).
func CheckSide(side int) error {
	if side < MinSide || side > MaxSide {
		return fmt.Errorf("size %d: must be between %d and %d pixels", side, MinSide, MaxSide)
	}
	return nil
}

// ErrTooManyFrames is returned by Add once MaxFrames frames are stored.
var ErrTooManyFrames = fmt.Errorf("anim: more than %d frames", MaxFrames)

// Add appends img, shown for hold frame durations (at least 1). A frame
// identical to the previous one only lengthens that one.
func (e *Encoder) Add(img image.Image, hold int) error {
	hold = max(hold, 1)
	b := img.Bounds()
	if b.Empty() {
		return errors.New("anim: empty frame")
	}
	if e.shown == nil {
		e.bounds = b
		e.shown = image.NewRGBA(b)
		e.g.Config = image.Config{Width: b.Dx(), Height: b.Dy()}
	} else if b.Size() != e.bounds.Size() {
		return fmt.Errorf("anim: frame of %v after frames of %v", b.Size(), e.bounds.Size())
	}
	rgba := toRGBA(img, e.bounds)
	first := len(e.g.Image) == 0
	changed := e.bounds.Sub(e.bounds.Min)
	if !first {
		changed = diffRect(e.prev, rgba)
	}
	start := e.ticks
	e.ticks += hold
	if changed.Empty() {
		e.dropped++
		e.g.Delay[len(e.g.Delay)-1] += e.delay(start, e.ticks)
		return nil
	}
	if e.kept >= MaxFrames {
		return ErrTooManyFrames
	}
	e.prev = rgba
	q := e.quantiser(rgba, changed)
	pal := append(append(color.Palette(nil), e.pal...), color.RGBA{})
	tr := uint8(len(e.pal))
	pm := image.NewPaletted(changed, pal)
	quant := image.NewRGBA(changed)
	for y := changed.Min.Y; y < changed.Max.Y; y++ {
		for x := changed.Min.X; x < changed.Max.X; x++ {
			i := y*rgba.Stride + 4*x
			c := q.color(rgba.Pix[i:])
			quant.SetRGBA(x, y, c)
			si := y*e.shown.Stride + 4*x
			pi := (y-changed.Min.Y)*pm.Stride + (x - changed.Min.X)
			if !first && e.shown.Pix[si] == c.R && e.shown.Pix[si+1] == c.G && e.shown.Pix[si+2] == c.B {
				pm.Pix[pi] = tr
				continue
			}
			pm.Pix[pi] = e.lookup[c]
		}
	}
	draw.Draw(e.shown, changed, quant, changed.Min, draw.Src)
	if first {
		// The first palette is the global one; frames that reuse it carry
		// no table of their own.
		e.g.Config.ColorModel = pal
	}
	// Move the rectangle to the GIF's coordinates (origin at 0,0).
	pm.Rect = changed.Sub(e.bounds.Min)
	e.g.Image = append(e.g.Image, pm)
	e.g.Delay = append(e.g.Delay, e.delay(start, e.ticks))
	e.g.Disposal = append(e.g.Disposal, gif.DisposalNone)
	e.kept++
	return nil
}

// delay returns the hundredths of a second from tick a to tick b, rounded on
// the whole time line so that rounding errors do not add up.
func (e *Encoder) delay(a, b int) int {
	at := func(t int) int { return int(math.Round(100 * float64(t) / e.fps)) }
	return max(at(b)-at(a), 1)
}

// Frames returns the number of frames stored so far (repeats dropped).
func (e *Encoder) Frames() int { return e.kept }

// Dropped returns the number of frames dropped as repeats of the one before.
func (e *Encoder) Dropped() int { return e.dropped }

// GIF returns the animation built so far (shared, not a copy).
func (e *Encoder) GIF() *gif.GIF { return &e.g }

// Encode writes the animation. It fails when no frame was added.
func (e *Encoder) Encode(w io.Writer) error {
	if len(e.g.Image) == 0 {
		return errors.New("anim: no frames")
	}
	if err := gif.EncodeAll(w, &e.g); err != nil {
		return fmt.Errorf("encoding GIF: %w", err)
	}
	return nil
}

// diffRect returns the smallest rectangle holding every pixel where a and b
// (of the same bounds, at the origin) differ.
func diffRect(a, b *image.RGBA) image.Rectangle {
	r := image.Rectangle{}
	w := a.Bounds().Dx()
	for y := 0; y < a.Bounds().Dy(); y++ {
		ra := a.Pix[y*a.Stride : y*a.Stride+4*w]
		rb := b.Pix[y*b.Stride : y*b.Stride+4*w]
		if bytes.Equal(ra, rb) {
			continue
		}
		lo, hi := 0, w-1
		for lo < w && bytes.Equal(ra[4*lo:4*lo+3], rb[4*lo:4*lo+3]) {
			lo++
		}
		for hi > lo && bytes.Equal(ra[4*hi:4*hi+3], rb[4*hi:4*hi+3]) {
			hi--
		}
		if lo < w {
			r = r.Union(image.Rect(lo, y, hi+1, y+1))
		}
	}
	return r
}

// toRGBA returns a copy of img as RGBA with bounds moved to b's origin.
func toRGBA(img image.Image, b image.Rectangle) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), img, img.Bounds().Min, draw.Src)
	return out
}

// quantiser maps a frame's colours to the encoder's palette.
type quantiser struct {
	e     *Encoder
	cache map[color.RGBA]color.RGBA
}

// quantiser makes sure the palette covers the frame's colours: when the
// palette in use lacks some of them, a new one is made (the frame's exact
// colours when there are at most 255, else a median cut of them).
func (e *Encoder) quantiser(img *image.RGBA, r image.Rectangle) *quantiser {
	hist := map[color.RGBA]int{}
	var last color.RGBA
	run := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[y*img.Stride+4*r.Min.X : y*img.Stride+4*r.Max.X]
		for i := 0; i < len(row); i += 4 {
			c := color.RGBA{row[i], row[i+1], row[i+2], 0xff}
			if c == last && run > 0 {
				run++
				continue
			}
			if run > 0 {
				hist[last] += run
			}
			last, run = c, 1
		}
	}
	if run > 0 {
		hist[last] += run
	}
	missing := 0
	for c := range hist {
		if _, ok := e.lookup[c]; !ok {
			missing++
		}
	}
	if e.pal == nil || missing > 0 {
		pal := paletteFor(hist)
		// Keep the palette in use when it is close enough: a handful of
		// missing anti-aliasing shades cost less than a new table.
		if e.pal == nil || missing > 0 && !e.closeEnough(hist) {
			e.setPalette(pal)
		}
	}
	return &quantiser{e: e, cache: make(map[color.RGBA]color.RGBA, len(hist))}
}

// closeEnough reports whether the palette in use maps every colour of hist
// within a small error (so reusing it is invisible).
func (e *Encoder) closeEnough(hist map[color.RGBA]int) bool {
	const maxDist = 3 * 12 * 12 // per channel about 12 of 255
	if len(hist) <= maxColors && len(e.pal) < len(hist) {
		// The frame could be exact with a palette of its own.
		return false
	}
	for c := range hist {
		if _, ok := e.lookup[c]; ok {
			continue
		}
		if dist(c, e.pal[nearest(e.pal, c)]) > maxDist {
			return false
		}
	}
	return true
}

func (e *Encoder) setPalette(pal color.Palette) {
	e.pal = pal
	e.lookup = make(map[color.RGBA]uint8, len(pal))
	for i, c := range pal {
		e.lookup[c.(color.RGBA)] = uint8(i)
	}
}

// color returns the palette colour for the pixel p (RGBA bytes), and makes
// sure lookup knows it.
func (q *quantiser) color(p []byte) color.RGBA {
	c := color.RGBA{p[0], p[1], p[2], 0xff}
	if _, ok := q.e.lookup[c]; ok {
		return c
	}
	if m, ok := q.cache[c]; ok {
		return m
	}
	m := q.e.pal[nearest(q.e.pal, c)].(color.RGBA)
	q.cache[c] = m
	return m
}

func dist(a color.RGBA, b color.Color) int {
	bb := b.(color.RGBA)
	dr, dg, db := int(a.R)-int(bb.R), int(a.G)-int(bb.G), int(a.B)-int(bb.B)
	return dr*dr + dg*dg + db*db
}

func nearest(pal color.Palette, c color.RGBA) int {
	best, bd := 0, math.MaxInt
	for i, p := range pal {
		if d := dist(c, p); d < bd {
			best, bd = i, d
		}
	}
	return best
}
