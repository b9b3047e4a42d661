package render

import (
	"image/color"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

func TestBoardImage(t *testing.T) {
	b, _ := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size{})
	img, err := BoardImage(b, board.BlankLast, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}, 4, "caption", 200, Light)
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != 200 || r.Dy() != 200 {
		t.Fatalf("bounds %v, want 200x200", r)
	}
	// The blank's cell (the centre) shows the tray; a tile's cell (the
	// top left) does not.
	centre, corner := img.At(100, 110), img.At(40, 55)
	if sameColour(centre, corner) {
		t.Errorf("the blank and tile 1 are drawn alike: %v", centre)
	}
	for _, tc := range []struct {
		b    board.Board
		size int
	}{{board.Board{}, 200}, {b, 10}, {b, 100000}} {
		if _, err := BoardImage(tc.b, board.BlankLast, nil, -1, "", tc.size, Light); err == nil {
			t.Errorf("board %v, size %d: no error", tc.b.IsValid(), tc.size)
		}
	}
	if _, err := BoardImage(b, board.BlankLast, [][]int{{1, 1}}, -1, "", 200, Dark); err == nil {
		t.Error("bad groups: no error")
	}
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2
}
