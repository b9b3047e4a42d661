package pdb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// abstractKey25 is an abstract state: the group tiles' cells (ascending tile
// order) and the blank's cell.
type abstractKey25 struct {
	cells [4]uint8
	blank uint8
}

// abstractDistances computes, independently of the Builder, the least cost of
// every abstract state (group tiles' cells plus the blank's cell) from the
// goal by a 0-1 BFS over the abstract states themselves: the
// blank swaps with a neighbour, at cost 1 when the neighbour is a group tile
// and 0 otherwise. It works for at most 4 tiles.
func abstractDistances(size board.Size, goal board.Goal, tiles []int) map[abstractKey25]int {
	sorted := slices.Sorted(slices.Values(tiles))
	var start abstractKey25
	for i, t := range sorted {
		start.cells[i] = uint8(goal.GoalCell(size, t))
	}
	start.blank = uint8(goal.GoalCell(size, 0))
	dist := map[abstractKey25]int{start: 0}
	// Two buckets by cost (Dial's algorithm for costs 0 and 1).
	cur, nxt := []abstractKey25{start}, []abstractKey25(nil)
	for d := 0; len(cur) > 0; d++ {
		for i := 0; i < len(cur); i++ {
			s := cur[i]
			if dist[s] != d {
				continue
			}
			for _, dir := range board.Dirs {
				q, ok := size.Neighbor(int(s.blank), dir)
				if !ok {
					continue
				}
				t := s
				cost := 0
				for j := range sorted {
					if int(s.cells[j]) == q {
						t.cells[j] = s.blank
						cost = 1
					}
				}
				t.blank = uint8(q)
				if old, ok := dist[t]; ok && old <= d+cost {
					continue
				}
				dist[t] = d + cost
				if cost == 0 {
					cur = append(cur, t)
				} else {
					nxt = append(nxt, t)
				}
			}
		}
		cur, nxt = nxt, nil
	}
	return dist
}

// TestBigBuilderMatchesAbstractSearch builds tables of 1 to 3 tiles on
// boards of more than 16 cells and compares every entry with the least
// cost over blank cells of an abstract 0-1 BFS, and every layer's counts.
func TestBigBuilderMatchesAbstractSearch(t *testing.T) {
	cases := []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size5x5, board.BlankLast, []int{1}},
		{board.Size5x5, board.BlankLast, []int{13}},
		{board.Size5x5, board.BlankLast, []int{7, 12}},
		{board.Size5x5, board.BlankFirst, []int{1, 5, 6}},
		{board.Size5x5, board.BlankLast, []int{19, 23, 24}},
		{board.Size5x5, board.BlankLast, []int{2, 6, 8}},
		{board.Size{W: 5, H: 4}, board.BlankLast, []int{6, 7, 11}},
		{board.Size{W: 4, H: 5}, board.BlankFirst, []int{2, 5, 19}},
		{board.Size{W: 3, H: 6}, board.BlankLast, []int{4, 5, 16}},
	}
	if testing.Short() {
		cases = cases[:4]
	}
	for i, tc := range cases {
		t.Run(tc.size.String()+formatTiles(tc.tiles), func(t *testing.T) {
			if smallMatrix() && (i == 4 || i == 5) {
				t.Skip("race form: two more 5x5 groups of three tiles (a second and third abstract brute force, one goroutine); make test-full runs them")
			}
			b, err := NewBuilder(tc.size, tc.goal, tc.tiles)
			if err != nil {
				t.Fatal(err)
			}
			b.SetWorkers(2)
			tab, err := b.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			dist := abstractDistances(tc.size, tc.goal, tc.tiles)
			want := make([]int, tab.Len())
			for i := range want {
				want[i] = Unreached
			}
			perCost := map[int]uint64{}
			k, n := len(tc.tiles), tc.size.Cells()
			for s, d := range dist {
				var cells [board.MaxCells]uint8
				copy(cells[:], s.cells[:k])
				r := rankCells(&cells, k, n)
				want[r] = min(want[r], d)
				perCost[d]++
			}
			for r, v := range tab.Values() {
				if int(v) != want[r] {
					cells, _ := tab.Unrank(uint64(r))
					t.Fatalf("entry %d (cells %v) = %d, abstract search says %d", r, cells, v, want[r])
				}
			}
			for _, l := range tab.Layers() {
				if l.States != perCost[l.Cost] {
					t.Errorf("layer %d: %d states, abstract search has %d", l.Cost, l.States, perCost[l.Cost])
				}
			}
			if len(tab.Layers()) != len(perCost) {
				t.Errorf("%d layers, abstract search has %d costs", len(tab.Layers()), len(perCost))
			}
			// Lookup agrees with the entry of the solved board.
			if v := tab.Lookup(board.Solved(tc.size, tc.goal)); v != 0 {
				t.Errorf("goal lookup = %d", v)
			}
		})
	}
}

