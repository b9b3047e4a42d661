package charts

import (
	"bytes"
	"compress/zlib"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

func sortedNames(m map[string]Chart) []string {
	var names []string
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// isBlank reports whether every pixel of img is white.
func isBlank(img *image.RGBA) bool {
	for _, v := range img.Pix {
		if v != 0xFF {
			return false
		}
	}
	return true
}

// countColor counts the pixels of img that are exactly c.
func countColor(img *image.RGBA, c color.RGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				n++
			}
		}
	}
	return n
}

func TestRenderAllCharts(t *testing.T) {
	charts := sampleCharts()
	charts["single"] = NodeCounts{Set: "one", Instances: []string{"42"}, Series: []CountSeries{{Name: "Manhattan", Counts: []int64{123456}}}}
	charts["zeros"] = NodeCounts{Set: "zeros", Instances: []string{"a", "b"}, Series: []CountSeries{{Name: "m", Counts: []int64{0, 0}}}}
	charts["iter-zero"] = Iterations{Series: []IterationSeries{{Name: "m", Points: []IterationPoint{{40, 0}, {42, 0}}}}}
	charts["iter-huge"] = Iterations{Series: []IterationSeries{{Name: "m", Points: []IterationPoint{{40, 1e12}, {42, 0}, {44, math.MaxInt64}}}}}
	charts["layers-zero"] = PDBLayers{LogY: true, Tables: []TableLayers{{Name: "t", Layers: []Layer{{0, 0, 0}}}}}
	charts["hist-zero"] = Histogram{LogY: true, Series: []HistogramSeries{{Name: "t", Counts: []int64{0, 0, 0}}}}
	charts["hist-huge"] = Histogram{Series: []HistogramSeries{{Name: "t", Counts: []int64{1e12, 1, 0}}}}
	for _, name := range sortedNames(charts) {
		sizes := [][2]int{{MinSize, MinSize}, {480, 300}}
		if smallMatrix() {
			sizes = sizes[:1] // every chart at 480x300 too without -race and in the full matrix
		}
		if name == "classroom" {
			sizes = append(sizes, [2]int{1920, 1080}, [2]int{MaxSize / 4, MinSize})
		}
		for _, size := range sizes {
			img, err := Render(charts[name], size[0], size[1])
			if err != nil {
				t.Fatalf("%s %v: %v", name, size, err)
			}
			if b := img.Bounds(); b.Dx() != size[0] || b.Dy() != size[1] {
				t.Errorf("%s: image is %v, want %dx%d", name, b, size[0], size[1])
			}
			if isBlank(img) {
				t.Errorf("%s %v: image is blank", name, size)
			}
		}
	}
}

func TestBarsVisible(t *testing.T) {
	blue := seriesColor(0)
	counts := func(v int64) int {
		nc := NodeCounts{Set: "s", Instances: []string{"a", "b"}, Series: []CountSeries{{Name: "m", Counts: []int64{v, 0}}}}
		img, err := Render(nc, 640, 400)
		if err != nil {
			t.Fatal(err)
		}
		return countColor(img, blue)
	}
	// Only the legend swatch is blue when all counts are zero; a positive
	// count adds two bars (instance and total) of a visible size.
	zero, small, huge := counts(0), counts(10), counts(1e12)
	if small-zero < 2000 || huge-zero < 2000 {
		t.Errorf("blue pixels for counts 0, 10, 1e12: %d, %d, %d; want bars of at least 2000 pixels", zero, small, huge)
	}
}

