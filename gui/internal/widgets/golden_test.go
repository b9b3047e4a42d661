package widgets

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

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// variantTheme is Fyne's default theme held in one variant (light or dark),
// whatever the desktop prefers.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

var goldenThemes = []struct {
	name    string
	variant fyne.ThemeVariant
}{{"light", theme.VariantLight}, {"dark", theme.VariantDark}}

// assertGolden compares the markup of o (its objects, positions, sizes,
// colours and texts) with testdata/<name>.xml, and its pixels with
// testdata/<name>.png, allowing small differences (anti-aliasing differs
// between CPU architectures). With -update it rewrites both files.
func assertGolden(t *testing.T, name string, o fyne.CanvasObject, size fyne.Size) {
	t.Helper()
	w := test.NewTempWindow(t, o)
	w.SetPadded(false)
	w.Resize(size)
	markup := test.RenderToMarkup(w.Canvas())
	img := w.Canvas().Capture()
	xmlPath := filepath.Join("testdata", name+".xml")
	pngPath := filepath.Join("testdata", name+".png")
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		for path, data := range map[string][]byte{xmlPath: []byte(markup), pngPath: buf.Bytes()} {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	want, err := os.ReadFile(xmlPath)
	if err != nil {
		t.Fatalf("%v (run go test -update to write the goldens)", err)
	}
	if markup != string(want) {
		writeFailed(t, name+".xml", []byte(markup))
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
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err == nil {
			writeFailed(t, name+".png", buf.Bytes())
		}
		t.Errorf("%s: %.1f%% of the pixels differ from %s", name, 100*frac, pngPath)
	}
}

func writeFailed(t *testing.T, name string, data []byte) {
	t.Helper()
	dir := filepath.Join("testdata", "failed")
	if err := os.MkdirAll(dir, 0o755); err == nil {
		_ = os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
}

// differentPixels is the fraction of pixels of a and b that differ by more
// than a quarter of the range in some channel (1 if the sizes differ).
func differentPixels(a, b image.Image) float64 {
	if a.Bounds().Size() != b.Bounds().Size() {
		return 1
	}
	n, diff := 0, 0
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			n++
			for _, d := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
				if d[0] > d[1]+0x4000 || d[1] > d[0]+0x4000 {
					diff++
					break
				}
			}
		}
	}
	return float64(diff) / float64(n)
}

// inThemes runs f once per theme variant, with the app's theme set to it.
// The race form (under the race detector without SLIDELAB_FULL=1) draws
// the light theme alone: golden images are drawn and compared on the test
// goroutine, alike in both themes; make test-short and make test-full
// compare both.
func inThemes(t *testing.T, f func(t *testing.T, variant string)) {
	themes := goldenThemes
	if uitest.RaceEnabled && !uitest.FullMatrix() {
		themes = themes[:1]
	}
	for _, th := range themes {
		t.Run(th.name, func(t *testing.T) {
			a := test.NewTempApp(t)
			a.Settings().SetTheme(variantTheme{theme.DefaultTheme(), th.variant})
			f(t, th.name)
		})
	}
}

// TestBoardGolden draws a 15-puzzle with pattern groups, a marked tile and
// the search overlay (shares of h, linear conflict's extras, the moves of
// an expansion) in both themes, and a mini board.
func TestBoardGolden(t *testing.T) {
	b, err := board.Parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", board.Size4x4)
	if err != nil {
		t.Fatal(err)
	}
	groups, err := session.NewGroups(board.Size4x4, [][]int{{1, 5, 6, 9, 10, 13}, {7, 8, 11, 12, 14, 15}, {2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	cells := b.Tiles()
	share := make([]string, len(cells))
	extra := make([]string, len(cells))
	share[15], extra[3] = "1", "+2"
	inThemes(t, func(t *testing.T, variant string) {
		v := NewBoardView(b, groups)
		v.SetMark(15)
		v.SetOverlay(BoardOverlay{Cells: cells, Share: share, Extra: extra, Moves: []MoveMark{
			{Cell: 15, Kind: MoveChild, Text: "f 1"},
			{Cell: 10, Kind: MoveDropped, Text: "f 3 > 1"},
			{Cell: 13, Kind: MoveBack, Text: "back"},
		}})
		assertGolden(t, "board_overlay_"+variant, v, fyne.NewSize(320, 320))
		mini := NewMiniBoardView(board.Size3x3, []int{1, 2, 3, 4, 0, 5, 7, 8, 6}, session.Groups{})
		assertGolden(t, "board_mini_"+variant, mini, fyne.NewSize(90, 90))
	})
}

// TestChartGolden draws a node-count chart in both themes.
func TestChartGolden(t *testing.T) {
	chart := charts.NodeCounts{Set: "golden", Instances: []string{"a", "b", "c"}, Series: []charts.CountSeries{
		{Name: "Manhattan", Counts: []int64{1200, 56000, 870}},
		{Name: "Linear conflict", Counts: []int64{400, 21000, 300}},
	}}
	inThemes(t, func(t *testing.T, variant string) {
		v := NewChartView(chart)
		assertGolden(t, "chart_nodes_"+variant, v, fyne.NewSize(400, 260))
		if v.Err() != nil {
			t.Fatal(v.Err())
		}
	})
}

// TestBoardLessonOverlaysGolden draws an 8-puzzle with each lesson overlay
// the board draws (the node's g, f and open list in the blank's cell, the
// path's move numbers, the goal's ghosts, plain tiles, linear conflict's
// extras) in both themes.
func TestBoardLessonOverlaysGolden(t *testing.T) {
	b, err := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	cells := b.Tiles()
	groups := session.DefaultGroups(board.Size3x3, board.BlankLast)
	perCell := func(kv map[int]string) []string {
		out := make([]string, len(cells))
		for p, s := range kv {
			out[p] = s
		}
		return out
	}
	cases := []struct {
		name string
		ov   BoardOverlay
		mark int
	}{
		{"node", BoardOverlay{Node: []string{"g 2", "f 4", "open 5"}}, -1},
		{"node_moves", BoardOverlay{Node: []string{"g 2", "f 4"}, Moves: []MoveMark{
			{Cell: 1, Kind: MoveChild, Text: "f 6"}, {Cell: 7, Kind: MoveChild, Text: "f 4"}}}, -1},
		{"path", BoardOverlay{Path: perCell(map[int]string{8: "0", 7: "1", 4: "2"})}, 7},
		{"ghost", BoardOverlay{Ghost: perCell(map[int]string{4: "5", 7: "8", 8: "_"})}, -1},
		{"plain", BoardOverlay{Plain: true}, -1},
		{"conflicts", BoardOverlay{Extra: perCell(map[int]string{0: "+2"})}, -1},
	}
	inThemes(t, func(t *testing.T, variant string) {
		for _, c := range cases {
			v := NewBoardView(b, groups)
			v.SetMark(c.mark)
			c.ov.Cells = cells
			v.SetOverlay(c.ov)
			assertGolden(t, "board_lesson_"+c.name+"_"+variant, v, fyne.NewSize(240, 240))
		}
	})
}
