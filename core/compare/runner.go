package compare

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Options sets the algorithm, the limits and the parallelism of a comparison.
type Options struct {
	// Algorithm is the search algorithm; the zero value is IDA*.
	Algorithm search.Algorithm
	// Cost, Weight, DepthLimit, CycleCheck and MemoryNodes are passed to
	// every search (see search.Config).
	Cost        search.CostModel
	Weight      float64
	DepthLimit  int
	CycleCheck  search.CycleCheck
	MemoryNodes int
	// NodeLimit, when positive, stops each run once it has generated this
	// many nodes (status NodeLimit).
	NodeLimit uint64
	// Timeout, when positive, stops each run after this long (status Timeout).
	Timeout time.Duration
	// MemoryLimit bounds the memory of A*, greedy and BFS runs (bytes, 0:
	// the search package's default), for all the runs going at a time
	// together (they share one search.MemoryBudget).
	MemoryLimit int64
	// Workers is the number of runs at a time; 0 means one per core.
	Workers int
	// Progress, when not nil, is called once before the first run (Done 0)
	// and after every run, never concurrently.
	Progress func(Progress)
}

// Progress reports how far a comparison is.
type Progress struct {
	// Done runs out of Total.
	Done, Total int
	// Instance and Heuristic name the run just finished (empty at the start),
	// and Result is its outcome (nil at the start).
	Instance, Heuristic string
	Result              *Result
}

// Heuristic is a heuristic of a comparison with the name it is shown by.
type Heuristic struct {
	// Name labels the heuristic's column ("manhattan", "pdb:663").
	Name string
	// H estimates; it must be safe for concurrent use (every heuristic of
	// core/search is).
	H search.Heuristic
}

// Run solves every instance of set with every heuristic and returns the
// report. Runs are spread over Options.Workers goroutines; the report lists
// them in a fixed order (instance-major) whatever the scheduling.
//
// When ctx is cancelled, the runs going are stopped (status Cancelled, with
// their counts so far), the runs not started are marked Skipped, and Run
// returns the report together with ctx's error. A run stopped by a limit or
// failing does not stop the others. Run returns an error without a report
// only for bad arguments.
func Run(ctx context.Context, set Set, hs []Heuristic, opt Options) (*Report, error) {
	if len(set.Instances) == 0 {
		return nil, errors.New("compare: the instance set is empty")
	}
	if len(hs) == 0 {
		return nil, errors.New("compare: no heuristics")
	}
	if err := checkRun(set, hs, opt.Algorithm); err != nil {
		return nil, err
	}
	r := newReport(set, hs, opt)
	total := len(r.Results)
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, total)
	if opt.MemoryLimit <= 0 {
		opt.MemoryLimit = search.DefaultMemoryLimit
	}
	budget := search.NewMemoryBudget(opt.MemoryLimit)
	var mu sync.Mutex
	done := 0
	report := func(k int) {
		mu.Lock()
		defer mu.Unlock()
		done++
		if opt.Progress != nil {
			res := r.Results[k]
			opt.Progress(Progress{Done: done, Total: total, Instance: res.Instance, Heuristic: res.Heuristic, Result: &res})
		}
	}
	if opt.Progress != nil {
		opt.Progress(Progress{Total: total})
	}
	t0 := time.Now()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				if ctx.Err() != nil {
					report(k) // stays Skipped
					continue
				}
				in, h := set.Instances[k/len(hs)], hs[k%len(hs)]
				r.Results[k] = runOne(ctx, in, h, set.Goal, opt, budget)
				report(k)
			}
		}()
	}
	for k := 0; k < total; k++ {
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	r.Seconds = time.Since(t0).Seconds()
	if err := ctx.Err(); err != nil {
		return r, fmt.Errorf("compare: %w", err)
	}
	return r, nil
}

