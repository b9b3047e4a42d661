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

// mdShift places the tile above the cell (5 bits for up to 25 cells) and the
// direction (2 bits) in an index of a Manhattan delta table.
const mdShift = 7

// mdDeltaLen is the length of a Manhattan delta table.
const mdDeltaLen = board.MaxCells << mdShift

// mdKernel is IDA* with Manhattan distance updated from a delta table.
type mdKernel struct {
	idaCore
	cells [board.MaxCells]uint8
	blank int
	// delta[tile<<mdShift | cell<<2 | dir] is the change in h when the blank
	// moves in direction dir into cell, sliding tile out of it.
	delta [mdDeltaLen]int8
	m     *Manhattan
}

func newMDKernel(m *Manhattan) *mdKernel {
	k := &mdKernel{m: m}
	s := m.size
	for t := 1; t < m.n; t++ {
		for c := 0; c < m.n; c++ {
			for _, d := range board.Dirs {
				if b, ok := s.Neighbor(c, d.Inverse()); ok {
					k.delta[t<<mdShift|c<<2|int(d)] = m.dist[t][b] - m.dist[t][c]
				}
			}
		}
	}
	return k
}

func (k *mdKernel) base() *idaCore { return &k.idaCore }

func (k *mdKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.m.n; p++ {
		k.cells[p] = uint8(b.At(p))
	}
	k.blank = b.Blank()
	return k.m.Estimate(b)
}

