package search

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// A search trace, for explaining a search: every selection, expansion and
// generated child as one small event with the node's id in the search tree,
// its parent's id, g, h, f, its board and the line of the algorithm's
// pseudocode (Pseudocode) it corresponds to.
//
// A Tracer turns the events of a Stepper into trace events; Trace runs a
// Stepper to the end and hands each trace event to a callback as it happens,
// so a trace of any length takes constant memory (beyond the search's own);
// a TraceWindow keeps the most recent events for a viewer. Nothing here
// touches the fast path: Solve and Stepper.Run never build events.

// TraceKind says what a trace event records.
type TraceKind uint8

const (
	// TraceSelect: the node is chosen to be examined next (taken from the
	// open list or queue; IDA*: visited because its f is within the bound).
	TraceSelect TraceKind = iota
	// TraceExpand: the node is not the goal and its children are generated;
	// a TraceGenerate event follows for each child.
	TraceExpand
	// TraceGenerate: a child was created (the count Stats.Generated counts).
	// What the search did with it follows as a separate event when it was not
	// simply queued: duplicate, improve, reopen or prune.
	TraceGenerate
	// TraceDuplicate: the child's board was already known by a path at least
	// as short (greedy search and BFS: known at all); the child is dropped.
	TraceDuplicate
	// TraceImprove: A* only; the child's board is on the open list with a
	// larger g, which the child's path replaces.
	TraceImprove
	// TraceReopen: A* only; the child's board was closed with a larger g (the
	// heuristic is inconsistent) and goes back on the open list.
	TraceReopen
	// TracePrune: IDA* only; the child's f exceeds the bound, so it is not
	// visited in this pass (its f is a candidate for the next bound).
	TracePrune
	// TraceIteration: IDA* starts a depth-first pass from the start with the
	// bound in Bound (the node is the pass's root).
	TraceIteration
	// TraceGoal: the node is the goal; the search ends.
	TraceGoal
	// TraceMeet: bidirectional search only; the other side has reached the
	// child's board (Earlier and EarlierG: that side's node and its
	// distance from its root).
	TraceMeet
	// TraceBackup: RBFS only; the node's best child has an f over the
	// node's f-limit (Bound), so the search returns from the node and its
	// stored f becomes Backed (-1: infinite).
	TraceBackup
	// TraceDrop: SMA* only; the leaf is dropped to make room; its parent
	// remembers its F (Backed).
	TraceDrop
	// TraceRegenerate: SMA* only; the node's dropped children are generated
	// again (generate events follow), since its forgotten f is the least.
	TraceRegenerate
)

// TraceKinds lists every trace event kind.
var TraceKinds = []TraceKind{TraceSelect, TraceExpand, TraceGenerate, TraceDuplicate, TraceImprove,
	TraceReopen, TracePrune, TraceIteration, TraceGoal, TraceMeet, TraceBackup, TraceDrop, TraceRegenerate}

// String returns the kind's name as `slidelab trace` prints it: "select",
// "expand", "generate", "duplicate", "improve", "reopen", "prune",
// "iteration", "goal", "meet", "backup", "drop" or "regenerate".
func (k TraceKind) String() string {
	switch k {
	case TraceSelect:
		return "select"
	case TraceExpand:
		return "expand"
	case TraceGenerate:
		return "generate"
	case TraceDuplicate:
		return "duplicate"
	case TraceImprove:
		return "improve"
	case TraceReopen:
		return "reopen"
	case TracePrune:
		return "prune"
	case TraceIteration:
		return "iteration"
	case TraceGoal:
		return "goal"
	case TraceMeet:
		return "meet"
	case TraceBackup:
		return "backup"
	case TraceDrop:
		return "drop"
	case TraceRegenerate:
		return "regenerate"
	}
	return fmt.Sprintf("TraceKind(%d)", uint8(k))
}

// ParseTraceKind parses a kind's name as String returns it.
func ParseTraceKind(text string) (TraceKind, error) {
	for _, k := range TraceKinds {
		if k.String() == text {
			return k, nil
		}
	}
	return 0, fmt.Errorf("trace event %q: want one of select, expand, generate, duplicate, improve, reopen, prune, iteration, goal, meet, backup, drop, regenerate", text)
}

