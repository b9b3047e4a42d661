package search

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/slidelab/slidelab/core/board"
)

// Depth-first search, depth-limited search and iterative deepening, as one
// explicit-stack state machine like IDA*'s (step_ida.go), bounded by depth
// instead of f:
//
//   - a node is selected when the search visits it (the start first, then
//     the children in move order), and goal-tested then;
//   - a node that is not the goal is expanded: every child is generated
//     (counted), and a child one move past the depth limit is cut off
//     (ChildPruned, as IDA* prunes by f), a child whose board the cycle
//     check rejects is a duplicate (ChildDuplicate), the others are visited
//     in move order.
//
// IDDFS is IDA* with h = 0: passes with depth limits 0, 1, 2, ..., each
// starting with an IterationStarted event whose Bound is the limit.

// ErrCutoff is wrapped by the error of a depth-limited search that found no
// solution because the depth limit cut the search off.
var ErrCutoff = errors.New("no solution within the depth limit")

// dfsFrameBytes is what a frame of the stack holds, with its children.
const dfsFrameBytes = int64(unsafe.Sizeof(idaFrame{})) + 4*int64(unsafe.Sizeof(Child{}))

// pathEntryBytes is counted for an entry of the set of boards on the path.
const pathEntryBytes = 48

type dfsStepper struct {
	s     *Stepper
	phase idaPhase
	// limit is the depth limit of the pass (noBound: none); maxLimit the
	// configured one (0: none).
	limit, maxLimit int
	// cut is set when a child was cut off by the limit in this pass.
	cut bool
	// waiting counts the children still to visit (the frontier).
	waiting int
	stack   []idaFrame
	// onPath maps the boards on the current path to their node ids
	// (CyclePath); closed holds every board reached in this pass
	// (CycleClosed).
	onPath  map[board.Key]int64
	closed  boardIndex
	closedG []int32 // g of each board in closed, for Child.EarlierG
	mem     memoryGuard
	iters   []Iteration
	iterExp uint64
	iterGen uint64
}

func newDFSStepper(s *Stepper) *dfsStepper {
	d := &dfsStepper{s: s, maxLimit: s.cfg.DepthLimit}
	switch {
	case s.cfg.Algorithm == IDDFS:
		d.limit = 0
	case d.maxLimit > 0:
		d.limit = d.maxLimit
	default:
		d.limit = noBound
	}
	return d
}

func (d *dfsStepper) iddfs() bool { return d.s.cfg.Algorithm == IDDFS }

// bound returns the limit as events report it (0: none).
func (d *dfsStepper) bound() int {
	if d.limit == noBound {
		return 0
	}
	return d.limit
}

func (d *dfsStepper) top() *idaFrame { return &d.stack[len(d.stack)-1] }

func (d *dfsStepper) step() (Event, error) {
	s := d.s
	for {
		switch d.phase {
		case idaStartPass:
			d.startPass()
			d.phase = idaSelect
			if d.iddfs() {
				return Event{Kind: IterationStarted, Bound: d.bound(), Node: d.stack[0].node}, nil
			}
		case idaSelect:
			d.phase = idaExamine
			return Event{Kind: NodeSelected, Node: d.top().node, Bound: d.bound()}, nil
		case idaExamine:
			top := d.top()
			if top.node.Board == s.goal {
				d.phase = idaOver
				d.endPass()
				return Event{Kind: SolutionFound, Node: top.node, Bound: d.bound(), Moves: d.moves()}, nil
			}
			if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
				return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
			}
			if err := d.mem.check(&s.cfg, d.memoryBytes()); err != nil {
				return Event{}, err
			}
			d.expand(top)
			d.phase = idaAdvance
			return Event{Kind: NodeExpanded, Node: top.node, Children: top.children, Bound: d.bound()}, nil
		case idaAdvance:
			if err := d.advance(); err != nil {
				d.phase = idaOver
				return Event{}, err
			}
		case idaOver:
			return Event{}, ErrFinished
		}
	}
}

// startPass resets the stack and the cycle check for a pass from the start.
func (d *dfsStepper) startPass() {
	s := d.s
	d.cut = false
	d.waiting = 0
	d.iterExp, d.iterGen = 0, 0
	root := Node{Board: s.start, Root: true, ID: s.newID(), Parent: -1}
	d.stack = append(d.stack[:0], idaFrame{node: root})
	switch s.cfg.CycleCheck {
	case CyclePath:
		d.onPath = map[board.Key]int64{s.start.Key(): root.ID}
	case CycleClosed:
		d.closed = newBoardIndex(s.start.Size())
		d.closed.put(s.start.Key(), 0)
		d.closedG = append(d.closedG[:0], 0)
	}
}