func TestRenderScaled(t *testing.T) {
	blue := seriesColor(0)
	nc := NodeCounts{Set: "s", Instances: []string{"a", "b"}, Series: []CountSeries{{Name: "m", Counts: []int64{0, 0}}}}
	swatch := func(scale float64) int {
		img, err := RenderScaled(nc, 640, 400, scale)
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
			t.Fatalf("scale %g: image is %v, want 640x400", scale, b)
		}
		return countColor(img, blue) // only the legend swatch is blue
	}
	one, two := swatch(1), swatch(2)
	if one == 0 || float64(two) < 3*float64(one) || float64(two) > 5*float64(one) {
		t.Errorf("legend swatch: %d pixels at scale 1, %d at scale 2; want about 4 times as many", one, two)
	}
	for _, bad := range []float64{0, 0.1, 9, math.NaN(), math.Inf(1)} {
		if _, err := RenderScaled(nc, 640, 400, bad); err == nil {
			t.Errorf("RenderScaled with scale %g: no error", bad)
		}
	}
}

func TestDeterministicPNG(t *testing.T) {
	names := []string{"classroom", "iterations", "layers-log", "hist-lin"}
	if smallMatrix() {
		// The race form (smallMatrix) renders the classroom chart twice:
		// drawing and encoding run on one goroutine, the same for every
		// kind of chart; without -race and in the full matrix all four.
		names = names[:1]
	}
	for _, name := range names {
		c := sampleCharts()[name]
		var a, b bytes.Buffer
		if err := Write(&a, c, "png", 480, 300); err != nil {
			t.Fatal(err)
		}
		if err := Write(&b, c, "PNG", 480, 300); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: two renders of the same data differ", name)
		}
	}
	var a, b bytes.Buffer
	c := classroom()
	if err := Write(&a, c, "png", 480, 300); err != nil {
		t.Fatal(err)
	}
	c.Series[0].Counts[3] *= 3
	if err := Write(&b, c, "png", 480, 300); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("changing a count did not change the PNG")
	}
}

func TestSave(t *testing.T) {
	dir := t.TempDir()
	c := classroom()
	tests := []struct {
		file  string
		check func(t *testing.T, data []byte)
	}{
		{"a.png", func(t *testing.T, data []byte) {
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 360 {
				t.Errorf("decoded PNG is %v, want 640x360", b)
			}
		}},
		{"b.SVG", func(t *testing.T, data []byte) {
			s := string(data)
			if !strings.Contains(s, "<svg") || !strings.Contains(s, "@font-face") {
				t.Errorf("SVG lacks <svg> or embedded fonts: %.200q", s)
			}
			if !strings.Contains(s, "Nodes expanded per heuristic") {
				t.Error("SVG lacks the title")
			}
		}},
		{"c.pdf", func(t *testing.T, data []byte) {
			if !bytes.HasPrefix(data, []byte("%PDF-")) || !bytes.Contains(data, []byte("FontFile")) {
				t.Errorf("not a PDF with embedded fonts: %.40q", data)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			if err := Save(c, path, 640, 360); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, data)
		})
	}
	// Saving again replaces the file.
	if err := Save(sampleCharts()["empty"], filepath.Join(dir, "a.png"), 300, 200); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "a.png"))
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 300 {
		t.Errorf("overwritten PNG: %+v, %v", cfg, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("directory holds %d files, want 3 (temporary files left?)", len(entries))
	}
}

func TestSaveErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	c := classroom()
	tests := []struct {
		name, path string
		w, h       int
		chart      Chart
		want       string
		format     bool
	}{
		{"bad extension", filepath.Join(dir, "x.txt"), 400, 300, c, `".txt"`, true},
		{"no extension", filepath.Join(dir, "x"), 400, 300, c, "no file extension", true},
		{"missing directory", filepath.Join(dir, "no", "such", "x.png"), 400, 300, c, "cannot create a file in " + filepath.Join(dir, "no", "such"), false},
		{"parent is a file", filepath.Join(file, "x.png"), 400, 300, c, "x.png", false},
		{"too small", filepath.Join(dir, "x.png"), 10, 300, c, "between", false},
		{"too large", filepath.Join(dir, "x.png"), 400, 100000, c, "between", false},
		{"mismatched counts", filepath.Join(dir, "x.png"), 400, 300,
			NodeCounts{Instances: []string{"a"}, Series: []CountSeries{{Name: "m", Counts: []int64{1, 2}}}}, "2 counts for 1 instances", false},
		{"mismatched limits", filepath.Join(dir, "x.png"), 400, 300,
			NodeCounts{Instances: []string{"a"}, Series: []CountSeries{{Name: "m", Counts: []int64{1}, Limited: []bool{}}}}, "limit flags", false},
		{"negative count", filepath.Join(dir, "x.svg"), 400, 300,
			NodeCounts{Instances: []string{"a"}, Series: []CountSeries{{Name: "m", Counts: []int64{-1}}}}, "negative", false},
		{"negative iteration", filepath.Join(dir, "x.pdf"), 400, 300,
			Iterations{Series: []IterationSeries{{Name: "m", Points: []IterationPoint{{1, -5}}}}}, "negative", false},
		{"negative layer", filepath.Join(dir, "x.png"), 400, 300,
			PDBLayers{Tables: []TableLayers{{Name: "t", Layers: []Layer{{1, 1, -1}}}}}, "negative", false},
		{"negative histogram", filepath.Join(dir, "x.png"), 400, 300,
			Histogram{Series: []HistogramSeries{{Name: "t", Counts: []int64{-1}}}}, "negative", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Save(tt.chart, tt.path, tt.w, tt.h)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
			if errors.Is(err, ErrFormat) != tt.format {
				t.Errorf("errors.Is(err, ErrFormat) = %v", !tt.format)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries after failed saves, want 1", len(entries))
	}
	if err := Write(&bytes.Buffer{}, c, "gif", 400, 300); !errors.Is(err, ErrFormat) {
		t.Errorf("Write gif: %v, want ErrFormat", err)
	}
}

// layout draws c at w x h and returns the figure, so tests can look at the
// ticks chosen.
func layout(t *testing.T, c Chart, w, h int) *figure {
	t.Helper()
	wl, hl := pixels(w), pixels(h)
	fig, err := c.figure(newStyle(wl, hl))
	if err != nil {
		t.Fatal(err)
	}
	// A vector canvas lays out exactly like an image (same font metrics)
	// without the cost of rasterizing.
	fig.draw(draw.New(vgsvg.New(wl, hl)))
	return fig
}

func labelled(p *plot.Plot) []string {
	var out []string
	for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
		if tk.Label != "" {
			out = append(out, tk.Label)
		}
	}
	return out
}

func TestInstanceLabels(t *testing.T) {
	tests := []struct {
		name      string
		chart     NodeCounts
		w, h      int
		all       bool // every instance labelled
		rotated   bool
		values    bool // counts written on the bars
		maxLabels int
	}{
		{"classroom wide", classroom(), 1200, 675, true, false, true, 11},
		{"classroom small", classroom(), 640, 400, true, false, true, 11},
		{"classroom tiny", classroom(), 400, 300, true, false, false, 11},
		{"korf100", many(100), 1200, 675, false, false, false, 25},
		{"long labels", longLabels(30), 1200, 675, true, true, false, 31},
		{"long labels small", longLabels(30), 500, 400, false, true, false, 16},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fig := layout(t, tt.chart, tt.w, tt.h)
			p := fig.plot
			got := labelled(p)
			if len(got) > tt.maxLabels {
				t.Errorf("%d labels, want at most %d: %v", len(got), tt.maxLabels, got)
			}
			if got[len(got)-1] != "total" || got[0] != tt.chart.Instances[0] {
				t.Errorf("labels %v should start with the first instance and end with total", got)
			}
			if all := len(got) == len(tt.chart.Instances)+1; all != tt.all {
				t.Errorf("all instances labelled = %v, want %v (%d labels)", all, tt.all, len(got))
			}
			if rot := p.X.Tick.Label.Rotation != 0; rot != tt.rotated {
				t.Errorf("rotated = %v, want %v", rot, tt.rotated)
			}
			bars := fig.bars
			if bars.values != tt.values {
				t.Errorf("value labels = %v, want %v", bars.values, tt.values)
			}
		})
	}
}