// TraceEvent is one event of a search trace.
type TraceEvent struct {
	// Seq numbers the events of a trace from 0.
	Seq uint64
	// Kind says what happened.
	Kind TraceKind
	// Node is the id of the node the event is about (see Node.ID) and Parent
	// the id of the node whose expansion generated it (-1 for a start).
	Node, Parent int64
	// G, H and F = G + H are the node's values (BFS: H is 0; greedy search
	// orders its open list by H alone, but F is still G + H).
	G, H, F int
	// Board is the node's board and Move the blank's move that reached it
	// from its parent (meaningless for a start).
	Board board.Board
	Move  board.Dir
	// Line is the 1-based number of the line of Pseudocode(algorithm) that
	// the event corresponds to.
	Line int
	// Bound is IDA*'s f bound during the event, or the depth limit of DFS,
	// DLS and IDDFS (0 for other algorithms and DFS without a limit).
	// `slidelab trace` prints it on iteration and prune events only.
	Bound int
	// Side is the side of a bidirectional search (NoSide otherwise).
	Side Side
	// Backed is RBFS's stored f of the node (generate: the child's; backup:
	// the value backed up); -1 for infinite, 0 for other algorithms. RBFS's
	// Bound is the node's f-limit (-1: infinite).
	Backed int
	// Earlier, for duplicate, improve and reopen events, is the id of the
	// node that already held the board (the one kept over a duplicate, or the
	// one replaced), with its g and whether it was closed; -1 otherwise.
	Earlier       int64
	EarlierG      int
	EarlierClosed bool
	// Children, on an expand event, is the number of children generated
	// (the generate events that follow); 0 otherwise.
	Children int
}

// Pseudocode returns the numbered pseudocode of alg that trace events refer
// to: element i is line i+1, indented by two spaces a level, without its
// number. A* is the textbook version with reopening (pattern databases added
// together are admissible but not consistent); IDA* is recursive with the
// bound and the next bound; BFS has a first-in first-out queue and a closed
// set; greedy search orders by h alone. It returns nil for an unknown
// algorithm. The slice is a fresh copy.
func Pseudocode(alg Algorithm) []string {
	var src []string
	switch alg {
	case IDAStar:
		src = idaPseudocode
	case AStar:
		src = astarPseudocode
	case BFS:
		src = bfsPseudocode
	case Greedy:
		src = greedyPseudocode
	case DFS:
		src = dfsPseudocode
	case DLS:
		src = dlsPseudocode
	case IDDFS:
		src = iddfsPseudocode
	case UCS:
		src = ucsPseudocode
	case BiBFS:
		src = bibfsPseudocode
	case WAStar:
		src = wastarPseudocode
	case RBFS:
		src = rbfsPseudocode
	case SMAStar:
		src = smaPseudocode
	default:
		return nil
	}
	return append([]string(nil), src...)
}

// FormatPseudocode returns the pseudocode of alg with right-aligned line
// numbers, one line per element, as `slidelab trace --pseudocode` prints it.
func FormatPseudocode(alg Algorithm) string {
	var sb strings.Builder
	for i, l := range Pseudocode(alg) {
		fmt.Fprintf(&sb, "%2d  %s\n", i+1, l)
	}
	return sb.String()
}

