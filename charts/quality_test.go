package charts

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

func qualityMeans() QualityMeans {
	md := MeansSeries{Name: "manhattan"}
	pdb := MeansSeries{Name: "pdb:44"}
	for d := 0; d <= 31; d++ {
		md.Points = append(md.Points, MeanPoint{HStar: d, MeanH: float64(d) * 0.6})
		pdb.Points = append(pdb.Points, MeanPoint{HStar: d, MeanH: float64(d) * 0.85})
	}
	return QualityMeans{Subtitle: "3x3", Series: []MeansSeries{md, pdb}}
}

func heatMap() QualityHeatMap {
	var cells []HeatCell
	for d := 0; d <= 20; d++ {
		for h := d % 2; h <= d; h += 2 {
			cells = append(cells, HeatCell{HStar: d, H: h, States: int64(1 + (d*h)%500)})
		}
	}
	return QualityHeatMap{Subtitle: "test", Cells: cells}
}

func TestQualityChartsRender(t *testing.T) {
	for name, c := range map[string]Chart{
		"means":       qualityMeans(),
		"heat":        heatMap(),
		"means-empty": QualityMeans{},
		"heat-empty":  QualityHeatMap{},
		"heat-one":    QualityHeatMap{Cells: []HeatCell{{HStar: 0, H: 0, States: 1}}},
		"heat-zeros":  QualityHeatMap{Cells: []HeatCell{{HStar: 3, H: 1, States: 0}}},
	} {
		sizes := [][2]int{{MinSize, MinSize}, {900, 560}}
		if smallMatrix() {
			// The race form (smallMatrix) draws the smallest size: one
			// goroutine draws them all alike; both sizes without -race and
			// in the full matrix.
			sizes = sizes[:1]
		}
		for _, size := range sizes {
			img, err := Render(c, size[0], size[1])
			if err != nil {
				t.Fatalf("%s %v: %v", name, size, err)
			}
			if isBlank(img) {
				t.Errorf("%s %v: blank", name, size)
			}
		}
		for _, format := range []string{"svg", "pdf"} {
			var buf bytes.Buffer
			if err := Write(&buf, c, format, 640, 400); err != nil || buf.Len() < 1000 {
				t.Errorf("%s as %s: %v, %d bytes", name, format, err, buf.Len())
			}
		}
	}
}

func TestQualityChartsReject(t *testing.T) {
	for name, c := range map[string]Chart{
		"nan mean":       QualityMeans{Series: []MeansSeries{{Name: "x", Points: []MeanPoint{{HStar: 1, MeanH: math.NaN()}}}}},
		"negative h*":    QualityMeans{Series: []MeansSeries{{Name: "x", Points: []MeanPoint{{HStar: -1, MeanH: 1}}}}},
		"negative count": QualityHeatMap{Cells: []HeatCell{{HStar: 1, H: 1, States: -1}}},
		"negative h":     QualityHeatMap{Cells: []HeatCell{{HStar: 1, H: -2, States: 1}}},
	} {
		if _, err := Render(c, 400, 300); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestHeatColours checks the ramp: pale for one state, darkest for the
// most, darker and darker in between, and that the cells are drawn.
func TestHeatColours(t *testing.T) {
	if got := heatColor(1, 1000); got != heatStops[0] {
		t.Errorf("one state: %v", got)
	}
	if got := heatColor(1000, 1000); got != heatStops[len(heatStops)-1] {
		t.Errorf("most states: %v", got)
	}
	luma := func(v float64) float64 {
		c := heatColor(v, 1000)
		return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)
	}
	for v := 1.0; v < 1000; v *= 2 {
		if luma(2*v) > luma(v)+1e-9 {
			t.Errorf("colour of %g states is lighter than that of %g", 2*v, v)
		}
	}
	img, err := Render(QualityHeatMap{Cells: []HeatCell{{HStar: 2, H: 2, States: 10}, {HStar: 3, H: 1, States: 1}}}, 640, 400)
	if err != nil {
		t.Fatal(err)
	}
	// Two cells on a 4x4 grid of a plot about 550x250 pixels: each
	// covers thousands of pixels (the legend swatch a few dozen more).
	if n := countColor(img, heatStops[len(heatStops)-1]); n < 1000 {
		t.Errorf("darkest cell: %d pixels", n)
	}
	if n := countColor(img, heatStops[0]); n < 1000 {
		t.Errorf("palest cell: %d pixels", n)
	}
}

func TestQualityMeansDiagonalInLegend(t *testing.T) {
	fig, err := qualityMeans().figure(newStyle(pixels(900), pixels(560)))
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, e := range fig.legend {
		labels = append(labels, e.label)
	}
	if got := strings.Join(labels, "|"); got != "manhattan|pdb:44|h = h* (perfect)" {
		t.Errorf("legend %q", got)
	}
}
