package pdb

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

var size2x3 = board.Size{W: 3, H: 2}

func TestParsePartition(t *testing.T) {
	tests := []struct {
		text    string
		size    board.Size
		goal    board.Goal
		want    string // String() of the result, "" for an error
		errText string // part of the error message
	}{
		{"663", board.Size4x4, board.BlankLast, "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4", ""},
		{"663", board.Size4x4, board.BlankFirst, "3,6,7,10,11,15/1,2,4,5,8,9/12,13,14", ""},
		{"555", board.Size4x4, board.BlankLast, "1,2,3,5,6/4,7,8,11,12/9,10,13,14,15", ""},
		{"44", board.Size3x3, board.BlankLast, "1,2,3,4/5,6,7,8", ""},
		{" 1,2 / 3 4 ", board.Size3x3, board.BlankLast, "1,2/3,4", ""},
		{"8", board.Size3x3, board.BlankLast, "8", ""},
		{"663", board.Size3x3, board.BlankLast, "", "is for 4x4 boards"},
		{"", board.Size3x3, board.BlankLast, "", "empty"},
		{"1,2/2,3", board.Size3x3, board.BlankLast, "", "tile 2 is in group 1 and group 2"},
		{"1,2,2", board.Size3x3, board.BlankLast, "", "appears twice"},
		{"0,1", board.Size3x3, board.BlankLast, "", "blank"},
		{"1,9", board.Size3x3, board.BlankLast, "", "tile 9 does not exist"},
		{"1,2//3", board.Size3x3, board.BlankLast, "", "group 2 is empty"},
		{"1,x", board.Size3x3, board.BlankLast, "", `"x" is not a tile number`},
		{"1,2,3,4,5,6,7,8,9", board.Size4x4, board.BlankLast, "", "limit"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%s/%s/%s", tc.text, tc.size, tc.goal), func(t *testing.T) {
			p, err := ParsePartition(tc.text, tc.size, tc.goal)
			if tc.want == "" {
				if err == nil || !errors.Is(err, ErrPartition) || !strings.Contains(err.Error(), tc.errText) {
					t.Fatalf("got %v, %v; want an ErrPartition containing %q", p, err, tc.errText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := p.String(); got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
			again, err := ParsePartition(p.String(), tc.size, tc.goal)
			if err != nil || again.String() != p.String() {
				t.Fatalf("round trip: %v, %v", again, err)
			}
		})
	}
}

// TestRankPerfect checks that Rank is a bijection from placements onto
// 0..Len()-1 and that Unrank inverts it, exhaustively on small groups and on
// a sample of a 6-tile group.
func TestRankPerfect(t *testing.T) {
	tests := []struct {
		size  board.Size
		tiles []int
	}{
		{size2x3, []int{1, 2}},
		{board.Size3x3, []int{1, 5, 8}},
		{board.Size3x3, []int{1, 2, 3, 4, 5, 6, 7, 8}},
		{board.Size4x4, []int{2, 3, 4}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.size, tc.tiles), func(t *testing.T) {
			if smallMatrix() && len(tc.tiles) == 8 {
				t.Skip("race form: every rank of the 8-puzzle's full table (one goroutine, 2 s); make test-short and make test-full run it")
			}
			tb := newTable(tc.size, board.BlankLast, tc.tiles)
			n, k := tc.size.Cells(), len(tc.tiles)
			want := entries(n, k)
			seen := make([]bool, want)
			count := uint64(0)
			var cells [board.MaxCells]uint8
			var rec func(i int, occ uint32)
			rec = func(i int, occ uint32) {
				if i == k {
					var pos [board.MaxCells]uint8
					for j, tile := range tc.tiles {
						pos[tile] = cells[j]
					}
					r := tb.Rank(&pos)
					if r >= want || seen[r] {
						t.Fatalf("rank %d of %v out of range or repeated", r, cells[:k])
					}
					seen[r] = true
					count++
					var back [board.MaxCells]uint8
					gotOcc := unrankCells(r, k, n, &back)
					if back != cells || gotOcc != occ {
						t.Fatalf("unrank(%d) = %v, want %v", r, back[:k], cells[:k])
					}
					return
				}
				for p := 0; p < n; p++ {
					if occ&(1<<p) == 0 {
						cells[i] = uint8(p)
						rec(i+1, occ|1<<p)
						cells[i] = 0
					}
				}
			}
			rec(0, 0)
			if count != want {
				t.Fatalf("%d placements, want %d", count, want)
			}
			// The odometer, walked one rank at a time and with jumps of
			// every length up to seekGap+1 (carries into several digits, then a
			// decode from scratch), agrees with unrankCells.
			for step := uint64(1); step <= seekGap+1; step++ {
				var od odometer
				od.init(k, n)
				for r := uint64(0); r < want; r += step {
					occ := od.seek(r)
					var cells [board.MaxCells]uint8
					wantOcc := unrankCells(r, k, n, &cells)
					if od.cells != cells || occ != wantOcc {
						t.Fatalf("step %d: odometer at %d has %v, want %v", step, r, od.cells[:k], cells[:k])
					}
				}
			}
		})
	}
}

// buildTable builds one group's table with the given number of workers.
func buildTable(t testing.TB, size board.Size, goal board.Goal, tiles []int, workers int) (*Table, []LayerStats) {
	t.Helper()
	b, err := NewBuilder(size, goal, tiles)
	if err != nil {
		t.Fatal(err)
	}
	b.SetWorkers(workers)
	var layers []LayerStats
	tb, err := b.Run(context.Background(), func(s LayerStats) { layers = append(layers, s) })
	if err != nil {
		t.Fatal(err)
	}
	return tb, layers
}

// TestAgainstBruteForce compares every entry, and every layer's state count,
// with a 0-1 BFS over full board states.
func TestAgainstBruteForce(t *testing.T) {
	tests := []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{size2x3, board.BlankLast, []int{1, 2, 3}},
		{size2x3, board.BlankLast, []int{4, 5}},
		{size2x3, board.BlankFirst, []int{1, 4}},
		{size2x3, board.BlankLast, []int{1, 2, 3, 4, 5}},
		{size2x3, board.BlankFirst, []int{2}},
		{board.Size{W: 2, H: 3}, board.BlankLast, []int{1, 3, 5}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankLast, []int{5, 6, 7, 8}},
		{board.Size3x3, board.BlankFirst, []int{1, 3, 5, 7}},
		{board.Size3x3, board.BlankLast, []int{2, 4, 6, 8, 1}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 5, 6, 7, 8}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.size, tc.goal, tc.tiles), func(t *testing.T) {
			if (testing.Short() || smallMatrix()) && len(tc.tiles) > 5 {
				t.Skip("large brute force: make test-full")
			}
			abs := bruteAbstract(tc.size, tc.goal, tc.tiles)
			want := bruteEntries(abs)
			for _, workers := range []int{1, 2, 3} {
				tb, layers := buildTable(t, tc.size, tc.goal, tc.tiles, workers)
				if got := uint64(tb.Len()); got != entries(tc.size.Cells(), len(tc.tiles)) {
					t.Fatalf("Len %d", got)
				}
				for r := uint64(0); r < uint64(tb.Len()); r++ {
					var cells [board.MaxCells]uint8
					unrankCells(r, len(tc.tiles), tc.size.Cells(), &cells)
					w, ok := want[cells]
					if !ok {
						w = Unreached
					}
					if got := int(tb.Value(r)); got != w {
						t.Fatalf("workers %d: entry %v = %d, brute force %d", workers, cells[:len(tc.tiles)], got, w)
					}
				}
				perCost := map[int]uint64{}
				for _, d := range abs {
					perCost[d]++
				}
				var total uint64
				for _, l := range layers {
					if l.States != perCost[l.Cost] {
						t.Fatalf("layer %d: %d states, brute force %d", l.Cost, l.States, perCost[l.Cost])
					}
					total += l.States
					if l.TotalStates != total {
						t.Fatalf("layer %d: total %d, want %d", l.Cost, l.TotalStates, total)
					}
				}
				if total != uint64(len(abs)) || len(layers) != len(tb.Layers()) {
					t.Fatalf("%d states in %d layers, brute force %d", total, len(layers), len(abs))
				}
			}
		})
	}
}

