package search

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// Parallel IDA* splits each pass of one search across workers:
//
//  1. The pass starts by expanding the root breadth-first, with the same
//     parent pruning and bound test as the depth-first kernels, one level at
//     a time until the level holds at least subtreesPerWorker x workers
//     nodes (or the bound is reached). Every node of the levels above the
//     last is expanded exactly as IDA* would expand it, so it is counted
//     once, and the nodes of the last level, in move order, are the roots
//     of the subtrees left to search.
//  2. The workers, each with its own kernel, take the subtrees from a shared
//     index (dynamic load balancing: a worker that finishes a small subtree
//     takes the next one) and search each exactly as the single-threaded
//     kernel would search it below that depth.
//  3. When the subtrees are exhausted, the next bound is the least f over
//     all the nodes pruned in the pass (the frontier's and every worker's).
//     A worker that finds the goal stops the others: every node within the
//     bound has f no larger than the bound, and IDA* only raises the bound
//     to the least f that exceeded the previous one, so a solution found at
//     the current bound is optimal.
//
// Every complete pass therefore expands and generates exactly the nodes
// the single-threaded IDA* does. The last pass differs: the workers search
// subtrees in a different order from the single-threaded depth-first one
// and stop when one of them reaches the goal, so the last pass's counts
// (and, when several optimal solutions exist, which one is returned) vary
// from run to run.

// subtreesPerWorker is how many subtrees per worker the frontier of a
// parallel pass aims at: many more than workers, so that the uneven sizes
// of IDA* subtrees even out.
const subtreesPerWorker = 64

// maxInt is the "no pruned node yet" value of idaCore.next.
const maxInt = int(^uint(0) >> 1)

// frontierNode is the root of one subtree of a parallel pass.
type frontierNode struct {
	board board.Board
	h     int
	prev  uint8   // the move that reached it (noMove for the start)
	path  []uint8 // moves from the start
}

// parShared is what the workers of a parallel pass share: their counts,
// flushed at each poll, for progress reports and the node limit.
type parShared struct {
	// parent is the caller's context: the workers' own is derived from it,
	// and they poll it too, for contexts that only notice a cancellation
	// when asked (a Done channel closed by Err).
	parent   context.Context
	mu       sync.Mutex // serialises Config.Progress
	progress func(Progress)
	limit    uint64
	base     Stats // counts before the workers of this pass started
	exp, gen atomic.Uint64
}

// poll adds the worker's counts since its last poll to the shared ones,
// reports progress and checks the node limit; it returns true to abort.
func (p *parShared) poll(c *idaCore, g, h int) bool {
	if err := p.parent.Err(); err != nil {
		c.stop = err
		return true
	}
	exp := p.exp.Add(c.expanded - c.flushedExp)
	gen := p.gen.Add(c.generated - c.flushedGen)
	c.flushedExp, c.flushedGen = c.expanded, c.generated
	total := Stats{Expanded: p.base.Expanded + exp, Generated: p.base.Generated + gen}
	if p.progress != nil {
		pr := c.progressAt(g, h, total)
		p.mu.Lock()
		p.progress(pr)
		p.mu.Unlock()
	}
	if p.limit > 0 && total.Generated >= p.limit {
		c.stop = &LimitError{Err: ErrNodeLimit, Limit: p.limit, Stats: total}
		return true
	}
	return false
}

// parallelWorkers returns how many workers cfg asks for on boards of size s
// (at least 1). "One per core" (a negative Workers) means one on boards of
// fewer than 16 cells: their searches end in milliseconds, and a split last
// pass there counts several times the nodes of one worker (each worker
// searches its subtrees until one finds the goal: 570 expanded against 180 on
// the hardest 8-puzzle with the 4-4 tables), so counts would disagree with
// stepping for nothing gained. An explicit count is taken as given.
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
		fr := expandFrontier(ks[0], start, goal, h0, bound, target)
		res.Expanded += fr.expanded
		res.Generated += fr.generated
		it := Iteration{Bound: bound, Expanded: fr.expanded, Generated: fr.generated}
		if fr.found {
			res.Iterations = append(res.Iterations, it)
			res.Found, res.Moves = true, dirs(fr.moves)
			return nil
		}
		if cfg.NodeLimit > 0 && res.Generated >= cfg.NodeLimit {
			res.Iterations = append(res.Iterations, it)
			return &LimitError{Err: ErrNodeLimit, Limit: cfg.NodeLimit, Stats: res.Stats}
		}
		out := searchSubtrees(ctx, ks, cfg, res.Stats, start, bound, pass, fr)
		it.Expanded += out.expanded
		it.Generated += out.generated
		res.Iterations = append(res.Iterations, it)
		res.Expanded += out.expanded
		res.Generated += out.generated
		switch {
		case out.moves != nil:
			res.Found, res.Moves = true, dirs(out.moves)
			return nil
		case out.err != nil:
			if le, ok := out.err.(*LimitError); ok {
				le.Stats = res.Stats
				return le
			}
			return fmt.Errorf("ida*: %w", out.err)
		}
		next := min(fr.next, out.next)
		if next == maxInt {
			return fmt.Errorf("ida*: no solution (the search space is exhausted)")
		}
		bound = next
	}
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

