package search

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// Parallel IDA* splits each pass of one search across workers and still
// counts, pass by pass, exactly what the single-threaded IDA* counts, and
// returns the same solution, in every run and on any number of workers:
//
//  1. The pass first walks its top levels depth-first in move order, as the
//     kernels do, down to the first depth whose level holds at least
//     subtreesPerWorker x workers nodes (or reaches the bound or the goal).
//     It records what the depth-first search meets there, in order: each
//     expansion of a top node (with the children it generates), each node
//     at that depth (the root of a subtree left to the workers) and a goal.
//  2. The workers, each with its own kernel, take the subtrees in that
//     order from a shared index (a worker that finishes a small subtree
//     takes the next one) and search each exactly as the single-threaded
//     kernel would, counting each subtree on its own. When a worker finds
//     the goal in subtree i, the subtrees after i are not needed: they are
//     not started, and running ones stop at their next poll; the subtrees
//     before i run to their end, since one of them may hold a solution the
//     depth-first order meets first, and the pass counts them all.
//  3. The pass then replays the recorded order, adding the top expansions
//     and the subtrees' counts until the first subtree (or top node) that
//     holds the goal: that is the single-threaded search's solution, and
//     its counts are the single-threaded counts, because the depth-first
//     search meets exactly those nodes before it. A pass without the goal
//     adds everything, and its next bound is the least f pruned anywhere.
//
// The node limit (Config.NodeLimit) means what it means on one worker: the
// search stops at the first node it is about to expand, in the depth-first
// order, when the nodes generated so far reach the limit, and reports the
// counts up to there. Workers stop a subtree once the limit certainly falls
// in it or before it (from a lower bound on where it starts); the replay
// finds the exact node by searching again, on one kernel with the exact
// counts, the subtree where the limit falls. Progress reports during a
// pass sum all the work of the workers, so they may run ahead of the
// final counts, which leave out subtrees after the solution's. A cancelled
// search reports all the work done.

// subtreesPerWorker is how many subtrees per worker the top of a parallel
// pass aims at: many more than workers, so that the uneven sizes of IDA*
// subtrees even out.
const subtreesPerWorker = 64

// maxInt is the "no pruned node yet" value of idaCore.next.
const maxInt = int(^uint(0) >> 1)

// parallelWorkers returns how many workers cfg asks for on boards of size s
// (at least 1). "One per core" (a negative Workers) means one on boards of
// fewer than 16 cells: their searches end in milliseconds, so goroutines
// would only add their start-up cost (the counts are the same either way).
// An explicit count is taken as given.
func parallelWorkers(cfg *Config, s board.Size) int {
	if cfg.Workers < 0 {
		if s.Cells() < 16 {
			return 1
		}
		return runtime.GOMAXPROCS(0)
	}
	return max(cfg.Workers, 1)
}

// solveIDAParallel runs IDA* on start with cfg.Workers workers.
func solveIDAParallel(ctx context.Context, start board.Board, cfg Config) (Result, error) {
	if err := checkStart(start, &cfg); err != nil {
		return Result{}, err
	}
	t0 := time.Now()
	ks := newKernels(cfg, start.Size(), parallelWorkers(&cfg, start.Size()))
	h0 := ks[0].load(start)
	res := Result{Algorithm: IDAStar, Heuristic: cfg.Heuristic.Name(), Start: start, H0: h0}
	err := runParallel(ctx, ks, cfg, &res, h0, h0, nil, 0)
	res.Elapsed = time.Since(t0)
	return res, err
}

// newKernels returns n kernels for cfg's heuristic (they share its tables).
func newKernels(cfg Config, s board.Size, n int) []kernel {
	ks := make([]kernel, n)
	for i := range ks {
		ks[i] = newKernel(cfg.Heuristic, s, cfg.Goal)
	}
	return ks
}

// runParallel runs IDA* passes on res.Start with the kernels ks as workers,
// from the given bound, until the goal is found, the search aborts, or
// nothing is left. res.Stats hold the counts before it starts and passBase
// the number of passes already finished. If rp is not nil the first pass
// finishes, on one worker, the interrupted pass it describes.
func runParallel(ctx context.Context, ks []kernel, cfg Config, res *Result, h0, bound int, rp *resumePoint, passBase int) error {
	start := res.Start
	goal := board.Solved(start.Size(), cfg.Goal)
	if rp != nil {
		r, next, err := resumeOnOne(ctx, ks[0], cfg, res, h0, bound, rp, passBase)
		if r != dfsContinue || err != nil {
			return err
		}
		if next == maxInt {
			return fmt.Errorf("ida*: no solution (the search space is exhausted)")
		}
		bound = next
	}
	target := subtreesPerWorker * len(ks)
	for {
		pass := passBase + len(res.Iterations) + 1
		before := res.Stats
		if cfg.Progress != nil {
			c := ks[0].base()
			c.start, c.bound, c.pass = start, bound, pass
			cfg.Progress(c.progressAt(0, h0, before))
		}
		t := expandTop(ks[0], start, goal, h0, bound, topDepth(ks[0], start, goal, h0, bound, target))
		subs := make([]subResult, len(t.nodes))
		var work Stats
		if cfg.NodeLimit == 0 || before.Generated < cfg.NodeLimit {
			subs, work = searchSubtrees(ctx, ks, cfg, before, start, bound, pass, t)
		}
		if err := ctx.Err(); err != nil {
			// Cancelled: no count is exact any more; report all the work.
			work.Expanded += t.expanded
			work.Generated += t.generated
			res.Iterations = append(res.Iterations, Iteration{Bound: bound, Expanded: work.Expanded, Generated: work.Generated})
			res.Expanded += work.Expanded
			res.Generated += work.Generated
			return fmt.Errorf("ida*: %w", err)
		}
		e := replayPass(ctx, ks[0], cfg, start, before, bound, pass, t, subs)
		res.Stats = e.stats
		res.Iterations = append(res.Iterations, Iteration{Bound: bound,
			Expanded: e.stats.Expanded - before.Expanded, Generated: e.stats.Generated - before.Generated})
		switch e.r {
		case dfsFound:
			res.Found, res.Moves = true, dirs(e.moves)
			return nil
		case dfsAbort:
			if le, ok := e.stop.(*LimitError); ok {
				le.Stats = res.Stats
				return le
			}
			return fmt.Errorf("ida*: %w", e.stop)
		}
		if e.next == maxInt {
			return fmt.Errorf("ida*: no solution (the search space is exhausted)")
		}
		bound = e.next
	}
}

