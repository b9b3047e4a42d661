package exercise

import (
	"reflect"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestOnBoardMatchesGenerate asks each board kind about the board of a
// generated question and wants the same question back (but the seed).
func TestOnBoardMatchesGenerate(t *testing.T) {
	g := NewGenerator()
	for _, kind := range BoardKinds() {
		for level := 1; level <= 2; level++ {
			for seed := uint64(1); seed <= 20; seed++ {
				want, err := g.Generate(kind, level, seed)
				if err != nil {
					t.Fatal(err)
				}
				got, err := g.OnBoard(kind, want.Boards[0].Board, want.Goal)
				if err != nil {
					t.Fatalf("%s on %s: %v", kind, want.Boards[0].Board, err)
				}
				want.Seed = 0
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s level %d seed %d: OnBoard gives\n%+v\nwant\n%+v", kind, level, seed, got, want)
				}
			}
		}
	}
}

func TestOnBoardErrors(t *testing.T) {
	g := NewGenerator()
	b := board.Solved(board.Size{W: 3, H: 3}, board.BlankLast)
	for _, tc := range []struct {
		kind string
		b    board.Board
	}{
		{"manhatan", b},
		{"ida-bound", b},
		{"manhattan", board.Board{}},
	} {
		if _, err := g.OnBoard(tc.kind, tc.b, board.BlankLast); err == nil {
			t.Errorf("OnBoard(%q, %v): no error", tc.kind, tc.b)
		}
	}
}

// TestOnBoardBlankFirst checks a board asked towards the blank-first goal
// against the heuristic's own value.
func TestOnBoardBlankFirst(t *testing.T) {
	b := board.Solved(board.Size{W: 4, H: 4}, board.BlankFirst)
	q, err := NewGenerator().OnBoard("manhattan", b, board.BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	if q.Number != 0 || q.Level != 2 {
		t.Errorf("goal board: number %g level %d, want 0 and 2", q.Number, q.Level)
	}
}
