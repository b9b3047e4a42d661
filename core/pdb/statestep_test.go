package pdb

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// stepGroups are small groups on each board size and goal.
var stepGroups = []struct {
	size  board.Size
	goal  board.Goal
	tiles []int
}{
	{board.Size{W: 3, H: 2}, board.BlankLast, []int{1, 2, 3}},
	{board.Size{W: 3, H: 2}, board.BlankFirst, []int{4, 5}},
	{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
	{board.Size3x3, board.BlankLast, []int{5, 6, 7, 8}},
	{board.Size3x3, board.BlankFirst, []int{2, 7}},
	{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 5, 6, 7, 8}},
	{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
	{board.Size4x4, board.BlankFirst, []int{1, 6}},
	{board.Size5x5, board.BlankLast, []int{7, 13}},
	{board.Size{W: 5, H: 4}, board.BlankFirst, []int{3, 9, 19}},
	{board.Size4x4, board.BlankLast, []int{15}},
}

// TestStateStepperMatchesBuilder steps every state of small groups and
// compares the table and its layers with Builder's, checking the queues'
// lengths against the step's moves after every step.
func TestStateStepperMatchesBuilder(t *testing.T) {
	for _, g := range stepGroups {
		name := g.size.String() + "/" + formatTiles(g.tiles)
		t.Run(name, func(t *testing.T) {
			if smallMatrix() && len(g.tiles) == 8 {
				t.Skip("race form: steps every state of the 8-puzzle's full table (one goroutine, 2 s); make test-short and make test-full run it")
			}
			b, err := NewBuilder(g.size, g.goal, g.tiles)
			if err != nil {
				t.Fatal(err)
			}
			want, err := b.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			s, err := NewStateStepper(g.size, g.goal, g.tiles)
			if err != nil {
				t.Fatal(err)
			}
			if s.CurrentLen() != 1 || s.NextLen() != 0 || s.Seen() != 1 {
				t.Fatalf("start: queues %d/%d, seen %d", s.CurrentLen(), s.NextLen(), s.Seen())
			}
			cur, next := 1, 0
			expands := 0
			for {
				st, ok := s.Step()
				if !ok {
					break
				}
				if st.Seq != s.Steps() {
					t.Fatalf("step seq %d, stepper says %d", st.Seq, s.Steps())
				}
				switch st.Kind {
				case StepExpand:
					expands++
					cur--
					for _, m := range st.Moves {
						switch m.Outcome {
						case OutcomeCurrent:
							cur++
						case OutcomeNext:
							next++
						}
					}
					// An entry is written once, with the least cost.
					if e := s.Entry(st.Rank); (st.Entry && e != uint8(st.Cost)) || e > uint8(st.Cost) {
						t.Fatalf("step %d: entry %v but table[%d] = %d", st.Seq, st.Entry, st.Rank, s.Entry(st.Rank))
					}
				case StepLayer:
					if cur != 0 {
						t.Fatalf("step %d: a layer change with %d states left in the current queue", st.Seq, cur)
					}
					cur, next = next, 0
				case StepDone:
					if cur != 0 || next != 0 {
						t.Fatalf("done with queues %d/%d", cur, next)
					}
				}
				if st.Current != cur || st.Next != next || s.CurrentLen() != cur || s.NextLen() != next {
					t.Fatalf("step %d (%v): queues %d/%d (stepper %d/%d), want %d/%d",
						st.Seq, st.Kind, st.Current, st.Next, s.CurrentLen(), s.NextLen(), cur, next)
				}
				if s.Seen()-s.Processed() != uint64(cur+next) {
					t.Fatalf("step %d: %d seen, %d processed, but %d queued", st.Seq, s.Seen(), s.Processed(), cur+next)
				}
				if !slices.Contains(st.Lines, st.Line) || !slices.IsSorted(st.Lines) {
					t.Fatalf("step %d: line %d, lines %v", st.Seq, st.Line, st.Lines)
				}
			}
			if !s.Done() {
				t.Fatal("Step stopped before the table was done")
			}
			got, err := s.Table()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Values(), want.Values()) {
				diff := 0
				for i := range got.Values() {
					if got.Values()[i] != want.Values()[i] {
						diff++
					}
				}
				t.Fatalf("%d of %d entries differ from the Builder's table", diff, want.Len())
			}
			if !slices.Equal(got.Layers(), want.Layers()) {
				t.Errorf("layers %v, Builder's %v", got.Layers(), want.Layers())
			}
			if uint64(expands) != statesReached(want) {
				t.Errorf("%d states expanded, the layers hold %d", expands, statesReached(want))
			}
			if _, ok := s.Step(); ok {
				t.Error("a step after the end")
			}
		})
	}
}

