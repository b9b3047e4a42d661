package pdb

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestDerivedTablesMatchBuilt builds partitions whose later groups are
// images of earlier ones under a symmetry of the board (so Build copies
// them) and compares every entry and layer with a table built directly.
func TestDerivedTablesMatchBuilt(t *testing.T) {
	cases := []struct {
		size    board.Size
		goal    board.Goal
		groups  string
		derived []bool // which groups are copied
	}{
		// 5x5: a corner block, its left-right image, its diagonal image.
		{board.Size5x5, board.BlankLast, "1,2,6/4,5,10/11,16", []bool{false, true, false}},
		{board.Size5x5, board.BlankLast, "1,2,6/4,5,10/1,6,2", nil},
		{board.Size5x5, board.BlankFirst, "3,4,9/19,23,24/15,20,21", []bool{false, true, true}},
		// 5x5: the 2x3 block of 6666 shrunk to 2x2 blocks in three corners
		// (four builds of 303,600 entries: not in the small matrix).
		{board.Size5x5, board.BlankLast, "1,2,6,7/4,5,9,10/16,17,21,22", []bool{false, true, true}},
		// 5x4 (no quarter turns) and 4x4.
		{board.Size{W: 5, H: 4}, board.BlankLast, "1,2,6/4,5,10", []bool{false, true}},
		{board.Size4x4, board.BlankLast, "1,2,5/3,4,8/9,13,14", []bool{false, true, true}},
		// The blank's goal cell walled off: no copy.
		{board.Size3x3, board.BlankLast, "6,8/2,4", []bool{false, false}},
	}
	for _, tc := range cases {
		t.Run(tc.size.String()+"/"+tc.groups, func(t *testing.T) {
			if smallMatrix() && tc.size == board.Size5x5 && strings.Count(tc.groups, ",") > 6 {
				t.Skip("4-tile groups of the 24-puzzle: make test-full")
			}
			p, err := ParsePartition(tc.groups, tc.size, tc.goal)
			if err != nil {
				if tc.derived == nil {
					return // a partition with a tile twice: refused, nothing to compare
				}
				t.Fatal(err)
			}
			db, err := Build(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i, g := range p.Groups {
				_, _, copied := symmetricSource(p, i, db.Tables[:i])
				if copied != tc.derived[i] {
					t.Errorf("group %d: copied %v, want %v", i+1, copied, tc.derived[i])
				}
				b, err := NewBuilder(p.Size, p.Goal, g)
				if err != nil {
					t.Fatal(err)
				}
				want, err := b.Run(context.Background(), nil)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(db.Tables[i].Values(), want.Values()) {
					t.Fatalf("group %d (%v): entries differ from a direct build", i+1, g)
				}
				if !slices.Equal(db.Tables[i].Layers(), want.Layers()) {
					t.Fatalf("group %d: layers %v, direct build %v", i+1, db.Tables[i].Layers(), want.Layers())
				}
			}
		})
	}
}

// TestSymmetry6666 checks that three of the 6666 groups are images of one
// another (so two tables are built, not four) and that the cache copies
// from a sibling's file.
func TestSymmetry6666(t *testing.T) {
	p, err := Preset("6666", board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	sorted := func(i int) []int { return slices.Sorted(slices.Values(p.Groups[i])) }
	for i := range p.Groups {
		for j := range p.Groups {
			_, ok := findSymmetry(p.Size, p.Goal, sorted(i), sorted(j))
			want := i != j && i > 0 && j > 0
			if ok != want {
				t.Errorf("groups %d and %d: symmetric %v, want %v", i+1, j+1, ok, want)
			}
		}
	}
}

// TestDeriveFromCache builds one group into a cache and checks that its
// mirror image is then copied from the file, equal to a direct build: 2x2
// blocks of the 24-puzzle, 3-tile corners in the small matrix.
func TestDeriveFromCache(t *testing.T) {
	dir := t.TempDir()
	if _, err := ParsePartition("1,2,3,6/3,4,5,10", board.Size5x5, board.BlankLast); err == nil {
		t.Fatal("overlapping groups accepted")
	}
	groups := "1,2,6,7/4,5,9,10"
	if smallMatrix() {
		groups = "1,2,6/4,5,10"
	}
	p, err := ParsePartition(groups, board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := LoadOrBuildTable(context.Background(), p, 0, dir, nil); err != nil {
		t.Fatal(err)
	}
	var layers int
	got, src, _, err := LoadOrBuildTable(context.Background(), p, 1, dir, func(LayerStats) { layers++ })
	if err != nil || src != Built {
		t.Fatalf("second table: %v, %v", src, err)
	}
	want, err := NewBuilder(p.Size, p.Goal, p.Groups[1])
	if err != nil {
		t.Fatal(err)
	}
	wt, err := want.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Values(), wt.Values()) || layers != len(wt.Layers()) {
		t.Fatalf("copied table differs from a direct build (%d progress reports, %d layers)", layers, len(wt.Layers()))
	}
	again, src, _, err := LoadOrBuildTable(context.Background(), p, 1, dir, nil)
	if err != nil || src != Loaded || !slices.Equal(again.Values(), wt.Values()) {
		t.Fatalf("reloading the copied table: %v, %v", src, err)
	}
}
