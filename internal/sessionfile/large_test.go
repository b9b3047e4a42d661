package sessionfile

import (
	"bytes"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestFiveByFive saves and reads back a session on the 24-puzzle (5x5), and
// refuses one whose heuristic needs tables built for at most 16 cells.
func TestFiveByFive(t *testing.T) {
	b, _, err := board.RandomWalk(board.NewRand(5), board.Solved(board.Size5x5, board.BlankFirst), 40)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		heuristic string
		err       string
	}{
		{"linear-conflict", ""},
		{"max(manhattan,linear-conflict)", ""},
		{"pdb:663", "4x4"},
		{"fringe:cs", "5x5"},
	} {
		h, err := search.ParseHeuristic(tc.heuristic)
		if err != nil {
			t.Fatal(err)
		}
		s := Session{Goal: board.BlankFirst, Board: b, Title: "24-puzzle walk", Optimal: -1,
			Search: &Search{Algorithm: search.IDAStar, Heuristic: h}}
		var buf bytes.Buffer
		err = Encode(&buf, s)
		if err == nil {
			var got Session
			got, err = Decode(bytes.NewReader(buf.Bytes()))
			if err == nil && (got.Board != b || got.Board.Size() != board.Size5x5 || got.Search.Heuristic.String() != h.String()) {
				t.Errorf("%s: read back %s with %s", tc.heuristic, got.Board.Line(), got.Search.Heuristic)
			}
		}
		if tc.err == "" && err != nil {
			t.Errorf("%s: %v", tc.heuristic, err)
		}
		if tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: error %v, want one mentioning %q", tc.heuristic, err, tc.err)
		}
	}
}
