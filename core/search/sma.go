package search

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// Simplified memory-bounded A* (SMA*, Russell 1992) with a budget of
// Config.MemoryNodes tree nodes in memory. Each node keeps a stored f,
// F(c) = max(g(c) + h(c), F(parent)), and, when children were dropped, the
// least F among them (its forgotten f). Every solution passes through a
// node of memory whose key is a lower bound of its cost: a leaf's F, or a
// parent's forgotten f. Each step:
//
//   - selects the node with the least key (the deepest on a tie, then the
//     newest): a leaf never expanded is goal-tested and expanded (all its
//     children but the move back); a node with forgotten children
//     regenerates the dropped children whose F is that forgotten f, with it;
//   - before the children are added, drops the worst leaves (highest F, the
//     shallowest on a tie, then the oldest) until they fit, recording each
//     one's F as its parent's forgotten f (NodeDropped events);
//   - backs the least F of the children and forgotten ones up to the
//     ancestors.
//
// A child whose path from the start fills the budget and that is not the
// goal gets F = ∞ (it can never have children in memory), as in SMA*. With
// an admissible heuristic the solution is optimal when the budget holds a
// shortest path; when no leaf can be dropped to make room, or every key is
// infinite, the search stops with ErrNodeBudget.

// ErrNodeBudget is wrapped by the error of SMA* when its node budget cannot
// hold the current path and the children of its last node.
var ErrNodeBudget = fmt.Errorf("node budget too small")

// MaxMemoryNodes is the largest node budget of SMA* (each step scans the
// nodes in memory).
const MaxMemoryNodes = 100_000

type smaNode struct {
	node      Node
	f         int // stored F
	forgotten int // least F of dropped children (noBound: none)
	// dropped lists the dropped children: the move to each and its F.
	dropped  []droppedChild
	parent   int32
	children []int32
	depth    int
	expanded bool
	alive    bool
}

// droppedChild is what a parent remembers of a dropped child.
type droppedChild struct {
	move board.Dir
	f    int
}

type smaStepper struct {
	s       *Stepper
	nodes   []smaNode
	free    []int32
	alive   int
	pending []Event
	last    int32
}

func newSMA(s *Stepper) *smaStepper {
	root := Node{Board: s.start, H: s.res.H0, Root: true, ID: s.newID(), Parent: -1}
	m := &smaStepper{s: s, last: 0}
	m.nodes = append(m.nodes, smaNode{node: root, f: root.F(), forgotten: noBound, parent: -1, alive: true})
	m.alive = 1
	s.stats.Stored = 1
	return m
}

// key returns the selection key of node i: a leaf's F until it is
// expanded, then the forgotten f.
func (m *smaStepper) key(i int32) int {
	n := &m.nodes[i]
	if !n.expanded {
		return n.f
	}
	return n.forgotten
}

// best returns the node to select next, or -1.
func (m *smaStepper) best() int32 {
	best := int32(-1)
	bk := noBound
	for i := range m.nodes {
		n := &m.nodes[i]
		if !n.alive {
			continue
		}
		k := m.key(int32(i))
		if k >= noBound {
			continue
		}
		if best < 0 || k < bk || (k == bk && (n.depth > m.nodes[best].depth ||
			(n.depth == m.nodes[best].depth && n.node.ID > m.nodes[best].node.ID))) {
			best, bk = int32(i), k
		}
	}
	return best
}

func (m *smaStepper) step() (Event, error) {
	if len(m.pending) > 0 {
		ev := m.pending[0]
		m.pending = m.pending[1:]
		return ev, nil
	}
	s := m.s
	i := m.best()
	if i < 0 {
		return Event{}, fmt.Errorf("sma*: %w: no solution along a path of at most %d nodes; give a larger --memory-nodes",
			ErrNodeBudget, s.cfg.MemoryNodes)
	}
	m.last = i
	n := &m.nodes[i]
	sel := Event{Kind: NodeSelected, Node: n.node, Backed: m.key(i)}
	if !n.expanded && n.node.Board == s.goal {
		return Event{Kind: SolutionFound, Node: n.node, Backed: n.f, Moves: m.moves(i)}, nil
	}
	if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
		return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
	}
	ev, err := m.expand(i)
	if err != nil {
		return Event{}, err
	}
	// The expansion's event first, then the drops that made room for it.
	m.pending = append([]Event{ev}, m.pending...)
	return sel, nil
}

