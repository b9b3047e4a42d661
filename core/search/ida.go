package search

import (
	"context"
	"fmt"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/yield"
)

// The fast IDA* works on a byte array of cells with precomputed move tables
// and one specialised depth-first loop per heuristic kind (a "kernel"), chosen
// once by a type switch: no board.Board methods, interface calls or
// allocations per node. Heuristics without a specialised kernel use the
// generic one, which calls the Heuristic per node.
//
// Every kernel follows the same node protocol as the stepping IDA* so the
// counts agree exactly: a visited node is goal-tested; if it is not the goal
// it is expanded, which generates all its children (computing their h), and
// then the children whose f is within the bound are visited in move order.

// Results of a kernel's depth-first search.
const (
	dfsContinue = iota // subtree exhausted
	dfsFound           // goal reached; the path holds the moves
	dfsAbort           // cancelled or limit reached; core.stop says why
)

// noMove is the "previous move" of the root: every move is allowed.
const noMove = 4

// pollEvery is how many expansions a kernel runs between checks of the
// context and the node limit.
const pollEvery = 1 << 14

// step is one move of the blank: its direction and the cell it moves to.
type step struct {
	d, c uint8
}

// moveTable lists, for each blank cell and previous move, the moves allowed
// (all legal moves except the one undoing the previous move), in the order
// Up, Down, Left, Right.
type moveTable struct {
	steps [board.MaxCells][noMove + 1][4]step
	count [board.MaxCells][noMove + 1]uint8
}

func newMoveTable(s board.Size) *moveTable {
	mt := &moveTable{}
	for p := 0; p < s.Cells(); p++ {
		for prev := 0; prev <= noMove; prev++ {
			n := 0
			for _, d := range board.Dirs {
				if prev != noMove && d == board.Dir(prev).Inverse() {
					continue
				}
				if c, ok := s.Neighbor(p, d); ok {
					mt.steps[p][prev][n] = step{d: uint8(d), c: uint8(c)}
					n++
				}
			}
			mt.count[p][prev] = uint8(n)
		}
	}
	return mt
}

// idaCore is the state every kernel shares: bound, counters, path and the
// polling of the context and node limit.
type idaCore struct {
	mt        *moveTable
	goal      [board.MaxCells]uint8
	bound     int
	next      int // least f above the bound seen in this pass
	expanded  uint64
	generated uint64
	path      []uint8
	depth     int // solution length when found
	countdown int
	yielder   yield.Yielder
	ctx       context.Context
	limit     uint64
	stop      error
	progress  func(Progress) // Config.Progress
	start     board.Board    // the board the passes start from
	passBase  int            // IDA* passes finished before the kernel started
	pass      int            // number of the current pass, from 1
	// par is set while the kernel is a worker of a parallel pass; its
	// counts up to the last poll have been added to par's.
	par                    *parShared
	flushedExp, flushedGen uint64
	// sub is the index of the subtree a parallel worker searches, and
	// subGen0 its generated count when it started that subtree.
	sub     int
	subGen0 uint64
}

func (c *idaCore) init(s board.Size, g board.Goal) {
	c.mt = newMoveTable(s)
	gb := board.Solved(s, g)
	for p := 0; p < s.Cells(); p++ {
		c.goal[p] = uint8(gb.At(p))
	}
}

// poll checks the context and the node limit; it returns true to abort. It
// sets countdown so that the limit cannot be passed before the next poll
// (each expansion generates at most four nodes).
func (c *idaCore) poll(g, h int) bool {
	if err := c.ctx.Err(); err != nil {
		c.stop = err
		return true
	}
	c.yielder.Maybe() // in a browser, lets the page repaint
	c.countdown = pollEvery
	if c.par != nil {
		return c.par.poll(c, g, h)
	}
	if c.progress != nil {
		c.report(g, h)
	}
	if c.limit > 0 {
		if c.generated >= c.limit {
			c.stop = &LimitError{Err: ErrNodeLimit, Limit: c.limit}
			return true
		}
		if left := int((c.limit - c.generated) / 4); left < c.countdown {
			c.countdown = max(left, 1)
		}
	}
	return false
}

// report passes the counts so far to Config.Progress, with the node at depth
// g on the current path, whose estimate is h.
func (c *idaCore) report(g, h int) {
	c.progress(c.progressAt(g, h, Stats{Expanded: c.expanded, Generated: c.generated}))
}

// progressAt returns the report of the node at depth g on the current path,
// whose estimate is h, with the counts st.
func (c *idaCore) progressAt(g, h int, st Stats) Progress {
	path := make([]board.Dir, g)
	for i := range path {
		path[i] = board.Dir(c.path[i])
	}
	at := Node{G: g, H: h, Root: g == 0}
	if b, err := c.start.Apply(path); err == nil {
		at.Board = b
	}
	if g > 0 {
		at.Move = path[g-1]
	}
	return Progress{Stats: st, Bound: c.bound, Iteration: c.pass, At: at, Path: path}
}

// kernel is a specialised depth-first search for one heuristic kind.
type kernel interface {
	base() *idaCore
	// load makes b the current board and returns its h.
	load(b board.Board) int
	// search visits the current board at depth g with estimate h, reached by
	// move prev (noMove at the root). The current board is restored before
	// it returns dfsContinue.
	search(g, h, prev int) int
}

