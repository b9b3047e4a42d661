package search

import (
	"context"
	"runtime"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestPrefaultFindsEveryTable: Prefault looks through the maximum and the
// reflected lookup to every table the heuristic reads from the cache (on
// Linux and macOS mapped in place; elsewhere read, so none to ready).
func TestPrefaultFindsEveryTable(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	mapped := runtime.GOOS == "linux" || runtime.GOOS == "darwin"
	for _, tc := range []struct {
		name string
		want int // tables mapped, on a system that maps them
	}{
		{"manhattan", 0},
		{"pdb:44", 2},
		{"pdb:44+reflect", 2},
		{"max(pdb:44+reflect,pdb:1,2/3,4,5,6,7,8,lc)", 4},
	} {
		// The cache builds and saves the tables the first time; a second
		// heuristic of the same name uses the files in place.
		if _, err := NewHeuristic(ctx, tc.name, board.Size3x3, board.BlankLast, HeuristicOptions{CacheDir: dir}); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		h, err := NewHeuristic(ctx, tc.name, board.Size3x3, board.BlankLast, HeuristicOptions{CacheDir: dir})
		if err != nil {
			t.Fatalf("%s again: %v", tc.name, err)
		}
		want := tc.want
		if !mapped {
			want = 0
		}
		if got := Prefault(h); got != want {
			t.Errorf("Prefault(%s) readied %d tables, want %d", tc.name, got, want)
		}
	}
}