// TestEightPuzzleAdmissible checks every solvable 8-puzzle state: the sum of
// the 4-4 tables never exceeds the true distance, and the table of all eight
// tiles equals it.
func TestEightPuzzleAdmissible(t *testing.T) {
	goals := []board.Goal{board.BlankLast, board.BlankFirst}
	if smallMatrix() {
		goals = goals[:1] // the race form (smallMatrix) keeps blank-last: the same builds and lookups on other tables
	}
	for _, goal := range goals {
		dist := bruteDistances(board.Size3x3, goal)
		if len(dist) != 181440 {
			t.Fatalf("%d states", len(dist))
		}
		p, err := ParsePartition("44", board.Size3x3, goal)
		if err != nil {
			t.Fatal(err)
		}
		db, err := Build(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		full, err := ParsePartition("1,2,3,4,5,6,7,8", board.Size3x3, goal)
		if err != nil {
			t.Fatal(err)
		}
		exact, err := Build(context.Background(), full, nil)
		if err != nil {
			t.Fatal(err)
		}
		sumH, sumD := 0, 0
		for b, d := range dist {
			h := db.Heuristic(b)
			if h > d {
				t.Fatalf("%s: h %d > distance %d\n%v", goal, h, d, b)
			}
			if e := exact.Heuristic(b); e != d {
				t.Fatalf("%s: exact table %d, distance %d\n%v", goal, e, d, b)
			}
			sumH += h
			sumD += d
		}
		if sumH == 0 || sumH >= sumD {
			t.Fatalf("mean h %d / mean d %d: implausible", sumH, sumD)
		}
	}
}

func TestEntryCounts(t *testing.T) {
	for _, tc := range []struct {
		size  board.Size
		tiles []int
		want  int
	}{
		{board.Size4x4, []int{2, 3, 4}, 16 * 15 * 14},
		{board.Size4x4, []int{1, 5, 6, 9, 10}, 16 * 15 * 14 * 13 * 12},
		{board.Size{W: 4, H: 3}, []int{1, 5, 6, 9, 10}, 12 * 11 * 10 * 9 * 8},
		{board.Size3x3, []int{1, 2, 3, 4}, 9 * 8 * 7 * 6},
		{size2x3, []int{5}, 6},
	} {
		if smallMatrix() && tc.size == board.Size4x4 && len(tc.tiles) > 4 {
			continue // 5 tiles of the 15-puzzle: make test-full; 4x3 has 5 tiles too
		}
		tb, _ := buildTable(t, tc.size, board.BlankLast, tc.tiles, 2)
		if tb.Len() != tc.want || len(tb.Values()) != tc.want {
			t.Errorf("%v: Len %d, want %d", tc.tiles, tb.Len(), tc.want)
		}
		var reached uint64
		for _, l := range tb.Layers() {
			reached += l.New
		}
		if st := tb.Stats(); st.Reached != reached || st.Reached+st.Unreached != uint64(tc.want) {
			t.Errorf("%v: stats %+v, layers reach %d", tc.tiles, st, reached)
		}
	}
}

// TestStepAndFrontier drives a Builder by hand and checks that the sampled
// frontier states belong to the current layer (by brute force).
func TestStepAndFrontier(t *testing.T) {
	tiles := []int{1, 2, 4}
	abs := bruteAbstract(board.Size3x3, board.BlankLast, tiles)
	b, err := NewBuilder(board.Size3x3, board.BlankLast, tiles)
	if err != nil {
		t.Fatal(err)
	}
	if b.Frontier(10) != nil || b.Cost() != -1 {
		t.Fatal("frontier before the first step")
	}
	ctx := context.Background()
	for cost := 0; ; cost++ {
		st, ok, err := b.Step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if st.Cost != cost || b.Cost() != cost || !slices.Equal(st.Tiles, tiles) || st.Entries != 504 {
			t.Fatalf("step %d: %+v", cost, st)
		}
		for _, limit := range []int{1, 7, 1000} {
			fr := b.Frontier(limit)
			if len(fr) == 0 || len(fr) > limit || (limit == 1000 && uint64(len(fr)) != st.States) {
				t.Fatalf("cost %d: %d frontier states for limit %d, layer has %d", cost, len(fr), limit, st.States)
			}
			for _, s := range fr {
				var key abstractKey
				for i, c := range s.Cells {
					key.cells[i] = uint8(c)
				}
				key.blank = uint8(s.Blank)
				if d, ok := abs[key]; !ok || d != cost {
					t.Fatalf("frontier state %+v at cost %d has distance %d (%v)", s, cost, d, ok)
				}
			}
		}
	}
	if !b.Done() || b.Frontier(5) != nil {
		t.Fatal("not done after the last step")
	}
	if _, ok, err := b.Step(ctx); ok || err != nil {
		t.Fatal("step after done")
	}
	if _, err := b.Table(); err != nil {
		t.Fatal(err)
	}
}

// countdownCtx reports cancellation once Err has been called more than limit times.
type countdownCtx struct {
	context.Context
	calls atomic.Int64
	limit int64
}

func (c *countdownCtx) Err() error {
	if c.calls.Add(1) > c.limit {
		return context.Canceled
	}
	return nil
}

func TestCancel(t *testing.T) {
	size := board.Size{W: 4, H: 3}
	tiles := []int{1, 2, 3, 4, 5}
	b, err := NewBuilder(size, board.BlankLast, tiles)
	if err != nil {
		t.Fatal(err)
	}
	// Cancelled between layers: the builder stays usable.
	ctx, cancel := context.WithCancel(context.Background())
	layers := 0
	_, err = b.Run(ctx, func(LayerStats) {
		layers++
		if layers == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || layers != 3 || b.Cost() != 2 {
		t.Fatalf("Run after cancel: %v after %d layers, cost %d", err, layers, b.Cost())
	}
	if tb, err := b.Table(); tb != nil || err == nil {
		t.Fatal("an unfinished builder returned a table")
	}
	whole, err := b.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := buildTable(t, size, board.BlankLast, tiles, 2)
	if !slices.Equal(whole.Values(), want.Values()) || !slices.Equal(whole.Layers(), want.Layers()) {
		t.Fatal("resuming after a cancel between layers changed the table")
	}
	// Cancelled inside a layer (after its first chunks): the builder fails.
	for _, limit := range []int64{3, 6, 20} {
		b, err := NewBuilder(size, board.BlankLast, tiles)
		if err != nil {
			t.Fatal(err)
		}
		b.SetWorkers(2)
		cctx := &countdownCtx{Context: context.Background(), limit: limit}
		tb, err := b.Run(cctx, nil)
		if tb != nil || !errors.Is(err, context.Canceled) {
			t.Fatalf("limit %d: %v, %v", limit, tb != nil, err)
		}
		if _, _, err := b.Step(context.Background()); !errors.Is(err, ErrBuilderFailed) {
			t.Fatalf("limit %d: step after a cancel inside a layer: %v", limit, err)
		}
		if tb, err := b.Table(); tb != nil || err == nil {
			t.Fatal("a cancelled builder returned a table")
		}
	}
	p, _ := ParsePartition("1,2,3/4,5", size, board.BlankLast)
	if db, err := Build(ctx, p, nil); db != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("Build with a cancelled context: %v", err)
	}
}

func TestDBGroupOfAndHeuristic(t *testing.T) {
	p, _ := ParsePartition("1,2,3/5,6", board.Size3x3, board.BlankLast)
	db, err := Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{0: -1, 1: 0, 2: 0, 3: 0, 4: -1, 5: 1, 6: 1, 7: -1, 8: -1, 99: -1}
	for tile, g := range want {
		if got := db.GroupOf(tile); got != g {
			t.Errorf("GroupOf(%d) = %d, want %d", tile, got, g)
		}
	}
	if h := db.Heuristic(board.Solved(board.Size3x3, board.BlankLast)); h != 0 {
		t.Errorf("goal h = %d", h)
	}
	b, _ := board.Parse("2 1 3 / 4 5 6 / 7 8 0", board.Size3x3)
	var pos [board.MaxCells]uint8
	Positions(b, &pos)
	if h, sum := db.HeuristicPos(&pos), db.Tables[0].Lookup(b)+db.Tables[1].Lookup(b); h != sum || h < 2 {
		t.Errorf("h = %d, tables sum %d", h, sum)
	}
	if _, err := NewDB(p, db.Tables[:1]); err == nil {
		t.Error("NewDB accepted too few tables")
	}
	if _, err := NewDB(p, []*Table{db.Tables[1], db.Tables[0]}); !errors.Is(err, ErrMismatch) {
		t.Errorf("NewDB with swapped tables: %v", err)
	}
}

func TestFloodRegions(t *testing.T) {
	b, err := NewBuilder(board.Size4x4, board.BlankLast, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	// Wall in column 1 (cells 1,5,9,13): two regions.
	free := b.boardMask &^ (1<<1 | 1<<5 | 1<<9 | 1<<13)
	left := b.flood(1, free)
	if left != 1|1<<4|1<<8|1<<12 {
		t.Fatalf("left region %016b", left)
	}
	right := b.flood(1<<15, free)
	if bits.OnesCount32(right) != 8 || right&left != 0 {
		t.Fatalf("right region %016b", right)
	}
}

// TestReciprocalAndSelect checks the odometer's division by multiplication
// for every base a board can need, and selectFree against a bit loop.
func TestReciprocalAndSelect(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var od odometer
	od.init(15, 16)
	for i := 0; i < 15; i++ {
		d := uint64(16 - i)
		for _, x := range []uint64{0, 1, d - 1, d, d + 1, 1<<32 - 1, 1<<32 - 2, uint64(maxLayoutEntries)} {
			if q, _ := bits.Mul64(x, od.recip[i]); q != x/d {
				t.Fatalf("%d / %d = %d, got %d", x, d, x/d, q)
			}
		}
		for j := 0; j < 100000; j++ {
			x := r.Uint64() >> 32
			if q, _ := bits.Mul64(x, od.recip[i]); q != x/d {
				t.Fatalf("%d / %d = %d, got %d", x, d, x/d, q)
			}
		}
	}
	for occ := uint32(0); occ < 1<<16; occ += 7 {
		free := ^occ & 0xFFFF
		for d := uint8(0); int(d) < bits.OnesCount32(free); d++ {
			f := free
			for j := d; j > 0; j-- {
				f &= f - 1
			}
			if got, want := selectFree(occ, d), uint8(bits.TrailingZeros32(f)); got != want {
				t.Fatalf("selectFree(%016b, %d) = %d, want %d", occ, d, got, want)
			}
		}
	}
}
