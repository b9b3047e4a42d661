package pdb

import (
	"context"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestDeriveFromOtherPartition caches a table of one partition and checks
// that a group of another partition that is its image is found there
// (cachedImage) and copied, equal entry for entry to a direct build, and
// that a group with no cached image is not.
func TestDeriveFromOtherPartition(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	first, err := ParsePartition("1,2,6", board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := LoadOrBuildTable(ctx, first, 0, dir, nil); err != nil {
		t.Fatal(err)
	}
	// {4,5,10}: the left-right image; {16,21,22}: the top-bottom one;
	// {7,8,12}: no image of {1,2,6}.
	second, err := ParsePartition("4,5,10/16,21,22/7,8,12", board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []bool{true, true, false} {
		if _, found := cachedImage(second, i, dir); found != want {
			t.Fatalf("group %v: cached image found %v, want %v", second.Groups[i], found, want)
		}
		got, src, _, err := LoadOrBuildTable(ctx, second, i, dir, nil)
		if err != nil || src != Built {
			t.Fatalf("group %v: %v, %v", second.Groups[i], src, err)
		}
		b, err := NewBuilder(second.Size, second.Goal, second.Groups[i])
		if err != nil {
			t.Fatal(err)
		}
		direct, err := b.Run(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Values(), direct.Values()) || !slices.Equal(got.Layers(), direct.Layers()) {
			t.Fatalf("group %v: the table differs from a direct build", second.Groups[i])
		}
	}
}
