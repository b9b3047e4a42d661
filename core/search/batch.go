package search

import (
	"context"
	"runtime"
	"sync"

	"github.com/slidelab/slidelab/core/board"
)

// SolveAll solves many boards with the same configuration, several at a
// time on workers goroutines (0 means runtime.GOMAXPROCS(0), one per core),
// each board's search on one of them. With IDA* and fewer boards than
// workers it solves the boards one after another, each with parallel IDA*
// on all the workers (Config.Workers; it ignores the Workers it is given).
// The memory limit of A*, greedy search and BFS (Config.MemoryLimit, or
// Config.Budget when set) holds for all the boards being solved at a time
// together.
// It calls report once per board, in input order, from the calling goroutine,
// with the board's index, result and error (a per-board error such as a
// limit does not stop the others). When ctx is cancelled it stops starting
// new boards, reports (with their errors) the boards up to the first one it
// never started, and returns the context's error.
func SolveAll(ctx context.Context, starts []board.Board, cfg Config, workers int, report func(i int, r Result, err error)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if cfg.Algorithm == IDAStar && len(starts) < workers {
		// Fewer boards than workers: each board in turn on all of them.
		cfg.Workers = workers
		for i, b := range starts {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			r, err := Solve(ctx, b, cfg)
			report(i, r, err)
		}
		return nil
	}
	cfg.Workers = 1
	workers = min(workers, len(starts))
	if cfg.Budget == nil && cfg.Algorithm != IDAStar && workers > 1 {
		// One memory limit for the whole run, not one per worker.
		cfg.Budget = NewMemoryBudget(cfg.memoryLimit())
	}
	type done struct {
		i   int
		r   Result
		err error
	}
	jobs := make(chan int)
	results := make(chan done, workers)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				if ctx.Err() != nil {
					continue // cancelled: drain without starting
				}
				r, err := Solve(ctx, starts[i], cfg)
				results <- done{i, r, err}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range starts {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	// Report in input order: hold results that arrive early.
	pending := make(map[int]done)
	next := 0
	for d := range results {
		pending[d.i] = d
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			report(p.i, p.r, p.err)
			next++
		}
	}
	if next < len(starts) {
		return ctx.Err()
	}
	return nil
}
