package search

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/slidelab/slidelab/core/board"
)

// States of a subtree of a parallel pass.
const (
	subNotRun  = iota // never taken, or cancelled before it ended
	subDone           // searched to the end without meeting the goal
	subFound          // searched up to a goal
	subStopped        // stopped early: the node limit is certainly reached in it or before it
)

// Reasons a worker stops a subtree early (idaCore.stop).
var (
	errSuperseded = errors.New("an earlier subtree holds the pass's end")
	errLimitNear  = errors.New("the node limit falls in or before this subtree")
)

// subResult is what a worker found in one subtree.
type subResult struct {
	state               int
	expanded, generated uint64 // up to the goal when found
	next                int
	moves               []uint8
}

// parShared is what the workers of a parallel pass share: their counts,
// flushed at each poll, for progress reports; the index of the earliest
// subtree known to end the pass; and the node limit's lower bounds.
type parShared struct {
	// parent is the caller's context: the workers poll it too, for
	// contexts that only notice a cancellation when asked.
	parent   context.Context
	mu       sync.Mutex // serialises Config.Progress
	progress func(Progress)
	base     Stats // counts before the workers started (for progress)
	exp, gen atomic.Uint64
	// cut is the least index of a subtree found to hold the goal or the
	// node limit: the subtrees after it are not needed.
	cut atomic.Int64
	// limit is Config.NodeLimit; lower[j] is the generated count (from the
	// search's start) before subtree j without the subtrees before it, and
	// done[i] the generated count of subtree i once it is finished.
	limit uint64
	lower []uint64
	done  []atomic.Uint64
}

// startsAfter returns a lower bound on the generated count (from the
// search's start) where subtree j starts in the depth-first order: the top
// nodes before it and the finished subtrees before it.
func (p *parShared) startsAfter(j int) uint64 {
	n := p.lower[j]
	for i := range p.done[:j] {
		n += p.done[i].Load()
	}
	return n
}

// lowerCut lowers cut to i if i is below it.
func (p *parShared) lowerCut(i int) {
	for {
		c := p.cut.Load()
		if int64(i) >= c || p.cut.CompareAndSwap(c, int64(i)) {
			return
		}
	}
}

// poll adds the worker's counts since its last poll to the shared ones and
// reports progress; it returns true to stop the worker's subtree: the
// search is cancelled, an earlier subtree ends the pass, or the node limit
// certainly falls in this subtree or before it.
func (p *parShared) poll(c *idaCore, g, h int) bool {
	if err := p.parent.Err(); err != nil {
		c.stop = err
		return true
	}
	exp := p.exp.Add(c.expanded - c.flushedExp)
	gen := p.gen.Add(c.generated - c.flushedGen)
	c.flushedExp, c.flushedGen = c.expanded, c.generated
	if p.progress != nil {
		total := Stats{Expanded: p.base.Expanded + exp, Generated: p.base.Generated + gen}
		pr := c.progressAt(g, h, total)
		p.mu.Lock()
		p.progress(pr)
		p.mu.Unlock()
	}
	if int64(c.sub) > p.cut.Load() {
		c.stop = errSuperseded
		return true
	}
	if p.limit > 0 && p.startsAfter(c.sub)+c.generated-c.subGen0 >= p.limit {
		c.stop = errLimitNear
		return true
	}
	return false
}

// searchSubtrees searches the subtrees of t on the workers ks with bound,
// each worker taking the next subtree in depth-first order from a shared
// index. A subtree that holds the goal (or the node limit) makes the ones
// after it unnecessary: they are not started, and running ones stop at
// their next poll; the ones before it run to their end. It returns one
// result per subtree, and the work of every subtree, used or not.
func searchSubtrees(ctx context.Context, ks []kernel, cfg Config, before Stats, start board.Board, bound, pass int, t *top) ([]subResult, Stats) {
	res := make([]subResult, len(t.nodes))
	shared := &parShared{parent: ctx, progress: cfg.Progress, limit: cfg.NodeLimit,
		base: Stats{Expanded: before.Expanded + t.expanded, Generated: before.Generated + t.generated}}
	shared.cut.Store(int64(len(t.nodes)))
	if cfg.NodeLimit > 0 {
		shared.lower = make([]uint64, len(t.nodes))
		shared.done = make([]atomic.Uint64, len(t.nodes))
		for j, g := range t.before {
			shared.lower[j] = before.Generated + g
		}
	}
	var (
		idx  atomic.Int64
		mu   sync.Mutex
		work Stats
		wg   sync.WaitGroup
	)
	for _, k := range ks[:min(len(ks), len(t.nodes))] {
		c := k.base()
		c.ctx, c.limit, c.progress, c.par = ctx, 0, nil, shared
		c.start, c.bound, c.pass = start, bound, pass
		c.expanded, c.generated, c.flushedExp, c.flushedGen = 0, 0, 0, 0
		c.countdown = pollEvery
		if len(c.path) < bound+1 {
			c.path = make([]uint8, bound+1+16)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runWorker(k, t, shared, &idx, res)
			mu.Lock()
			work.Expanded += c.expanded
			work.Generated += c.generated
			mu.Unlock()
		}()
	}
	wg.Wait()
	for _, k := range ks {
		k.base().par = nil
	}
	return res, work
}

// runWorker is one worker's loop of searchSubtrees: it writes res[j] for
// each subtree j it takes.
func runWorker(k kernel, t *top, shared *parShared, idx *atomic.Int64, res []subResult) {
	c := k.base()
	for {
		i := int(idx.Add(1) - 1)
		if i >= len(t.nodes) || int64(i) > shared.cut.Load() || shared.parent.Err() != nil {
			return
		}
		if shared.limit > 0 && shared.startsAfter(i) >= shared.limit {
			// The limit falls before this subtree's end: the replay finds where.
			res[i].state = subStopped
			shared.lowerCut(i)
			return
		}
		n := &t.nodes[i]
		copy(c.path, n.path)
		k.load(n.board)
		c.sub, c.subGen0, c.next = i, c.generated, maxInt
		exp0 := c.expanded
		r := k.search(t.depth, n.h, int(n.prev))
		sr := subResult{expanded: c.expanded - exp0, generated: c.generated - c.subGen0, next: c.next}
		switch {
		case r == dfsContinue:
			sr.state = subDone
			if shared.limit > 0 {
				shared.done[i].Store(sr.generated)
			}
		case r == dfsFound:
			sr.state = subFound
			sr.moves = append([]uint8(nil), c.path[:c.depth]...)
			shared.lowerCut(i)
		case c.stop == errLimitNear:
			sr.state = subStopped
			shared.lowerCut(i)
		}
		res[i] = sr
		if r == dfsAbort && sr.state == subNotRun {
			return // cancelled, or superseded: so is every later subtree
		}
	}
}
