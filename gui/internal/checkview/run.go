package checkview

import (
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
)

// maxSteps bounds the expansions a run keeps for stepping (a student's A*
// on the 8-puzzle makes a few thousand; the 15-puzzle's runs are longer).
// The check itself goes on to the end of the trace.
const maxSteps = 20_000

// step is one expansion of a run, or its goal: what the board, the values
// and the tree show when the view is at it.
type step struct {
	// line is the trace line (0 for the reference's steps).
	line  int
	board board.Board
	g, h  int
	goal  bool
	// node is the step's node in the tree; first and last bound its trace
	// events in run.events (last excluded).
	node        int64
	first, last int
	// from is the parent's board (the zero Board for a root).
	from board.Board
}

// run is a search as the view steps through it: its expansions and the
// tree's events.
type run struct {
	steps  []step
	events []search.TraceEvent
	// truncated: the run has more expansions than maxSteps.
	truncated bool
}

// seqAt returns the last trace event of step i (its Seq), for the tree.
func (r *run) seqAt(i int) (uint64, bool) {
	if i < 0 || i >= len(r.steps) || r.steps[i].last == 0 {
		return 0, false
	}
	return r.events[r.steps[i].last-1].Seq, true
}

// stepOfLine returns the step a trace line belongs to: the last step that
// starts at or before it (generate lines belong to their expansion).
func (r *run) stepOfLine(line int) int {
	at := -1
	for i, s := range r.steps {
		if s.line > line {
			break
		}
		at = i
	}
	return at
}

// nodeKey names a node of a student's run: a board reached with g.
type nodeKey struct {
	b board.Board
	g int
}

// madeNode is a generated node: its id, its parent's and its parent's board.
type madeNode struct {
	id, parent int64
	from       board.Board
}

// studentRun turns a student's trace events, in order, into a run: one
// step per expansion and goal, the children listed (or, when none are, the
// moves of the blank but the one back), ids given to nodes in the order
// they were made so that the tree hangs each expansion under the one that
// generated it. It is not safe for concurrent use.
type studentRun struct {
	run
	alg   search.Algorithm
	h     search.Heuristic // nil for BFS
	goal  board.Board
	next  int64
	made  map[nodeKey]madeNode
	open  bool // the last step waits for its generate lines
	kids  []tracecheck.Event
	given bool // the last expansion listed its children (or had generate lines)
	root  int64
}

func newStudentRun(alg search.Algorithm, h search.Heuristic, goal board.Goal, size board.Size) *studentRun {
	if alg == search.BFS {
		h = nil
	}
	return &studentRun{alg: alg, h: h, goal: board.Solved(size, goal), made: map[nodeKey]madeNode{}, root: -1}
}

// add takes the next event of the trace.
func (s *studentRun) add(ev tracecheck.Event) {
	if s.truncated {
		return
	}
	switch ev.Kind {
	case search.TraceGenerate:
		if s.open {
			s.kids = append(s.kids, ev)
			s.given = true
		}
		return
	case search.TraceIteration:
		s.close()
		s.newPass(ev)
		return
	case search.TraceExpand, search.TraceGoal:
	default:
		return // select, duplicate, ...: the tree is drawn from expansions and children
	}
	s.close()
	if len(s.steps) == maxSteps {
		s.truncated = true
		return
	}
	goal := ev.Kind == search.TraceGoal || ev.Board == s.goal
	if s.alg == search.IDAStar && ev.G == 0 && !goal && (len(s.events) == 0 || s.events[len(s.events)-1].Kind != search.TraceIteration) {
		s.newPass(ev) // an expansion of the start begins a pass
	}
	n := s.node(ev)
	kind := search.TraceExpand
	if goal {
		kind = search.TraceGoal
	}
	first := 0
	if n := len(s.steps); n > 0 {
		first = s.steps[n-1].last
	}
	h := s.hOf(ev)
	s.emit(search.TraceEvent{Kind: kind, Node: n.id, Parent: n.parent, G: ev.G, H: h, F: ev.G + h, Board: ev.Board})
	s.steps = append(s.steps, step{line: ev.Line, board: ev.Board, g: ev.G, h: h, goal: goal, node: n.id, first: first, last: len(s.events), from: n.from})
	if !goal {
		s.open, s.given, s.kids = true, ev.HasChildren, s.kids[:0]
		for _, c := range ev.Children {
			s.kids = append(s.kids, tracecheck.Event{Board: c, G: ev.G + 1})
		}
	}
}

// finish closes the last expansion.
func (s *studentRun) finish() { s.close() }

// newPass starts an IDA* pass: a new root for the start.
func (s *studentRun) newPass(ev tracecheck.Event) {
	clear(s.made)
	s.root = s.next
	s.next++
	s.made[nodeKey{ev.Board, 0}] = madeNode{id: s.root, parent: -1}
	h := s.hOf(ev)
	s.emit(search.TraceEvent{Kind: search.TraceIteration, Node: s.root, Parent: -1, G: 0, H: h, F: h, Board: ev.Board, Bound: ev.Bound})
}

// node returns the node ev expands: the latest node made for its board
// and g, or a new one (the start, or a board the run never generated).
func (s *studentRun) node(ev tracecheck.Event) madeNode {
	if n, ok := s.made[nodeKey{ev.Board, ev.G}]; ok {
		return n
	}
	s.next++
	return madeNode{id: s.next - 1, parent: -1}
}

// close gives the last expansion its children: those listed or generated,
// else the moves of the blank but the one back to the parent.
func (s *studentRun) close() {
	if !s.open {
		return
	}
	s.open = false
	last := &s.steps[len(s.steps)-1]
	if !s.given {
		for _, d := range board.Dirs {
			if b, ok := last.board.Move(d); ok && b != last.from {
				s.kids = append(s.kids, tracecheck.Event{Board: b, G: last.g + 1})
			}
		}
	}
	for _, k := range s.kids {
		id := s.next
		s.next++
		key := nodeKey{k.Board, k.G}
		if _, seen := s.made[key]; !seen || s.alg == search.IDAStar {
			// A*, greedy search and BFS keep the first path of a length
			// to a board; IDA* the one on its current path.
			s.made[key] = madeNode{id: id, parent: last.node, from: last.board}
		}
		h := s.hOf(k)
		s.emit(search.TraceEvent{Kind: search.TraceGenerate, Node: id, Parent: last.node, G: k.G, H: h, F: k.G + h, Board: k.Board})
	}
	s.kids = s.kids[:0]
	last.last = len(s.events)
}

// hOf is the h the card shows: the student's own when the line gives one
// (a wrong h shows as it was written), else the heuristic's.
func (s *studentRun) hOf(ev tracecheck.Event) int {
	switch {
	case ev.HasH:
		return ev.H
	case s.h == nil:
		return 0
	}
	return s.h.Estimate(ev.Board)
}

func (s *studentRun) emit(e search.TraceEvent) {
	e.Seq = uint64(len(s.events))
	e.Earlier = -1
	s.events = append(s.events, e)
}