// newKernel picks the fastest kernel for h.
func newKernel(h Heuristic, s board.Size, g board.Goal) kernel {
	var k kernel
	switch h := h.(type) {
	case *Manhattan:
		k = newMDKernel(h)
	case *LinearConflict:
		if lk, ok := newLCKernel(h); ok {
			k = lk
		}
	case *DynamicPDB:
		k = newDynKernel(h)
	default:
		k = newPDBKernel(h)
	}
	if k == nil {
		k = &genericKernel{h: h, size: s}
		if inc, ok := h.(Incremental); ok {
			k.(*genericKernel).inc = inc
		}
	}
	k.base().init(s, g)
	return k
}

// solveIDA runs IDA* with the fast kernels.
func solveIDA(ctx context.Context, start board.Board, cfg Config) (Result, error) {
	if parallelWorkers(&cfg, start.Size()) > 1 {
		return solveIDAParallel(ctx, start, cfg)
	}
	if err := checkStart(start, &cfg); err != nil {
		return Result{}, err
	}
	t0 := time.Now()
	k := newKernel(cfg.Heuristic, start.Size(), cfg.Goal)
	c := k.base()
	c.ctx, c.limit, c.progress = ctx, cfg.NodeLimit, cfg.Progress
	h0 := k.load(start)
	res := Result{Algorithm: IDAStar, Heuristic: cfg.Heuristic.Name(), Start: start, H0: h0}
	err := runIterations(k, &res, h0, h0, nil)
	res.Elapsed = time.Since(t0)
	return res, err
}

// resumePoint describes an IDA* pass interrupted by the stepper: its next
// bound and counts so far, a selected node not yet expanded (if any), and
// the frames whose children are still to visit, deepest first.
type resumePoint struct {
	next     int
	iterExp  uint64 // counts of this pass before the interruption
	iterGen  uint64
	selected *pendingChild // visit this node first (at depth selG)
	selG     int
	pending  []pendingFrame
	prefix   []uint8 // moves from the start to the deepest node on the path
}

// pendingFrame is a node on the stepper's path with children left to visit.
type pendingFrame struct {
	g        int
	children []pendingChild
}

// pendingChild is a generated child not yet visited.
type pendingChild struct {
	board board.Board
	move  uint8
	h     int
}

// runIterations runs IDA* passes on res.Start from the given bound until the
// goal is found, the search aborts, or nothing is left. If rp is not nil the
// first pass finishes the interrupted pass it describes.
func runIterations(k kernel, res *Result, h0, bound int, rp *resumePoint) error {
	c := k.base()
	start := res.Start
	c.start = start
	for {
		c.bound, c.next = bound, int(^uint(0)>>1)
		if len(c.path) < bound+1 {
			c.path = make([]uint8, bound+1+16)
		}
		exp0, gen0 := c.expanded, c.generated
		c.pass = c.passBase + len(res.Iterations) + 1
		if c.progress != nil {
			c.report(0, h0)
		}
		var r int
		if rp != nil {
			c.next = rp.next
			exp0 -= rp.iterExp
			gen0 -= rp.iterGen
			r = resumePass(k, rp)
			rp = nil
		} else {
			k.load(start)
			r = k.search(0, h0, noMove)
		}
		it := Iteration{Bound: bound, Expanded: c.expanded - exp0, Generated: c.generated - gen0}
		res.Iterations = append(res.Iterations, it)
		res.Expanded, res.Generated = c.expanded, c.generated
		switch r {
		case dfsFound:
			res.Found = true
			res.Moves = make([]board.Dir, c.depth)
			for i := range res.Moves {
				res.Moves[i] = board.Dir(c.path[i])
			}
			return nil
		case dfsAbort:
			if le, ok := c.stop.(*LimitError); ok {
				le.Stats = res.Stats
				return le
			}
			return fmt.Errorf("ida*: %w", c.stop)
		}
		if c.next == int(^uint(0)>>1) {
			return fmt.Errorf("ida*: no solution (the search space is exhausted)")
		}
		bound = c.next
	}
}

// resumePass finishes a pass the stepper started: the pending children of
// every frame on its path, deepest frame first.
func resumePass(k kernel, rp *resumePoint) int {
	c := k.base()
	if len(c.path) < len(rp.prefix)+1 {
		c.path = make([]uint8, len(rp.prefix)+1+16)
	}
	copy(c.path, rp.prefix)
	if sel := rp.selected; sel != nil {
		k.load(sel.board)
		if r := k.search(rp.selG, sel.h, int(sel.move)); r != dfsContinue {
			return r
		}
	}
	for _, fr := range rp.pending {
		for _, ch := range fr.children {
			f := fr.g + 1 + ch.h
			if f > c.bound {
				c.next = min(c.next, f)
				continue
			}
			k.load(ch.board)
			c.path[fr.g] = ch.move
			if r := k.search(fr.g+1, ch.h, int(ch.move)); r != dfsContinue {
				return r
			}
		}
	}
	return dfsContinue
}
