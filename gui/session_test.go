package gui

import (
	"github.com/slidelab/slidelab/gui/internal/session"

	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestSessionNotifiesOnce checks that each change reaches every subscriber
// once, after the whole change, with what changed.
func TestSessionNotifiesOnce(t *testing.T) {
	korf := board.Korf100()[0]
	s := session.NewSession(korf.Board, "Korf #1", korf.Optimal, board.BlankLast)
	s.SetKorfBoard(korf.Board, "Korf #1", korf.Optimal)
	var got []session.Change
	var seen []board.Board
	s.Subscribe(func(c session.Change) { got = append(got, c); seen = append(seen, s.Board()) })
	s.Subscribe(func(c session.Change) {
		if s.Board() != seen[len(seen)-1] {
			t.Error("the second subscriber saw another board than the first")
		}
	})

	s.SetGoal(board.BlankFirst) // Korf #1 cannot reach it as it is: converted
	if len(got) != 1 || got[0] != (session.Change{Goal: true, Board: true}) || s.Board() != board.ConvertGoal(korf.Board) || s.Optimal() != 57 || !s.IsKorf() {
		t.Fatalf("SetGoal: changes %v, board %s, optimal %d, korf %v", got, s.Board().Line(), s.Optimal(), s.IsKorf())
	}
	s.SetGoal(board.BlankFirst) // no change, no notice
	if len(got) != 1 {
		t.Errorf("a goal set twice notified again: %v", got)
	}
	s.SetBoard(board.Solved(board.Size3x3, board.BlankFirst), "solved", 0)
	if len(got) != 2 || got[1] != (session.Change{Board: true, Size: true}) || s.IsKorf() || len(s.Groups().Sets()) == 0 {
		t.Errorf("SetBoard of another size: %v, korf %v", got, s.IsKorf())
	}
	s.SetGoal(board.BlankLast) // a solved board follows the goal
	if !s.Board().IsGoal(board.BlankLast) || s.Optimal() != 0 {
		t.Errorf("solved board for the new goal: %s, %d", s.Board().Line(), s.Optimal())
	}
}

// TestSessionOrderDoesNotMatter sets the board and the goal in both orders
// through the session alone: every view ends in the same state, since each
// reads the session instead of keeping a copy.
func TestSessionOrderDoesNotMatter(t *testing.T) {
	b, _ := board.Parse("1 2 3 / 4 5 6 / 7 0 8", board.Size3x3)
	state := func(u testUI) [6]string {
		shown, _ := u.Puzzle.Current()
		return [6]string{shown.Line(), u.Puzzle.Title.Text, u.Search.HeuristicSelect.Selected,
			u.PDB.Part.Goal.String(), u.Compare.Session.Goal().String(), u.Puzzle.SizeSelect.Selected}
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
	if a.Search.Session.Goal() != board.BlankFirst || a.PDB.Part.Goal != board.BlankFirst {
		t.Errorf("views do not follow the session's goal")
	}
}
