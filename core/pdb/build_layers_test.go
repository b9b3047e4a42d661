package pdb

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestBuilderLayersMatchReference checks that the builder gives the
// reference builder's table, and after every step its layer counts and
// sampled frontier, with one worker and with several, in the cohort engine
// and the bit-set layout, on boards of every width (the 15-puzzle's
// vertical moves have their own code in the bit-set layout).
func TestBuilderLayersMatchReference(t *testing.T) {
	type tc struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}
	cases := []tc{
		{board.Size{W: 3, H: 2}, board.BlankLast, []int{1, 2, 3}},
		{board.Size{W: 2, H: 3}, board.BlankFirst, []int{1, 3, 4}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankFirst, []int{5, 6, 7, 8}},
		{board.Size3x3, board.BlankLast, []int{2, 4, 6, 8}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{board.Size{W: 4, H: 3}, board.BlankLast, []int{1, 4, 7, 10, 11}},
		{board.Size{W: 5, H: 3}, board.BlankFirst, []int{1, 2, 6, 11}},
		{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
		{board.Size4x4, board.BlankFirst, []int{1, 5, 9, 13}},
		{board.Size4x4, board.BlankLast, []int{15}},
	}
	// The 5-tile table took 40 s under -race (load 23); the 8-tile and
	// 4x3 tables above run the same parallel layers under the detector.
	if !testing.Short() && !smallMatrix() {
		cases = append(cases, tc{board.Size4x4, board.BlankLast, []int{1, 2, 3, 5, 6}})
	}
	ctx := context.Background()
	for _, c := range cases {
		if smallMatrix() && len(c.tiles) == 8 {
			// The race form (smallMatrix) keeps every layout with one and
			// three workers on the 4x3, 5x3 and 4x4 tables; the 8-puzzle's
			// table of all eight tiles (6 of the test's 14 s under -race)
			// runs the same parallel layers on more entries.
			continue
		}
		ref := referenceRun(t, c.size, c.goal, c.tiles)
		refStats, refFrontiers, rt := ref.stats, ref.frontiers, ref.table
		for _, run := range layoutRuns {
			workers := run.workers
			t.Run(fmt.Sprintf("%s/%v/%v/workers=%d/%s", c.size, c.goal, c.tiles, workers, run.name), func(t *testing.T) {
				nb, err := testLayoutBuilder(c.size, c.goal, c.tiles, run.cohort)
				if err != nil {
					t.Fatal(err)
				}
				nb.SetWorkers(workers)
				// The cohort engine samples layers of more than
				// frontierSorted states in its own order: a bit-set
				// builder stepped beside it says whether its samples are
				// in the layer.
				var ob *Builder
				if run.cohort {
					if ob, err = newLayoutBuilder(c.size, c.goal, c.tiles); err != nil {
						t.Fatal(err)
					}
				}
				for i := 0; ; i++ {
					st, ok, err := nb.Step(ctx)
					if err != nil {
						t.Fatal(err)
					}
					if ob != nil {
						if _, _, err := ob.Step(ctx); err != nil {
							t.Fatal(err)
						}
					}
					if !ok {
						if i != len(refStats) {
							t.Fatalf("%d layers, reference %d", i, len(refStats))
						}
						break
					}
					if i >= len(refStats) {
						t.Fatalf("more layers than the reference's %d", len(refStats))
					}
					a, r := st, refStats[i]
					if a.Layer != r.Layer || a.TotalStates != r.TotalStates || a.TotalEntries != r.TotalEntries || a.Entries != r.Entries {
						t.Fatalf("layer %d: %+v, reference %+v", i, a, r)
					}
					fr := nb.Frontier(refFrontierSample)
					if ob != nil && st.States > frontierSorted {
						checkSampledFrontier(t, ob, fr, refFrontierSample)
						continue
					}
					if len(fr) != len(refFrontiers[i]) {
						t.Fatalf("layer %d: %d frontier states, reference %d", i, len(fr), len(refFrontiers[i]))
					}
					for j := range fr {
						if fr[j].Blank != refFrontiers[i][j].Blank || !slices.Equal(fr[j].Cells, refFrontiers[i][j].Cells) {
							t.Fatalf("layer %d frontier state %d: %+v, reference %+v", i, j, fr[j], refFrontiers[i][j])
						}
					}
				}
				nt, err := nb.Table()
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(nt.Values(), rt.Values()) {
					t.Fatal("tables differ")
				}
				if !slices.Equal(nt.Layers(), rt.Layers()) {
					t.Fatalf("layers differ:\n%v\n%v", nt.Layers(), rt.Layers())
				}
			})
		}
	}
}

// layoutRuns are the ways TestBuilderLayersMatchReference runs each
// builder: one worker and several, in the cohort engine and in the bit-set
// layout (which NewBuilder uses for groups of more than 8 tiles).
var layoutRuns = []struct {
	workers int
	cohort  bool
	name    string
}{
	{1, false, "bits"}, {3, false, "bits"},
	{1, true, "cohort"}, {3, true, "cohort"},
}

// TestCompIndexDense checks that the dense numbering of placements' occupied
// cells maps the masks of k cells one to one onto 0..C(n,k)-1, and that each
// placement's component data covers exactly its free cells.
func TestCompIndexDense(t *testing.T) {
	cases := []struct {
		size board.Size
		ks   []int
	}{
		{board.Size{W: 2, H: 3}, []int{1, 2, 3, 4, 5}},
		{board.Size3x3, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{board.Size4x4, []int{1, 2, 3, 4, 5, 6}},
	}
	for _, c := range cases {
		for _, k := range c.ks {
			tiles := make([]int, k)
			for i := range tiles {
				tiles[i] = i + 1
			}
			b, err := newLayoutBuilder(c.size, board.BlankLast, tiles)
			if err != nil {
				t.Fatal(err)
			}
			n := c.size.Cells()
			want := binomial(n, k)
			seen := make([]bool, want)
			count := uint32(0)
			for occ := uint32(0); occ < 1<<n; occ++ {
				if bits.OnesCount32(occ) != k {
					continue
				}
				count++
				x := b.comp.index(occ)
				if x >= want || seen[x] {
					t.Fatalf("%s k=%d: mask %b has index %d (C = %d, seen %v)", c.size, k, occ, x, want, x < want && seen[x])
				}
				seen[x] = true
				info := b.comp.info[x]
				var all uint32
				for ci := uint32(0); ci < info.count; ci++ {
					m := uint32(b.comp.cells[x*8+ci])
					if m == 0 || all&m != 0 || uint64(bits.OnesCount32(m)) != info.size(ci) {
						t.Fatalf("%s k=%d: mask %b component %d: cells %b, size %d", c.size, k, occ, ci, m, info.size(ci))
					}
					all |= m
				}
				if free := (uint32(1)<<n - 1) &^ occ; all != free {
					t.Fatalf("%s k=%d: mask %b: components cover %b, free cells %b", c.size, k, occ, all, free)
				}
			}
			if count != want {
				t.Fatalf("%s k=%d: %d masks, C = %d", c.size, k, count, want)
			}
		}
	}
}
