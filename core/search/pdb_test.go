package search

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// pdbCache memoises pattern-database heuristics per test binary; the tables
// are also kept in a cache directory under os.TempDir so that later runs
// load them instead of building.
var pdbCache struct {
	sync.Mutex
	m map[string]Heuristic
}

// testPDB returns the PDB heuristic for a partition (built once per binary).
func testPDB(t testing.TB, spec string, s board.Size, g board.Goal) *PDB {
	t.Helper()
	key := spec + "|" + s.String() + "|" + g.String()
	pdbCache.Lock()
	defer pdbCache.Unlock()
	if h, ok := pdbCache.m[key]; ok {
		return h.(*PDB)
	}
	dir := filepath.Join(os.TempDir(), "slidelab-search-test-pdb")
	h, err := NewHeuristic(context.Background(), "pdb:"+spec, s, g, HeuristicOptions{CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if pdbCache.m == nil {
		pdbCache.m = map[string]Heuristic{}
	}
	pdbCache.m[key] = h
	return h.(*PDB)
}

// testPDBReflected returns testPDB wrapped with the reflected lookup.
func testPDBReflected(t testing.TB, spec string, s board.Size, g board.Goal) *Reflected {
	t.Helper()
	r, err := NewReflected(testPDB(t, spec, s, g), s, g)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPDBKernelsOnKorf compares the specialised PDB loops (plain and
// reflected) with the generic loop on real 15-puzzle searches, and a stepped
// start finished by Run with Solve.
func TestPDBKernelsOnKorf(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("builds the 6-6-3 tables and searches about a million nodes")
	}
	ctx := context.Background()
	ks := board.Korf100()
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		for _, h := range []Heuristic{testPDB(t, "663", board.Size4x4, g), testPDBReflected(t, "663", board.Size4x4, g)} {
			for _, id := range []int{55, 79, 12, 42} {
				b := ks[id-1].Board
				if g == board.BlankFirst {
					b = board.ConvertGoal(b)
				}
				fast, err := Solve(ctx, b, Config{Heuristic: h, Goal: g})
				if err != nil {
					t.Fatal(err)
				}
				if fast.Length() != ks[id-1].Optimal {
					t.Fatalf("%s Korf %d: length %d, want %d", h.Name(), id, fast.Length(), ks[id-1].Optimal)
				}
				slow, err := Solve(ctx, b, Config{Heuristic: opaque{h}, Goal: g})
				if err != nil {
					t.Fatal(err)
				}
				sameResult(t, h.Name()+" generic loop", slow, fast)
				st, err := NewStepper(b, Config{Heuristic: h, Goal: g})
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; i < 500; i++ {
					if _, err := st.Step(ctx); err != nil {
						t.Fatal(err)
					}
				}
				stepped, err := st.Run(ctx)
				if err != nil {
					t.Fatal(err)
				}
				sameResult(t, h.Name()+" 500 steps then Run", stepped, fast)
			}
		}
	}
}

func TestNewHeuristic(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, g := board.Size3x3, board.BlankLast
	tests := []struct {
		name    string
		reflect bool
		want    string
	}{
		{"hamming", false, "hamming"},
		{"Manhattan", false, "manhattan"},
		{"lc", false, "linear-conflict"},
		{"linear-conflict", true, "linear-conflict+reflect"},
		{"pdb:44", false, "pdb:44"},
		{"pdb:1,2,3,4/5,6,7,8", true, "pdb:44+reflect"},
		{"pdb:1,2/3,4,5", false, "pdb:1,2/3,4,5"},
	}
	for _, tc := range tests {
		h, err := NewHeuristic(ctx, tc.name, s, g, HeuristicOptions{Reflect: tc.reflect, CacheDir: dir})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if h.Name() != tc.want {
			t.Errorf("%s: name %q, want %q", tc.name, h.Name(), tc.want)
		}
	}
	for _, bad := range []struct {
		name    string
		s       board.Size
		reflect bool
	}{
		{"euclid", s, false},
		{"pdb:", s, false},
		{"pdb:663", s, false},                       // a 4x4 preset on 3x3
		{"pdb:1,2,9", s, false},                     // no tile 9
		{"pdb:1,2/2,3", s, false},                   // tile in two groups
		{"manhattan", board.Size{W: 4, H: 3}, true}, // reflection needs a square board
	} {
		if _, err := NewHeuristic(ctx, bad.name, bad.s, g, HeuristicOptions{Reflect: bad.reflect, CacheDir: dir}); err == nil {
			t.Errorf("%s on %s: no error", bad.name, bad.s)
		}
	}
	ctxDone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewHeuristic(ctxDone, "pdb:1,2,3,4,5,6,7", board.Size4x4, g, HeuristicOptions{}); err == nil {
		t.Errorf("cancelled build: no error")
	}
}