// passEnd is how a pass of parallel IDA* ends, as the single-threaded
// search would end it.
type passEnd struct {
	r     int   // dfsContinue, dfsFound or dfsAbort
	stats Stats // counts from the search's start
	next  int   // least f pruned (when r is dfsContinue)
	moves []uint8
	stop  error // why it aborted
}

// replayPass adds up the pass in the single-threaded depth-first order:
// the top's expansions and the subtrees' counts, up to the first goal or
// the node limit. A subtree the workers did not finish, or in which the
// node limit may fall, is searched again on kernel k with the exact counts.
func replayPass(ctx context.Context, k kernel, cfg Config, start board.Board, before Stats, bound, pass int, t *top, subs []subResult) passEnd {
	e := passEnd{stats: before, next: t.next}
	limit := cfg.NodeLimit
	j := 0
	for _, ev := range t.events {
		switch {
		case ev == evGoal:
			e.r, e.moves = dfsFound, t.goal
			return e
		case ev >= 0:
			if limit > 0 && e.stats.Generated >= limit {
				e.r, e.stop = dfsAbort, &LimitError{Err: ErrNodeLimit, Limit: limit}
				return e
			}
			e.stats.Expanded++
			e.stats.Generated += uint64(ev)
		default:
			s := &subs[j]
			n := &t.nodes[j]
			j++
			if (s.state == subDone || s.state == subFound) && (limit == 0 || e.stats.Generated+s.generated < limit) {
				// Every node it expanded came before the limit.
				e.stats.Expanded += s.expanded
				e.stats.Generated += s.generated
				e.next = min(e.next, s.next)
				if s.state == subFound {
					e.r, e.moves = dfsFound, s.moves
					return e
				}
				continue
			}
			if r := e.searchAgain(ctx, k, cfg, start, bound, pass, t.depth, n); r != dfsContinue {
				e.r = r
				return e
			}
		}
	}
	e.r = dfsContinue
	return e
}

// searchAgain searches the subtree below n on kernel k, one-threaded, from
// the counts e holds, with the node limit and progress reports of cfg, and
// adds the outcome to e.
func (e *passEnd) searchAgain(ctx context.Context, k kernel, cfg Config, start board.Board, bound, pass, depth int, n *frontierNode) int {
	c := k.base()
	c.ctx, c.limit, c.progress, c.par = ctx, cfg.NodeLimit, cfg.Progress, nil
	c.start, c.bound, c.pass, c.next = start, bound, pass, maxInt
	c.expanded, c.generated = e.stats.Expanded, e.stats.Generated
	c.countdown = 0 // poll at once: the limit may already be reached
	if len(c.path) < bound+1 {
		c.path = make([]uint8, bound+1+16)
	}
	copy(c.path, n.path)
	k.load(n.board)
	r := k.search(depth, n.h, int(n.prev))
	e.stats = Stats{Expanded: c.expanded, Generated: c.generated}
	e.next = min(e.next, c.next)
	switch r {
	case dfsFound:
		e.moves = append([]uint8(nil), c.path[:c.depth]...)
	case dfsAbort:
		e.stop = c.stop
	}
	return r
}

// resumeOnOne finishes the interrupted pass rp on kernel k and records it in
// res. It returns the kernel's result, the next bound and the error that
// ends the search (nil while it goes on and when the goal was found).
func resumeOnOne(ctx context.Context, k kernel, cfg Config, res *Result, h0, bound int, rp *resumePoint, passBase int) (int, int, error) {
	c := k.base()
	c.ctx, c.limit, c.progress, c.par = ctx, cfg.NodeLimit, cfg.Progress, nil
	c.start = res.Start
	c.expanded, c.generated = res.Expanded, res.Generated
	c.bound, c.next = bound, rp.next
	c.pass = passBase + 1
	c.countdown = 0
	if len(c.path) < bound+1 {
		c.path = make([]uint8, bound+1+16)
	}
	exp0, gen0 := c.expanded-rp.iterExp, c.generated-rp.iterGen
	r := resumePass(k, rp)
	res.Iterations = append(res.Iterations, Iteration{Bound: bound, Expanded: c.expanded - exp0, Generated: c.generated - gen0})
	res.Expanded, res.Generated = c.expanded, c.generated
	switch r {
	case dfsFound:
		res.Found, res.Moves = true, dirs(c.path[:c.depth])
		return r, 0, nil
	case dfsAbort:
		if le, ok := c.stop.(*LimitError); ok {
			le.Stats = res.Stats
			return r, 0, le
		}
		return r, 0, fmt.Errorf("ida*: %w", c.stop)
	}
	return r, c.next, nil
}

// dirs converts a kernel path to directions.
func dirs(path []uint8) []board.Dir {
	out := make([]board.Dir, len(path))
	for i, d := range path {
		out[i] = board.Dir(d)
	}
	return out
}
