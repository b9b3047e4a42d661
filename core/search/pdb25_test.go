package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// part5x5Threes splits the 24-puzzle's tiles into eight groups of three
// (small tables, 13,800 entries each) for fast tests of the 5x5 kernels.
const part5x5Threes = "1,2,3/4,5,10/6,7,8/9,14,15/11,12,13/16,17,21/18,19,20/22,23,24"

// TestPDBKernels5x5 solves short random walks on the 24-puzzle with the
// PDB kernels (plain, reflected, one and two workers) and checks each length
// against Manhattan-distance IDA* and the generic loop, and that the
// heuristic never exceeds the true length on the states of the walks.
func TestPDBKernels5x5(t *testing.T) {
	ctx := context.Background()
	s := board.Size5x5
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		plain := testPDB(t, part5x5Threes, s, g)
		refl := testPDBReflected(t, part5x5Threes, s, g)
		md := plainManhattan{s, g}
		r := board.NewRand(5)
		walks := 10
		if testing.Short() {
			walks = 4
		}
		for i := 0; i < walks; i++ {
			b, _, err := board.RandomWalk(r, board.Solved(s, g), 16+2*i)
			if err != nil {
				t.Fatal(err)
			}
			truth, err := Solve(ctx, b, Config{Heuristic: md, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range []Heuristic{plain, refl} {
				if e := h.Estimate(b); e > truth.Length() {
					t.Fatalf("%s: estimate %d above the true length %d of %s", h.Name(), e, truth.Length(), b.Line())
				}
				fast, err := Solve(ctx, b, Config{Heuristic: h, Goal: g})
				if err != nil {
					t.Fatal(err)
				}
				if fast.Length() != truth.Length() {
					t.Fatalf("%s on %s: length %d, Manhattan IDA* %d", h.Name(), b.Line(), fast.Length(), truth.Length())
				}
				if fast.H0 != h.Estimate(b) {
					t.Fatalf("%s: kernel h0 %d, Estimate %d", h.Name(), fast.H0, h.Estimate(b))
				}
				slow, err := Solve(ctx, b, Config{Heuristic: opaque{h}, Goal: g})
				if err != nil {
					t.Fatal(err)
				}
				sameResult(t, h.Name()+" generic loop on 5x5", slow, fast)
				par, err := Solve(ctx, b, Config{Heuristic: h, Goal: g, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if par.Length() != truth.Length() {
					t.Fatalf("%s with 2 workers: length %d, want %d", h.Name(), par.Length(), truth.Length())
				}
				if end, err := b.Apply(par.Moves); err != nil || !end.IsGoal(g) {
					t.Fatalf("%s with 2 workers: the moves do not solve the board (%v)", h.Name(), err)
				}
			}
		}
	}
}

// TestPDB6666Admissible checks the full 6-6-6-6 heuristic (plain and
// reflected) on random walks of the 24-puzzle against their true lengths.
// It needs the 6666 tables: set SLIDELAB_PDB6666 to a cache directory that
// holds them (or where they may be built, about 0.5 GB and a few minutes).
func TestPDB6666Admissible(t *testing.T) {
	dir := pdb6666Dir(t)
	ctx := context.Background()
	s, g := board.Size5x5, board.BlankLast
	h, err := NewHeuristic(ctx, "pdb:6666", s, g, HeuristicOptions{CacheDir: dir, Reflect: true})
	if err != nil {
		t.Fatal(err)
	}
	inner := h.(*Reflected).inner.(*PDB)
	if info, ok := pdb.PresetOf(inner.DB().Partition); !ok || info.Name != "6666" {
		t.Fatalf("not the 6666 preset: %v", inner.DB().Partition)
	}
	md := plainManhattan{s, g}
	r := board.NewRand(24)
	for i := 0; i < 30; i++ {
		b, _, err := board.RandomWalk(r, board.Solved(s, g), 20+i)
		if err != nil {
			t.Fatal(err)
		}
		truth, err := Solve(ctx, b, Config{Heuristic: md, Goal: g})
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []Heuristic{inner, h} {
			if e := x.Estimate(b); e > truth.Length() {
				t.Fatalf("%s: estimate %d above the true length %d of %s", x.Name(), e, truth.Length(), b.Line())
			}
		}
		fast, err := Solve(ctx, b, Config{Heuristic: h, Goal: g, Workers: -1})
		if err != nil {
			t.Fatal(err)
		}
		if fast.Length() != truth.Length() {
			t.Fatalf("%s on %s: length %d, Manhattan IDA* %d", h.Name(), b.Line(), fast.Length(), truth.Length())
		}
	}
}

// plainManhattan is the Manhattan distance written out from Board.At and
// Goal.GoalCell, independent of the package's heuristics and kernels, as
// the reference for true solution lengths (IDA* with it runs the generic
// loop).
type plainManhattan struct {
	s board.Size
	g board.Goal
}

func (m plainManhattan) Name() string                     { return "plain-manhattan" }
func (m plainManhattan) Domain() (board.Size, board.Goal) { return m.s, m.g }
func (m plainManhattan) Estimate(b board.Board) int {
	d := 0
	for p := 0; p < m.s.Cells(); p++ {
		if t := b.At(p); t != 0 {
			q := m.g.GoalCell(m.s, t)
			d += plainAbs(m.s.Row(p)-m.s.Row(q)) + plainAbs(m.s.Col(p)-m.s.Col(q))
		}
	}
	return d
}

func plainAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestDynamicPDBRefuses5x5 checks that dynamically partitioned databases,
// which stay 15-puzzle-only, refuse the 24-puzzle with an error.
func TestDynamicPDBRefuses5x5(t *testing.T) {
	if _, err := LoadDynamicPDB(context.Background(), board.Size5x5, board.BlankLast, false, t.TempDir(), nil); err == nil {
		t.Error("LoadDynamicPDB on 5x5: no error")
	}
	if _, err := NewDynamicPDB(board.Size5x5, board.BlankLast, nil, nil); err == nil {
		t.Error("NewDynamicPDB on 5x5: no error")
	}
}

// korf24SecondBlankLast is the second partition of bench solve's korf24
// heuristic (cmd/slidelab's korf24Second), for TestPDBMax6666Admissible.
const korf24SecondBlankLast = "14,15,19,20,23,24/13,16,17,18,21,22/1,2,6,7,11,12/3,4,5,8,9,10"

// TestPDBMax6666Admissible checks the maximum of 6-6-6-6 + reflect and the
// second partition, plain and with the reflected lookup, on random walks of the
// 24-puzzle: never above the true length, at least 6-6-6-6's value, and
// the max kernel's solutions as long as Manhattan IDA*'s on one and two
// workers with the same counts. Like TestPDB6666Admissible it needs
// SLIDELAB_PDB6666 (a cache directory that holds or may receive the tables).
func TestPDBMax6666Admissible(t *testing.T) {
	opts := HeuristicOptions{CacheDir: pdb6666Dir(t)}
	ctx := context.Background()
	s, g := board.Size5x5, board.BlankLast
	old, err := NewHeuristic(ctx, "pdb:6666+reflect", s, g, opts)
	if err != nil {
		t.Fatal(err)
	}
	var hs []Heuristic
	for _, second := range []string{korf24SecondBlankLast, korf24SecondBlankLast + "+reflect"} {
		h, err := NewHeuristic(ctx, "max(pdb:6666+reflect,pdb:"+second+")", s, g, opts)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := newPDBKernel(h).(*pdbMaxKernel); !ok {
			t.Fatal("not run by the max kernel")
		}
		hs = append(hs, h)
	}
	r := board.NewRand(25)
	for i := 0; i < 12; i++ {
		b, _, err := board.RandomWalk(r, board.Solved(s, g), 20+2*i)
		if err != nil {
			t.Fatal(err)
		}
		truth, err := Solve(ctx, b, Config{Heuristic: plainManhattan{s, g}, Goal: g})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hs {
			if e, o := h.Estimate(b), old.Estimate(b); e > truth.Length() || e < o {
				t.Fatalf("%s on %s: estimate %d, true length %d, 6666+reflect %d", h.Name(), b.Line(), e, truth.Length(), o)
			}
			checkMaxKernel(ctx, t, h, b, g, truth.Length())
		}
	}
}

// pdb6666Dir returns the cache directory SLIDELAB_PDB6666 names, and skips
// the test when it is not set.
func pdb6666Dir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SLIDELAB_PDB6666")
	if dir == "" {
		t.Skip("set SLIDELAB_PDB6666 to a cache directory for the 6666 tables")
	}
	return filepath.Clean(dir)
}
