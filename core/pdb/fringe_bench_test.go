package pdb

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// BenchmarkBuildFringe8 builds the 8-puzzle's C&S fringe table (60,480 entries).
func BenchmarkBuildFringe8(b *testing.B) {
	for b.Loop() {
		if _, err := BuildFringe(context.Background(), board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 7}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildFringeCS6 builds the 15-puzzle's 6-tile fringe table
// (57,657,600 entries, about 80 MB while building).
func BenchmarkBuildFringeCS6(b *testing.B) {
	for b.Loop() {
		if _, err := BuildFringe(context.Background(), board.Size4x4, board.BlankLast, []int{1, 2, 3, 4, 5, 9}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
