package session

import (
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestUndoRedo takes every kind of change back and makes it again, and
// checks the subscribers hear what the undo changed.
func TestUndoRedo(t *testing.T) {
	korf := board.Korf100()[0]
	s := NewSession(korf.Board, "Korf #1", korf.Optimal, board.BlankLast)
	s.SetKorfBoard(korf.Board, "Korf #1", korf.Optimal)
	s.Choose(Choice{Algorithm: "A*", Heuristic: "Manhattan"}) // the start: not a change
	s.Forget()
	if s.UndoName() != "" || s.Undo() || s.Redo() {
		t.Fatalf("a fresh session has something to undo: %q", s.UndoName())
	}
	var heard []Change
	s.Subscribe(func(c Change) { heard = append(heard, c) })

	start := s.state()
	moved, _ := korf.Board.Move(board.Up)
	s.EditBoard(moved)
	s.SetGoal(board.BlankFirst)
	s.SetBoard(board.Solved(board.Size3x3, board.BlankFirst), "Solved 3x3", 0)
	s.Choose(Choice{Algorithm: "IDA*", Heuristic: "Manhattan"})
	s.Choose(Choice{Algorithm: "IDA*", Heuristic: "Linear conflict"})
	end := s.state()

	steps := []struct {
		name string
		c    Change
	}{
		{"heuristic change", Change{Search: true}},
		{"algorithm change", Change{Search: true}},
		{"size change", Change{Board: true, Size: true}},
		{"goal change", Change{Goal: true, Board: true}},
		{"board edit", Change{Board: true}},
	}
	heard = nil
	for i, st := range steps {
		if got := s.UndoName(); got != st.name {
			t.Fatalf("undo %d names %q, want %q", i, got, st.name)
		}
		if !s.Undo() || heard[len(heard)-1] != st.c {
			t.Fatalf("undo of %s: heard %v, want %v", st.name, heard, st.c)
		}
	}
	if s.state() != start || s.Title() != "Korf #1" || !s.IsKorf() || s.Undo() {
		t.Fatalf("after undoing everything: %+v, want %+v", s.state(), start)
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if got := s.RedoName(); got != steps[i].name || !s.Redo() {
			t.Fatalf("redo names %q, want %q", got, steps[i].name)
		}
	}
	if s.state() != end || s.Redo() || len(s.Groups().Sets()) == 0 {
		t.Fatalf("after redoing everything: %+v, want %+v", s.state(), end)
	}

	// A new change forgets what could be redone; the edited title says
	// "(edited)" once again after an undo and a new edit.
	s.Undo()
	s.Undo()
	if s.RedoName() != "algorithm change" {
		t.Fatalf("redo after two undos: %q", s.RedoName())
	}
	b, _ := s.Board().Move(board.Left)
	s.EditBoard(b)
	if s.RedoName() != "" || s.UndoName() != "board edit" || s.Title() != "Solved 3x3 (edited)" {
		t.Errorf("after a new edit: redo %q, undo %q, title %q", s.RedoName(), s.UndoName(), s.Title())
	}
}

// TestHistoryBounded checks that the history keeps the last MaxHistory
// changes and that changes made while subscribers follow another change
// are not steps of their own.
func TestHistoryBounded(t *testing.T) {
	s := NewSession(board.Solved(board.Size3x3, board.BlankLast), "solved", 0, board.BlankLast)
	s.Choose(Choice{Algorithm: "A*", Heuristic: "Manhattan"})
	s.Subscribe(func(c Change) {
		if c.Goal {
			s.Choose(Choice{Algorithm: "A*", Heuristic: "Hamming"}) // follows the goal
		}
	})
	b := s.Board()
	for i := 0; i < MaxHistory+20; i++ {
		d := board.Up
		if i%2 == 1 {
			d = board.Down
		}
		b, _ = b.Move(d)
		s.EditBoard(b)
	}
	s.SetGoal(board.BlankFirst)
	if s.Choice().Heuristic != "Hamming" {
		t.Fatalf("choice made while following: %v", s.Choice())
	}
	n := 0
	for s.Undo() {
		n++
	}
	if n != MaxHistory || s.Choice().Heuristic != "Manhattan" || s.Goal() != board.BlankLast {
		t.Errorf("undid %d changes (want %d), choice %v, goal %v", n, MaxHistory, s.Choice(), s.Goal())
	}
}

// TestGroup checks that a group of changes is one step.
func TestGroup(t *testing.T) {
	s := NewSession(board.Solved(board.Size3x3, board.BlankLast), "solved", 0, board.BlankLast)
	s.Choose(Choice{Algorithm: "A*", Heuristic: "Manhattan"})
	start := s.state()
	end := s.Group("session opened")
	s.SetGoal(board.BlankFirst)
	s.SetBoard(board.Solved(board.Size4x4, board.BlankFirst), "solved", 0)
	s.Choose(Choice{Algorithm: "IDA*", Heuristic: "Manhattan"})
	end()
	if s.UndoName() != "session opened" || !s.Undo() || s.state() != start || s.Undo() {
		t.Errorf("undo of a group: %+v, want %+v", s.state(), start)
	}
}

// TestParameterChange: a choice that changes only the parameters is a step
// named "parameter change", and Undo tells the views (Change.Search) and
// brings the old parameters back.
func TestParameterChange(t *testing.T) {
	s := NewSession(board.Solved(board.Size3x3, board.BlankLast), "solved", 0, board.BlankLast)
	s.Choose(Choice{Algorithm: "Weighted A*", Heuristic: "Manhattan", Params: "w=2"})
	var heard []Change
	s.Subscribe(func(c Change) { heard = append(heard, c) })
	if !s.Choose(Choice{Algorithm: "Weighted A*", Heuristic: "Manhattan", Params: "w=3"}) {
		t.Fatal("a parameter change was not reported")
	}
	if s.UndoName() != "parameter change" || !s.Undo() || s.Choice().Params != "w=2" {
		t.Fatalf("undo %q, choice %+v", s.UndoName(), s.Choice())
	}
	if len(heard) != 2 || !heard[1].Search {
		t.Errorf("views heard %+v, want two search changes", heard)
	}
}
