package gui

import (
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestSessionOrderDoesNotMatter sets the board and the goal in both orders
// through the session alone: every view ends in the same state, since each
// reads the session instead of keeping a copy.
func TestSessionOrderDoesNotMatter(t *testing.T) {
	b, _ := board.Parse("1 2 3 / 4 5 6 / 7 0 8", board.Size3x3)
	state := func(u testUI) [6]string {
		shown, _ := u.Puzzle.Current()
		return [6]string{shown.Line(), u.Puzzle.Title.Text, u.Search.HeuristicSelect.Selected,
			u.pdb().Part.Goal.String(), u.compare().Session.Goal().String(), u.Puzzle.SizeSelect.Selected}
	}
	a := newTestUI(t)
	a.Session.SetBoard(b, "typed", -1)
	a.Session.SetGoal(board.BlankFirst)
	a.q.Drain()
	c := newTestUI(t)
	c.Session.SetGoal(board.BlankFirst)
	c.Session.SetBoard(b, "typed", -1)
	c.q.Drain()
	if sa, sc := state(a), state(c); sa != sc {
		t.Errorf("board then goal: %q\ngoal then board: %q", sa, sc)
	}
	if a.Search.Session.Goal() != board.BlankFirst || a.pdb().Part.Goal != board.BlankFirst {
		t.Errorf("views do not follow the session's goal")
	}
}
