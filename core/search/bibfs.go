package search

import (
	"fmt"
	"unsafe"

	"github.com/slidelab/slidelab/core/board"
)

// Bidirectional breadth-first search: two breadth-first searches, one from
// the start and one backwards from the goal (moves are reversible, so the
// backward search uses the same moves). A side expands a whole layer at a
// time, always the side whose frontier is smaller (the start's side on a
// tie). A child whose board the other side has reached is a meeting
// (ChildMeet); the search finishes the layer and ends with the cheapest
// meeting of it, which is a shortest solution: before the layer no board
// was reached by both sides, so every solution is longer than the two
// sides' depths together, and a shortest one passes through a board of the
// new layer that the other side holds.
//
// Each side stores what it reached, so the memory is that of two searches
// to about half the depth: near the square root of one BFS's on the same
// board.

// Side says which search of a bidirectional search an event belongs to.
type Side uint8

const (
	// NoSide: a one-directional search.
	NoSide Side = iota
	// Forward: the search from the start.
	Forward
	// Backward: the search from the goal.
	Backward
)

// String returns "", "forward" or "backward".
func (s Side) String() string {
	switch s {
	case Forward:
		return "forward"
	case Backward:
		return "backward"
	}
	return ""
}

// biNode is a board stored by one side.
type biNode struct {
	board  board.Board
	id     int64
	parent int32
	g      int32
	move   board.Dir
}

const biNodeBytes = int64(unsafe.Sizeof(biNode{}))

// biSide is one of the two searches.
type biSide struct {
	nodes []biNode
	index boardIndex
	// frontier is the next layer to expand, in the order reached.
	frontier []int32
}

type biBFS struct {
	s     *Stepper
	sides [2]biSide
	// cur is the side expanding layer (from pos on).
	cur   int
	layer []int32
	pos   int
	// sel is the node selected and not yet expanded, or -1; last is the
	// node selected last, on side lastSide.
	sel      int32
	last     int32
	lastSide int
	// meet holds the best meeting so far: the node indices on the forward
	// and backward sides (-1: none) and the total length.
	meet  [2]int32
	total int
	mem   memoryGuard
	over  bool
}

func newBiBFS(s *Stepper) *biBFS {
	bb := &biBFS{s: s, sel: -1, last: 0, meet: [2]int32{-1, -1}}
	for i, root := range []board.Board{s.start, s.goal} {
		side := &bb.sides[i]
		side.index = newBoardIndex(s.start.Size())
		side.nodes = append(side.nodes, biNode{board: root, id: s.newID(), parent: -1})
		side.index.put(root.Key(), 0)
		side.frontier = append(side.frontier, 0)
	}
	s.stats.Stored = 2
	return bb
}

func sideOf(i int) Side { return Side(i + 1) }

func (bb *biBFS) node(side int, i int32) Node {
	n := &bb.sides[side].nodes[i]
	nd := Node{Board: n.board, G: int(n.g), Move: n.move, Root: n.parent < 0, ID: n.id, Parent: -1}
	if n.parent >= 0 {
		nd.Parent = bb.sides[side].nodes[n.parent].id
	}
	return nd
}

func (bb *biBFS) step() (Event, error) {
	s := bb.s
	if bb.over {
		return Event{}, ErrFinished
	}
	if s.start == s.goal {
		bb.over = true
		return Event{Kind: SolutionFound, Node: bb.node(0, 0), Side: Forward}, nil
	}
	if bb.sel >= 0 {
		return bb.expand()
	}
	if bb.pos == len(bb.layer) {
		if bb.meet[0] >= 0 {
			bb.over = true
			return Event{Kind: SolutionFound, Node: bb.node(0, bb.meet[0]), Side: Forward, Moves: bb.moves()}, nil
		}
		if err := bb.nextLayer(); err != nil {
			bb.over = true
			return Event{}, err
		}
	}
	bb.sel = bb.layer[bb.pos]
	bb.last, bb.lastSide = bb.sel, bb.cur
	bb.pos++
	return Event{Kind: NodeSelected, Node: bb.node(bb.cur, bb.sel), Side: sideOf(bb.cur)}, nil
}

// nextLayer makes the smaller frontier the layer to expand.
func (bb *biBFS) nextLayer() error {
	f, b := len(bb.sides[0].frontier), len(bb.sides[1].frontier)
	if f == 0 || b == 0 {
		return fmt.Errorf("bibfs: no solution (a frontier is empty)")
	}
	bb.cur = 0
	if b < f {
		bb.cur = 1
	}
	side := &bb.sides[bb.cur]
	bb.layer, side.frontier = side.frontier, nil
	bb.pos = 0
	return nil
}

