package tracecheck

import (
	"github.com/slidelab/slidelab/core/board"
)

// noBound stands for "no f over the bound seen yet" (∞ in the pseudocode).
const noBound = int(^uint(0) >> 1)

// ida follows an IDA* run: the bound of the pass, the least f over it seen
// so far, and the current depth-first path with, for each node on it, the
// children within the bound and those already visited. Memory is the path
// only, whatever the trace's length.
type ida struct {
	c       *Checker
	bound   int
	next    int
	started bool // the first pass has begun
	fresh   bool // an iteration event began a pass whose root is not yet visited
	stack   []idaFrame
}

// idaFrame is one node of the current path.
type idaFrame struct {
	b       board.Board
	g, exp  int
	within  []board.Board // children with f <= bound, in move order
	visited []board.Board
}

func newIDA(c *Checker) *ida {
	return &ida{c: c, next: noBound}
}

func (m *ida) boards() int { return len(m.stack) }

// begin starts a pass: the first with bound h(start), later ones with the
// least f over the last bound.
func (m *ida) begin(ev Event) *Difference {
	c := m.c
	if !m.started {
		m.started, m.bound = true, c.h(c.opts.Start)
		c.sum.Iterations = 1
		return nil
	}
	if d := m.popTo(0, ev); d != nil {
		return d
	}
	if m.next == noBound {
		return c.at(ev, RuleBound, "a new pass begins, but no child in the last pass had f over the bound %d, so IDA* stops there without a solution", m.bound)
	}
	m.bound, m.next = m.next, noBound
	c.sum.Iterations++
	return nil
}

func (m *ida) iteration(ev Event) *Difference {
	c := m.c
	if ev.Board != c.opts.Start || ev.G != 0 {
		return c.at(ev, RuleStart, "an IDA* pass starts at the start %s with g = 0, but the iteration event gives %s with g = %d", Show(c.opts.Start), Show(ev.Board), ev.G)
	}
	first := !m.started
	if m.fresh {
		return c.at(ev, RuleBound, "a pass began at line %d but visited nothing, not even the start", ev.Line)
	}
	if d := m.begin(ev); d != nil {
		return d
	}
	m.fresh = true
	if ev.HasBound && ev.Bound != m.bound {
		if first {
			return c.at(ev, RuleBound, "the first bound is %d, but IDA* starts with bound h(start) = %d", ev.Bound, m.bound)
		}
		return c.at(ev, RuleBound, "the new bound is %d, but the least f over the bound of the last pass was %d", ev.Bound, m.bound)
	}
	return nil
}

// visit checks a visit of ev's node (an expansion or the goal) and returns
// the frame of its parent (nil for the start).
func (m *ida) visit(ev Event, verb string) (*idaFrame, *Difference) {
	c := m.c
	if ev.G == 0 {
		if ev.Board != c.opts.Start {
			return nil, c.at(ev, RuleStart, "you %s %s with g = 0, but every IDA* pass starts at the start %s", verb, Show(ev.Board), Show(c.opts.Start))
		}
		if !m.fresh {
			if d := m.begin(ev); d != nil {
				return nil, d
			}
		}
		m.fresh = false
		return nil, nil
	}
	if !m.started || m.fresh {
		return nil, c.at(ev, RuleStart, "you %s %s with g = %d, but a pass starts at the start %s with g = 0", verb, Show(ev.Board), ev.G, Show(c.opts.Start))
	}
	if d := m.popTo(ev.G, ev); d != nil {
		return nil, d
	}
	if len(m.stack) < ev.G {
		top := m.stack[len(m.stack)-1]
		return nil, c.at(ev, RuleDepth, "you %s %s with g = %d, but your current path ends at %s with g = %d; a depth-first search goes down one move at a time",
			verb, Show(ev.Board), ev.G, Show(top.b), top.g)
	}
	p := &m.stack[ev.G-1]
	if !isNeighbour(p.b, ev.Board) {
		return nil, c.at(ev, RuleDepth, "you %s %s with g = %d, but it is not one move from %s, the node with g = %d on your current path",
			verb, Show(ev.Board), ev.G, Show(p.b), p.g)
	}
	if f := ev.G + c.h(ev.Board); f > m.bound {
		return nil, c.at(ev, RulePrune, "you %s %s with f = %d, but the bound of this pass is %d, so IDA* prunes it", verb, Show(ev.Board), f, m.bound)
	}
	for _, v := range p.visited {
		if v == ev.Board {
			return nil, c.at(ev, RuleDepth, "you visited %s a second time from %s in the same pass", Show(ev.Board), Show(p.b))
		}
	}
	if c.opts.StrictOrder {
		if d := m.inOrder(ev, p); d != nil {
			return nil, d
		}
	}
	p.visited = append(p.visited, ev.Board)
	return p, nil
}

// inOrder checks Slidelab's order: the children within the bound in move
// order (U, D, L, R), never the move back to the parent.
func (m *ida) inOrder(ev Event, p *idaFrame) *Difference {
	for _, w := range p.within {
		seen := false
		for _, v := range p.visited {
			seen = seen || v == w
		}
		if seen {
			continue
		}
		if w != ev.Board {
			return m.c.at(ev, RuleTie, "you visited %s, but Slidelab's order visits the children of %s within the bound in move order (the blank up, down, left, right), so %s comes first",
				Show(ev.Board), Show(p.b), Show(w))
		}
		return nil
	}
	return m.c.at(ev, RuleTie, "you visited %s, the board %s came from; Slidelab never generates the move back to the parent", Show(ev.Board), Show(p.b))
}

// popTo leaves the nodes of the path deeper than depth, checking that each
// visited all its children within the bound.
func (m *ida) popTo(depth int, at Event) *Difference {
	for len(m.stack) > depth {
		fr := m.stack[len(m.stack)-1]
		for _, w := range fr.within {
			seen := false
			for _, v := range fr.visited {
				seen = seen || v == w
			}
			if !seen {
				return m.c.at(at, RuleSkipped, "your search went back from %s (g = %d) without visiting its child %s, whose f = %d is within the bound %d",
					Show(fr.b), fr.g, Show(w), fr.g+1+m.c.h(w), m.bound)
			}
		}
		m.stack = m.stack[:len(m.stack)-1]
	}
	return nil
}

func (m *ida) expand(ev Event, _ []board.Board) *Difference {
	p, d := m.visit(ev, "expanded")
	if d != nil {
		return d
	}
	fr := idaFrame{b: ev.Board, g: ev.G, exp: ev.exp}
	for _, n := range neighbours(ev.Board) {
		if p != nil && n == p.b {
			continue
		}
		m.c.sum.Generated++
		if f := ev.G + 1 + m.c.h(n); f <= m.bound {
			fr.within = append(fr.within, n)
		} else if f < m.next {
			m.next = f
		}
	}
	m.stack = append(m.stack, fr)
	return nil
}

func (m *ida) goal(ev Event) *Difference {
	_, d := m.visit(ev, "stopped at the goal")
	return d
}

func (m *ida) mayBeParent(b board.Board, g int) bool {
	return g < len(m.stack) && m.stack[g].b == b
}

func (m *ida) finish() *Difference { return nil }

// isNeighbour reports whether one move of the blank turns a into b.
func isNeighbour(a, b board.Board) bool {
	for _, n := range neighbours(a) {
		if n == b {
			return true
		}
	}
	return false
}
