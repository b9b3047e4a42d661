package search

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// reopenPartition4x4 is a partition of the 15-puzzle into five triples:
// cheap to build, and as inconsistent as any additive database.
const reopenPartition4x4 = "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15"

// findReopening returns the first of n random-walk boards (k moves from
// the goal) on which A* with h reopens a closed node, or false. It found
// the boards pinned in TestAStarReopensPinned.
func findReopening(t testing.TB, h Heuristic, s board.Size, g board.Goal, k, n int) (board.Board, bool) {
	t.Helper()
	for _, b := range walkBoards(t, 5, s, g, k, n) {
		r, err := Solve(context.Background(), b, Config{Algorithm: AStar, Heuristic: h, Goal: g})
		if err != nil {
			t.Fatal(err)
		}
		if r.Reopened > 0 {
			return b, true
		}
	}
	return board.Board{}, false
}

func TestFindReopening(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	if _, ok := findReopening(t, testPDB(t, "44", s, g), s, g, 30, 50); !ok {
		t.Error("A* with pdb:44 reopens no node on 50 boards")
	}
	md, _ := NewManhattan(s, g)
	if b, ok := findReopening(t, md, s, g, 30, 50); ok {
		t.Errorf("A* with Manhattan distance (consistent) reopens a node of %s", b.Line())
	}
}

// TestAStarReopensPinned: on these boards A* with an additive pattern
// database (admissible, not consistent) reopens closed nodes: the trace
// has one reopen event per reopening counted, each for a closed node
// reached again by a shorter path, and the solution is still optimal (as
// long as IDA*'s with the same heuristic, and BFS's on the 8-puzzle). With
// Manhattan distance (consistent) A* reopens nothing.
func TestAStarReopensPinned(t *testing.T) {
	g := board.BlankLast
	tests := []struct {
		size      board.Size
		partition string
		board     string
		reopened  uint64
		length    int
	}{
		{board.Size3x3, "44", "7 6 3 / 5 4 1 / 2 8 0", 5, 24},
		{board.Size3x3, "44", "5 6 7 / 4 1 2 / 0 8 3", 4, 24},
		{board.Size4x4, reopenPartition4x4, "6 3 4 7 / 5 2 15 11 / 13 12 8 10 / 14 0 9 1", 12, 40},
	}
	for _, tc := range tests {
		t.Run(tc.partition+"/"+tc.board, func(t *testing.T) {
			b, err := board.ParseSolvable(tc.board, tc.size, g)
			if err != nil {
				t.Fatal(err)
			}
			h := testPDB(t, tc.partition, tc.size, g)
			cfg := Config{Algorithm: AStar, Heuristic: h, Goal: g}
			r, err := Solve(context.Background(), b, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if r.Reopened != tc.reopened || r.Length() != tc.length {
				t.Errorf("Solve: reopened %d, length %d; want %d, %d", r.Reopened, r.Length(), tc.reopened, tc.length)
			}
			ida, err := Solve(context.Background(), b, Config{Algorithm: IDAStar, Heuristic: h, Goal: g})
			if err != nil || ida.Length() != r.Length() {
				t.Errorf("IDA* length %d (%v), A* %d", ida.Length(), err, r.Length())
			}
			if tc.size == board.Size3x3 {
				if d := distances(t, tc.size, g)[b.Cells()]; d != r.Length() {
					t.Errorf("BFS distance %d, A* %d", d, r.Length())
				}
			}
			st, err := NewStepper(b, cfg)
			if err != nil {
				t.Fatal(err)
			}
			var reopens uint64
			err = Trace(context.Background(), st, func(e TraceEvent) error {
				if e.Kind == TraceReopen {
					reopens++
					if !e.EarlierClosed || e.G >= e.EarlierG || e.Earlier < 0 {
						t.Errorf("reopen event %+v: not a closed node reached by a shorter path", e)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if reopens != r.Reopened || st.Stats().Reopened != r.Reopened {
				t.Errorf("trace: %d reopen events, stepper counted %d; Solve %d", reopens, st.Stats().Reopened, r.Reopened)
			}
			md, _ := NewManhattan(tc.size, g)
			if m, err := Solve(context.Background(), b, Config{Algorithm: AStar, Heuristic: md, Goal: g}); err != nil || m.Reopened != 0 {
				t.Errorf("Manhattan: reopened %d (%v)", m.Reopened, err)
			}
		})
	}
}
