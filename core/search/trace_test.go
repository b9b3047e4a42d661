package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// traceCase is one search to trace.
type traceCase struct {
	name  string
	start board.Board
	cfg   Config
	// optimal is the optimal length, or -1 when only Solve's length is known
	// to be right (greedy search).
	optimal int
}

// traceCases returns searches of several 8-puzzles with every algorithm,
// A* also with inconsistent heuristics (a pattern database and one that
// forces reopening), and one easy 15-puzzle with Manhattan distance.
func traceCases(t *testing.T) []traceCase {
	t.Helper()
	s3, g := board.Size3x3, board.BlankLast
	dist := distances(t, s3, g)
	md3, _ := NewManhattan(s3, g)
	md4, _ := NewManhattan(board.Size4x4, g)
	pdb44 := testPDB(t, "44", s3, g)
	n := 4
	if raceEnabled {
		n = 2
	}
	var cases []traceCase
	add := func(alg Algorithm, h Heuristic, boards []board.Board, optimal func(board.Board) int) {
		for i, b := range boards {
			name := "bfs"
			if h != nil {
				name = alg.String() + "/" + h.Name()
			}
			cases = append(cases, traceCase{name: fmt.Sprintf("%s/%dx%d/%d", name, b.Size().W, b.Size().H, i),
				start: b, cfg: Config{Algorithm: alg, Heuristic: h, Goal: g}, optimal: optimal(b)})
		}
	}
	opt8 := func(b board.Board) int { return dist[b.Cells()] }
	greedy := func(board.Board) int { return -1 }
	random8 := randomBoards(t, 91, s3, g, n)
	add(IDAStar, md3, random8, opt8)
	add(AStar, md3, random8, opt8)
	add(AStar, pdb44, random8, opt8)
	add(AStar, &erratic{dist: dist}, randomBoards(t, 21, s3, g, 2*n), opt8)
	add(Greedy, md3, random8, greedy)
	add(BFS, nil, walkBoards(t, 92, s3, g, 16, n), opt8)
	add(BFS, nil, []board.Board{board.Solved(s3, g)}, opt8) // the start is the goal
	add(IDAStar, md3, []board.Board{board.Solved(s3, g)}, opt8)
	// One easy 15-puzzle (its optimal length from IDA*'s Solve).
	b15 := walkBoards(t, 93, board.Size4x4, g, 24, 1)[0]
	r, err := Solve(context.Background(), b15, Config{Heuristic: md4})
	if err != nil {
		t.Fatal(err)
	}
	opt15 := func(board.Board) int { return r.Length() }
	for _, alg := range []Algorithm{IDAStar, AStar} {
		add(alg, md4, []board.Board{b15}, opt15)
	}
	add(Greedy, md4, []board.Board{b15}, greedy)
	add(BFS, nil, walkBoards(t, 94, board.Size4x4, g, 14, 1), func(b board.Board) int {
		r, err := Solve(context.Background(), b, Config{Heuristic: md4})
		if err != nil {
			t.Fatal(err)
		}
		return r.Length()
	})
	return cases
}

// traceTally counts the events of one trace by kind.
type traceTally map[TraceKind]uint64

