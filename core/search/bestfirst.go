package search

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/yield"
)

// bfNode is a board stored by A*, greedy search or BFS. It keeps the board's
// tiles and blank cell, not a board.Board, to stay 32 bytes (with a
// board.Board it took 40, and A* on the 8-puzzle 8 % longer); bestFirst.board
// rebuilds the board.
type bfNode struct {
	key    board.Key
	parent int32 // index in bestFirst.nodes; -1 for the start
	g      int32
	h      int32
	blank  uint8
	move   board.Dir
	closed bool
}

// bestFirst runs A*, greedy best-first search and breadth-first search over
// a table of stored nodes. A* and greedy search keep their open list in
// buckets (see bucketQueue); BFS uses a FIFO queue.
type bestFirst struct {
	s     *Stepper
	nodes []bfNode
	index boardIndex
	// goalKey is the goal's Key.
	goalKey board.Key
	open    bucketQueue
	fifo    []int32
	head    int
	// last is the node selected last (-1 before the first).
	last int32
	// goalChild is set by BFS when an expansion generated the goal.
	goalChild int32
	polls     int
	// reserved is what the search holds of cfg.Budget (see checkMemory).
	reserved int64
	// tree holds, for each stored node while the search is stepped, the ids
	// of the tree node that last put it on the open list and of that node's
	// parent (see Node.ID). Run leaves it alone, so Solve pays nothing.
	tree []treeIDs
}

// treeIDs are a stored node's ids in the search tree.
type treeIDs struct {
	id, parent int64
}

func newBestFirst(s *Stepper) *bestFirst {
	bf := &bestFirst{s: s, index: newBoardIndex(s.start.Size()), goalKey: s.goal.Key(), last: -1, goalChild: -1}
	bf.add(bfNode{key: s.start.Key(), blank: uint8(s.start.Blank()), parent: -1, h: int32(s.res.H0)})
	s.newID() // the start's id, 0; its tree entry is made when stepping needs it
	return bf
}

// add stores a new node and puts it on the open list.
func (bf *bestFirst) add(n bfNode) int32 {
	i := int32(len(bf.nodes))
	bf.nodes = append(grow(bf.nodes), n)
	bf.index.put(n.key, i)
	bf.push(i)
	bf.s.stats.Stored = len(bf.nodes)
	return i
}

// board returns the board of stored node n.
func (bf *bestFirst) board(n *bfNode) board.Board {
	return bf.s.start.Sibling(n.key, int(n.blank))
}

func (bf *bestFirst) push(i int32) {
	n := &bf.nodes[i]
	switch bf.s.cfg.Algorithm {
	case BFS:
		bf.fifo = append(grow(bf.fifo), i)
	case Greedy:
		bf.open.push(int(n.h), 0, i)
	default:
		bf.open.push(int(n.g+n.h), int(n.g), i)
	}
	bf.s.stats.PeakOpen = max(bf.s.stats.PeakOpen, bf.openLen())
}

func (bf *bestFirst) openLen() int {
	if bf.s.cfg.Algorithm == BFS {
		return len(bf.fifo) - bf.head
	}
	return bf.open.size
}

// pop returns the next node to select, skipping stale A* entries, or -1.
func (bf *bestFirst) pop() int32 {
	if bf.s.cfg.Algorithm == BFS {
		if bf.head == len(bf.fifo) {
			return -1
		}
		i := bf.fifo[bf.head]
		bf.head++
		if bf.head > 1024 && bf.head*2 > len(bf.fifo) {
			bf.fifo = append(bf.fifo[:0], bf.fifo[bf.head:]...)
			bf.head = 0
		}
		return i
	}
	for {
		i, _, g, ok := bf.open.pop()
		if !ok {
			return -1
		}
		n := &bf.nodes[i]
		// A node re-queued with a smaller g leaves stale entries behind.
		if n.closed || (bf.s.cfg.Algorithm == AStar && int(n.g) != g) {
			continue
		}
		return i
	}
}

func (bf *bestFirst) node(i int32) Node {
	n := &bf.nodes[i]
	nd := Node{Board: bf.board(n), G: int(n.g), H: int(n.h), Move: n.move, Root: n.parent < 0, ID: -1, Parent: -1}
	switch {
	case int(i) < len(bf.tree):
		nd.ID, nd.Parent = bf.tree[i].id, bf.tree[i].parent
	case i == 0:
		nd.ID = 0 // the start, before the first expansion
	}
	return nd
}

