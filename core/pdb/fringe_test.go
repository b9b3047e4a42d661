package pdb

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestFringeAgainstBruteForce checks every entry of fringe tables against a
// BFS over full states: the least true distance over the full states that
// map to an abstract state (pattern tiles and blank) equals the table entry,
// and entries no full state maps to are Unreached.
func TestFringeAgainstBruteForce(t *testing.T) {
	s32 := board.Size{W: 3, H: 2}
	cases := []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{s32, board.BlankLast, []int{1, 2, 4}},
		{s32, board.BlankFirst, []int{5}},
		{s32, board.BlankLast, []int{1, 2, 3, 4}}, // every tile but one: parity leaves half unreached
		{board.Size{W: 2, H: 3}, board.BlankLast, []int{2, 3}},
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 7}},
		{board.Size3x3, board.BlankLast, []int{3, 6, 7, 8}},
		{board.Size3x3, board.BlankFirst, []int{8, 5, 2}},
	}
	dists := map[[2]int]map[board.Board]int{}
	for _, c := range cases {
		if smallMatrix() && c.size == board.Size3x3 && c.goal == board.BlankFirst {
			continue // the race form (smallMatrix) keeps the blank-last 8-puzzle: blank-first needs a second full BFS
		}
		key := [2]int{c.size.W*10 + c.size.H, int(c.goal)}
		if dists[key] == nil {
			dists[key] = bruteDistances(c.size, c.goal)
		}
		for _, workers := range []int{1, 3} {
			b, err := NewFringeBuilder(c.size, c.goal, c.tiles)
			if err != nil {
				t.Fatal(err)
			}
			b.SetWorkers(workers)
			tb, err := b.Run(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if tb.Kind() != KindFringe || !slices.Equal(tb.PatternTiles(), slices.Sorted(slices.Values(c.tiles))) || tb.Tiles()[0] != 0 {
				t.Fatalf("%v: kind %v tiles %v", c.tiles, tb.Kind(), tb.Tiles())
			}
			want := make([]int, tb.Len())
			for i := range want {
				want[i] = Unreached
			}
			var pos [board.MaxCells]uint8
			for bd, d := range dists[key] {
				Positions(bd, &pos)
				r := tb.Rank(&pos)
				want[r] = min(want[r], d)
			}
			for r, w := range want {
				if got := int(tb.Value(uint64(r))); got != w {
					t.Fatalf("%s %s %v workers %d: entry %d = %d, brute force %d", c.size, c.goal, c.tiles, workers, r, got, w)
				}
			}
			var total uint64
			for _, l := range tb.Layers() {
				if l.States != l.New {
					t.Errorf("layer %d: %d states, %d new entries", l.Cost, l.States, l.New)
				}
				total += l.New
			}
			if h := tb.Histogram(); total+h[Unreached] != uint64(tb.Len()) {
				t.Errorf("layers count %d entries, table %d, unreached %d", total, tb.Len(), h[Unreached])
			}
		}
	}
}

