package pdb

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// abstractAStar computes, independently of the Builder, the value of one
// table entry: the least number of group-tile moves that bring the group
// tiles from cells (cells[i] is the cell of the i-th tile of tiles, ascending)
// to their goal cells, the blank starting anywhere and ending in the goal
// blank's cell. It searches forward from the placement (the Builder searches
// backward from the goal), over boards where only the group tiles and the
// blank are told apart, by A* with Manhattan distance (admissible: a move
// shifts one group tile by one cell) and a map of states keyed by the
// group's cells and the blank's cell; blank moves among the other cells cost
// 0. It gives up (ok false) after limit expansions.
func abstractAStar(size board.Size, goal board.Goal, tiles []int, cells []int, limit int) (dist int, ok bool) {
	n := size.Cells()
	k := len(tiles)
	home := make([]int, k)
	for i, t := range tiles {
		home[i] = goal.GoalCell(size, t)
	}
	goalBlank := goal.GoalCell(size, 0)
	type state struct {
		cells [board.MaxCells]uint8
		blank uint8
	}
	h := func(s *state) int {
		d := 0
		for i := 0; i < k; i++ {
			c := int(s.cells[i])
			d += absInt(size.Row(c)-size.Row(home[i])) + absInt(size.Col(c)-size.Col(home[i]))
		}
		return d
	}
	// Buckets by f; within a bucket 0-cost moves keep f, so a bucket is a stack.
	var buckets [][]state
	g := map[state]int{}
	push := func(s state, gs int) {
		if old, seen := g[s]; seen && old <= gs {
			return
		}
		g[s] = gs
		f := gs + h(&s)
		for len(buckets) <= f {
			buckets = append(buckets, nil)
		}
		buckets[f] = append(buckets[f], s)
	}
	var start state
	occ := make([]bool, n)
	for i, c := range cells {
		start.cells[i] = uint8(c)
		occ[c] = true
	}
	for p := 0; p < n; p++ {
		if !occ[p] {
			s := start
			s.blank = uint8(p)
			push(s, 0)
		}
	}
	expanded := 0
	for f := 0; f < len(buckets); f++ {
		for len(buckets[f]) > 0 {
			last := len(buckets[f]) - 1
			s := buckets[f][last]
			buckets[f] = buckets[f][:last]
			gs := g[s]
			if gs+h(&s) != f {
				continue // stale
			}
			if f == gs && int(s.blank) == goalBlank { // h = 0: the group is home
				return gs, true
			}
			if expanded++; expanded > limit {
				return 0, false
			}
			for _, d := range board.Dirs {
				q, okq := size.Neighbor(int(s.blank), d)
				if !okq {
					continue
				}
				t := s
				t.blank = uint8(q)
				cost := 0
				for i := 0; i < k; i++ {
					if int(s.cells[i]) == q {
						t.cells[i] = s.blank
						cost = 1
					}
				}
				push(t, gs+cost)
			}
		}
	}
	return 0, false
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkTableSample compares count random entries of t with abstractAStar and
// returns how many it could check within the expansion limit.
func checkTableSample(t *testing.T, tb *Table, count, limit int, rng *rand.Rand) int {
	t.Helper()
	checked := 0
	for range count {
		rank := rng.Uint64N(uint64(tb.Len()))
		cells, err := tb.Unrank(rank)
		if err != nil {
			t.Fatal(err)
		}
		d, ok := abstractAStar(tb.Size(), tb.Goal(), tb.Tiles(), cells, limit)
		if !ok {
			continue
		}
		checked++
		if v := int(tb.Value(rank)); v != d {
			t.Errorf("tiles %v at cells %v (rank %d): table %d, independent search %d", tb.Tiles(), cells, rank, v, d)
		}
	}
	return checked
}

// TestAbstractAStarAgrees checks the independent checker itself against
// whole small tables built by the Builder (fast).
func TestAbstractAStarAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, c := range []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankFirst, []int{2, 4, 6, 8}},
		{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
		{board.Size4x4, board.BlankFirst, []int{1, 5, 9, 13}},
	} {
		b, err := NewBuilder(c.size, c.goal, c.tiles)
		if err != nil {
			t.Fatal(err)
		}
		tb, err := b.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := checkTableSample(t, tb, 200, 1<<20, rng); n != 200 {
			t.Errorf("%v: only %d of 200 entries checked", c.tiles, n)
		}
	}
}

// TestTables78Sample checks random entries of the 7-8 tables (the preset
// 78, blank-last goal) against the independent forward search. It needs
// the tables: it uses the cache ($SLIDELAB_CACHE or the default cache
// directory) when it holds them, and otherwise builds them only when
// SLIDELAB_TEST_BUILD78=1 (1.2 GB, about 20 s). It is skipped with -short.
func TestTables78Sample(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the 7-8 tables")
	}
	p, err := Preset("78", board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := DefaultCacheDir()
	if err != nil {
		t.Skip("no cache directory:", err)
	}
	for _, g := range p.Groups {
		if _, err := os.Stat(filepath.Join(dir, FileName(p.Size, p.Goal, g))); err != nil && os.Getenv("SLIDELAB_TEST_BUILD78") != "1" {
			t.Skipf("the cache %s lacks the 7-8 tables (build them with `slidelab pdb build --partition 78` or set SLIDELAB_TEST_BUILD78=1)", dir)
		}
	}
	rng := rand.New(rand.NewPCG(78, 1))
	for i := range p.Groups {
		tb, _, _, err := LoadOrBuildTable(context.Background(), p, i, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := checkTableSample(t, tb, 60, 2_000_000, rng); n < 30 {
			t.Errorf("table %v: only %d of 60 entries checked within the search limit", tb.Tiles(), n)
		} else {
			t.Logf("table %v: %d of 60 random entries agree with the forward search", tb.Tiles(), n)
		}
	}
}
