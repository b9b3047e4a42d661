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

func TestAllGroups(t *testing.T) {
	for _, tc := range []struct{ n, k, want int }{
		{16, 2, 105}, {16, 3, 455}, {9, 2, 28}, {9, 3, 56}, {6, 3, 10}, {4, 3, 1}, {4, 4, 0}, {9, 0, 0},
	} {
		gs := AllGroups(tc.n, tc.k)
		if len(gs) != tc.want {
			t.Fatalf("AllGroups(%d, %d): %d groups, want %d", tc.n, tc.k, len(gs), tc.want)
		}
		for i, g := range gs {
			if len(g) != tc.k || !slices.IsSorted(g) || g[0] < 1 || g[len(g)-1] >= tc.n {
				t.Fatalf("AllGroups(%d, %d): group %v", tc.n, tc.k, g)
			}
			for j := 1; j < len(g); j++ {
				if g[j] == g[j-1] {
					t.Fatalf("AllGroups(%d, %d): group %v repeats a tile", tc.n, tc.k, g)
				}
			}
			if i > 0 && slices.Compare(gs[i-1], g) >= 0 {
				t.Fatalf("AllGroups(%d, %d): %v before %v", tc.n, tc.k, gs[i-1], g)
			}
		}
	}
}

// TestBuildAllGroups checks the parallel construction against the builder
// run on each group alone, and its refusals.
func TestBuildAllGroups(t *testing.T) {
	ctx := context.Background()
	for _, s := range []board.Size{board.Size3x3, {W: 3, H: 2}, board.Size4x4} {
		for _, k := range []int{2, 3} {
			if smallMatrix() && s == board.Size4x4 && k == 3 {
				// The race form (smallMatrix) builds the 15-puzzle's 120 pairs
				// (the same workers); its 560 triples take most of the
				// test's 5 s under -race.
				continue
			}
			tables, err := BuildAllGroups(ctx, s, board.BlankLast, k, nil)
			if err != nil {
				t.Fatal(err)
			}
			groups := AllGroups(s.Cells(), k)
			for i := 0; i < len(groups); i += 1 + 10*(k-2) {
				b, err := NewBuilder(s, board.BlankLast, groups[i])
				if err != nil {
					t.Fatal(err)
				}
				want, err := b.Run(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Equal(tables[i].Tiles(), groups[i]) || !bytes.Equal(tables[i].Values(), want.Values()) {
					t.Fatalf("%s group %v: table differs from the builder's", s, groups[i])
				}
			}
		}
	}
	for _, tc := range []struct {
		s board.Size
		g board.Goal
		k int
	}{
		{board.Size4x4, board.BlankLast, 0}, {board.Size4x4, board.BlankLast, 4}, {board.Size{W: 5, H: 5}, board.BlankLast, 2},
		{board.Size4x4, board.Goal(7), 2},
	} {
		if _, err := BuildAllGroups(ctx, tc.s, tc.g, tc.k, nil); !errors.Is(err, ErrPartition) {
			t.Errorf("%s %v k=%d: err %v, want ErrPartition", tc.s, tc.g, tc.k, err)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if tabs, err := BuildAllGroups(cancelled, board.Size4x4, board.BlankLast, 3, nil); err == nil || tabs != nil {
		t.Errorf("cancelled: %d tables, err %v", len(tabs), err)
	}
}

// TestGroupsFile checks the group-set file: a round trip, damage of every
// kind detected, the cache's built / loaded / rebuilt cycle, and a cache
// that cannot be written.
func TestGroupsFile(t *testing.T) {
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankFirst
	tables, err := BuildAllGroups(ctx, s, g, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteGroups(&buf, s, g, 3, tables); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	got, err := DecodeGroups(data, s, g, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tables {
		if !bytes.Equal(got[i].Values(), tables[i].Values()) || !slices.Equal(got[i].Tiles(), tables[i].Tiles()) {
			t.Fatalf("table %d differs after the round trip", i)
		}
	}
	if err := WriteGroups(&buf, s, g, 2, tables); !errors.Is(err, ErrMismatch) {
		t.Errorf("writing triples as pairs: %v", err)
	}
	for _, tc := range []struct {
		s board.Size
		g board.Goal
		k int
	}{{s, g, 2}, {s, board.BlankLast, 3}, {board.Size4x4, g, 3}} {
		if _, err := DecodeGroups(data, tc.s, tc.g, tc.k); !errors.Is(err, ErrMismatch) {
			t.Errorf("decoded as %s %s k=%d: %v, want ErrMismatch", tc.s, tc.g, tc.k, err)
		}
	}
	for off := 0; off < len(data); off += 1 + len(data)/300 {
		bad := slices.Clone(data)
		bad[off] ^= 0x5a
		if _, err := DecodeGroups(bad, s, g, 3); err == nil {
			t.Fatalf("byte %d changed: no error", off)
		}
	}
	for n := 0; n < len(data); n += 1 + len(data)/100 {
		if _, err := DecodeGroups(data[:n], s, g, 3); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}

	dir := t.TempDir()
	for i, want := range []Source{Built, Loaded} {
		tabs, src, err := LoadOrBuildAllGroups(ctx, s, g, 3, dir, nil)
		if err != nil || src != want || len(tabs) != len(tables) {
			t.Fatalf("call %d: %d tables, %s, %v; want %s", i+1, len(tabs), src, err, want)
		}
	}
	path := filepath.Join(dir, GroupsFileName(s, g, 3))
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, src, err := LoadOrBuildAllGroups(ctx, s, g, 3, dir, nil); err != nil || src != Rebuilt {
		t.Fatalf("truncated file: %s, %v; want rebuilt", src, err)
	}
	if _, err := LoadGroups(path, s, g, 3); err != nil {
		t.Fatalf("the rebuilt file: %v", err)
	}
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tabs, _, err := LoadOrBuildAllGroups(ctx, s, g, 3, notDir, nil)
	if !errors.Is(err, ErrNotCached) || len(tabs) != len(tables) {
		t.Fatalf("cache is a file: %d tables, %v; want the tables and ErrNotCached", len(tabs), err)
	}
}
