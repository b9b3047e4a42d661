package search

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestMemoryAccountingCoversHeap checks the memory a search counts against
// what the Go heap really holds for it: the count must not fall short of the
// live data (or the limit would not hold), nor exceed it wildly (or the
// limit would stop searches far too early).
func TestMemoryAccountingCoversHeap(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes allocation sizes")
	}
	hard := board.Korf100()[0].Board // 57 moves: A* with Manhattan runs out
	for _, tc := range []struct {
		alg   Algorithm
		limit int64
	}{{AStar, 48 << 20}, {BFS, 48 << 20}, {Greedy, 8 << 20}} {
		t.Run(tc.alg.String(), func(t *testing.T) {
			md, _ := NewManhattan(board.Size4x4, board.BlankLast)
			cfg := Config{Algorithm: tc.alg, Heuristic: md, MemoryLimit: tc.limit}
			if tc.alg == Greedy {
				cfg.NodeLimit = 200_000 // greedy finds a path before it fills memory
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			st, err := NewStepper(hard, cfg)
			if err != nil {
				t.Fatal(err)
			}
			_, err = st.Run(context.Background())
			var le *LimitError
			if tc.alg != Greedy && (!errors.As(err, &le) || !errors.Is(err, ErrMemoryLimit)) {
				t.Fatalf("err = %v, want the memory limit", err)
			}
			runtime.GC()
			runtime.ReadMemStats(&after)
			counted := st.bf.memoryBytes()
			live := int64(after.HeapAlloc) - int64(before.HeapAlloc)
			if tc.alg != Greedy && live > tc.limit {
				t.Errorf("the heap grew by %d bytes, more than the limit %d", live, tc.limit)
			}
			t.Logf("%v: counted %d bytes for %d nodes, heap grew by %d", tc.alg, counted, len(st.bf.nodes), live)
			if float64(counted) < 0.9*float64(live) || float64(counted) > 2.5*float64(live) {
				t.Errorf("counted %d bytes for %d nodes, the heap grew by %d", counted, len(st.bf.nodes), live)
			}
			runtime.KeepAlive(st)
		})
	}
}

// TestMemoryBudgetShared checks that searches sharing a budget stop when
// together they reach it, and give back all they took when they end.
func TestMemoryBudgetShared(t *testing.T) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	budget := NewMemoryBudget(16 << 20)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	ks := board.Korf100()
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[w] = Solve(context.Background(), ks[w].Board, Config{Algorithm: AStar, Heuristic: md, Budget: budget})
		}()
	}
	wg.Wait()
	for w, err := range errs {
		var le *LimitError
		if !errors.As(err, &le) || !errors.Is(err, ErrMemoryLimit) || le.Limit != 16<<20 {
			t.Errorf("search %d: err = %v, want the shared memory limit", w, err)
		}
	}
	if u := budget.Used(); u != 0 {
		t.Errorf("%d bytes still reserved after both searches ended", u)
	}

	// SolveAll makes one budget for its workers from MemoryLimit.
	boards := []board.Board{ks[0].Board, ks[1].Board}
	n := 0
	err := SolveAll(context.Background(), boards, Config{Algorithm: AStar, Heuristic: md, MemoryLimit: 16 << 20}, 2, func(i int, r Result, err error) {
		if errors.Is(err, ErrMemoryLimit) {
			n++
		}
	})
	if err != nil || n != 2 {
		t.Errorf("SolveAll: %v, %d of 2 boards hit the limit", err, n)
	}
}
