package search

import (
	"context"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// idaPhase is what the IDA* stepper does next.
type idaPhase uint8

const (
	idaStartPass idaPhase = iota // emit IterationStarted, push the root
	idaSelect                    // emit NodeSelected for the top frame
	idaExamine                   // goal test, then expand the top frame
	idaAdvance                   // move to the next child within the bound, or back up
	idaOver
)

// idaFrame is one node on the IDA* stack.
type idaFrame struct {
	node     Node
	children []Child
	next     int // index of the next child to consider
}

// idaStepper is IDA* as an explicit-stack state machine.
type idaStepper struct {
	s       *Stepper
	phase   idaPhase
	bound   int
	next    int
	stack   []idaFrame
	iters   []Iteration
	iterExp uint64
	iterGen uint64
}

const noBound = int(^uint(0) >> 1)

func newIDAStepper(s *Stepper) *idaStepper {
	return &idaStepper{s: s, bound: s.res.H0}
}

func (st *idaStepper) iterations() []Iteration {
	out := append([]Iteration(nil), st.iters...)
	if st.phase != idaStartPass && st.phase != idaOver {
		out = append(out, Iteration{Bound: st.bound, Expanded: st.iterExp, Generated: st.iterGen})
	}
	return out
}

func (st *idaStepper) path() []Node {
	return framePath(st.stack, func(f *idaFrame) Node { return f.node })
}

func (st *idaStepper) step() (Event, error) {
	s := st.s
	for {
		switch st.phase {
		case idaStartPass:
			st.next = noBound
			st.iterExp, st.iterGen = 0, 0
			root := Node{Board: s.start, H: s.res.H0, Root: true, ID: s.newID(), Parent: -1}
			st.stack = append(st.stack[:0], idaFrame{node: root})
			st.phase = idaSelect
			return Event{Kind: IterationStarted, Bound: st.bound, Node: root}, nil
		case idaSelect:
			st.phase = idaExamine
			return Event{Kind: NodeSelected, Node: st.top().node, Bound: st.bound}, nil
		case idaExamine:
			top := st.top()
			if top.node.Board == s.goal {
				st.phase = idaOver
				st.iters = append(st.iters, Iteration{Bound: st.bound, Expanded: st.iterExp, Generated: st.iterGen})
				return Event{Kind: SolutionFound, Node: top.node, Bound: st.bound, Moves: st.moves()}, nil
			}
			if s.cfg.NodeLimit > 0 && s.stats.Generated >= s.cfg.NodeLimit {
				return Event{}, &LimitError{Err: ErrNodeLimit, Limit: s.cfg.NodeLimit}
			}
			st.expand(top)
			st.phase = idaAdvance
			return Event{Kind: NodeExpanded, Node: top.node, Children: top.children, Bound: st.bound}, nil
		case idaAdvance:
			top := st.top()
			if top.next < len(top.children) {
				ch := top.children[top.next]
				top.next++
				if ch.Status == ChildPruned {
					st.next = min(st.next, ch.F())
					continue
				}
				st.stack = append(st.stack, idaFrame{node: ch.Node})
				st.phase = idaSelect
				continue
			}
			st.stack = st.stack[:len(st.stack)-1]
			if len(st.stack) > 0 {
				continue
			}
			st.iters = append(st.iters, Iteration{Bound: st.bound, Expanded: st.iterExp, Generated: st.iterGen})
			if st.next == noBound {
				st.phase = idaOver
				return Event{}, fmt.Errorf("ida*: no solution (the search space is exhausted)")
			}
			st.bound = st.next
			st.phase = idaStartPass
		case idaOver:
			return Event{}, ErrFinished
		}
	}
}

func (st *idaStepper) top() *idaFrame { return &st.stack[len(st.stack)-1] }

// expand generates the children of f.
func (st *idaStepper) expand(f *idaFrame) {
	s := st.s
	b := f.node.Board
	blank := b.Blank()
	var buf [4]board.Dir
	f.children = f.children[:0]
	for _, d := range b.LegalMoves(buf[:0]) {
		if !f.node.Root && d == f.node.Move.Inverse() {
			continue
		}
		kid, _ := b.Move(d)
		from := kid.Blank()
		h := s.estimate(kid, f.node.H, b.At(from), from, blank)
		ch := Child{Node: Node{Board: kid, G: f.node.G + s.moveCost(b.At(from)), H: h, Move: d, ID: s.newID(), Parent: f.node.ID}, Earlier: -1}
		if ch.F() > st.bound {
			ch.Status = ChildPruned
		}
		f.children = append(f.children, ch)
	}
	n := uint64(len(f.children))
	s.stats.Expanded++
	s.stats.Generated += n
	st.iterExp++
	st.iterGen += n
}

// moves returns the moves along the stack.
func (st *idaStepper) moves() []board.Dir {
	out := make([]board.Dir, 0, len(st.stack)-1)
	for _, f := range st.stack[1:] {
		out = append(out, f.node.Move)
	}
	return out
}

// run finishes the search with the fast kernel, resuming the current pass.
func (st *idaStepper) run(ctx context.Context) error {
	s := st.s
	if st.phase == idaOver {
		return nil
	}
	if s.cfg.Cost != UnitCost {
		return s.runSteps(ctx, st.step) // the fast kernels count unit costs
	}
	var rp *resumePoint
	if st.phase != idaStartPass {
		rp = st.resumePoint()
	}
	res := Result{Start: s.start}
	var err error
	if w := parallelWorkers(&s.cfg, s.start.Size()); w > 1 {
		res.Expanded, res.Generated = s.stats.Expanded, s.stats.Generated
		err = runParallel(ctx, newKernels(s.cfg, s.start.Size(), w), s.cfg, &res, s.res.H0, st.bound, rp, len(st.iters))
	} else {
		k := newKernel(s.h, s.start.Size(), s.cfg.Goal)
		c := k.base()
		c.ctx, c.limit, c.progress = ctx, s.cfg.NodeLimit, s.cfg.Progress
		c.passBase = len(st.iters)
		c.expanded, c.generated = s.stats.Expanded, s.stats.Generated
		err = runIterations(k, &res, s.res.H0, st.bound, rp)
	}
	s.stats.Expanded, s.stats.Generated = res.Expanded, res.Generated
	// The first iteration the kernel reports includes the stepper's part of it.
	st.iters = append(st.iters, res.Iterations...)
	if n := len(res.Iterations); n > 0 {
		st.bound = res.Iterations[n-1].Bound // for Bound
	}
	st.phase = idaOver
	if err == nil {
		s.res.Found = true
		s.res.Moves = res.Moves
	}
	return err
}

// resumePoint describes the current pass for the fast kernel.
func (st *idaStepper) resumePoint() *resumePoint {
	rp := &resumePoint{next: st.next, iterExp: st.iterExp, iterGen: st.iterGen}
	for _, f := range st.stack[1:] {
		rp.prefix = append(rp.prefix, uint8(f.node.Move))
	}
	last := len(st.stack) - 1
	if st.phase == idaSelect || st.phase == idaExamine {
		top := st.stack[last].node
		mv := uint8(top.Move)
		if top.Root {
			mv = noMove
		}
		rp.selected = &pendingChild{board: top.Board, move: mv, h: top.H}
		rp.selG = top.G
		last--
	}
	for i := last; i >= 0; i-- {
		f := &st.stack[i]
		pf := pendingFrame{g: f.node.G}
		for _, ch := range f.children[f.next:] {
			pf.children = append(pf.children, pendingChild{board: ch.Board, move: uint8(ch.Move), h: ch.H})
		}
		rp.pending = append(rp.pending, pf)
	}
	return rp
}
