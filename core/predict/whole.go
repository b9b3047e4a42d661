package predict

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
)

// WholeOptions sets the workers and progress of Whole.
type WholeOptions struct {
	// Workers is the number of iterations run at a time (0: one per core).
	Workers int
	// Progress, when not nil, is called after every iteration with the
	// number done and the total, never concurrently.
	Progress func(done, total int)
}

// Whole repeats KRE's own experiment: for every start of set and every
// heuristic hs[j] (with model models[j]) it runs whole IDA* iterations at
// each of bounds, not stopping at the goal (FullIteration), and predicts
// them. Every iteration is complete, and every instance has one at every
// bound, so the sums by bound are averages over the same starts, which is
// what KRE's formula predicts. FullIteration is a plain search: keep the
// bounds small on the 15-puzzle.
func Whole(ctx context.Context, set compare.Set, hs []compare.Heuristic, models []*Model, bounds []int, opt WholeOptions) (*Comparison, error) {
	if len(set.Instances) == 0 || len(hs) == 0 || len(models) != len(hs) || len(bounds) == 0 {
		return nil, fmt.Errorf("whole iterations: %d instances, %d heuristics, %d models and %d bounds", len(set.Instances), len(hs), len(models), len(bounds))
	}
	for _, b := range bounds {
		if b < 0 || b > MaxDepth {
			return nil, fmt.Errorf("whole iterations: bound %d is not in 0..%d", b, MaxDepth)
		}
	}
	boards := make([]board.Board, len(set.Instances))
	for i, in := range set.Instances {
		boards[i] = in.Board
	}
	// results[j][i][k]: heuristic j, instance i, bound k.
	results := make([][][]IterationResult, len(hs))
	for j := range results {
		results[j] = make([][]IterationResult, len(boards))
		for i := range boards {
			results[j][i] = make([]IterationResult, len(bounds))
		}
	}
	type job struct{ j, i, k int }
	total := len(hs) * len(boards) * len(bounds)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var mu sync.Mutex
	done := 0
	var firstErr error
	jobs := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, total); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for jb := range jobs {
				b, bound := boards[jb.i], bounds[jb.k]
				c, err := FullIteration(ctx, b, hs[jb.j].H, bound)
				var p Nodes
				if err == nil {
					p, err = models[jb.j].Iteration(b, bound)
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("whole iterations: instance %s with %s: %w", set.Instances[jb.i].Name, hs[jb.j].Name, err)
				}
				results[jb.j][jb.i][jb.k] = IterationResult{Bound: bound, Complete: true, Measured: c, Predicted: p}
				done++
				if opt.Progress != nil {
					opt.Progress(done, total)
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for j := range hs {
		for i := range boards {
			for k := range bounds {
				if ctx.Err() != nil {
					break feed
				}
				jobs <- job{j, i, k}
			}
		}
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("whole iterations: %w", err)
	}
	return wholeComparison(set, hs, models, boards, results)
}

// wholeComparison sets the measured and predicted whole iterations
// results[j][i][k] (heuristic j, instance i, bound k) side by side, with
// the sums by bound and the ratios per instance.
func wholeComparison(set compare.Set, hs []compare.Heuristic, models []*Model, boards []board.Board, results [][][]IterationResult) (*Comparison, error) {
	out := &Comparison{Set: set.Name, Goal: set.Goal.String(), Size: boards[0].Size().String(), Instances: len(boards), Whole: true}
	for j, h := range hs {
		hr := HeuristicResult{Heuristic: h.Name, Distribution: models[j].Distribution()}
		sums := map[int]*BoundSum{}
		var ratios []float64
		for i, b := range boards {
			ir := InstanceResult{Instance: set.Instances[i].Name, Blank: b.Blank(), H0: h.H.Estimate(b), Iterations: results[j][i]}
			for _, x := range ir.Iterations {
				hr.addComplete(&ir, sums, x)
			}
			ratios = hr.addInstance(ir, ratios)
		}
		if err := hr.finish(sums, ratios, boards); err != nil {
			return nil, err
		}
		out.Heuristics = append(out.Heuristics, hr)
	}
	return out, nil
}
