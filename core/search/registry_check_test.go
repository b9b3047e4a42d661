package search

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestHeuristicSpecCheck checks every kind of name against board sizes
// without building a table, and that a name that passes does build on the
// 8-puzzle (the tables there take milliseconds).
func TestHeuristicSpecCheck(t *testing.T) {
	s32 := board.Size{W: 3, H: 2}
	for _, tc := range []struct {
		name string
		size board.Size
		says string // "" when the check passes
	}{
		{"manhattan", board.Size3x3, ""},
		{"lc+reflect", board.Size3x3, ""},
		{"lc+reflect", s32, "square"},
		{"pdb:44", board.Size3x3, ""},
		{"pdb:663", board.Size3x3, "663"},
		{"pdb:663", board.Size4x4, ""},
		{"fringe:cs", board.Size3x3, ""},
		{"fringe:1,2,3,12", board.Size3x3, "12"},
		{"fringe:1,2,3/4,5,6", board.Size3x3, ""},
		{"dpdb:pairs", board.Size3x3, ""},
		{"dpdb:triples", board.Size4x4, ""},
		{"max(fringe:cs,lc)", board.Size3x3, ""},
		{"max(lc,pdb:663)", board.Size3x3, "663"},
		{"max(lc,max(fringe:1,2,3,12,md))", board.Size3x3, "12"},
		{"max(md,lc+reflect)", s32, "square"},
	} {
		t.Run(tc.name+"/"+tc.size.String(), func(t *testing.T) {
			spec, err := ParseHeuristic(tc.name)
			if err != nil {
				t.Fatal(err)
			}
			err = spec.Check(tc.size, board.BlankLast)
			if tc.says != "" {
				if err == nil || !strings.Contains(err.Error(), tc.says) {
					t.Fatalf("Check = %v, want an error mentioning %q", err, tc.says)
				}
				return
			}
			if err != nil {
				t.Fatalf("Check = %v, want nil", err)
			}
			if tc.size == board.Size3x3 {
				if _, err := spec.New(t.Context(), tc.size, board.BlankLast, HeuristicOptions{}); err != nil {
					t.Errorf("passed the check but New = %v", err)
				}
			}
		})
	}
}