func (d *dfsStepper) endPass() {
	d.iters = append(d.iters, Iteration{Bound: d.bound(), Expanded: d.iterExp, Generated: d.iterGen})
}

// advance pushes the next child to visit, or backs up; at the end of a pass
// it starts the next (IDDFS) or reports that there is no solution.
func (d *dfsStepper) advance() error {
	for {
		top := d.top()
		if top.next < len(top.children) {
			ch := top.children[top.next]
			top.next++
			if ch.Status != ChildNew {
				continue
			}
			d.waiting--
			d.stack = append(d.stack, idaFrame{node: ch.Node})
			if d.onPath != nil {
				d.onPath[ch.Board.Key()] = ch.ID
			}
			d.phase = idaSelect
			return nil
		}
		if d.onPath != nil {
			delete(d.onPath, top.node.Board.Key())
		}
		d.stack = d.stack[:len(d.stack)-1]
		if len(d.stack) > 0 {
			continue
		}
		d.endPass()
		alg := d.s.cfg.Algorithm
		switch {
		case !d.cut:
			return fmt.Errorf("%v: no solution (the search space is exhausted)", alg)
		case !d.iddfs() || (d.maxLimit > 0 && d.limit >= d.maxLimit):
			return fmt.Errorf("%v: %w %d (cut off)", alg, ErrCutoff, d.limit)
		}
		d.limit++
		d.phase = idaStartPass
		return nil
	}
}

// expand generates the children of f, at depth len(stack)-1.
func (d *dfsStepper) expand(f *idaFrame) {
	s := d.s
	depth := len(d.stack) - 1
	f.children = s.generate(f.node, nil, func(ch *Child) {
		d.classify(ch, depth)
		if ch.Status == ChildNew {
			d.waiting++
		}
	})
	n := uint64(len(f.children))
	s.stats.Expanded++
	s.stats.Generated += n
	d.iterExp++
	d.iterGen += n
	s.stats.Stored = len(d.stack)
	if d.closedG != nil {
		s.stats.Stored += d.closed.len()
	}
	s.stats.PeakOpen = max(s.stats.PeakOpen, d.waiting)
}

// classify sets the status of a child at depth+1: cut off past the limit,
// a duplicate when the cycle check rejects it, else new.
func (d *dfsStepper) classify(ch *Child, depth int) {
	key := ch.Board.Key()
	switch {
	case depth+1 > d.limit:
		ch.Status = ChildPruned
		d.cut = true
	case d.onPath != nil:
		if id, ok := d.onPath[key]; ok {
			ch.Status, ch.Earlier = ChildDuplicate, id
			ch.EarlierG = d.pathG(id)
		}
	case d.s.cfg.CycleCheck == CycleClosed:
		if j, ok := d.closed.get(key); ok {
			ch.Status, ch.EarlierG, ch.EarlierClosed = ChildDuplicate, int(d.closedG[j]), true
		} else {
			d.closed.put(key, int32(len(d.closedG)))
			d.closedG = append(d.closedG, int32(ch.G))
		}
	}
}

// pathG returns the g of the node with id on the path.
func (d *dfsStepper) pathG(id int64) int {
	for i := range d.stack {
		if d.stack[i].node.ID == id {
			return d.stack[i].node.G
		}
	}
	return 0
}

func (d *dfsStepper) memoryBytes() int64 {
	n := int64(cap(d.stack)) * dfsFrameBytes
	n += int64(len(d.onPath)) * pathEntryBytes
	if d.closedG != nil {
		n += int64(d.closed.len())*d.closed.entryBytes() + int64(cap(d.closedG))*4
	}
	return n
}

func (d *dfsStepper) moves() []board.Dir { return pathMoves(d.path()) }

func (d *dfsStepper) path() []Node {
	return framePath(d.stack, func(f *idaFrame) Node { return f.node })
}

// openList returns up to n children waiting to be visited, in the order
// they will be: the deepest frame's first.
func (d *dfsStepper) openList(n int) []Node {
	var out []Node
	for i := len(d.stack) - 1; i >= 0 && len(out) < n; i-- {
		f := &d.stack[i]
		for _, ch := range f.children[min(f.next, len(f.children)):] {
			if ch.Status == ChildNew && len(out) < n {
				out = append(out, ch.Node)
			}
		}
	}
	return out
}

func (d *dfsStepper) iterations() []Iteration {
	if !d.iddfs() {
		return nil
	}
	out := append([]Iteration(nil), d.iters...)
	if d.phase != idaStartPass && d.phase != idaOver {
		out = append(out, Iteration{Bound: d.bound(), Expanded: d.iterExp, Generated: d.iterGen})
	}
	return out
}

func (d *dfsStepper) releaseMemory() { d.mem.release(&d.s.cfg) }
