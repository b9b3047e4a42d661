package pdb

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestBuilderMatchesReference checks that the component-based Builder gives
// the same table, bit for bit, and the same per-layer counts as the previous
// design (refBuilder, three blank-cell masks per placement), on small boards,
// both goals, and (unless -short) 4x4 groups of 5 and (without the race
// detector) 6 tiles, in the cohort engine and the bit-set layout.
func TestBuilderMatchesReference(t *testing.T) {
	type tc struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}
	cases := []tc{
		{board.Size{W: 3, H: 2}, board.BlankLast, []int{1, 2, 3}},
		{board.Size{W: 3, H: 2}, board.BlankFirst, []int{4, 5}},
		{board.Size{W: 2, H: 3}, board.BlankLast, []int{1, 3, 4}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankFirst, []int{5, 6, 7, 8}},
		{board.Size3x3, board.BlankLast, []int{2, 4, 6, 8}},
		{board.Size{W: 4, H: 3}, board.BlankLast, []int{1, 4, 7, 10, 11}},
		{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
		{board.Size4x4, board.BlankFirst, []int{1, 5, 9, 13}},
	}
	// The 8-tile and 5-tile tables took 21 s and 61 s under -race (load
	// 23): the same arithmetic as the cases above on larger tables, so the
	// smaller matrix leaves them out.
	if !smallMatrix() {
		cases = append(cases, tc{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 5, 6, 7, 8}})
	}
	if !testing.Short() && !smallMatrix() {
		cases = append(cases, tc{board.Size4x4, board.BlankLast, []int{1, 2, 3, 5, 6}})
	}
	if !testing.Short() {
		if !raceEnabled { // minutes under the race detector
			cases = append(cases,
				tc{board.Size4x4, board.BlankLast, []int{1, 5, 6, 9, 10, 13}},
				tc{board.Size4x4, board.BlankFirst, []int{1, 2, 3, 4, 5, 6}},
			)
		}
	}
	ctx := context.Background()
	for _, c := range cases {
		if smallMatrix() && c.size.Cells() > 9 {
			// The race form (smallMatrix) keeps the boards of up to nine
			// cells; TestBuilderLayersMatchReference compares the 4x3 and
			// 4x4 tables with the reference, layer by layer, in every
			// layout with one and three workers.
			continue
		}
		for _, cohort := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/%v/%v/cohort=%v", c.size, c.goal, c.tiles, cohort), func(t *testing.T) {
				nb, err := testLayoutBuilder(c.size, c.goal, c.tiles, cohort)
				if err != nil {
					t.Fatal(err)
				}
				var newStats []LayerStats
				nt, err := nb.Run(ctx, func(s LayerStats) { newStats = append(newStats, s) })
				if err != nil {
					t.Fatal(err)
				}
				ref := referenceRun(t, c.size, c.goal, c.tiles)
				rt, refStats := ref.table, ref.stats
				if !bytes.Equal(nt.Values(), rt.Values()) {
					t.Fatal("tables differ")
				}
				if !slices.Equal(nt.Layers(), rt.Layers()) {
					t.Fatalf("layers differ:\n%v\n%v", nt.Layers(), rt.Layers())
				}
				if len(newStats) != len(refStats) {
					t.Fatalf("%d progress reports, reference %d", len(newStats), len(refStats))
				}
				for i := range newStats {
					a, b := newStats[i], refStats[i]
					if a.Layer != b.Layer || a.TotalStates != b.TotalStates || a.TotalEntries != b.TotalEntries || a.Entries != b.Entries {
						t.Fatalf("layer %d: %+v, reference %+v", i, a, b)
					}
				}
			})
		}
	}
}