// checkTrace checks a whole trace of start against the rules of trace
// events and returns the counts of each kind and the goal event.
func checkTrace(t *testing.T, alg Algorithm, start board.Board, goal board.Goal, events []TraceEvent) (traceTally, TraceEvent) {
	t.Helper()
	tally := traceTally{}
	seen := map[int64]TraceEvent{} // id -> the event that introduced the node
	lines := len(Pseudocode(alg))
	var expanded TraceEvent // the last expand event
	pendingChildren := 0    // generate events still to come after expanded
	bound := -1
	fail := func(i int, format string, args ...any) {
		t.Helper()
		from := max(i-3, 0)
		var ctx []string
		for _, e := range events[from : i+1] {
			ctx = append(ctx, fmt.Sprintf("%+v", e))
		}
		t.Fatalf("event %d: %s\n%s", i, fmt.Sprintf(format, args...), strings.Join(ctx, "\n"))
	}
	if len(events) == 0 {
		t.Fatal("empty trace")
	}
	for i, e := range events {
		tally[e.Kind]++
		if e.Seq != uint64(i) {
			fail(i, "seq %d", e.Seq)
		}
		if e.F != e.G+e.H {
			fail(i, "f != g + h")
		}
		want := TraceLine(alg, e.Kind)
		if alg == BFS && e.Kind == TraceGoal && e.Parent < 0 {
			want = bfsStartGoalLine
		}
		if want == 0 || e.Line != want || e.Line < 1 || e.Line > lines {
			fail(i, "line %d, want %d of %d", e.Line, want, lines)
		}
		if alg == IDAStar {
			if e.Kind == TraceIteration {
				if e.Bound <= bound {
					fail(i, "bound %d after %d", e.Bound, bound)
				}
				bound = e.Bound
			}
			if e.Bound != bound {
				fail(i, "bound %d during the pass with bound %d", e.Bound, bound)
			}
		} else if e.Bound != 0 {
			fail(i, "bound %d outside IDA*", e.Bound)
		}
		if pendingChildren > 0 && e.Kind != TraceGenerate && !isStatus(e.Kind) {
			fail(i, "%d children of the expansion missing", pendingChildren)
		}
		// Nodes are introduced once: a start (first select, or an IDA*
		// iteration) or a generated child. Every other event repeats a known
		// node exactly.
		introduces := e.Kind == TraceGenerate || e.Kind == TraceIteration || (i == 0 && alg != IDAStar)
		if introduces {
			if _, dup := seen[e.Node]; dup {
				fail(i, "id %d used twice", e.Node)
			}
			seen[e.Node] = e
			if e.Kind == TraceGenerate {
				if pendingChildren == 0 {
					fail(i, "generate without an expansion")
				}
				pendingChildren--
				if e.Parent != expanded.Node || e.G != expanded.G+1 {
					fail(i, "child of %d (g %d), last expanded %d (g %d)", e.Parent, e.G, expanded.Node, expanded.G)
				}
				if b, ok := expanded.Board.Move(e.Move); !ok || b != e.Board {
					fail(i, "child board is not the expanded board after move %v", e.Move)
				}
				if expanded.Parent >= 0 && e.Move == expanded.Move.Inverse() {
					fail(i, "child undoes its parent's move")
				}
				if alg == IDAStar && e.F > bound && (i+1 == len(events) || events[i+1].Kind != TracePrune) {
					fail(i, "f %d over the bound %d but not pruned", e.F, bound)
				}
			} else {
				if e.Parent != -1 || e.G != 0 || e.Board != start {
					fail(i, "a start that is not the start board with parent -1")
				}
				if alg == IDAStar && e.Kind == TraceIteration && e.F > bound {
					fail(i, "root f over the bound")
				}
			}
			if e.Parent >= 0 {
				if _, ok := seen[e.Parent]; !ok {
					fail(i, "parent %d not seen before its child %d", e.Parent, e.Node)
				}
			}
			if e.Kind != TraceGenerate && i > 0 {
				continue
			}
		}
		first, ok := seen[e.Node]
		if !ok {
			fail(i, "node %d never introduced", e.Node)
		}
		if first.Parent != e.Parent || first.G != e.G || first.H != e.H || first.Board != e.Board {
			fail(i, "node %d differs from its introduction %+v", e.Node, first)
		}
		switch e.Kind {
		case TraceSelect:
			if alg == IDAStar && e.F > bound {
				fail(i, "selected f %d over the bound %d", e.F, bound)
			}
		case TraceExpand:
			if i == 0 || events[i-1].Kind != TraceSelect || events[i-1].Node != e.Node {
				fail(i, "expansion of a node that was not just selected")
			}
			expanded, pendingChildren = e, e.Children
			if e.Children < 1 || e.Children > 4 {
				fail(i, "%d children", e.Children)
			}
		case TraceDuplicate, TraceImprove, TraceReopen, TracePrune:
			if events[i-1].Kind != TraceGenerate || events[i-1].Node != e.Node {
				fail(i, "%v does not follow the child's generate event", e.Kind)
			}
			switch e.Kind {
			case TracePrune:
				if alg != IDAStar || e.F <= bound {
					fail(i, "pruned with f %d, bound %d", e.F, bound)
				}
			case TraceDuplicate:
				if alg == IDAStar || (alg == AStar && e.EarlierG > e.G) {
					fail(i, "duplicate of g %d with g %d", e.EarlierG, e.G)
				}
			case TraceImprove, TraceReopen:
				if alg != AStar || e.EarlierG <= e.G || e.EarlierClosed != (e.Kind == TraceReopen) {
					fail(i, "%v of g %d (closed %v) with g %d", e.Kind, e.EarlierG, e.EarlierClosed, e.G)
				}
			}
			if alg != IDAStar {
				earlier, ok := seen[e.Earlier]
				if !ok || earlier.Board != e.Board || e.Earlier >= e.Node {
					fail(i, "earlier node %d unknown or another board", e.Earlier)
				}
			}
		case TraceGoal:
			if i != len(events)-1 || !e.Board.IsGoal(goal) {
				fail(i, "goal event not last or not the goal")
			}
			if alg != BFS || e.Parent < 0 {
				if events[i-1].Kind != TraceSelect || events[i-1].Node != e.Node {
					fail(i, "goal %d was not just selected", e.Node)
				}
			}
		}
	}
	if pendingChildren > 0 {
		t.Fatalf("trace ends with %d children missing", pendingChildren)
	}
	last := events[len(events)-1]
	if last.Kind != TraceGoal {
		t.Fatalf("trace ends with %v", last.Kind)
	}
	return tally, last
}

