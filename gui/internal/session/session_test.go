package session

import (
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestSessionNotifiesOnce checks that each change reaches every subscriber
// once, after the whole change, with what changed.
func TestSessionNotifiesOnce(t *testing.T) {
	korf := board.Korf100()[0]
	s := NewSession(korf.Board, "Korf #1", korf.Optimal, board.BlankLast)
	s.SetKorfBoard(korf.Board, "Korf #1", korf.Optimal)
	var got []Change
	var seen []board.Board
	s.Subscribe(func(c Change) { got = append(got, c); seen = append(seen, s.Board()) })
	s.Subscribe(func(c Change) {
		if s.Board() != seen[len(seen)-1] {
			t.Error("the second subscriber saw another board than the first")
		}
	})

	s.SetGoal(board.BlankFirst) // Korf #1 cannot reach it as it is: converted
	if len(got) != 1 || got[0] != (Change{Goal: true, Board: true}) || s.Board() != board.ConvertGoal(korf.Board) || s.Optimal() != 57 || !s.IsKorf() {
		t.Fatalf("SetGoal: changes %v, board %s, optimal %d, korf %v", got, s.Board().Line(), s.Optimal(), s.IsKorf())
	}
	s.SetGoal(board.BlankFirst) // no change, no notice
	if len(got) != 1 {
		t.Errorf("a goal set twice notified again: %v", got)
	}
	s.SetBoard(board.Solved(board.Size3x3, board.BlankFirst), "solved", 0)
	if len(got) != 2 || got[1] != (Change{Board: true, Size: true}) || s.IsKorf() || len(s.Groups().Sets()) == 0 {
		t.Errorf("SetBoard of another size: %v, korf %v", got, s.IsKorf())
	}
	s.SetGoal(board.BlankLast) // a solved board follows the goal
	if !s.Board().IsGoal(board.BlankLast) || s.Optimal() != 0 {
		t.Errorf("solved board for the new goal: %s, %d", s.Board().Line(), s.Optimal())
	}
}
