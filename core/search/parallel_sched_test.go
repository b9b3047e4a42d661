package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// idealSplit replays the passes of one IDA* search of start the way parallel
// IDA* splits them (the same top, the same subtrees in the same order) on one
// kernel, timing nothing: it returns the expansions of the single-threaded
// search and the makespan, in expansions, of workers workers taking the
// subtrees in order, each as soon as it is free, with the last pass ending
// when the subtree holding the solution and every one before it are done.
// Their ratio is the speedup parallel IDA* would reach on idle cores if every
// expansion took the same time; unlike a wall-clock ratio it does not depend
// on the machine's load.
func idealSplit(t testing.TB, h Heuristic, start board.Board, workers int) (serial, makespan uint64) {
	one, err := Solve(context.Background(), start, Config{Heuristic: h})
	if err != nil {
		t.Fatal(err)
	}
	k := newKernel(h, start.Size(), board.BlankLast)
	c := k.base()
	c.ctx = context.Background()
	goal := board.Solved(start.Size(), board.BlankLast)
	h0 := k.load(start)
	for _, it := range one.Iterations {
		tp := expandTop(k, start, goal, h0, it.Bound, topDepth(k, start, goal, h0, it.Bound, subtreesPerWorker*workers))
		free := make([]uint64, workers) // when each worker is free
		var end, top uint64
		j := 0
	events:
		for _, ev := range tp.events {
			if ev >= 0 { // a top expansion, before the workers start
				top++
				continue
			}
			n := &tp.nodes[j]
			j++
			c.bound, c.next, c.expanded = it.Bound, maxInt, 0
			if len(c.path) < it.Bound+1 {
				c.path = make([]uint8, it.Bound+1+16)
			}
			copy(c.path, n.path)
			k.load(n.board)
			r := k.search(tp.depth, n.h, int(n.prev))
			w := 0
			for i := range free {
				if free[i] < free[w] {
					w = i
				}
			}
			free[w] += c.expanded
			end = max(end, free[w])
			serial += c.expanded
			if r == dfsFound {
				break events
			}
		}
		serial += top
		makespan += top
		makespan += end
	}
	if serial != one.Expanded {
		t.Fatalf("%s: replay expanded %d, the search %d", start.Line(), serial, one.Expanded)
	}
	return serial, makespan
}

// BenchmarkParallelIdealSpeedup reports, for the 17 hardest 15-puzzles with
// the 7-8 tables and the reflected lookup (from the cache; skipped without
// them), the speedup of two workers over one computed by idealSplit from
// expansion counts: what parallel IDA* reaches on two idle cores, give or
// take the per-node cost differences.
func BenchmarkParallelIdealSpeedup(b *testing.B) {
	p, err := pdb.Preset("78", board.Size4x4, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	dir, err := pdb.DefaultCacheDir()
	if err != nil {
		b.Skip(err)
	}
	for _, g := range p.Groups {
		if _, err := os.Stat(filepath.Join(dir, pdb.FileName(p.Size, p.Goal, g))); err != nil {
			b.Skipf("the cache %s lacks the 7-8 tables: slidelab pdb build --partition 78", dir)
		}
	}
	h, err := NewHeuristic(context.Background(), "pdb:78+reflect", board.Size4x4, board.BlankLast, HeuristicOptions{CacheDir: dir})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		var serial, span uint64
		for n, in := range board.Hardest80() {
			s, m := idealSplit(b, h, in.Board, 2)
			b.Logf("position %d: %d expanded, makespan %d, x%.2f", n+1, s, m, float64(s)/float64(m))
			serial += s
			span += m
		}
		b.ReportMetric(float64(serial)/float64(span), "speedup-2w")
	}
}

// TestIdealSplitCountsTheSearch checks idealSplit's replay against the
// search it replays (it fails the test when the expansions differ) and that
// its makespan lies between the serial count over the workers and the
// serial count.
func TestIdealSplitCountsTheSearch(t *testing.T) {
	lc, _ := NewLinearConflict(board.Size4x4, board.BlankLast)
	for _, b := range walkBoards(t, 5, board.Size4x4, board.BlankLast, 50, 3) {
		s, m := idealSplit(t, lc, b, 2)
		if m > s || 2*m < s {
			t.Fatalf("%s: serial %d, makespan %d", b.Line(), s, m)
		}
	}
}

// BenchmarkParallelIdealSpeedup24 does the same on 24-puzzles 70 random
// moves from the goal with linear conflict (no tables needed).
func BenchmarkParallelIdealSpeedup24(b *testing.B) {
	lc, err := NewLinearConflict(board.Size5x5, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		var serial, span uint64
		for n, start := range walkBoards(b, 24, board.Size5x5, board.BlankLast, 70, 5) {
			s, m := idealSplit(b, lc, start, 2)
			b.Logf("walk %d: %d expanded, makespan %d, x%.2f", n+1, s, m, float64(s)/float64(m))
			serial += s
			span += m
		}
		b.ReportMetric(float64(serial)/float64(span), "speedup-2w")
	}
}