func (k *mdKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *mdKernel) dfs(blank, g, h, prev int) int {
	if h == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var hs [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		hs[i] = h + int(k.delta[int(k.cells[st.c])<<mdShift|int(st.c)<<2|int(st.d)])
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// maxLCTable bounds the size of a line-penalty table (base L+1, L digits).
const maxLCTable = 1 << 20

// lcKernel is IDA* with linear conflict: Manhattan from a delta table plus
// line penalties looked up from a table indexed by a base-(L+1) key per
// line, kept up to date as tiles move.
type lcKernel struct {
	idaCore
	cells  [board.MaxCells]uint8
	blank  int
	lc     *LinearConflict
	w, h   int
	md     [mdDeltaLen]int8
	key    [2 * board.MaxCells]int32 // rows 0..H-1, then columns H..H+W-1
	pen    [2 * board.MaxCells]int8
	rowTab []int8 // penalty by row key
	colTab []int8 // penalty by column key
	// rk[t][p] and ck[t][p]: what tile t in cell p adds to its row's and its column's key.
	rk, ck [board.MaxCells][board.MaxCells]int32
}

func newLCKernel(lc *LinearConflict) (*lcKernel, bool) {
	s := lc.size
	rowTab, ok1 := penaltyTable(s.W)
	colTab, ok2 := penaltyTable(s.H)
	if !ok1 || !ok2 {
		return nil, false
	}
	k := &lcKernel{lc: lc, w: s.W, h: s.H, rowTab: rowTab, colTab: colTab}
	md := newMDKernel(&lc.Manhattan)
	k.md = md.delta
	for t := 1; t < lc.n; t++ {
		for p := 0; p < lc.n; p++ {
			r, c := s.Row(p), s.Col(p)
			if lc.goalRow[t] == r {
				k.rk[t][p] = int32(lc.goalCol[t]+1) * pow32(s.W+1, c)
			}
			if lc.goalCol[t] == c {
				k.ck[t][p] = int32(lc.goalRow[t]+1) * pow32(s.H+1, r)
			}
		}
	}
	return k, true
}

// penaltyTable returns, for every key of a line of length L (digit i, base
// L+1, is 0 for a tile not in its goal line or 1 + its goal index), the
// linear-conflict penalty 2 x (in-line tiles - LIS).
func penaltyTable(L int) ([]int8, bool) {
	size := 1
	for i := 0; i < L; i++ {
		size *= L + 1
		if size > maxLCTable {
			return nil, false
		}
	}
	tab := make([]int8, size)
	var goals [board.MaxCells]int
	for key := range tab {
		k, x := 0, key
		for i := 0; i < L; i++ {
			if d := x % (L + 1); d > 0 {
				goals[k] = d - 1
				k++
			}
			x /= L + 1
		}
		tab[key] = int8(2 * (k - longestIncreasing(goals[:k])))
	}
	return tab, true
}

func pow32(b, e int) int32 {
	r := int32(1)
	for ; e > 0; e-- {
		r *= int32(b)
	}
	return r
}

func (k *lcKernel) base() *idaCore { return &k.idaCore }

func (k *lcKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	k.key = [2 * board.MaxCells]int32{}
	n := k.lc.n
	for p := 0; p < n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		k.key[p/k.w] += k.rk[t][p]
		k.key[k.h+p%k.w] += k.ck[t][p]
	}
	k.blank = b.Blank()
	h := k.lc.Manhattan.Estimate(b)
	for r := 0; r < k.h; r++ {
		k.pen[r] = k.rowTab[k.key[r]]
		h += int(k.pen[r])
	}
	for c := 0; c < k.w; c++ {
		k.pen[k.h+c] = k.colTab[k.key[k.h+c]]
		h += int(k.pen[k.h+c])
	}
	return h
}

func (k *lcKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *lcKernel) dfs(blank, g, h, prev int) int {
	if h == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var hs [4]int
	w, hh := k.w, k.h
	for i := 0; i < n; i++ {
		st := steps[i]
		c := int(st.c)
		t := int(k.cells[c])
		v := h + int(k.md[t<<mdShift|c<<2|int(st.d)])
		if st.d >= uint8(board.Left) {
			// Horizontal: the tile leaves column c%w for column blank%w.
			l1, l2 := hh+c%w, hh+blank%w
			v += int(k.colTab[k.key[l1]-k.ck[t][c]]) - int(k.pen[l1])
			v += int(k.colTab[k.key[l2]+k.ck[t][blank]]) - int(k.pen[l2])
		} else {
			l1, l2 := c/w, blank/w
			v += int(k.rowTab[k.key[l1]-k.rk[t][c]]) - int(k.pen[l1])
			v += int(k.rowTab[k.key[l2]+k.rk[t][blank]]) - int(k.pen[l2])
		}
		hs[i] = v
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		rc, rb, cc, cb := c/w, blank/w, hh+c%w, hh+blank%w
		oldKeys := [4]int32{k.key[rc], k.key[rb], k.key[cc], k.key[cb]}
		oldPen := [4]int8{k.pen[rc], k.pen[rb], k.pen[cc], k.pen[cb]}
		k.key[rc] -= k.rk[t][c]
		k.key[rb] += k.rk[t][blank]
		k.key[cc] -= k.ck[t][c]
		k.key[cb] += k.ck[t][blank]
		if st.d >= uint8(board.Left) {
			k.pen[cc] = k.colTab[k.key[cc]]
			k.pen[cb] = k.colTab[k.key[cb]]
		} else {
			k.pen[rc] = k.rowTab[k.key[rc]]
			k.pen[rb] = k.rowTab[k.key[rb]]
		}
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.key[cb], k.key[cc], k.key[rb], k.key[rc] = oldKeys[3], oldKeys[2], oldKeys[1], oldKeys[0]
		k.pen[cb], k.pen[cc], k.pen[rb], k.pen[rc] = oldPen[3], oldPen[2], oldPen[1], oldPen[0]
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// genericKernel runs IDA* for any Heuristic, calling it per node (through
// Update when it is Incremental).
type genericKernel struct {
	idaCore
	h    Heuristic
	inc  Incremental
	size board.Size
	cur  board.Board
}

func (k *genericKernel) base() *idaCore { return &k.idaCore }

func (k *genericKernel) load(b board.Board) int {
	k.cur = b
	return k.h.Estimate(b)
}

func (k *genericKernel) search(g, h, prev int) int { return k.dfs(k.cur, g, h, prev) }

func (k *genericKernel) dfs(b board.Board, g, h, prev int) int {
	if h == 0 && k.isGoal(b) {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	blank := b.Blank()
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var kids [4]board.Board
	var hs [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		kids[i], _ = b.Move(board.Dir(st.d))
		if k.inc != nil {
			hs[i] = k.inc.Update(kids[i], h, b.At(int(st.c)), int(st.c), blank)
		} else {
			hs[i] = k.h.Estimate(kids[i])
		}
	}
	k.generated += uint64(n)
	for i := 0; i < n; i++ {
		f := g + 1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		k.path[g] = steps[i].d
		if r := k.dfs(kids[i], g+1, hs[i], int(steps[i].d)); r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

func (k *genericKernel) isGoal(b board.Board) bool {
	for p := 0; p < k.size.Cells(); p++ {
		if uint8(b.At(p)) != k.goal[p] {
			return false
		}
	}
	return true
}