// statesReached sums the states of a table's layers.
func statesReached(t *Table) uint64 {
	var n uint64
	for _, l := range t.Layers() {
		n += l.States
	}
	return n
}

// TestStateStepperMoves checks the first steps of the 8-puzzle's {1,2,3,4}
// pattern with the blank last: the goal state, its moves, their costs.
func TestStateStepperMoves(t *testing.T) {
	s, err := NewStateStepper(board.Size3x3, board.BlankLast, []int{4, 1, 3, 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Tiles(); !slices.Equal(got, []int{1, 2, 3, 4}) {
		t.Fatalf("tiles %v", got)
	}
	cur := s.CurrentStates(5)
	if len(cur) != 1 || !slices.Equal(cur[0].Cells, []int{0, 1, 2, 3}) || cur[0].Blank != 8 {
		t.Fatalf("the current queue holds %v, want the goal state", cur)
	}
	st, ok := s.Step()
	if !ok || st.Kind != StepExpand || st.Cost != 0 || !st.Entry || st.Line != LineBuildWrite {
		t.Fatalf("first step %+v", st)
	}
	// The blank on cell 8 (bottom right) can go up (cell 5, tile 6: not in
	// the pattern) or left (cell 7, tile 8: not in the pattern): two moves
	// of cost 0 into the current layer.
	if len(st.Moves) != 2 {
		t.Fatalf("moves %+v", st.Moves)
	}
	for _, m := range st.Moves {
		if m.Cost != 0 || m.Tile != 0 || m.Outcome != OutcomeCurrent || m.To.Blank != m.Cell {
			t.Errorf("move %+v", m)
		}
	}
	if st.Moves[0].Dir != board.Up || st.Moves[0].Cell != 5 || st.Moves[1].Dir != board.Left || st.Moves[1].Cell != 7 {
		t.Errorf("moves %+v", st.Moves)
	}
	// Step on until a move swaps with a pattern tile.
	for i := 0; i < 100; i++ {
		st, _ = s.Step()
		for _, m := range st.Moves {
			if m.Tile == 0 {
				if m.Cost != 0 {
					t.Fatalf("a swap with a non-pattern tile costs %d", m.Cost)
				}
				continue
			}
			if m.Cost != 1 {
				t.Fatalf("a swap with tile %d costs %d", m.Tile, m.Cost)
			}
			// The tile slides into the blank's old cell.
			j := slices.Index(s.Tiles(), m.Tile)
			if m.To.Cells[j] != st.State.Blank || m.To.Blank != m.Cell || st.State.Cells[j] != m.Cell {
				t.Fatalf("move %+v from %+v", m, st.State)
			}
			if m.Outcome == OutcomeNext && st.Line != LineBuildPushNext && st.Line != LineBuildWrite {
				t.Errorf("step with a push to next shows line %d", st.Line)
			}
			if m.Outcome == OutcomeNext {
				if next := s.NextStates(1000); !containsState(next, m.To) {
					t.Errorf("the state %+v is not in the next queue %v", m.To, next)
				}
			}
			return
		}
	}
	t.Fatal("no move of a pattern tile in 100 steps")
}

func containsState(list []State, s State) bool {
	for _, x := range list {
		if x.Blank == s.Blank && slices.Equal(x.Cells, s.Cells) {
			return true
		}
	}
	return false
}

// TestStateStepperSkipTo fast-forwards to a layer and checks that the rest
// still makes Builder's table, and that the queue then holds the layer.
func TestStateStepperSkipTo(t *testing.T) {
	b, err := NewBuilder(board.Size3x3, board.BlankLast, []int{5, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	want, err := b.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewStateStepper(board.Size3x3, board.BlankLast, []int{5, 6, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	if n := s.SkipTo(3); n == 0 || s.Cost() != 3 {
		t.Fatalf("SkipTo(3): %d steps, cost %d", n, s.Cost())
	}
	// The layers before are complete; layer 3's queue holds the states
	// reached by a pattern tile's move (the rest of the layer follows by
	// cost-0 moves).
	if got := s.Layers(); !slices.Equal(got[:3], want.Layers()[:3]) || got[3].States != 0 {
		t.Errorf("layers %v, Builder's %v", got, want.Layers())
	}
	if n := uint64(s.CurrentLen()); n == 0 || n > want.Layers()[3].States || s.NextLen() != 0 {
		t.Errorf("layer 3's queue holds %d states (next %d), the layer has %d", n, s.NextLen(), want.Layers()[3].States)
	}
	if n := s.SkipTo(2); n != 0 {
		t.Errorf("SkipTo backwards took %d steps", n)
	}
	s.SkipTo(1 << 20)
	got, err := s.Table()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Values(), want.Values()) {
		t.Error("the table after SkipTo differs from Builder's")
	}
}

// TestStateStepperRefusesBigPatterns checks the bound and its message.
func TestStateStepperRefusesBigPatterns(t *testing.T) {
	for _, tc := range []struct {
		size  board.Size
		tiles []int
		ok    bool
	}{
		{board.Size4x4, []int{1, 2, 3}, true},
		{board.Size4x4, []int{1, 2, 3, 4}, false},
		{board.Size4x4, []int{1, 5, 6, 9, 10, 13}, false},
		{board.Size3x3, []int{1, 2, 3, 4, 5, 6, 7, 8}, true},
	} {
		_, err := NewStateStepper(tc.size, board.BlankLast, tc.tiles)
		if tc.ok != (err == nil) {
			t.Errorf("%v %v: error %v", tc.size, tc.tiles, err)
		}
		if !tc.ok && (!errors.Is(err, ErrTooManyStates) || !strings.Contains(err.Error(), "layer by layer")) {
			t.Errorf("%v %v: error %v should say it is too big and build layer by layer", tc.size, tc.tiles, err)
		}
		if got := AbstractStates(tc.size, len(tc.tiles)) <= MaxStepStates; got != tc.ok {
			t.Errorf("%v %v: AbstractStates %d", tc.size, tc.tiles, AbstractStates(tc.size, len(tc.tiles)))
		}
	}
	if _, err := NewStateStepper(board.Size3x3, board.BlankLast, []int{0, 1}); !errors.Is(err, ErrPartition) {
		t.Errorf("the blank in a pattern: %v", err)
	}
}

// TestBuildPseudocodeLines checks that every Line constant names a line.
func TestBuildPseudocodeLines(t *testing.T) {
	code := BuildPseudocode()
	if len(code) != LineBuildReturn {
		t.Fatalf("%d lines, LineBuildReturn is %d", len(code), LineBuildReturn)
	}
	for line, want := range map[int]string{LineBuildPop: "pop the front", LineBuildWrite: "← cost", LineBuildPushNext: "next",
		LineBuildPushCurrent: "current", LineBuildNextLayer: "cost+1", LineBuildSkip: "skip", LineBuildReturn: "return"} {
		if !strings.Contains(code[line-1], want) {
			t.Errorf("line %d %q lacks %q", line, code[line-1], want)
		}
	}
}