// step performs one event; with emit false it does not build the event's
// child list (Run).
func (bf *bestFirst) step(emit bool) (Event, error) {
	s := bf.s
	alg := s.cfg.Algorithm
	if bf.goalChild >= 0 {
		return bf.solved(bf.goalChild), nil
	}
	if bf.last >= 0 && !bf.nodes[bf.last].closed {
		// The selected node has not been examined yet.
		return bf.examine(bf.last, emit)
	}
	i := bf.pop()
	if i < 0 {
		return Event{}, fmt.Errorf("%v: no solution (the open list is empty)", alg)
	}
	bf.last = i
	if !emit {
		return Event{Kind: NodeSelected}, nil // Run looks at the kind only
	}
	return Event{Kind: NodeSelected, Node: bf.node(i)}, nil
}

func (bf *bestFirst) solved(i int32) Event {
	bf.last = i
	return Event{Kind: SolutionFound, Node: bf.node(i), Moves: bf.movesTo(i)}
}

// examine goal-tests and expands the selected node i.
//
// hot loop: A*'s per-node expansion; its node counts are benchmarked (BenchmarkAStarEightPuzzle).
func (bf *bestFirst) examine(i int32, emit bool) (Event, error) {
	s := bf.s
	alg := s.cfg.Algorithm
	n := &bf.nodes[i]
	if n.key == bf.goalKey { // the same tiles put the blank in the same cell
		n.closed = true
		return bf.solved(i), nil
	}
	if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
		return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
	}
	if !bf.checkMemory() {
		limit := s.cfg.memoryLimit()
		if s.cfg.Budget != nil {
			limit = s.cfg.Budget.Limit()
		}
		return Event{}, &LimitError{Err: ErrMemoryLimit, Limit: uint64(limit)}
	}
	n.closed = true
	parent := bf.node(i)
	b := bf.board(n)
	blank := b.Blank()
	var children []Child
	if emit {
		children = make([]Child, 0, 4)
		if len(bf.tree) == 0 {
			bf.tree = append(grow(bf.tree), treeIDs{id: 0, parent: -1}) // the start
		}
	}
	var buf [4]board.Dir
	for _, d := range b.LegalMoves(buf[:0]) {
		if !parent.Root && d == parent.Move.Inverse() {
			continue
		}
		kid, _ := b.Move(d)
		s.stats.Generated++
		g := int32(parent.G + 1)
		status := ChildNew
		var h int
		j, seen := bf.index.get(kid.Key())
		var ch *Child // the child's record in the event (Step only)
		if emit {
			children = append(children, Child{Node: Node{Board: kid, G: int(g), Move: d, ID: s.newID(), Parent: parent.ID}, Earlier: -1})
			ch = &children[len(children)-1]
			if seen {
				if int(j) < len(bf.tree) {
					ch.Earlier = bf.tree[j].id
				}
				ch.EarlierG, ch.EarlierClosed = int(bf.nodes[j].g), bf.nodes[j].closed
			}
		}
		switch {
		case !seen:
			from := kid.Blank()
			h = s.estimate(kid, parent.H, b.At(from), from, blank)
			if alg == BFS && kid == s.goal {
				status = ChildGoal
			}
			j = bf.add(bfNode{key: kid.Key(), blank: uint8(kid.Blank()), parent: i, g: g, h: int32(h), move: d})
			if emit {
				bf.tree = append(grow(bf.tree), treeIDs{id: ch.ID, parent: ch.Parent})
			}
			if status == ChildGoal {
				bf.goalChild = j
			}
		case alg == AStar && g < bf.nodes[j].g:
			m := &bf.nodes[j]
			h = int(m.h)
			m.g, m.parent, m.move = g, i, d
			if emit && int(j) < len(bf.tree) {
				bf.tree[j] = treeIDs{id: ch.ID, parent: ch.Parent}
			}
			status = ChildImproved
			if m.closed {
				m.closed = false
				s.stats.Reopened++
				status = ChildReopened
			}
			bf.push(j)
		default:
			h = int(bf.nodes[j].h)
			status = ChildDuplicate
		}
		if emit {
			ch.H, ch.Status = h, status
		}
		if bf.goalChild >= 0 {
			break
		}
	}
	s.stats.Expanded++
	return Event{Kind: NodeExpanded, Node: parent, Children: children}, nil
}