func isStatus(k TraceKind) bool {
	return k == TraceDuplicate || k == TraceImprove || k == TraceReopen || k == TracePrune
}

// TestTraceAgreesWithSolve traces every algorithm: the generate events
// number Solve's generated nodes, the expand events its expanded ones, the
// reopen events its reopened ones, the goal's g is the optimal length (for
// greedy search, Solve's), and the events follow the rules checkTrace
// enforces. Each expansion's events follow the children's statuses one for
// one, and Trace gives the same events as the Tracer fed by hand.
func TestTraceAgreesWithSolve(t *testing.T) {
	ctx := context.Background()
	kinds := map[Algorithm]traceTally{}
	for _, tc := range traceCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			alg := tc.cfg.Algorithm
			want, err := Solve(ctx, tc.start, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			st, err := NewStepper(tc.start, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			tr := NewTracer(alg)
			var events []TraceEvent
			for !st.Done() {
				ev, err := st.Step(ctx)
				if err != nil {
					t.Fatal(err)
				}
				n := len(events)
				events = tr.Events(events, ev)
				if tr.Seq() != uint64(len(events)) {
					t.Fatalf("Seq %d after %d events", tr.Seq(), len(events))
				}
				checkAgainstEvent(t, ev, events[n:])
			}
			tally, goal := checkTrace(t, alg, tc.start, tc.cfg.Goal, events)
			if tally[TraceGenerate] != want.Generated || tally[TraceExpand] != want.Expanded || tally[TraceReopen] != want.Reopened {
				t.Fatalf("trace: %d generated, %d expanded, %d reopened; Solve: %+v", tally[TraceGenerate], tally[TraceExpand], tally[TraceReopen], want.Stats)
			}
			if goal.G != want.Length() || (tc.optimal >= 0 && goal.G != tc.optimal) {
				t.Fatalf("goal at g %d; Solve's length %d, optimal %d", goal.G, want.Length(), tc.optimal)
			}
			if alg == IDAStar && int(tally[TraceIteration]) != len(want.Iterations) {
				t.Fatalf("%d iteration events, %d iterations", tally[TraceIteration], len(want.Iterations))
			}
			// Trace streams the same events.
			st, _ = NewStepper(tc.start, tc.cfg)
			i := 0
			err = Trace(ctx, st, func(e TraceEvent) error {
				if i >= len(events) || e != events[i] {
					return fmt.Errorf("event %d: %+v, stepped by hand %+v", i, e, events[min(i, len(events)-1)])
				}
				i++
				return nil
			})
			if err != nil || i != len(events) {
				t.Fatalf("Trace: %v after %d of %d events", err, i, len(events))
			}
			if kinds[alg] == nil {
				kinds[alg] = traceTally{}
			}
			for k, n := range tally {
				kinds[alg][k] += n
			}
		})
	}
	// The cases exercise every kind each algorithm can emit.
	for alg, tally := range kinds {
		for _, k := range TraceKinds {
			if TraceLine(alg, k) != 0 && tally[k] == 0 {
				t.Errorf("%v: no %v event in any trace", alg, k)
			}
			if TraceLine(alg, k) == 0 && tally[k] != 0 {
				t.Errorf("%v: %d %v events, which it has no line for", alg, tally[k], k)
			}
		}
	}
}