// expand generates the children of the selected node.
func (bb *biBFS) expand() (Event, error) {
	s := bb.s
	if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
		return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
	}
	if err := bb.mem.check(&s.cfg, bb.memoryBytes()); err != nil {
		return Event{}, err
	}
	i := bb.sel
	bb.sel = -1
	c := bb.cur
	own, other := &bb.sides[c], &bb.sides[1-c]
	parent := bb.node(c, i)
	b := parent.Board
	children := make([]Child, 0, 4)
	var buf [4]board.Dir
	for _, d := range b.LegalMoves(buf[:0]) {
		if !parent.Root && d == parent.Move.Inverse() {
			continue
		}
		kid, _ := b.Move(d)
		ch := Child{Node: Node{Board: kid, G: parent.G + 1, Move: d, ID: s.newID(), Parent: parent.ID}, Earlier: -1}
		key := kid.Key()
		if j, seen := own.index.get(key); seen {
			ch.Status, ch.Earlier, ch.EarlierG = ChildDuplicate, own.nodes[j].id, int(own.nodes[j].g)
			children = append(children, ch)
			continue
		}
		j := int32(len(own.nodes))
		own.nodes = append(own.nodes, biNode{board: kid, id: ch.ID, parent: i, g: int32(ch.G), move: d})
		own.index.put(key, j)
		own.frontier = append(own.frontier, j)
		if k, met := other.index.get(key); met {
			ch.Status, ch.Earlier, ch.EarlierG = ChildMeet, other.nodes[k].id, int(other.nodes[k].g)
			if total := ch.G + ch.EarlierG; bb.meet[0] < 0 || total < bb.total {
				bb.total = total
				bb.meet[c], bb.meet[1-c] = j, k
			}
		}
		children = append(children, ch)
	}
	n := uint64(len(children))
	s.stats.Expanded++
	s.stats.Generated += n
	if c == 1 {
		s.stats.BackwardExpanded++
		s.stats.BackwardGenerated += n
	}
	s.stats.Stored = len(bb.sides[0].nodes) + len(bb.sides[1].nodes)
	s.stats.PeakOpen = max(s.stats.PeakOpen, bb.openLen())
	return Event{Kind: NodeExpanded, Node: parent, Children: children, Side: sideOf(c)}, nil
}

func (bb *biBFS) openLen() int {
	return len(bb.layer) - bb.pos + len(bb.sides[0].frontier) + len(bb.sides[1].frontier)
}

func (bb *biBFS) memoryBytes() int64 {
	var n int64
	for i := range bb.sides {
		sd := &bb.sides[i]
		n += int64(cap(sd.nodes))*biNodeBytes + int64(sd.index.len())*sd.index.entryBytes() + int64(cap(sd.frontier))*4
	}
	return n + int64(cap(bb.layer))*4
}

// moves returns the path through the best meeting: the forward side's
// moves to it, then the backward side's moves undone back to the goal.
func (bb *biBFS) moves() []board.Dir {
	var out []board.Dir
	fw := &bb.sides[0]
	for i := bb.meet[0]; fw.nodes[i].parent >= 0; i = fw.nodes[i].parent {
		out = append(out, fw.nodes[i].move)
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	bw := &bb.sides[1]
	for i := bb.meet[1]; bw.nodes[i].parent >= 0; i = bw.nodes[i].parent {
		out = append(out, bw.nodes[i].move.Inverse())
	}
	return out
}

// path returns the path to the node selected last, on its side (from the
// start, or from the goal).
func (bb *biBFS) path() []Node {
	var out []Node
	for i := bb.last; i >= 0; i = bb.sides[bb.lastSide].nodes[i].parent {
		out = append(out, bb.node(bb.lastSide, i))
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// openList returns up to n nodes still to expand in the current layer, in
// order.
func (bb *biBFS) openList(n int) []Node {
	var out []Node
	for _, i := range bb.layer[bb.pos:] {
		if len(out) >= n {
			break
		}
		out = append(out, bb.node(bb.cur, i))
	}
	return out
}

func (bb *biBFS) releaseMemory() { bb.mem.release(&bb.s.cfg) }

// Frontiers returns the sizes of bidirectional BFS's two frontiers: the
// boards the start's side and the goal's side have reached and not yet
// expanded (the rest of the layer being expanded, and a node selected but
// not yet expanded, count for their side). ok is false for the other
// algorithms.
func (s *Stepper) Frontiers() (start, goal int, ok bool) {
	bb, isBi := s.eng.(*biBFS)
	if !isBi {
		return 0, 0, false
	}
	n := [2]int{len(bb.sides[0].frontier), len(bb.sides[1].frontier)}
	n[bb.cur] += len(bb.layer) - bb.pos
	if bb.sel >= 0 {
		n[bb.cur]++
	}
	return n[0], n[1], true
}
