package searchview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
)

// TestClickThatFocusesMovesNothing: with the keyboard in the board entry,
// the first click on the board gives the keyboard back and slides no tile
// (issue 25); the next click slides one. The press comes first, as the
// window's driver sends it, then the tap.
func TestClickThatFocusesMovesNothing(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	p.SetBoard(board.Solved(board.Size3x3, DefaultGoal), "solved", 0)
	v.q.Drain()
	click := func(cell int) {
		pos := p.Board.CellCenter(cell)
		p.Board.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary})
		p.Board.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary})
		test.TapAt(p.Board, pos)
	}
	c := v.w.Canvas()
	c.Focus(p.BoardEntry)
	click(5) // tile 6, above the blank
	if b, _ := p.Current(); !b.IsGoal(DefaultGoal) || p.Title.Text != "solved" {
		t.Fatalf("the click that took the keyboard back moved a tile: %s, title %q", b.Line(), p.Title.Text)
	}
	if c.Focused() != nil {
		t.Fatalf("the entry kept the keyboard: %T", c.Focused())
	}
	click(5)
	if b, _ := p.Current(); b.Blank() != 5 || p.Title.Text != "solved (edited)" {
		t.Errorf("the second click: %s, title %q", b.Line(), p.Title.Text)
	}
}