// TestFrontierMatchesReference checks that the sampled frontier of every
// layer is the reference builder's, state for state.
func TestFrontierMatchesReference(t *testing.T) {
	ctx := context.Background()
	for _, tiles := range [][]int{{1, 2, 4}, {3, 5, 7, 8}} {
		nb, err := NewBuilder(board.Size3x3, board.BlankLast, tiles)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := newRefBuilder(board.Size3x3, board.BlankLast, tiles)
		if err != nil {
			t.Fatal(err)
		}
		for {
			_, ok1, err1 := nb.Step(ctx)
			_, ok2, err2 := rb.Step(ctx)
			if err1 != nil || err2 != nil || ok1 != ok2 {
				t.Fatalf("step: %v %v %v %v", ok1, err1, ok2, err2)
			}
			if !ok1 {
				break
			}
			for _, limit := range []int{1, 5, 64, 100000} {
				a, b := nb.Frontier(limit), rb.Frontier(limit)
				if len(a) != len(b) {
					t.Fatalf("%v cost %d limit %d: %d states, reference %d", tiles, nb.Cost(), limit, len(a), len(b))
				}
				for i := range a {
					if a[i].Blank != b[i].Blank || !slices.Equal(a[i].Cells, b[i].Cells) {
						t.Fatalf("%v cost %d limit %d state %d: %+v, reference %+v", tiles, nb.Cost(), limit, i, a[i], b[i])
					}
				}
			}
		}
	}
}

// BenchmarkBuildGroup6Ref builds one 6-tile table with the reference builder,
// for comparison with BenchmarkBuildGroup6.
func BenchmarkBuildGroup6Ref(b *testing.B) {
	for b.Loop() {
		bl, err := newRefBuilder(board.Size4x4, board.BlankLast, []int{1, 5, 6, 9, 10, 13})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bl.Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildGroup7 builds the 7-tile table of the 7-8 preset (57.6
// million entries), the size where memory traffic starts to dominate.
func BenchmarkBuildGroup7(b *testing.B) {
	for b.Loop() {
		bl, err := NewBuilder(board.Size4x4, board.BlankLast, []int{9, 10, 11, 12, 13, 14, 15})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := bl.Run(context.Background(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFrontierLargeLayer checks the entry-by-entry sampling Frontier uses
// for layers of more than frontierExact states: every sampled state must be
// in the reference builder's layer of the same cost.
func TestFrontierLargeLayer(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds a 6-tile table of the 15-puzzle twice")
	}
	ctx := context.Background()
	tiles := []int{1, 5, 6, 9, 10, 13}
	nb, err := NewBuilder(board.Size4x4, board.BlankLast, tiles)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := newRefBuilder(board.Size4x4, board.BlankLast, tiles)
	if err != nil {
		t.Fatal(err)
	}
	large := 0
	for {
		st, ok, err := nb.Step(ctx)
		if _, ok2, err2 := rb.Step(ctx); err != nil || err2 != nil || ok != ok2 {
			t.Fatalf("step: %v %v %v", ok, err, err2)
		}
		if !ok {
			break
		}
		if st.States <= frontierExact {
			continue
		}
		large++
		fr := nb.Frontier(50)
		if len(fr) == 0 || len(fr) > 50 {
			t.Fatalf("cost %d: %d sampled states", st.Cost, len(fr))
		}
		for _, s := range fr {
			var cells [board.MaxCells]uint8
			for i, c := range s.Cells {
				cells[i] = uint8(c)
				if c == s.Blank {
					t.Fatalf("cost %d: blank on a tile in %+v", st.Cost, s)
				}
			}
			r := rankCells(&cells, len(tiles), 16)
			if rb.cur[r>>1]>>(16*(r&1))>>s.Blank&1 == 0 {
				t.Fatalf("cost %d: sampled state %+v is not in the layer", st.Cost, s)
			}
		}
	}
	if large == 0 {
		t.Fatal("no layer above frontierExact: the test checks nothing")
	}
}

// testLayoutBuilder makes a Builder in the cohort engine (cohort) or in
// the bit-set layout.
func testLayoutBuilder(size board.Size, goal board.Goal, tiles []int, cohort bool) (*Builder, error) {
	if cohort {
		return newCohortBuilder(size, goal, tiles)
	}
	return newLayoutBuilder(size, goal, tiles)
}