// Lines of the pseudocode, with the events that refer to them.
var (
	astarPseudocode = []string{
		"A*(start)",
		"  g(start) ← 0; OPEN ← {start}; CLOSED ← ∅",
		"  while OPEN is not empty",
		"    n ← the node of OPEN with the lowest f = g + h (ties: the larger g, then the one put in OPEN last); remove it", // select
		"    if n is the goal then return the path to n",                                                                    // goal
		"    add n to CLOSED",
		"    for each move of the blank, except the one undoing the move that reached n", // expand
		"      c ← the board after the move; g' ← g(n) + 1",                              // generate
		"      if c is in OPEN or CLOSED with g(c) ≤ g' then skip c (a duplicate)",       // duplicate
		"      if c is in CLOSED then move c back to OPEN (reopen: h is not consistent)", // reopen
		"      g(c) ← g'; parent(c) ← n; put c in OPEN with f = g(c) + h(c)",             // improve
		"  return failure",
	}
	greedyPseudocode = []string{
		"GREEDY-BEST-FIRST(start)",
		"  OPEN ← {start}; CLOSED ← {start} (every board reached)",
		"  while OPEN is not empty",
		"    n ← the node of OPEN with the lowest h (ties: the one put in OPEN last); remove it", // select
		"    if n is the goal then return the path to n",                                         // goal
		"    for each move of the blank, except the one undoing the move that reached n",         // expand
		"      c ← the board after the move; g(c) ← g(n) + 1",                                    // generate
		"      if c is in CLOSED then skip c (a duplicate)",                                      // duplicate
		"      parent(c) ← n; add c to CLOSED and to OPEN",
		"  return failure",
	}
	bfsPseudocode = []string{
		"BREADTH-FIRST-SEARCH(start)",
		"  QUEUE ← [start] (first in, first out); CLOSED ← {start} (every board reached)",
		"  while QUEUE is not empty",
		"    n ← the first node of QUEUE; remove it",                                     // select
		"    if n is the goal then return the path to n (only the start is tested here)", // goal of the start
		"    for each move of the blank, except the one undoing the move that reached n", // expand
		"      c ← the board after the move; g(c) ← g(n) + 1",                            // generate
		"      if c is in CLOSED then skip c (a duplicate)",                              // duplicate
		"      if c is the goal then return the path to c",                               // goal
		"      parent(c) ← n; add c to CLOSED and to the end of QUEUE",
		"  return failure",
	}
	idaPseudocode = []string{
		"IDA*(start)",
		"  bound ← h(start)",
		"  loop",
		"    next ← ∞ (a new depth-first pass with this bound)", // iteration
		"    if SEARCH(start, 0) = FOUND then return the path",
		"    if next = ∞ then return failure",
		"    bound ← next (the least f that was over the bound)",
		"SEARCH(n, g) (visit n: f(n) = g + h(n) ≤ bound)",                              // select
		"  if n is the goal then return FOUND",                                         // goal
		"  for each move of the blank, except the one undoing the move that reached n", // expand
		"    c ← the board after the move; f(c) ← g + 1 + h(c)",                        // generate
		"    if f(c) > bound then next ← min(next, f(c)); prune c",                     // prune
		"  for each child c that was not pruned, in move order",
		"    if SEARCH(c, g + 1) = FOUND then return FOUND",
		"  return NOT FOUND",
	}
)

// traceLines maps each algorithm and event kind to its pseudocode line (0:
// the algorithm has no such event).
var traceLines = [12][13]int{
	IDAStar: {TraceSelect: 8, TraceExpand: 10, TraceGenerate: 11, TracePrune: 12, TraceIteration: 4, TraceGoal: 9},
	AStar:   {TraceSelect: 4, TraceExpand: 7, TraceGenerate: 8, TraceDuplicate: 9, TraceImprove: 11, TraceReopen: 10, TraceGoal: 5},
	BFS:     {TraceSelect: 4, TraceExpand: 6, TraceGenerate: 7, TraceDuplicate: 8, TraceGoal: 9},
	Greedy:  {TraceSelect: 4, TraceExpand: 6, TraceGenerate: 7, TraceDuplicate: 8, TraceGoal: 5},
	DFS:     {TraceSelect: 4, TraceGoal: 5, TraceExpand: 6, TraceGenerate: 7, TracePrune: 8, TraceDuplicate: 9},
	DLS:     {TraceSelect: 4, TraceGoal: 5, TraceExpand: 6, TraceGenerate: 7, TracePrune: 8, TraceDuplicate: 9},
	IDDFS:   {TraceIteration: 2, TraceSelect: 5, TraceGoal: 6, TraceExpand: 7, TraceGenerate: 8, TracePrune: 9, TraceDuplicate: 10},
	UCS:     {TraceSelect: 4, TraceExpand: 7, TraceGenerate: 8, TraceDuplicate: 9, TraceImprove: 11, TraceReopen: 10, TraceGoal: 5},
	BiBFS:   {TraceSelect: 6, TraceExpand: 7, TraceGenerate: 8, TraceDuplicate: 9, TraceMeet: 11, TraceGoal: 12},
	WAStar:  {TraceSelect: 4, TraceExpand: 7, TraceGenerate: 8, TraceDuplicate: 9, TraceImprove: 11, TraceReopen: 10, TraceGoal: 5},
	RBFS:    {TraceSelect: 3, TraceGoal: 4, TraceExpand: 5, TraceGenerate: 6, TraceBackup: 9},
	SMAStar: {TraceSelect: 4, TraceGoal: 5, TraceExpand: 6, TraceRegenerate: 7, TraceGenerate: 8, TraceDrop: 10},
}