func TestToWindows1252(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain ASCII", "plain ASCII"},
		{"a · b", "a \xb7 b"},
		{"1–2 — “x” €", "1\x962 \x97 \x93x\x94 \x80"},
		{"é ü ×", "\xe9 \xfc \xd7"},
		{"✓ 中", "? ?"},
	}
	for _, tc := range tests {
		if got := toWindows1252(tc.in); got != tc.want {
			t.Errorf("toWindows1252(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPDFText checks that a PDF carries its text in Windows-1252 (the
// subtitle's "·" as one byte, not its UTF-8) and one embedded font.
func TestPDFText(t *testing.T) {
	var buf bytes.Buffer
	nc := NodeCounts{Set: "classroom", Subtitle: "ida*", Instances: []string{"9"}, Series: []CountSeries{{Name: "manhattan", Counts: []int64{5}}}}
	if err := Write(&buf, nc, "pdf", 640, 400); err != nil {
		t.Fatal(err)
	}
	var text []byte
	for _, m := range regexp.MustCompile(`(?s)stream\r?\n(.*?)endstream`).FindAllSubmatch(buf.Bytes(), -1) {
		zr, err := zlib.NewReader(bytes.NewReader(m[1]))
		if err != nil {
			continue
		}
		data, err := io.ReadAll(zr)
		if err == nil && bytes.Contains(data, []byte(")Tj")) {
			text = append(text, data...)
		}
	}
	if !bytes.Contains(text, []byte("classroom \xb7 ")) || bytes.Contains(text, []byte("\xc2\xb7")) {
		t.Errorf("PDF text lacks the Windows-1252 middle dot (or has its UTF-8 bytes): %q", firstMatch(text, "classroom"))
	}
	if n := bytes.Count(buf.Bytes(), []byte("/FontFile2")); n != 1 {
		t.Errorf("PDF embeds %d font files, want 1", n)
	}
}

// firstMatch returns a little of data around the first occurrence of s.
func firstMatch(data []byte, s string) []byte {
	i := bytes.Index(data, []byte(s))
	if i < 0 {
		return nil
	}
	return data[i:min(len(data), i+40)]
}

// TestContoursChart checks the contour chart's checks and layout: f values
// sorted across series, a repeated f refused.
func TestContoursChart(t *testing.T) {
	bad := Contours{Series: []ContourSeries{{Name: "x", Points: []ContourPoint{{F: 3, Nodes: 1}, {F: 3, Nodes: 2}}}}}
	if _, err := Render(bad, 400, 300); err == nil {
		t.Error("a series with f = 3 twice was drawn")
	}
	neg := Contours{Series: []ContourSeries{{Name: "x", Points: []ContourPoint{{F: 3, Nodes: -1}}}}}
	if _, err := Render(neg, 400, 300); err == nil {
		t.Error("a negative count was drawn")
	}
	c := Contours{Series: []ContourSeries{
		{Name: "a", Points: []ContourPoint{{F: 8, Nodes: 5}, {F: 4, Nodes: 1}}},
		{Name: "b", Points: []ContourPoint{{F: 6, Nodes: 2}}},
	}}
	fig, err := c.figure(newStyle(pixels(800), pixels(500)))
	if err != nil {
		t.Fatal(err)
	}
	if fig.title != "f-contours: nodes expanded per f value" || len(fig.legend) != 2 {
		t.Errorf("title %q, %d legend entries", fig.title, len(fig.legend))
	}
	want := [][]float64{{1, 0, 5}, {0, 2, 0}}
	for i, s := range fig.bars.series {
		for j, v := range s.values {
			if v != want[i][j] {
				t.Errorf("series %d: values %v, want %v", i, s.values, want[i])
				break
			}
		}
	}
	if _, err := Render(Contours{}, 400, 300); err != nil {
		t.Errorf("empty contour chart: %v", err)
	}
}