// expand generates the children of node i (or regenerates the dropped ones),
// dropping leaves to make room, and backs F up.
func (m *smaStepper) expand(i int32) (Event, error) {
	s := m.s
	n := &m.nodes[i]
	regenerate := n.expanded
	remembered := map[board.Dir]int{} // regenerate: the best dropped children and their F
	if regenerate {
		var keep []droppedChild
		for _, dc := range n.dropped {
			if dc.f == n.forgotten {
				remembered[dc.move] = dc.f
			} else {
				keep = append(keep, dc)
			}
		}
		n.dropped = keep
	}
	var skip func(board.Dir) bool
	if regenerate {
		skip = func(d board.Dir) bool { _, ok := remembered[d]; return !ok }
	}
	kids := s.generate(n.node, skip, func(ch *Child) {
		ch.Backed = max(ch.F(), n.f, remembered[ch.Move])
		if n.depth+2 >= s.cfg.MemoryNodes && ch.Board != s.goal {
			// Its path fills the memory: it can never have a child in
			// memory, so no solution goes through it (SMA*'s f = ∞).
			ch.Backed = noBound
		}
	})
	if err := m.makeRoom(i, len(kids)); err != nil {
		return Event{}, err
	}
	n = &m.nodes[i] // makeRoom may have grown nothing, but keep the pointer fresh
	for _, ch := range kids {
		j := m.alloc(smaNode{node: ch.Node, f: ch.Backed, forgotten: noBound, parent: i, depth: n.depth + 1, alive: true})
		n = &m.nodes[i]
		n.children = append(n.children, j)
	}
	n.expanded = true
	n.forgotten = noBound
	for _, dc := range n.dropped {
		n.forgotten = min(n.forgotten, dc.f)
	}
	s.stats.Expanded++
	s.stats.Generated += uint64(len(kids))
	s.stats.Stored = m.alive
	s.stats.PeakOpen = max(s.stats.PeakOpen, m.alive)
	m.backup(i)
	return Event{Kind: NodeExpanded, Node: n.node, Children: kids, Backed: n.f, Regenerated: regenerate}, nil
}

// alloc stores a node and returns its index.
func (m *smaStepper) alloc(n smaNode) int32 {
	m.alive++
	if k := len(m.free); k > 0 {
		j := m.free[k-1]
		m.free = m.free[:k-1]
		m.nodes[j] = n
		return j
	}
	m.nodes = append(m.nodes, n)
	return int32(len(m.nodes) - 1)
}

// makeRoom drops the worst leaves other than node i until k more nodes fit
// in the budget.
func (m *smaStepper) makeRoom(i int32, k int) error {
	budget := m.s.cfg.MemoryNodes
	for m.alive+k > budget {
		worst := int32(-1)
		for j := range m.nodes {
			c := &m.nodes[j]
			if !c.alive || len(c.children) > 0 || int32(j) == i || c.parent < 0 {
				continue
			}
			if worst < 0 || c.f > m.nodes[worst].f || (c.f == m.nodes[worst].f && (c.depth < m.nodes[worst].depth ||
				(c.depth == m.nodes[worst].depth && c.node.ID < m.nodes[worst].node.ID))) {
				worst = int32(j)
			}
		}
		if worst < 0 {
			return fmt.Errorf("sma*: %w: %d nodes cannot hold the path of %d moves and its children; give a larger --memory-nodes",
				ErrNodeBudget, budget, m.nodes[i].depth)
		}
		m.drop(worst)
	}
	return nil
}

// drop forgets leaf j: its parent remembers its F.
func (m *smaStepper) drop(j int32) {
	c := &m.nodes[j]
	p := &m.nodes[c.parent]
	p.forgotten = min(p.forgotten, c.f)
	p.dropped = append(p.dropped, droppedChild{move: c.node.Move, f: c.f})
	for k, x := range p.children {
		if x == j {
			p.children = append(p.children[:k], p.children[k+1:]...)
			break
		}
	}
	m.pending = append(m.pending, Event{Kind: NodeDropped, Node: c.node, Backed: c.f})
	parent := c.parent
	*c = smaNode{}
	m.free = append(m.free, j)
	m.alive--
	m.s.stats.Stored = m.alive
	m.backup(parent)
}

// backup sets the stored F of node i and its ancestors to the least F of
// their children and forgotten ones, never below their own f.
func (m *smaStepper) backup(i int32) {
	for ; i >= 0; i = m.nodes[i].parent {
		n := &m.nodes[i]
		if !n.expanded {
			return
		}
		f := n.forgotten
		for _, c := range n.children {
			f = min(f, m.nodes[c].f)
		}
		f = max(f, n.node.F())
		if f == n.f {
			return
		}
		n.f = f
	}
}

func (m *smaStepper) moves(i int32) []board.Dir {
	var out []board.Dir
	for ; m.nodes[i].parent >= 0; i = m.nodes[i].parent {
		out = append(out, m.nodes[i].node.Move)
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

func (m *smaStepper) path() []Node {
	var out []Node
	for i := m.last; i >= 0 && m.nodes[i].alive; i = m.nodes[i].parent {
		out = append(out, m.nodes[i].node)
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// openList returns up to n nodes with a key, in no promised order.
func (m *smaStepper) openList(n int) []Node {
	var out []Node
	for i := range m.nodes {
		if m.nodes[i].alive && m.key(int32(i)) < noBound && len(out) < n {
			out = append(out, m.nodes[i].node)
		}
	}
	return out
}

func (m *smaStepper) releaseMemory() {}