// run steps to the end without building events.
func (bf *bestFirst) run(ctx context.Context) error {
	var y yield.Yielder
	for {
		bf.polls++
		if bf.polls&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("%v: %w", bf.s.cfg.Algorithm, err)
			}
			y.Maybe() // in a browser, lets the page repaint
		}
		if bf.polls&progressEvery == 0 && bf.s.cfg.Progress != nil {
			pr := Progress{Stats: bf.s.stats}
			if bf.last >= 0 {
				pr.At, pr.Path = bf.node(bf.last), bf.movesTo(bf.last)
			}
			bf.s.cfg.Progress(pr)
		}
		ev, err := bf.step(false)
		if err != nil {
			return err
		}
		if ev.Kind == SolutionFound {
			bf.s.res.Found = true
			bf.s.res.Moves = ev.Moves
			return nil
		}
	}
}

func (bf *bestFirst) movesTo(i int32) []board.Dir {
	var out []board.Dir
	for ; bf.nodes[i].parent >= 0; i = bf.nodes[i].parent {
		out = append(out, bf.nodes[i].move)
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

func (bf *bestFirst) path() []Node {
	if bf.last < 0 {
		return []Node{bf.node(0)}
	}
	var out []Node
	for i := bf.last; i >= 0; i = bf.nodes[i].parent {
		out = append(out, bf.node(i))
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// open lists up to n open nodes in selection order.
func (bf *bestFirst) openList(n int) []Node {
	var out []Node
	if bf.s.cfg.Algorithm == BFS {
		for _, i := range bf.fifo[bf.head:] {
			if len(out) >= n {
				break
			}
			out = append(out, bf.node(i))
		}
		return out
	}
	bf.open.each(func(i int32, g int) bool {
		m := &bf.nodes[i]
		if m.closed || (bf.s.cfg.Algorithm == AStar && int(m.g) != g) {
			return true
		}
		out = append(out, bf.node(i))
		return len(out) < n
	})
	return out
}

// bucketQueue is a priority queue for small integer keys: it pops an entry
// with the least primary key and, among those, the greatest secondary key
// (A*: f, then g, so ties go toward larger g), the most recent first.
type bucketQueue struct {
	buckets [][][]int32 // [primary][secondary] stack of node indices
	top     []int       // per primary: an upper bound on the highest non-empty secondary
	low     int         // no entries below this primary
	size    int
}

func (q *bucketQueue) push(primary, secondary int, v int32) {
	for len(q.buckets) <= primary {
		q.buckets = append(q.buckets, nil)
		q.top = append(q.top, -1)
	}
	row := q.buckets[primary]
	for len(row) <= secondary {
		row = append(row, nil)
	}
	row[secondary] = append(row[secondary], v)
	q.buckets[primary] = row
	q.top[primary] = max(q.top[primary], secondary)
	if q.size == 0 || primary < q.low {
		q.low = primary
	}
	q.size++
}

func (q *bucketQueue) pop() (v int32, primary, secondary int, ok bool) {
	if q.size == 0 {
		return 0, 0, 0, false
	}
	for p := q.low; p < len(q.buckets); p++ {
		row := q.buckets[p]
		for s := q.top[p]; s >= 0; s-- {
			if st := row[s]; len(st) > 0 {
				v = st[len(st)-1]
				row[s] = st[:len(st)-1]
				q.top[p], q.low = s, p
				q.size--
				return v, p, s, true
			}
		}
		q.top[p] = -1
	}
	return 0, 0, 0, false
}

// each visits entries in pop order until visit returns false.
func (q *bucketQueue) each(visit func(v int32, secondary int) bool) {
	for p := q.low; p < len(q.buckets); p++ {
		row := q.buckets[p]
		for s := min(q.top[p], len(row)-1); s >= 0; s-- {
			st := row[s]
			for j := len(st) - 1; j >= 0; j-- {
				if !visit(st[j], s) {
					return
				}
			}
		}
	}
}