// checkRun checks that the instances are valid boards of one size and
// that every heuristic is given (unless the algorithm is BFS) and is for
// that size and the set's goal.
func checkRun(set Set, hs []Heuristic, alg search.Algorithm) error {
	size := set.Instances[0].Board.Size()
	for _, in := range set.Instances {
		if !in.Board.IsValid() {
			return fmt.Errorf("compare: instance %s: invalid board", in.Name)
		}
		if in.Board.Size() != size {
			return fmt.Errorf("compare: instance %s is %s but the first instance is %s", in.Name, in.Board.Size(), size)
		}
	}
	for _, h := range hs {
		if h.H == nil && alg.UsesHeuristic() {
			return fmt.Errorf("compare: heuristic %q is missing", h.Name)
		}
		if d, ok := h.H.(search.Domain); ok {
			if s, g := d.Domain(); s != size || g != set.Goal {
				return fmt.Errorf("compare: heuristic %s is for %s boards with the %s goal, not %s with %s", h.Name, s, g, size, set.Goal)
			}
		}
	}
	return nil
}

// newReport is the report of a run not started: every result Skipped.
func newReport(set Set, hs []Heuristic, opt Options) *Report {
	r := &Report{
		Set:       set.Name,
		Numbering: set.Numbering,
		Goal:      set.Goal.String(),
		Algorithm: opt.Algorithm.String(),
		NodeLimit: opt.NodeLimit,
		Timeout:   opt.Timeout.Seconds(),
	}
	if opt.Cost != search.UnitCost {
		r.CostModel = opt.Cost.String()
	}
	for _, h := range hs {
		r.Heuristics = append(r.Heuristics, h.Name)
		if h.H != nil && !search.AdmissibleUnder(h.H, opt.Cost) {
			r.Inadmissible = append(r.Inadmissible, h.Name)
		}
	}
	for _, in := range set.Instances {
		r.Instances = append(r.Instances, InstanceInfo{Name: in.Name, Board: in.Board.Flat(), Optimal: in.Optimal})
	}
	r.Results = make([]Result, len(set.Instances)*len(hs))
	for k := range r.Results {
		r.Results[k] = Result{Instance: set.Instances[k/len(hs)].Name, Heuristic: hs[k%len(hs)].Name, Status: Skipped, Length: -1, Cost: -1}
	}
	return r
}

// runOne solves one instance with one heuristic.
func runOne(ctx context.Context, in Instance, h Heuristic, goal board.Goal, opt Options, budget *search.MemoryBudget) Result {
	runCtx := ctx
	if opt.Timeout > 0 {
		var cancel context.CancelFunc
		runCtx, cancel = context.WithTimeout(ctx, opt.Timeout)
		defer cancel()
	}
	cfg := search.Config{Algorithm: opt.Algorithm, Heuristic: h.H, Goal: goal, NodeLimit: opt.NodeLimit, MemoryLimit: opt.MemoryLimit, Budget: budget,
		Cost: opt.Cost, Weight: opt.Weight, DepthLimit: opt.DepthLimit, CycleCheck: opt.CycleCheck, MemoryNodes: opt.MemoryNodes}
	t0 := time.Now()
	res, err := search.Solve(runCtx, in.Board, cfg)
	out := Result{
		Instance:  in.Name,
		Heuristic: h.Name,
		Length:    -1,
		Cost:      -1,
		H0:        res.H0,
		Expanded:  res.Expanded,
		Generated: res.Generated,
		Reopened:  res.Reopened,
		Seconds:   time.Since(t0).Seconds(),
	}
	for _, it := range res.Iterations {
		out.Iterations = append(out.Iterations, Iteration{Bound: it.Bound, Expanded: it.Expanded, Generated: it.Generated})
	}
	var le *search.LimitError
	switch {
	case err == nil && res.Found:
		out.Status = Solved
		out.Length = len(res.Moves)
		out.Cost = res.Cost
		out.Moves = board.FormatMoves(res.Moves)
		return out
	case err == nil:
		out.Status = Failed
		out.Error = "the search ended without a solution"
		return out
	case errors.As(err, &le):
		out.Status = NodeLimit
		if errors.Is(err, search.ErrMemoryLimit) {
			out.Status = MemoryLimit
		}
		if out.Expanded == 0 && out.Generated == 0 {
			out.Expanded, out.Generated, out.Reopened = le.Stats.Expanded, le.Stats.Generated, le.Stats.Reopened
		}
	case ctx.Err() != nil:
		out.Status = Cancelled
	case errors.Is(err, context.DeadlineExceeded):
		out.Status = Timeout
	default:
		out.Status = Failed
	}
	out.Error = err.Error()
	return out
}