// checkAgainstEvent checks the trace events made from one Stepper event:
// one event for each child, plus one more for each child that was not simply
// queued, of the kind its status says.
func checkAgainstEvent(t *testing.T, ev Event, got []TraceEvent) {
	t.Helper()
	kindOf := map[EventKind]TraceKind{IterationStarted: TraceIteration, NodeSelected: TraceSelect, NodeExpanded: TraceExpand, SolutionFound: TraceGoal}
	if len(got) == 0 || got[0].Kind != kindOf[ev.Kind] || got[0].Node != ev.Node.ID || got[0].Board != ev.Node.Board {
		t.Fatalf("%v of %+v gave %+v", ev.Kind, ev.Node, got)
	}
	rest := got[1:]
	for _, ch := range ev.Children {
		if len(rest) == 0 || rest[0].Kind != TraceGenerate || rest[0].Node != ch.ID || rest[0].Parent != ev.Node.ID {
			t.Fatalf("child %+v: events %+v", ch, rest)
		}
		rest = rest[1:]
		want, extra := map[ChildStatus]TraceKind{ChildPruned: TracePrune, ChildDuplicate: TraceDuplicate,
			ChildImproved: TraceImprove, ChildReopened: TraceReopen}[ch.Status]
		if !extra {
			continue
		}
		if len(rest) == 0 || rest[0].Kind != want || rest[0].Node != ch.ID || rest[0].Earlier != ch.Earlier {
			t.Fatalf("child %+v (%v): events %+v", ch, ch.Status, rest)
		}
		rest = rest[1:]
	}
	if len(rest) != 0 {
		t.Fatalf("extra events %+v", rest)
	}
}

// TestTraceOpenListIDs checks that the open list and the path of a stepped
// A* search carry the ids of nodes the trace introduced, with the same
// board and g, so a viewer can match them to its tree.
func TestTraceOpenListIDs(t *testing.T) {
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankLast
	md, _ := NewManhattan(s, g)
	for _, alg := range []Algorithm{AStar, Greedy, BFS} {
		h := Heuristic(md)
		if alg == AStar {
			h = testPDB(t, "44", s, g) // inconsistent: nodes are improved and reopened
		}
		b := randomBoards(t, 95, s, g, 1)[0]
		if alg == BFS {
			h, b = nil, walkBoards(t, 96, s, g, 14, 1)[0]
		}
		st, err := NewStepper(b, Config{Algorithm: alg, Heuristic: h})
		if err != nil {
			t.Fatal(err)
		}
		tr := NewTracer(alg)
		known := map[int64]TraceEvent{}
		var buf []TraceEvent
		for steps := 0; !st.Done(); steps++ {
			ev, err := st.Step(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range tr.Events(buf[:0], ev) {
				if e.Kind == TraceGenerate || e.Seq == 0 {
					known[e.Node] = e
				}
			}
			if st.Done() || steps%7 != 0 {
				continue
			}
			for _, n := range append(st.Open(50), st.Path()...) {
				e, ok := known[n.ID]
				if !ok || e.Board != n.Board || e.G != n.G || e.Parent != n.Parent {
					t.Fatalf("%v: open or path node %+v does not match the trace's %+v", alg, n, e)
				}
			}
		}
	}
}

// TestTraceStops checks how Trace ends: ErrStopTrace stops it quietly,
// another error from the callback comes back, a cancelled context and a node
// limit stop the search with their errors.
func TestTraceStops(t *testing.T) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	b := walkBoards(t, 97, board.Size4x4, board.BlankLast, 40, 1)[0]
	boom := errors.New("boom")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name  string
		ctx   context.Context
		cfg   Config
		stop  int // the callback returns err at this event
		err   error
		want  error // nil: Trace returns nil
		count int   // events seen
	}{
		{"stop", context.Background(), Config{Heuristic: md}, 10, ErrStopTrace, nil, 10},
		{"callback error", context.Background(), Config{Algorithm: AStar, Heuristic: md}, 5, boom, boom, 5},
		{"cancelled", cancelled, Config{Heuristic: md}, -1, nil, context.Canceled, 0},
		{"node limit", context.Background(), Config{Algorithm: AStar, Heuristic: md, NodeLimit: 50}, -1, nil, ErrNodeLimit, -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := NewStepper(b, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			count := 0
			err = Trace(tc.ctx, st, func(e TraceEvent) error {
				if count == tc.stop {
					return tc.err
				}
				count++
				return nil
			})
			if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
				t.Fatalf("Trace returned %v, want %v", err, tc.want)
			}
			if tc.count >= 0 && count != tc.count {
				t.Fatalf("%d events, want %d", count, tc.count)
			}
		})
	}
}

