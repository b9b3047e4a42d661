package searchview

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// variantTheme is Fyne's default theme held in one variant.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// assertGolden compares the markup of o with testdata/<name>.xml exactly
// and its pixels with testdata/<name>.png within a tolerance (see
// gui/internal/widgets/golden_test.go); -update rewrites both.
func assertGolden(t *testing.T, name string, o fyne.CanvasObject, size fyne.Size) {
	t.Helper()
	w := test.NewTempWindow(t, o)
	w.SetPadded(false)
	w.Resize(size)
	markup := test.RenderToMarkup(w.Canvas())
	img := w.Canvas().Capture()
	xmlPath, pngPath := filepath.Join("testdata", name+".xml"), filepath.Join("testdata", name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if *update {
		for path, data := range map[string][]byte{xmlPath: []byte(markup), pngPath: buf.Bytes()} {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	failed := func(ext string, data []byte) {
		dir := filepath.Join("testdata", "failed")
		if os.MkdirAll(dir, 0o755) == nil {
			_ = os.WriteFile(filepath.Join(dir, name+ext), data, 0o644)
		}
	}
	want, err := os.ReadFile(xmlPath)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to write the goldens)", err)
	}
	if markup != string(want) {
		failed(".xml", []byte(markup))
		t.Errorf("%s: the markup differs from %s (got: testdata/failed/%s.xml)", name, xmlPath, name)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	wantImg, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", pngPath, err)
	}
	if frac := differentPixels(img, wantImg); frac > 0.01 {
		failed(".png", buf.Bytes())
		t.Errorf("%s: %.1f%% of the pixels differ from %s", name, 100*frac, pngPath)
	}
}

// differentPixels is the fraction of pixels of a and b that differ by more
// than a quarter of the range in some channel (1 if the sizes differ).
func differentPixels(a, b image.Image) float64 {
	if a.Bounds().Size() != b.Bounds().Size() {
		return 1
	}
	ab, bb := a.Bounds(), b.Bounds()
	diff := 0
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			for _, d := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				if d[0] > d[1]+0x4000 || d[1] > d[0]+0x4000 {
					diff++
					break
				}
			}
		}
	}
	return float64(diff) / float64(ab.Dx()*ab.Dy())
}

// TestTreeAndStripGolden draws the search tree and the strip of IDA*'s
// pass after the first 40 events of an IDA* search on an 8-puzzle (expanded
// and pruned nodes, the path to the goal), in both themes.
func TestTreeAndStripGolden(t *testing.T) {
	evs, _ := traceRun(t, search.IDAStar, board.Size3x3, eightEasy, 40)
	for _, th := range []struct {
		name    string
		variant fyne.ThemeVariant
	}{{"light", theme.VariantLight}, {"dark", theme.VariantDark}} {
		t.Run(th.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), th.variant})
			m := newSearchTree(treeMaxNodes)
			m.reset(search.IDAStar)
			for _, e := range evs {
				m.apply(e)
			}
			v := newTreeView(m)
			last := evs[len(evs)-1]
			v.show(last.Seq+1, last.Node)
			assertGolden(t, "tree_ida_"+th.name, v, fyne.NewSize(480, 360))
			assertGolden(t, "strip_ida_"+th.name, newPassStrip(m), fyne.NewSize(480, 80))
		})
	}
}