func TestFringeStepFrontierCancel(t *testing.T) {
	b, err := NewFringeBuilder(board.Size3x3, board.BlankLast, []int{1, 2, 3, 4, 7})
	if err != nil {
		t.Fatal(err)
	}
	if f := b.Frontier(5); f != nil {
		t.Fatalf("frontier before the first step: %v", f)
	}
	st, ok, err := b.Step(context.Background())
	if err != nil || !ok || st.Cost != 0 || st.States != 1 {
		t.Fatalf("first step: %+v %v %v", st, ok, err)
	}
	f := b.Frontier(5)
	if len(f) != 1 || f[0].Blank != 8 || !slices.Equal(f[0].Cells, []int{0, 1, 2, 3, 6}) {
		t.Fatalf("layer 0 frontier %v", f)
	}
	st, ok, err = b.Step(context.Background())
	if err != nil || !ok || st.Cost != 1 || st.States != 2 {
		t.Fatalf("second step: %+v %v %v", st, ok, err)
	}
	for _, s := range b.Frontier(10) {
		if s.Blank != 5 && s.Blank != 7 {
			t.Errorf("layer 1 state %v: blank not next to its goal", s)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := b.Step(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled step: %v", err)
	}
	if _, err := b.Run(context.Background(), nil); err != nil {
		t.Fatalf("a step refused before it started must leave the builder usable: %v", err)
	}
	if _, err := NewFringeBuilder(board.Size4x4, board.BlankLast, []int{1, 2, 3, 4, 5, 6, 7, 8}); err == nil {
		t.Error("8 tiles and the blank on 4x4 accepted")
	}
	for _, bad := range [][]int{{0, 1}, {1, 1}, {9}, {}} {
		if _, err := NewFringeBuilder(board.Size3x3, board.BlankLast, bad); !errors.Is(err, ErrPartition) {
			t.Errorf("tiles %v: %v", bad, err)
		}
	}
}

func TestFringeFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	tiles := []int{3, 6, 7, 8}
	ft, src, _, err := LoadOrBuildFringe(ctx, board.Size3x3, board.BlankLast, tiles, dir, nil)
	if err != nil || src != Built {
		t.Fatalf("first: %v %v", src, err)
	}
	again, src, _, err := LoadOrBuildFringe(ctx, board.Size3x3, board.BlankLast, tiles, dir, nil)
	if err != nil || src != Loaded || !bytes.Equal(again.Values(), ft.Values()) || again.Kind() != KindFringe {
		t.Fatalf("second: %v %v", src, err)
	}
	// The additive table of the same tiles lives under another name.
	p := Partition{Size: board.Size3x3, Goal: board.BlankLast, Groups: [][]int{tiles}}
	at, src, _, err := LoadOrBuildTable(ctx, p, 0, dir, nil)
	if err != nil || src != Built || at.Kind() != KindAdditive {
		t.Fatalf("additive: %v %v", src, err)
	}
	fringePath := filepath.Join(dir, FringeFileName(board.Size3x3, board.BlankLast, tiles))
	addPath := filepath.Join(dir, FileName(board.Size3x3, board.BlankLast, tiles))
	if fringePath == addPath {
		t.Fatal("same file name for both kinds")
	}
	// Additive files stay version 1; fringe files are version 2.
	for path, v := range map[string]byte{addPath: 1, fringePath: 2} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if data[len(fileMagic)] != v {
			t.Errorf("%s: version %d, want %d", path, data[len(fileMagic)], v)
		}
	}
	// Either kind's loader refuses the other kind's file.
	if _, err := LoadFor(fringePath, board.Size3x3, board.BlankLast, []int{0, 3, 6, 7, 8}); !errors.Is(err, ErrMismatch) {
		t.Errorf("additive loader on a fringe file: %v", err)
	}
	if _, err := LoadFringeFor(addPath, board.Size3x3, board.BlankLast, tiles); !errors.Is(err, ErrMismatch) {
		t.Errorf("fringe loader on an additive file: %v", err)
	}
	// Damage: a bad kind byte, a truncation, a flipped payload byte.
	data, _ := os.ReadFile(fringePath)
	bad := slices.Clone(data)
	bad[len(fileMagic)+2] = 7
	if _, err := Decode(bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("kind 7: %v", err)
	}
	for _, n := range []int{3, len(fileMagic) + 2, len(fileMagic) + 3, 20, len(data) - 1} {
		if _, err := Read(bytes.NewReader(data[:n]), -1); err == nil {
			t.Errorf("truncated to %d bytes: no error", n)
		}
	}
	bad = slices.Clone(data)
	bad[len(bad)-10] ^= 1
	if _, err := Decode(bad); !errors.Is(err, ErrCorrupt) {
		t.Errorf("flipped byte: %v", err)
	}
	if _, err := Read(bytes.NewReader(data), int64(len(data))); err != nil {
		t.Errorf("intact file through Read: %v", err)
	}
}

func TestParseFringe(t *testing.T) {
	cases := []struct {
		text string
		size board.Size
		goal board.Goal
		want [][]int
		ok   bool
	}{
		{"cs", board.Size4x4, board.BlankLast, [][]int{{1, 2, 3, 4, 5, 9, 13}}, true},
		// Culberson and Schaeffer's own tiles for their blank-first goal.
		{"cs", board.Size4x4, board.BlankFirst, [][]int{{3, 7, 11, 12, 13, 14, 15}}, true},
		{"CS", board.Size3x3, board.BlankLast, [][]int{{1, 2, 3, 4, 7}}, true},
		{"cs6", board.Size3x3, board.BlankLast, nil, false},
		{"1,2,3,4,7/3 6 7 8", board.Size3x3, board.BlankLast, [][]int{{1, 2, 3, 4, 7}, {3, 6, 7, 8}}, true},
		{"1,2,x", board.Size3x3, board.BlankLast, nil, false},
		{"0,1", board.Size3x3, board.BlankLast, nil, false},
		{"1,2/", board.Size3x3, board.BlankLast, nil, false},
		{"", board.Size3x3, board.BlankLast, nil, false},
		{"1,2,3,4,5,6,7,8", board.Size4x4, board.BlankLast, nil, false},
	}
	for _, c := range cases {
		f, err := ParseFringe(c.text, c.size, c.goal)
		if (err == nil) != c.ok {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		if c.ok && !sameGroups(f.Groups, c.want) {
			t.Errorf("%q: %v, want %v", c.text, f.Groups, c.want)
		}
		if !c.ok && !errors.Is(err, ErrPartition) {
			t.Errorf("%q: error %v does not wrap ErrPartition", c.text, err)
		}
	}
}
