package search

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// Recursive best-first search (Korf 1993), as an explicit-stack state
// machine: best-first order in memory linear in the depth. Each frame of the
// stack is a node being explored under an f-limit, with its children and
// their stored f values:
//
//   - a node is selected when its frame is pushed (Event.Bound is its
//     f-limit, Event.Backed its stored f), and goal-tested then;
//   - a node that is not the goal is expanded: its children are generated
//     (the move back excepted) with stored f = max(g + h, the parent's
//     stored f);
//   - the frame then looks at its best child (least stored f, the first in
//     move order on a tie): when that f exceeds the frame's f-limit the
//     frame is popped and its node's stored f becomes that f (a NodeBackedUp
//     event: the value backed up); otherwise the best child is explored
//     under the f-limit min(the frame's limit, the second-best child's f).
//
// A child explored again after its subtree was forgotten is expanded again,
// and its children are generated (and counted) again with new ids.

// rbfsFrame is one node on the RBFS stack.
type rbfsFrame struct {
	node Node
	// f is the node's stored f; limit its f-limit.
	f, limit int
	children []Child
}

type rbfsStepper struct {
	s     *Stepper
	stack []rbfsFrame
	phase idaPhase
	mem   memoryGuard
}

func newRBFS(s *Stepper) *rbfsStepper {
	root := Node{Board: s.start, H: s.res.H0, Root: true, ID: s.newID(), Parent: -1}
	return &rbfsStepper{s: s, stack: []rbfsFrame{{node: root, f: root.F(), limit: noBound}}, phase: idaSelect}
}

func (r *rbfsStepper) top() *rbfsFrame { return &r.stack[len(r.stack)-1] }

// shown returns an f or f-limit as events carry it (-1: infinite).
func shown(f int) int {
	if f >= noBound {
		return -1
	}
	return f
}

func (r *rbfsStepper) step() (Event, error) {
	s := r.s
	for {
		switch r.phase {
		case idaSelect:
			r.phase = idaExamine
			top := r.top()
			return Event{Kind: NodeSelected, Node: top.node, Bound: shown(top.limit), Backed: top.f}, nil
		case idaExamine:
			top := r.top()
			if top.node.Board == s.goal {
				r.phase = idaOver
				return Event{Kind: SolutionFound, Node: top.node, Bound: shown(top.limit), Backed: top.f, Moves: r.moves()}, nil
			}
			if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
				return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
			}
			if err := r.mem.check(&s.cfg, int64(cap(r.stack))*dfsFrameBytes); err != nil {
				return Event{}, err
			}
			r.expand(top)
			r.phase = idaAdvance
			return Event{Kind: NodeExpanded, Node: top.node, Children: top.children, Bound: shown(top.limit), Backed: top.f}, nil
		case idaAdvance:
			ev, done, err := r.advance()
			if err != nil || done {
				return ev, err
			}
		case idaOver:
			return Event{}, ErrFinished
		}
	}
}

// advance explores the top frame's best child or backs up; it reports an
// event to emit (a backup) with done set.
func (r *rbfsStepper) advance() (Event, bool, error) {
	top := r.top()
	best, second := -1, noBound
	for i, ch := range top.children {
		switch {
		case best < 0 || ch.Backed < top.children[best].Backed:
			if best >= 0 {
				second = min(second, top.children[best].Backed)
			}
			best = i
		default:
			second = min(second, ch.Backed)
		}
	}
	bestF := noBound
	if best >= 0 {
		bestF = top.children[best].Backed
	}
	if bestF > top.limit || bestF >= noBound {
		if len(r.stack) == 1 {
			r.phase = idaOver
			return Event{}, true, fmt.Errorf("rbfs: no solution (every path is a dead end)")
		}
		// Back up: the parent keeps the best f below this node.
		r.stack = r.stack[:len(r.stack)-1]
		parent := r.top()
		for i := range parent.children {
			if parent.children[i].ID == top.node.ID {
				parent.children[i].Backed = bestF
			}
		}
		ev := Event{Kind: NodeBackedUp, Node: top.node, Bound: shown(top.limit), Backed: shown(bestF)}
		return ev, true, nil
	}
	ch := top.children[best]
	r.stack = append(r.stack, rbfsFrame{node: ch.Node, f: ch.Backed, limit: min(top.limit, second)})
	r.phase = idaSelect
	return Event{}, false, nil
}

// expand generates the children of f with their stored f values.
func (r *rbfsStepper) expand(f *rbfsFrame) {
	s := r.s
	f.children = s.generate(f.node, nil, func(ch *Child) { ch.Backed = max(ch.F(), f.f) })
	s.stats.Expanded++
	s.stats.Generated += uint64(len(f.children))
	s.stats.Stored = len(r.stack)
}

func (r *rbfsStepper) moves() []board.Dir { return pathMoves(r.path()) }

func (r *rbfsStepper) path() []Node {
	return framePath(r.stack, func(f *rbfsFrame) Node { return f.node })
}

// openList returns up to n children of the deepest frame, best first is not
// promised: in move order, as they are stored.
func (r *rbfsStepper) openList(n int) []Node {
	var out []Node
	for _, ch := range r.top().children {
		if len(out) < n {
			out = append(out, ch.Node)
		}
	}
	return out
}

func (r *rbfsStepper) releaseMemory() { r.mem.release(&r.s.cfg) }