// bfsStartGoalLine is BFS's line for a start board that is already the goal.
const bfsStartGoalLine = 5

// TraceLine returns the line of Pseudocode(alg) that an event of kind k
// corresponds to, or 0 when alg never emits such events (for example prune
// outside IDA*). One event differs from its kind's line: BFS tests children
// for the goal as they are generated (line 9), so only a start that is
// already the goal is found at line 5; the Tracer sets Line accordingly.
func TraceLine(alg Algorithm, k TraceKind) int {
	if int(alg) >= len(traceLines) || int(k) >= len(traceLines[0]) {
		return 0
	}
	return traceLines[alg][k]
}

// Tracer turns a Stepper's events into trace events, numbering them in
// order. Use one Tracer per search. It is not safe for concurrent use.
type Tracer struct {
	alg Algorithm
	seq uint64
}

// NewTracer returns a tracer for a search with alg.
func NewTracer(alg Algorithm) *Tracer { return &Tracer{alg: alg} }

// Seq returns the number the next trace event will get (the count so far).
func (t *Tracer) Seq() uint64 { return t.seq }

// Events appends to dst the trace events of one Stepper event and returns
// the extended slice: iteration (IDA*'s IterationStarted), select
// (NodeSelected), goal (SolutionFound), or for NodeExpanded an expand event
// followed, for each child in move order, by a generate event and, unless
// the child was simply queued, a duplicate, improve, reopen or prune event.
// An expansion gives at most 9 events. Bidirectional search's meetings
// give a meet event after the child's generate event.
func (t *Tracer) Events(dst []TraceEvent, ev Event) []TraceEvent {
	switch ev.Kind {
	case IterationStarted:
		dst = t.add(dst, TraceIteration, &ev.Node, &ev)
	case NodeSelected:
		dst = t.add(dst, TraceSelect, &ev.Node, &ev)
	case NodeBackedUp:
		dst = t.add(dst, TraceBackup, &ev.Node, &ev)
	case NodeDropped:
		dst = t.add(dst, TraceDrop, &ev.Node, &ev)
	case SolutionFound:
		dst = t.add(dst, TraceGoal, &ev.Node, &ev)
		if t.alg == BFS && ev.Node.Root {
			dst[len(dst)-1].Line = bfsStartGoalLine
		}
	case NodeExpanded:
		k := TraceExpand
		if ev.Regenerated {
			k = TraceRegenerate
		}
		dst = t.add(dst, k, &ev.Node, &ev)
		dst[len(dst)-1].Children = len(ev.Children)
		for i := range ev.Children {
			ch := &ev.Children[i]
			dst = t.add(dst, TraceGenerate, &ch.Node, &ev)
			if t.alg == RBFS || t.alg == SMAStar {
				dst[len(dst)-1].Backed = shown(ch.Backed)
			}
			var k TraceKind
			switch ch.Status {
			case ChildPruned:
				k = TracePrune
			case ChildDuplicate:
				k = TraceDuplicate
			case ChildImproved:
				k = TraceImprove
			case ChildReopened:
				k = TraceReopen
			case ChildMeet:
				k = TraceMeet
			default:
				continue
			}
			dst = t.add(dst, k, &ch.Node, &ev)
			e := &dst[len(dst)-1]
			e.Earlier, e.EarlierG, e.EarlierClosed = ch.Earlier, ch.EarlierG, ch.EarlierClosed
		}
	}
	return dst
}

