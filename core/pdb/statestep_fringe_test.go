package pdb

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestFringeStateStepperMatchesBuilder steps fringe builds one state at a
// time and checks the table and layers against FringeBuilder's, and that
// every step is a plain BFS step: each state taken writes its own entry,
// every move costs 1, no state goes to the current layer, the lines named
// are FringePseudocode's.
func TestFringeStateStepperMatchesBuilder(t *testing.T) {
	cases := []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size{W: 3, H: 2}, board.BlankLast, []int{1, 4}},
		{board.Size{W: 3, H: 2}, board.BlankFirst, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankLast, []int{3, 6, 7, 8}},
		{board.Size3x3, board.BlankFirst, []int{1, 2, 3, 4, 7}},
	}
	lines := len(FringePseudocode())
	for _, c := range cases {
		want, err := BuildFringe(context.Background(), c.size, c.goal, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := NewFringeStateStepper(c.size, c.goal, c.tiles)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Fringe() {
			t.Fatal("not a fringe stepper")
		}
		expands := 0
		for {
			st, ok := s.Step()
			if !ok {
				break
			}
			if !st.Fringe {
				t.Fatalf("step %d not marked fringe", st.Seq)
			}
			if st.Line < 1 || st.Line > lines {
				t.Fatalf("step %d: line %d", st.Seq, st.Line)
			}
			for _, l := range st.Lines {
				if l < 1 || l > lines {
					t.Fatalf("step %d: ran line %d", st.Seq, l)
				}
			}
			if st.Kind != StepExpand {
				continue
			}
			expands++
			if !st.Entry || s.Entry(st.Rank) != uint8(st.Cost) || st.Line != LineFringeWrite {
				t.Fatalf("step %d: entry %v, table[%d] = %d, cost %d, line %d", st.Seq, st.Entry, st.Rank, s.Entry(st.Rank), st.Cost, st.Line)
			}
			for _, m := range st.Moves {
				if m.Cost != 1 || m.Outcome == OutcomeCurrent {
					t.Fatalf("step %d: move %+v", st.Seq, m)
				}
			}
		}
		got, err := s.Table()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Values(), want.Values()) || !slices.Equal(got.Layers(), want.Layers()) || got.Kind() != KindFringe {
			t.Errorf("%s %s %v: the stepper's table or layers differ from the builder's\n%v\n%v", c.size, c.goal, c.tiles, got.Layers(), want.Layers())
		}
		if uint64(expands) != uint64(want.Len())-want.Histogram()[Unreached] {
			t.Errorf("%d states taken for %d reachable entries", expands, want.Len())
		}
	}
	if _, err := NewFringeStateStepper(board.Size4x4, board.BlankLast, []int{1, 2, 3, 4}); !errors.Is(err, ErrTooManyStates) {
		t.Errorf("4 tiles and the blank on 4x4: %v", err)
	}
	if _, err := NewFringeStateStepper(board.Size3x3, board.BlankLast, []int{0, 1}); !errors.Is(err, ErrPartition) {
		t.Errorf("the blank listed: %v", err)
	}
}
