package render

import (
	"bytes"
	"context"
	"flag"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
)

// dumpDir, when set, receives some frames of every animation the tests make,
// as PNG files, to look at.
var dumpDir = flag.String("dump", "", "write some frames of each test animation as PNG files to this folder")

// solvedBoard returns a board, a heuristic and an optimal solution.
func solvedBoard(t *testing.T, text string, goal board.Goal) (board.Board, search.Heuristic, []board.Dir) {
	t.Helper()
	b, err := board.ParseSolvable(text, board.Size{}, goal)
	if err != nil {
		t.Fatal(err)
	}
	h, err := search.NewHeuristic(context.Background(), "manhattan", b.Size(), goal, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.IDAStar, Heuristic: h, Goal: goal})
	if err != nil || !res.Found {
		t.Fatalf("solving %s: %v", text, err)
	}
	return b, h, res.Moves
}

// decodeGIF encodes a and decodes the result.
func decodeGIF(t *testing.T, a *Animation) (*gif.GIF, GIFStats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := a.Encode(context.Background(), &buf, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.Bytes != int64(buf.Len()) {
		t.Errorf("stats say %d bytes, wrote %d", st.Bytes, buf.Len())
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	return g, st
}

// dumpFrames writes the first, second, middle and last composed frames of
// g under -dump, when it is set.
func dumpFrames(t *testing.T, name string, g *gif.GIF) {
	t.Helper()
	if *dumpDir == "" {
		return
	}
	frames := anim.Compose(g)
	for _, i := range []int{0, 1, len(frames) / 2, len(frames) - 1} {
		writePNG(t, filepath.Join(*dumpDir, name+"-"+strconv.Itoa(i)+".png"), frames[i])
	}
}

// writePNG writes img to path.
func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tileAt reads the tile colour of cell i of a board of size s drawn in area
// of img: a point on the tile above its number.
func tileAt(img image.Image, area rect, s board.Size, i int) color.NRGBA {
	tray, side := boardGeometry(area, s)
	c := cellRect(tray, side, s, i)
	return color.NRGBAModel.Convert(img.At(int(c.x+c.w/2), int(c.y+0.15*c.h))).(color.NRGBA)
}

// near reports whether a and b differ by at most tol in every channel.
func near(a, b color.NRGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B)
}

// boardShown checks that img shows b in area: every tile's group colour in
// its cell, the tray in the blank's.
func boardShown(t *testing.T, img image.Image, area rect, b board.Board, g tileGroups, what string) {
	t.Helper()
	s := b.Size()
	for i := 0; i < s.Cells(); i++ {
		want := trayColor
		if tile := b.At(i); tile != 0 {
			want = g.fill(tile)
		}
		if got := tileAt(img, area, s, i); !near(got, want, 8) {
			t.Errorf("%s: cell %d is %v, want %v (tile %d)", what, i, got, want, b.At(i))
		}
	}
}

// diffShare returns the largest channel difference between a and b and
// the share of pixels differing by more than tol.
func diffShare(a, b image.Image, tol int) (worst int, share float64) {
	r := a.Bounds().Intersect(b.Bounds())
	bad := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c1 := color.NRGBAModel.Convert(a.At(x, y)).(color.NRGBA)
			c2 := color.NRGBAModel.Convert(b.At(x, y)).(color.NRGBA)
			d := 0
			for _, v := range []int{int(c1.R) - int(c2.R), int(c1.G) - int(c2.G), int(c1.B) - int(c2.B)} {
				d = max(d, v, -v)
			}
			worst = max(worst, d)
			if d > tol {
				bad++
			}
		}
	}
	return worst, float64(bad) / float64(max(1, r.Dx()*r.Dy()))
}