// TestBigBuilderFrontierAndCancel checks the steppable API on 5x5: Frontier
// samples are states of the last layer (their cost is the layer's in the
// abstract search), and a cancelled Step leaves nothing behind.
func TestBigBuilderFrontierAndCancel(t *testing.T) {
	size, goal, tiles := board.Size5x5, board.BlankLast, []int{12, 13}
	dist := abstractDistances(size, goal, tiles)
	b, err := NewBuilder(size, goal, tiles)
	if err != nil {
		t.Fatal(err)
	}
	for {
		st, ok, err := b.Step(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		fr := b.Frontier(1 << 30)
		if uint64(len(fr)) != st.States {
			t.Fatalf("layer %d: frontier has %d states, the layer %d", st.Cost, len(fr), st.States)
		}
		for _, s := range fr {
			var key abstractKey25
			for i, c := range s.Cells {
				key.cells[i] = uint8(c)
			}
			key.blank = uint8(s.Blank)
			if d, ok := dist[key]; !ok || d != st.Cost {
				t.Fatalf("layer %d: frontier state %v has abstract cost %d (found %v)", st.Cost, s, d, ok)
			}
		}
		if few := b.Frontier(3); len(few) > 3 {
			t.Fatalf("Frontier(3) gave %d states", len(few))
		}
	}
	if !b.Done() {
		t.Fatal("not done")
	}

	b, err = NewBuilder(size, goal, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Step(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := b.Step(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled step: %v", err)
	}
	if _, err := b.Table(); err == nil {
		t.Fatal("a table after cancellation")
	}
}

// TestBigTableFileRoundTrip saves and loads a 5x5 table, and refuses
// truncated and corrupted copies.
func TestBigTableFileRoundTrip(t *testing.T) {
	p := Partition{Size: board.Size5x5, Goal: board.BlankLast, Groups: [][]int{{1, 2, 6}, {24}}}
	dir := t.TempDir()
	db, err := LoadOrBuild(context.Background(), p, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, err := LoadOrBuild(context.Background(), p, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range db.Tables {
		if !slices.Equal(db.Tables[i].Values(), again.Tables[i].Values()) {
			t.Fatalf("table %d differs after loading", i)
		}
	}
	path := filepath.Join(dir, FileName(p.Size, p.Goal, p.Groups[0]))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"truncated", data[:len(data)-100], ErrTruncated},
		{"flipped", func() []byte { d := slices.Clone(data); d[len(d)-50] ^= 1; return d }(), ErrCorrupt},
		{"header only", data[:40], ErrTruncated},
	} {
		bad := filepath.Join(t.TempDir(), "bad.pdb")
		if err := os.WriteFile(bad, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(bad); !errors.Is(err, tc.want) && !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	// Rank and Unrank invert each other on 25 cells.
	tab := db.Tables[0]
	for r := uint64(0); r < uint64(tab.Len()); r += 997 {
		cells, err := tab.Unrank(r)
		if err != nil {
			t.Fatal(err)
		}
		var pos [board.MaxCells]uint8
		for i, tile := range tab.Tiles() {
			pos[tile] = uint8(cells[i])
		}
		if got := tab.Rank(&pos); got != r {
			t.Fatalf("Rank(Unrank(%d)) = %d", r, got)
		}
	}
}

// TestPreset6666 checks that the 6666 preset is Korf and Felner's partition
// of the blank-first goal turned by ConvertGoal, group for group.
func TestPreset6666(t *testing.T) {
	korf := [][]int{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}
	last, err := ParsePartition("6-6-6-6", board.Size5x5, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	// Tile t in the blank-first goal sits where ConvertGoal puts tile 25-t.
	solved := board.Solved(board.Size5x5, board.BlankFirst)
	conv := board.ConvertGoal(solved)
	if conv != board.Solved(board.Size5x5, board.BlankLast) {
		t.Fatal("ConvertGoal does not map goal to goal")
	}
	var mapped [][]int
	for _, g := range korf {
		var m []int
		for _, tile := range g {
			m = append(m, 25-tile)
		}
		slices.Sort(m)
		mapped = append(mapped, m)
	}
	var got [][]int
	for _, g := range last.Groups {
		got = append(got, slices.Sorted(slices.Values(g)))
	}
	slices.SortFunc(mapped, slices.Compare)
	slices.SortFunc(got, slices.Compare)
	if !slices.EqualFunc(mapped, got, slices.Equal) {
		t.Fatalf("6666 groups %v, Korf and Felner's mapped %v", got, mapped)
	}
	first, err := Preset("6666", board.Size5x5, board.BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	var gotFirst [][]int
	for _, g := range first.Groups {
		gotFirst = append(gotFirst, slices.Sorted(slices.Values(g)))
	}
	slices.SortFunc(gotFirst, slices.Compare)
	slices.SortFunc(korf, slices.Compare)
	if !slices.EqualFunc(korf, gotFirst, slices.Equal) {
		t.Fatalf("6666 for blank-first %v, want Korf and Felner's %v", gotFirst, korf)
	}
	if _, err := Preset("6666", board.Size4x4, board.BlankLast); err == nil {
		t.Fatal("6666 accepted on 4x4")
	}
}

// TestBigBuilderWorkersAgree builds a 4-tile 5x5 table (many chunks) on one
// worker (plain memory operations) and on three (atomic ORs) and compares
// the tables and layers.
func TestBigBuilderWorkersAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("two builds of 303,600 entries")
	}
	var tabs []*Table
	for _, w := range []int{1, 3} {
		b, err := NewBuilder(board.Size5x5, board.BlankLast, []int{7, 8, 12, 13})
		if err != nil {
			t.Fatal(err)
		}
		b.SetWorkers(w)
		tab, err := b.Run(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		tabs = append(tabs, tab)
	}
	if !slices.Equal(tabs[0].Values(), tabs[1].Values()) || !slices.Equal(tabs[0].Layers(), tabs[1].Layers()) {
		t.Fatal("one worker and three workers disagree")
	}
	if s := tabs[0].Stats(); s.Unreached != 0 || s.Max == 0 {
		t.Fatalf("stats %+v: every placement of 4 tiles is reachable", s)
	}
}

// TestBigBoardsRefused checks the clear errors for what stays 15-puzzle-only
// and for groups too large on 25 cells, and that 7-tile groups are taken.
func TestBigBoardsRefused(t *testing.T) {
	if _, err := NewFringeBuilder(board.Size5x5, board.BlankLast, []int{1, 2}); err == nil || !errors.Is(err, ErrPartition) {
		t.Errorf("fringe builder on 5x5: %v", err)
	}
	if _, err := ParsePartition("1,2,3,4,5,6,7/8", board.Size5x5, board.BlankLast); err != nil {
		t.Errorf("a 7-tile group on 5x5 (2.4 billion entries) refused: %v", err)
	}
	if _, err := ParsePartition("1,2,3,4,5,6,7,8/9", board.Size5x5, board.BlankLast); err == nil || !strings.Contains(err.Error(), "7 on the 24-puzzle") {
		t.Errorf("an 8-tile group on 5x5 (43.6 billion entries): %v", err)
	}
	if _, err := ParsePartition("1,2,3,4,5,6,7,8,9", board.Size{W: 5, H: 3}, board.BlankLast); err == nil {
		t.Error("a 9-tile group on 5x3 (1.8 billion entries, more than a bit-set layout takes) accepted")
	}
	if _, err := NewBuilder(board.Size5x5, board.BlankLast, []int{0, 1}); err == nil {
		t.Error("the blank in a 5x5 group accepted")
	}
	if _, err := NewBuilder(board.Size5x5, board.BlankLast, []int{25}); err == nil {
		t.Error("tile 25 on 5x5 accepted")
	}
}

// cancelAfter is a context whose Err reports cancellation from its n-th
// call on, to cancel a Step in the middle of a layer.
type cancelAfter struct {
	context.Context
	calls, n int32
}

func (c *cancelAfter) Err() error {
	if atomic.AddInt32(&c.calls, 1) >= c.n {
		return context.Canceled
	}
	return nil
}

// TestBigBuilderCancelMidLayer cancels a 5x5 Step while its workers expand
// a layer: the Step fails, no table is returned, and the builder refuses to
// go on (nothing half-made is left to use).
func TestBigBuilderCancelMidLayer(t *testing.T) {
	b, err := NewBuilder(board.Size5x5, board.BlankLast, []int{7, 8, 12, 13})
	if err != nil {
		t.Fatal(err)
	}
	b.SetWorkers(2)
	for i := 0; i < 6; i++ { // grow the layers past one chunk of work
		if _, _, err := b.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	ctx := &cancelAfter{Context: context.Background(), n: 3}
	if _, _, err := b.Step(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("step cancelled mid-layer: %v", err)
	}
	if _, err := b.Table(); err == nil {
		t.Fatal("a table after a cancelled step")
	}
	if _, _, err := b.Step(context.Background()); !errors.Is(err, ErrBuilderFailed) {
		t.Fatalf("step after cancellation: %v", err)
	}
	if fr := b.Frontier(10); fr != nil {
		t.Fatalf("frontier after cancellation: %v", fr)
	}
}
