package tracecheck

import (
	"container/heap"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// bestFirst holds the open list that an A*, greedy or breadth-first run must
// have had, rebuilt from its own expansions: every board generated, with the
// least g found (A*) or the g it was first reached with (greedy search, BFS),
// and whether it is closed. The open list is a heap ordered by Slidelab's
// rule with stale entries skipped when they reach the top.
//
// Memory: one map entry per distinct board and at most one heap entry per
// child generated (about 100 bytes a board in all).
type bestFirst struct {
	c     *Checker
	alg   search.Algorithm
	nodes map[board.Key]nodeInfo
	open  openHeap
	stamp uint64
	// lastKids are the children of the last expansion with their g (BFS may
	// stop at one of them).
	lastKids []board.Board
	lastG    int
}

// nodeInfo is what the checker knows of one board.
type nodeInfo struct {
	g       int32  // least g generated (A*), first g (greedy, BFS)
	closedG int32  // g when last expanded, -1 when never
	h       int32  // the heuristic's value
	exp     int32  // the expansion (1-based) that closed it, 0 when never
	stamp   uint64 // when the entry with g was put in OPEN
	// gLo and gHi, for greedy search, are the least and largest g the
	// board was generated with while open.
	gLo, gHi int32
}

// isOpen reports whether n is on the open list: never expanded, or (A*)
// reached by a shorter path since it was (reopened).
func (m *bestFirst) isOpen(n nodeInfo) bool {
	return n.closedG < 0 || (m.alg == search.AStar && n.g < n.closedG)
}

// openEntry is one heap entry.
type openEntry struct {
	b        board.Board
	g, h     int32
	stamp    uint64
	priority int32 // f (A*), h (greedy), g (BFS)
}

// openHeap orders entries by Slidelab's rule: least priority, then (A*)
// larger g, then the one put in OPEN last (BFS: first).
type openHeap struct {
	e   []openEntry
	alg search.Algorithm
}

func (h *openHeap) Len() int { return len(h.e) }
func (h *openHeap) Less(i, j int) bool {
	a, b := &h.e[i], &h.e[j]
	if a.priority != b.priority {
		return a.priority < b.priority
	}
	if h.alg == search.AStar && a.g != b.g {
		return a.g > b.g
	}
	if h.alg == search.BFS {
		return a.stamp < b.stamp
	}
	return a.stamp > b.stamp
}
func (h *openHeap) Swap(i, j int) { h.e[i], h.e[j] = h.e[j], h.e[i] }
func (h *openHeap) Push(x any)    { h.e = append(h.e, x.(openEntry)) }
func (h *openHeap) Pop() any {
	x := h.e[len(h.e)-1]
	h.e = h.e[:len(h.e)-1]
	return x
}

func newBestFirst(c *Checker) *bestFirst {
	m := &bestFirst{c: c, alg: c.opts.Algorithm, nodes: make(map[board.Key]nodeInfo), open: openHeap{alg: c.opts.Algorithm}}
	m.put(c.opts.Start, 0)
	return m
}

func (m *bestFirst) boards() int { return len(m.nodes) }

// priority returns the open list's key for g and h.
func (m *bestFirst) priority(g, h int32) int32 {
	switch m.alg {
	case search.Greedy:
		return h
	case search.BFS:
		return g
	}
	return g + h
}

// what names the open list's key.
func (m *bestFirst) what() string {
	switch m.alg {
	case search.Greedy:
		return "h"
	case search.BFS:
		return "depth g"
	}
	return "f"
}

// put generates b with g: a new board, or (A*) a shorter path to a known one.
func (m *bestFirst) put(b board.Board, g int) {
	n, ok := m.nodes[b.Key()]
	if ok && (m.alg != search.AStar || int32(g) >= n.g) {
		if m.alg == search.Greedy && m.isOpen(n) && (int32(g) > n.gHi || int32(g) < n.gLo) {
			n.gLo, n.gHi = min(n.gLo, int32(g)), max(n.gHi, int32(g)) // another path a greedy search may keep
			m.nodes[b.Key()] = n
		}
		return // a duplicate
	}
	if !ok {
		n = nodeInfo{closedG: -1, h: int32(m.c.h(b)), gLo: int32(g), gHi: int32(g)}
	}
	m.stamp++
	n.g, n.stamp = int32(g), m.stamp
	m.nodes[b.Key()] = n
	heap.Push(&m.open, openEntry{b: b, g: n.g, h: n.h, stamp: n.stamp, priority: m.priority(n.g, n.h)})
}

// top returns the entry Slidelab's rule takes next, skipping stale ones.
func (m *bestFirst) top() (openEntry, bool) {
	for m.open.Len() > 0 {
		e := m.open.e[0]
		if n := m.nodes[e.b.Key()]; m.isOpen(n) && n.stamp == e.stamp {
			return e, true
		}
		heap.Pop(&m.open)
	}
	return openEntry{}, false
}

// selectable checks that ev's node is in the open list with the right g and
// may be taken now.
func (m *bestFirst) selectable(ev Event, verb string) *Difference {
	c := m.c
	n, ok := m.nodes[ev.Board.Key()]
	if !ok {
		return c.at(ev, RuleReached, "you %s %s, but it was not in your open list: no board you expanded before has it as a child", verb, Show(ev.Board))
	}
	if !m.isOpen(n) {
		if m.alg == search.AStar {
			return c.at(ev, RuleClosed, "you %s %s again with g = %d, but you had already expanded it with g = %d (expansion %d) and found no shorter path to it since, so it was in your closed set",
				verb, Show(ev.Board), ev.G, n.closedG, n.exp)
		}
		return c.at(ev, RuleClosed, "you %s %s a second time (it was expanded at expansion %d); %v never puts a board it has reached back in the open list",
			verb, Show(ev.Board), n.exp, m.alg)
	}
	// Greedy search orders by h alone: a program that keeps copies of a
	// board reached by other paths may expand any of them.
	greedyCopy := m.alg == search.Greedy && int32(ev.G) >= n.gLo && int32(ev.G) <= n.gHi
	if int32(ev.G) != n.g && !greedyCopy {
		if least := min(n.g, n.gLo); int32(ev.G) < least {
			return c.at(ev, RuleG, "you gave g = %d for %s, but the boards you expanded reach it in %d moves at the least", ev.G, Show(ev.Board), least)
		}
		if m.alg == search.AStar {
			return c.at(ev, RuleG, "you %s %s with g = %d, but your search had already reached it with g = %d and A* keeps the shorter path", verb, Show(ev.Board), ev.G, n.g)
		}
		if m.alg == search.Greedy {
			return c.at(ev, RuleG, "you gave g = %d for %s, but no path your search generated it by is longer than %d", ev.G, Show(ev.Board), n.gHi)
		}
		return c.at(ev, RuleG, "you gave g = %d for %s, but it was first reached with g = %d", ev.G, Show(ev.Board), n.g)
	}
	best, _ := m.top()
	mine := m.priority(n.g, n.h)
	if mine > best.priority {
		return c.at(ev, RuleOrder, "you %s %s with %s = %d, but %s with %s = %d was in your open list", verb, Show(ev.Board), m.what(), mine,
			Show(best.b), m.what(), best.priority)
	}
	if c.opts.StrictOrder && best.b != ev.Board {
		return c.at(ev, RuleTie, "you %s %s (%s), but Slidelab's tie rule takes %s (%s) first: %s", verb, Show(ev.Board), m.values(n.g, n.h),
			Show(best.b), m.values(best.g, best.h), m.tieRule())
	}
	return nil
}

// values formats g, h and f for a tie message.
func (m *bestFirst) values(g, h int32) string {
	if m.alg == search.BFS {
		return fmt.Sprintf("g = %d", g)
	}
	return fmt.Sprintf("f = %d, g = %d, h = %d", g+h, g, h)
}

func (m *bestFirst) tieRule() string {
	switch m.alg {
	case search.AStar:
		return "lowest f, then the larger g, then the one put in the open list last"
	case search.Greedy:
		return "lowest h, then the one put in the open list last"
	}
	return "first in, first out"
}

func (m *bestFirst) expand(ev Event, children []board.Board) *Difference {
	if d := m.selectable(ev, "expanded"); d != nil {
		return d
	}
	k := ev.Board.Key()
	n := m.nodes[k]
	n.closedG, n.exp = int32(ev.G), int32(ev.exp)
	m.nodes[k] = n
	generated := len(children)
	if children == nil {
		children = neighbours(ev.Board)
		generated = len(children)
		for _, ch := range children {
			if ev.G > 0 && m.mayBeParent(ch, ev.G-1) {
				generated-- // Slidelab does not count the move back
				break
			}
		}
	}
	m.c.sum.Generated += generated
	for _, ch := range children {
		m.put(ch, ev.G+1)
	}
	m.lastKids, m.lastG = children, ev.G
	return nil
}

func (m *bestFirst) goal(ev Event) *Difference {
	if m.alg == search.BFS && ev.G == m.lastG+1 {
		for _, k := range m.lastKids {
			if k == ev.Board {
				return nil // found as it was generated (Slidelab's BFS)
			}
		}
	}
	if d := m.selectable(ev, "stopped at the goal"); d != nil {
		if d.Rule == RuleReached && m.alg != search.BFS && m.nearOpen(ev.Board) {
			d.Message = d.Message[:len(d.Message)-1] + fmt.Sprintf(" (%v tests for the goal when it takes a node from the open list, not when it generates it).", m.alg)
		}
		return d
	}
	return nil
}

// nearOpen reports whether a neighbour of b is on the open list.
func (m *bestFirst) nearOpen(b board.Board) bool {
	for _, n := range neighbours(b) {
		if info, ok := m.nodes[n.Key()]; ok && m.isOpen(info) {
			return true
		}
	}
	return false
}

func (m *bestFirst) iteration(ev Event) *Difference {
	return m.c.at(ev, RuleBound, "an iteration event belongs to IDA*, not %v", m.alg)
}

func (m *bestFirst) mayBeParent(b board.Board, g int) bool {
	n, ok := m.nodes[b.Key()]
	return ok && n.closedG == int32(g)
}

func (m *bestFirst) finish() *Difference { return nil }
