package gui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
)

// TestArrowKeysSlideTiles checks that the window routes the arrow keys to
// the puzzle view (the shell's key handling).
func TestArrowKeysSlideTiles(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	p.SetBoard(board.Solved(board.Size3x3, goal), "solved", 0)
	key := u.Window.Canvas().OnTypedKey()
	// Blank in the bottom-right corner: the tile to its left can slide right,
	// the tile above it can slide down; nothing can slide up or left.
	for _, k := range []fyne.KeyName{fyne.KeyUp, fyne.KeyLeft} {
		key(&fyne.KeyEvent{Name: k})
		if b, _ := p.Current(); !b.IsGoal(goal) {
			t.Fatalf("%s moved a tile: %s", k, b.Line())
		}
	}
	key(&fyne.KeyEvent{Name: fyne.KeyRight})
	if b, _ := p.Current(); b.Blank() != 7 || b.At(8) != 8 {
		t.Fatalf("after Right: %s", b.Line())
	}
	key(&fyne.KeyEvent{Name: fyne.KeyDown})
	if b, _ := p.Current(); b.Blank() != 4 || b.At(7) != 5 {
		t.Fatalf("after Down: %s", b.Line())
	}
}
