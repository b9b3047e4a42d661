package render

import (
	"bytes"
	"context"
	"flag"
	"image"
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
