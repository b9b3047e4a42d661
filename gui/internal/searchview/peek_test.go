package searchview

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
)

// TestGoalPeekKeepsBoardAndSearch: "Show the goal board" draws the goal for
// a look; the board to solve, its title and the search stay (issue 25). A
// step taken meanwhile is drawn when the look ends; a click on the board
// ends the look and moves nothing.
func TestGoalPeekKeepsBoardAndSearch(t *testing.T) {
	v := newTestView(t)
	p, s := v.puzzle, v.search
	start := eightPuzzleBoard(t, p, "8 6 7 / 2 5 4 / 3 0 1")
	title := p.Title.Text
	for range 3 {
		test.Tap(s.StepButton)
	}
	v.q.Drain()
	expanded, shown := s.Expanded.Text, slices.Clone(p.Board.Cells())
	goal := board.Solved(board.Size3x3, DefaultGoal)

	test.Tap(p.SolvedButton)
	if !slices.Equal(p.Board.Cells(), goal.Tiles()) || !p.Peeking() || p.SolvedButton.Text != backLabel {
		t.Fatalf("the look shows %v (peeking %v, button %q), want the goal", p.Board.Cells(), p.Peeking(), p.SolvedButton.Text)
	}
	if b, _ := p.Current(); b != start || s.Expanded.Text != expanded {
		t.Fatalf("the look changed the board (%s) or the search (expanded %s, was %s)", b.Line(), s.Expanded.Text, expanded)
	}
	test.Tap(p.SolvedButton)
	if !slices.Equal(p.Board.Cells(), shown) || p.Title.Text != title || p.SolvedButton.Text != peekLabel {
		t.Fatalf("after the look: %v, title %q; want %v, %q", p.Board.Cells(), p.Title.Text, shown, title)
	}

	// A step during the look is drawn after it; a click ends it.
	test.Tap(p.SolvedButton)
	test.Tap(s.StepButton)
	v.q.Drain()
	if !slices.Equal(p.Board.Cells(), goal.Tiles()) {
		t.Fatalf("a step drew over the look: %v", p.Board.Cells())
	}
	after := slices.Clone(p.Shown.Tiles())
	p.TapCell(p.Shown.Blank() + 1)
	if b, _ := p.Current(); p.Peeking() || b != start || !slices.Equal(p.Board.Cells(), after) {
		t.Errorf("a click during the look: peeking %v, board %s, shown %v (want %v)", p.Peeking(), b.Line(), p.Board.Cells(), after)
	}
}

// eightPuzzleBoard makes text the board to solve.
func eightPuzzleBoard(t *testing.T, p *PuzzleView, text string) board.Board {
	t.Helper()
	p.BoardEntry.SetText(text)
	p.Apply()
	b, _ := p.Current()
	if p.Error.Visible() {
		t.Fatalf("board %q refused: %s", text, p.Error.Text)
	}
	return b
}
