package search

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// part5x5ThreesB is a second partition of the 24-puzzle into groups of
// three, cutting across part5x5Threes, for the max kernel's tests.
const part5x5ThreesB = "1,6,11/2,3,7/4,9,14/5,10,15/8,12,13/16,21,22/17,18,23/19,20,24"

// maxOf returns the maximum of hs or fails the test.
func maxOf(t *testing.T, hs ...Heuristic) *Max {
	t.Helper()
	m, err := NewMax(hs...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestPDBMaxKernel5x5 checks the kernel for the maximum of several PDB sums
// node for node against the generic loop, on one and two workers, for two
// partitions each with the reflected lookup, a reflected maximum, and a
// partition with its own reflection, on random walks of the 24-puzzle; and
// that its h0 is the heuristic's estimate and never above the true length.
func TestPDBMaxKernel5x5(t *testing.T) {
	ctx := context.Background()
	s := board.Size5x5
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		a, b := testPDB(t, part5x5Threes, s, g), testPDB(t, part5x5ThreesB, s, g)
		ra, rb := testPDBReflected(t, part5x5Threes, s, g), testPDBReflected(t, part5x5ThreesB, s, g)
		rab, err := NewReflected(maxOf(t, a, b), s, g)
		if err != nil {
			t.Fatal(err)
		}
		hs := []Heuristic{maxOf(t, ra, rb), rab, maxOf(t, a, ra), maxOf(t, a, b)}
		for _, h := range hs {
			if _, ok := newPDBKernel(h).(*pdbMaxKernel); !ok {
				t.Fatalf("%s: not run by the max kernel", h.Name())
			}
		}
		r := board.NewRand(7)
		walks := 6
		if testing.Short() {
			walks = 3
		}
		for i := 0; i < walks; i++ {
			start, _, err := board.RandomWalk(r, board.Solved(s, g), 18+2*i)
			if err != nil {
				t.Fatal(err)
			}
			truth, err := Solve(ctx, start, Config{Heuristic: plainManhattan{s, g}, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range hs {
				checkMaxKernel(ctx, t, h, start, g, truth.Length())
			}
		}
	}
}

// checkMaxKernel solves start with h's kernel and compares it with the
// generic loop and with two workers.
func checkMaxKernel(ctx context.Context, t *testing.T, h Heuristic, start board.Board, g board.Goal, want int) {
	t.Helper()
	if e := h.Estimate(start); e > want {
		t.Fatalf("%s: estimate %d above the true length %d of %s", h.Name(), e, want, start.Line())
	}
	fast, err := Solve(ctx, start, Config{Heuristic: h, Goal: g})
	if err != nil {
		t.Fatal(err)
	}
	if fast.Length() != want || fast.H0 != h.Estimate(start) {
		t.Fatalf("%s on %s: length %d h0 %d, want %d and %d", h.Name(), start.Line(), fast.Length(), fast.H0, want, h.Estimate(start))
	}
	slow, err := Solve(ctx, start, Config{Heuristic: opaque{h}, Goal: g})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, h.Name()+" generic loop", slow, fast)
	par, err := Solve(ctx, start, Config{Heuristic: h, Goal: g, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sameResult(t, h.Name()+" two workers", par, fast)
}

// TestPDBMaxKernelOnKorf compares the max kernel with the generic loop on
// 15-puzzle searches with 6-6-3 and 5-5-5, each with the reflected lookup.
func TestPDBMaxKernelOnKorf(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("builds the 6-6-3 and 5-5-5 tables and searches about a million nodes")
	}
	ctx := context.Background()
	ks := board.Korf100()
	g := board.BlankLast
	h := maxOf(t, testPDBReflected(t, "663", board.Size4x4, g), testPDBReflected(t, "555", board.Size4x4, g))
	for _, id := range []int{55, 79, 12} {
		checkMaxKernel(ctx, t, h, ks[id-1].Board, g, ks[id-1].Optimal)
	}
}
