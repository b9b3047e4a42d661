package charts

import (
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/slidelab/slidelab/internal/testfull"
)

var update = flag.Bool("update", false, "rewrite the golden chart images in testdata/golden")

// Golden images are compared with a tolerance, as gonum/plot compares its
// plotters' (cmpimg): text rasterises a little differently across CPU
// architectures and font hinting, so a few pixels may differ; a chart whose
// bars, lines, axes or labels moved differs in far more.
const (
	goldenW, goldenH = 800, 500
	// channelTolerance is the largest difference in one colour channel
	// (0-255) that still counts as the same pixel.
	channelTolerance = 48
	// pixelTolerance is the share of pixels allowed to differ.
	pixelTolerance = 0.004
)

// TestGoldenCharts renders every sample chart and compares it with its
// golden image in testdata/golden. Run "go test ./charts -run Golden
// -update" to rewrite them after a deliberate change, and look at them.
// raceGolden are the golden images compared under -race without
// SLIDELAB_FULL=1: the classroom's bars and the layers' log-scale lines
// (rendering is one goroutine's arithmetic, which the detector slows
// several times; the 14 took 81 s there at load 23, one of each of the
// five kinds a third of the package's race run). Every image is compared
// without -race and in the full matrix.
var raceGolden = map[string]bool{"classroom": true, "layers-log": true}

// smallMatrix reports whether the rendering checks run their smaller
// matrix: under the race detector, unless make test-full (SLIDELAB_FULL=1)
// asks for everything.
func smallMatrix() bool { return raceEnabled && !testfull.Enabled() }

func TestGoldenCharts(t *testing.T) {
	charts := sampleCharts()
	names := make([]string, 0, len(charts))
	for name := range charts {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if smallMatrix() && !raceGolden[name] {
			continue
		}
		t.Run(name, func(t *testing.T) {
			got, err := Render(charts[name], goldenW, goldenH)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", name+".png")
			if *update {
				writePNG(t, path, got)
				return
			}
			want, err := readPNG(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if diff, total := differingPixels(got, want); diff < 0 || float64(diff) > pixelTolerance*float64(total) {
				failed := filepath.Join("testdata", "failed", name+".png")
				writePNG(t, failed, got)
				t.Errorf("%s differs from %s in %d of %d pixels (allowed %.1f%%); got %s",
					name, path, diff, total, 100*pixelTolerance, failed)
			}
		})
	}
}

// TestGoldenComparisonCatches checks the comparison itself: a chart of other
// data must not pass for the golden one, and an image compared with itself
// must.
func TestGoldenComparisonCatches(t *testing.T) {
	a, err := Render(classroom(), goldenW, goldenH)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := differingPixels(a, a); d != 0 {
		t.Fatalf("an image differs from itself in %d pixels", d)
	}
	other := classroom()
	other.Series[0].Counts[0] *= 3 // one bar three times as tall
	b, err := Render(other, goldenW, goldenH)
	if err != nil {
		t.Fatal(err)
	}
	if d, total := differingPixels(a, b); float64(d) <= pixelTolerance*float64(total) {
		t.Errorf("a chart with one bar changed passes for the original: %d of %d pixels differ", d, total)
	}
}

// differingPixels counts the pixels whose colours differ by more than
// channelTolerance in a channel; -1 when the sizes differ.
func differingPixels(a, b image.Image) (int, int) {
	ab, bb := a.Bounds(), b.Bounds()
	if ab.Dx() != bb.Dx() || ab.Dy() != bb.Dy() {
		return -1, ab.Dx() * ab.Dy()
	}
	n := 0
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				n++
			}
		}
	}
	return n, ab.Dx() * ab.Dy()
}

func far(x, y uint32) bool {
	d := int(x>>8) - int(y>>8)
	return d > channelTolerance || d < -channelTolerance
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