// TestTraceIDsAfterRun checks that Run, which records no ids, leaves the
// nodes it stored without ids (-1) and does not disturb the ones the
// stepping gave.
func TestTraceIDsAfterRun(t *testing.T) {
	ctx := context.Background()
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	b := randomBoards(t, 98, board.Size3x3, board.BlankLast, 1)[0]
	st, _ := NewStepper(b, Config{Algorithm: AStar, Heuristic: md})
	for i := 0; i < 6; i++ {
		if _, err := st.Step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	stored := len(st.bf.tree)
	if _, err := st.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if len(st.bf.tree) != stored || len(st.bf.nodes) <= stored {
		t.Fatalf("Run recorded ids: %d before, %d after, %d nodes", stored, len(st.bf.tree), len(st.bf.nodes))
	}
	if n := st.bf.node(int32(len(st.bf.nodes) - 1)); n.ID != -1 || n.Parent != -1 {
		t.Fatalf("a node stored by Run has ids %d, %d", n.ID, n.Parent)
	}
	// Solve records none at all.
	st, _ = NewStepper(b, Config{Algorithm: AStar, Heuristic: md})
	if _, err := st.Run(ctx); err != nil || len(st.bf.tree) != 0 {
		t.Fatalf("Run alone recorded %d ids (%v)", len(st.bf.tree), err)
	}
}

func TestTraceWindow(t *testing.T) {
	w := NewTraceWindow(4)
	if w.Cap() != 4 || w.Len() != 0 {
		t.Fatalf("new window: cap %d, len %d", w.Cap(), w.Len())
	}
	if _, ok := w.Find(0); ok {
		t.Fatal("found an event in an empty window")
	}
	for i := uint64(0); i < 10; i++ {
		w.Add(TraceEvent{Seq: i, Node: int64(i)})
		if w.Len() != min(int(i)+1, 4) || w.At(w.Len()-1).Seq != i || w.At(0).Seq != i+1-uint64(w.Len()) {
			t.Fatalf("after %d: len %d, first %d, last %d", i, w.Len(), w.At(0).Seq, w.At(w.Len()-1).Seq)
		}
	}
	for seq, want := range map[uint64]bool{5: false, 6: true, 9: true, 10: false, 0: false} {
		if e, ok := w.Find(seq); ok != want || (ok && e.Node != int64(seq)) {
			t.Errorf("Find(%d) = %+v, %v; want %v", seq, e, ok, want)
		}
	}
	w.Reset()
	if w.Len() != 0 {
		t.Fatal("Reset left events")
	}
	if NewTraceWindow(0).Cap() != 1 {
		t.Fatal("a window must hold at least one event")
	}
}

func TestTraceKindNames(t *testing.T) {
	names := map[string]bool{}
	for _, k := range TraceKinds {
		got, err := ParseTraceKind(k.String())
		if err != nil || got != k || names[k.String()] {
			t.Errorf("%v: parsed %v, %v", k, got, err)
		}
		names[k.String()] = true
	}
	if _, err := ParseTraceKind("expanded"); err == nil {
		t.Error("expanded accepted")
	}
	if s := TraceKind(99).String(); s != "TraceKind(99)" {
		t.Errorf("unknown kind prints %q", s)
	}
}

// TestPseudocodeLines checks each algorithm's pseudocode and that every
// event kind points at the line that does what the kind says.
func TestPseudocodeLines(t *testing.T) {
	// Words the line of each kind must contain, per algorithm.
	words := map[Algorithm]map[TraceKind]string{
		IDAStar: {TraceIteration: "new depth-first pass", TraceSelect: "SEARCH(n, g)", TraceGoal: "goal",
			TraceExpand: "for each move", TraceGenerate: "f(c) ← g + 1 + h(c)", TracePrune: "prune"},
		AStar: {TraceSelect: "lowest f", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "g' ← g(n) + 1",
			TraceDuplicate: "duplicate", TraceReopen: "reopen", TraceImprove: "put c in OPEN"},
		Greedy: {TraceSelect: "lowest h", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "the board after",
			TraceDuplicate: "duplicate"},
		BFS: {TraceSelect: "first node of QUEUE", TraceGoal: "c is the goal", TraceExpand: "for each move",
			TraceGenerate: "the board after", TraceDuplicate: "duplicate"},
		DFS: {TraceSelect: "top of STACK", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "depth(c) ←",
			TracePrune: "cut c off", TraceDuplicate: "duplicate"},
		DLS: {TraceSelect: "top of STACK", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "depth(c) ←",
			TracePrune: "cut c off", TraceDuplicate: "duplicate"},
		IDDFS: {TraceIteration: "new depth-limited pass", TraceSelect: "visit n", TraceGoal: "goal", TraceExpand: "for each move",
			TraceGenerate: "depth(c) ←", TracePrune: "cut c off", TraceDuplicate: "duplicate"},
		UCS: {TraceSelect: "lowest g", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "the move's cost",
			TraceDuplicate: "duplicate", TraceReopen: "reopen", TraceImprove: "put c in OPEN"},
		WAStar: {TraceSelect: "lowest g + w·h", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "the move's cost",
			TraceDuplicate: "duplicate", TraceReopen: "reopen", TraceImprove: "put c in OPEN"},
		SMAStar: {TraceSelect: "least key", TraceGoal: "goal", TraceExpand: "never expanded", TraceRegenerate: "regenerate",
			TraceGenerate: "F(c) ← max", TraceDrop: "drop the leaf"},
		RBFS: {TraceSelect: "select n", TraceGoal: "goal", TraceExpand: "for each move", TraceGenerate: "F(c) ← max",
			TraceBackup: "back up"},
		BiBFS: {TraceSelect: "select n", TraceGoal: "return the path", TraceExpand: "for each move", TraceGenerate: "d(c) ← d(n) + 1",
			TraceDuplicate: "duplicate", TraceMeet: "they meet"},
	}
	for _, alg := range Algorithms {
		code := Pseudocode(alg)
		if len(code) < 8 || strings.HasPrefix(code[0], " ") {
			t.Fatalf("%v: pseudocode %q", alg, code)
		}
		code[0] = "changed"
		if Pseudocode(alg)[0] == "changed" {
			t.Fatalf("%v: Pseudocode returns shared storage", alg)
		}
		code = Pseudocode(alg)
		for _, k := range TraceKinds {
			l := TraceLine(alg, k)
			w, emitted := words[alg][k]
			if !emitted {
				if l != 0 {
					t.Errorf("%v %v: line %d for an event it never emits", alg, k, l)
				}
				continue
			}
			if l < 1 || l > len(code) || !strings.Contains(code[l-1], w) {
				t.Errorf("%v %v: line %d does not say %q", alg, k, l, w)
			}
		}
		formatted := strings.Split(strings.TrimSuffix(FormatPseudocode(alg), "\n"), "\n")
		if len(formatted) != len(code) || !strings.HasPrefix(formatted[0], " 1  ") || !strings.HasSuffix(formatted[len(code)-1], code[len(code)-1]) {
			t.Errorf("%v: formatted %q", alg, formatted)
		}
	}
	if !strings.Contains(Pseudocode(BFS)[bfsStartGoalLine-1], "n is the goal") {
		t.Errorf("BFS start-goal line %d: %q", bfsStartGoalLine, Pseudocode(BFS)[bfsStartGoalLine-1])
	}
	if Pseudocode(Algorithm(99)) != nil || TraceLine(Algorithm(99), TraceSelect) != 0 || TraceLine(AStar, TraceKind(99)) != 0 {
		t.Error("an unknown algorithm or kind has pseudocode")
	}
}

// BenchmarkTraceAStarEightPuzzle traces the searches of
// BenchmarkAStarEightPuzzle, to compare the cost of recording with Solve's.
func BenchmarkTraceAStarEightPuzzle(b *testing.B) {
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	boards := randomBoards(b, 71, board.Size3x3, board.BlankLast, 20)
	var events uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range boards {
			st, err := NewStepper(s, Config{Algorithm: AStar, Heuristic: md})
			if err != nil {
				b.Fatal(err)
			}
			if err := Trace(context.Background(), st, func(TraceEvent) error { events++; return nil }); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds()/1e6, "Mevents/s")
}