// frontier is the result of expanding the top of a pass breadth-first.
type frontier struct {
	nodes               []frontierNode // roots of the subtrees, in move order
	depth               int            // their depth
	expanded, generated uint64
	next                int     // least f pruned
	found               bool    // the goal lies above the subtrees
	moves               []uint8 // its path when found
}

// expandFrontier expands the top levels of a pass with bound breadth-first
// until a level holds at least target nodes, the level reaches the bound or
// the goal is met. It uses k only to compute estimates (k.load), so they are
// the kernels' own.
func expandFrontier(k kernel, start, goal board.Board, h0, bound, target int) frontier {
	mt := k.base().mt
	fr := frontier{next: maxInt}
	level := []frontierNode{{board: start, h: h0, prev: noMove}}
	for len(level) < target && fr.depth < bound {
		var below []frontierNode
		for _, n := range level {
			if n.h == 0 && n.board == goal {
				fr.found, fr.moves = true, n.path
				return fr
			}
			fr.expanded++
			blank := n.board.Blank()
			cnt := int(mt.count[blank][n.prev])
			fr.generated += uint64(cnt)
			for i := 0; i < cnt; i++ {
				st := mt.steps[blank][n.prev][i]
				child, ok := n.board.Move(board.Dir(st.d))
				if !ok {
					continue // cannot happen: the move table lists legal moves
				}
				h := k.load(child)
				if f := fr.depth + 1 + h; f > bound {
					fr.next = min(fr.next, f)
					continue
				}
				path := make([]uint8, len(n.path)+1)
				copy(path, n.path)
				path[len(n.path)] = st.d
				below = append(below, frontierNode{board: child, h: h, prev: st.d, path: path})
			}
		}
		level = below
		fr.depth++
		if len(level) == 0 {
			break
		}
	}
	fr.nodes = level
	return fr
}

// subtreeOutcome sums what the workers of a pass did.
type subtreeOutcome struct {
	expanded, generated uint64
	next                int
	moves               []uint8 // a solution (not nil) when one was found
	err                 error   // why the pass stopped early, if not found
}

// searchSubtrees searches the subtrees of fr on the workers ks with bound,
// each worker taking the next subtree from a shared index until none is
// left, one finds the goal or one aborts. before holds the counts so far
// (for progress reports and the node limit).
func searchSubtrees(ctx context.Context, ks []kernel, cfg Config, before Stats, start board.Board, bound, pass int, fr frontier) subtreeOutcome {
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	shared := &parShared{parent: ctx, progress: cfg.Progress, limit: cfg.NodeLimit, base: before}
	var (
		idx atomic.Int64
		mu  sync.Mutex
		out = subtreeOutcome{next: maxInt}
		wg  sync.WaitGroup
	)
	workers := min(len(ks), max(len(fr.nodes), 1))
	for w := 0; w < workers; w++ {
		k := ks[w]
		c := k.base()
		c.ctx, c.limit, c.progress, c.par = wctx, 0, nil, shared
		c.start, c.bound, c.next, c.pass = start, bound, maxInt, pass
		c.expanded, c.generated, c.flushedExp, c.flushedGen = 0, 0, 0, 0
		c.countdown = pollEvery
		if len(c.path) < bound+1 {
			c.path = make([]uint8, bound+1+16)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var moves []uint8
			var err error
			for {
				i := int(idx.Add(1) - 1)
				if i >= len(fr.nodes) || wctx.Err() != nil {
					break
				}
				n := &fr.nodes[i]
				copy(c.path, n.path)
				k.load(n.board)
				r := k.search(fr.depth, n.h, int(n.prev))
				if r == dfsFound {
					moves = append(make([]uint8, 0, c.depth), c.path[:c.depth]...)
					cancel()
					break
				}
				if r == dfsAbort {
					// A limit stops the others; a cancelled context is the
					// caller's (checked after the pass) or a sibling's.
					if _, ok := c.stop.(*LimitError); ok {
						err = c.stop
						cancel()
					}
					break
				}
			}
			mu.Lock()
			defer mu.Unlock()
			out.expanded += c.expanded
			out.generated += c.generated
			out.next = min(out.next, c.next)
			if moves != nil && out.moves == nil {
				out.moves = moves
			}
			if err != nil && out.err == nil {
				out.err = err
			}
		}()
	}
	wg.Wait()
	if out.moves != nil {
		out.err = nil
	} else if ctx.Err() != nil {
		out.err = ctx.Err() // cancelled from outside, whatever a worker saw
	}
	for _, k := range ks {
		k.base().par = nil
	}
	return out
}

// dirs converts a kernel path to directions.
func dirs(path []uint8) []board.Dir {
	out := make([]board.Dir, len(path))
	for i, d := range path {
		out[i] = board.Dir(d)
	}
	return out
}
