package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

func TestBoardPNG(t *testing.T) {
	b := board.Solved(board.Size{W: 3, H: 3}, board.BlankLast)
	data, err := BoardPNG(b, board.BlankLast, 120)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if r := img.Bounds(); r.Dx() != 120 || r.Dy() != 120 {
		t.Errorf("picture is %v, want 120x120", r)
	}
	again, err := BoardPNG(b, board.BlankLast, 120)
	if err != nil || !bytes.Equal(data, again) {
		t.Errorf("the same board gave different bytes (err %v)", err)
	}
	other, _ := b.Move(board.Up)
	if o, _ := BoardPNG(other, board.BlankLast, 120); bytes.Equal(o, data) {
		t.Error("two boards gave the same picture")
	}
	for _, px := range []int{0, 31, 2049} {
		if _, err := BoardPNG(b, board.BlankLast, px); err == nil {
			t.Errorf("width %d: no error", px)
		}
	}
	if _, err := BoardPNG(board.Board{}, board.BlankLast, 100); err == nil {
		t.Error("zero board: no error")
	}
}