func (t *Tracer) add(dst []TraceEvent, k TraceKind, n *Node, ev *Event) []TraceEvent {
	e := TraceEvent{Seq: t.seq, Kind: k, Node: n.ID, Parent: n.Parent, G: n.G, H: n.H, F: n.F(),
		Board: n.Board, Move: n.Move, Line: TraceLine(t.alg, k), Earlier: -1, Side: ev.Side}
	switch t.alg {
	case IDAStar, DFS, DLS, IDDFS:
		e.Bound = ev.Bound
	case RBFS:
		e.Bound, e.Backed = ev.Bound, ev.Backed
	case SMAStar:
		e.Backed = ev.Backed
	}
	t.seq++
	return append(dst, e)
}

// ErrStopTrace may be returned by Trace's callback to end the trace early;
// Trace then returns nil.
var ErrStopTrace = errors.New("search: trace stopped")

// Trace steps the search st (fresh from NewStepper, or part-way through) to
// its end and calls emit with each trace event as it happens, numbered from
// 0. It returns nil once the goal event has been emitted or emit returned
// ErrStopTrace; emit's other errors, the context's error and the search's own
// errors (a *LimitError, no solution) are returned as they are or wrapped.
// Memory stays constant beyond the search's own: events are not kept.
func Trace(ctx context.Context, st *Stepper, emit func(TraceEvent) error) error {
	t := NewTracer(st.cfg.Algorithm)
	buf := make([]TraceEvent, 0, 9)
	for {
		ev, err := st.Step(ctx)
		if errors.Is(err, ErrFinished) {
			return nil
		}
		if err != nil {
			return err
		}
		buf = t.Events(buf[:0], ev)
		for _, e := range buf {
			if err := emit(e); err != nil {
				if errors.Is(err, ErrStopTrace) {
					return nil
				}
				return err
			}
		}
		if ev.Kind == SolutionFound {
			return nil
		}
	}
}

// TraceWindow keeps the most recent events of a trace, up to a fixed
// number, so that a viewer can go back through a bounded history. It is not
// safe for concurrent use.
type TraceWindow struct {
	buf   []TraceEvent
	start int // index in buf of the oldest event
	n     int // events held
}

// NewTraceWindow returns a window that holds at most n events (at least 1).
func NewTraceWindow(n int) *TraceWindow {
	return &TraceWindow{buf: make([]TraceEvent, max(n, 1))}
}

// Add appends e, dropping the oldest event when the window is full.
func (w *TraceWindow) Add(e TraceEvent) {
	if w.n < len(w.buf) {
		w.buf[(w.start+w.n)%len(w.buf)] = e
		w.n++
		return
	}
	w.buf[w.start] = e
	w.start = (w.start + 1) % len(w.buf)
}

// Len returns the number of events held.
func (w *TraceWindow) Len() int { return w.n }

// Cap returns the most events the window holds.
func (w *TraceWindow) Cap() int { return len(w.buf) }

// At returns the i-th event held, oldest first (0 <= i < Len).
func (w *TraceWindow) At(i int) TraceEvent {
	return w.buf[(w.start+i)%len(w.buf)]
}

// Find returns the event numbered seq and true, or false when it has left
// the window or has not happened yet.
func (w *TraceWindow) Find(seq uint64) (TraceEvent, bool) {
	if w.n == 0 {
		return TraceEvent{}, false
	}
	first := w.At(0).Seq
	if seq < first || seq-first >= uint64(w.n) {
		return TraceEvent{}, false
	}
	e := w.At(int(seq - first))
	return e, e.Seq == seq
}

// Reset empties the window.
func (w *TraceWindow) Reset() { w.start, w.n = 0, 0 }
