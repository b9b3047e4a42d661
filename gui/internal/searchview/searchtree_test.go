package searchview

import (
	"context"
	"errors"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// traceRun steps a search of text (an 8- or 15-puzzle board) with linear
// conflict and returns its trace events, at most limit of them (0: to the
// goal), and the solution's length (-1 when stopped early).
func traceRun(t *testing.T, alg search.Algorithm, size board.Size, text string, limit int) ([]search.TraceEvent, *search.Stepper) {
	t.Helper()
	b, err := board.Parse(text, size)
	if err != nil {
		t.Fatal(err)
	}
	h, err := search.NewLinearConflict(size, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	st, err := search.NewStepper(b, search.Config{Algorithm: alg, Heuristic: h, Goal: board.BlankLast})
	if err != nil {
		t.Fatal(err)
	}
	var evs []search.TraceEvent
	err = search.Trace(context.Background(), st, func(e search.TraceEvent) error {
		evs = append(evs, e)
		if limit > 0 && len(evs) >= limit {
			return search.ErrStopTrace
		}
		return nil
	})
	if err != nil && !errors.Is(err, search.ErrStopTrace) {
		t.Fatal(err)
	}
	return evs, st
}

const eight = "8 6 7 / 2 5 4 / 3 0 1" // 31 moves: a big tree
const eightEasy = "4 1 3 / 7 2 6 / 0 5 8"

// checkTree checks the structure: parents kept, children lists, depths.
func checkTree(t *testing.T, m *searchTree) {
	t.Helper()
	for id, n := range m.nodes {
		if n.Id != id {
			t.Fatalf("node %d keyed as %d", n.Id, id)
		}
		if id == m.root {
			if n.parent != -1 {
				t.Fatalf("root %d has parent %d", id, n.parent)
			}
			continue
		}
		p := m.nodes[n.parent]
		if p == nil {
			t.Fatalf("node %d: parent %d not kept", id, n.parent)
		}
		found := 0
		for _, c := range p.Children {
			if c == id {
				found++
			}
		}
		if found != 1 {
			t.Fatalf("node %d listed %d times among its parent's children", id, found)
		}
		if n.depth != p.depth+1 {
			t.Fatalf("node %d at depth %d under a node at depth %d", id, n.depth, p.depth)
		}
		if !n.detached {
			if next, ok := p.Board.Move(n.move); !ok || next != n.Board {
				t.Fatalf("node %d's board is not its parent's after move %v", id, n.move)
			}
			if n.g != p.g+1 {
				t.Fatalf("node %d: g %d under g %d", id, n.g, p.g)
			}
		}
	}
}

func TestSearchTreeBuildsTheAStarTree(t *testing.T) {
	for _, alg := range []search.Algorithm{search.AStar, search.Greedy, search.BFS} {
		t.Run(alg.String(), func(t *testing.T) {
			evs, st := traceRun(t, alg, board.Size3x3, eightEasy, 0)
			m := newSearchTree(0) // unbounded
			m.reset(alg)
			for _, e := range evs {
				m.apply(e)
			}
			checkTree(t, m)
			stats := st.Stats()
			if got, want := m.Len(), int(stats.Generated)+1; got != want {
				t.Errorf("%d nodes kept, want the %d generated + the start", got, want)
			}
			if m.expansions != int(stats.Expanded) {
				t.Errorf("%d expansions numbered, the search made %d", m.expansions, stats.Expanded)
			}
			// Every generate event's node is kept with its parent, g, h, f.
			for _, e := range evs {
				if e.Kind != search.TraceGenerate {
					continue
				}
				n := m.Node(e.Node)
				if n == nil || n.parent != e.Parent || n.g != e.G || n.h != e.H || n.F != e.F || n.Board != e.Board {
					t.Fatalf("generate %+v kept as %+v", e, n)
				}
			}
			// The expansion order follows the expand events.
			k := 0
			for _, e := range evs {
				if e.Kind == search.TraceExpand {
					k++
					if n := m.Node(e.Node); n == nil || n.order != k {
						t.Fatalf("expansion %d of node %d: order %v", k, e.Node, n)
					}
				}
			}
			// The solution path: from the start to the goal, the solution's moves.
			sol := m.pathTo(m.GoalID)
			moves := st.Result().Moves
			if m.GoalID < 0 || len(sol) != len(moves)+1 {
				t.Fatalf("solution path %v, %d moves", sol, len(moves))
			}
			for i, id := range sol[1:] {
				if m.Node(id).move != moves[i] {
					t.Fatalf("solution path move %d is %v, want %v", i, m.Node(id).move, moves[i])
				}
			}
			if m.Node(m.GoalID).statusAt(m.last) != TreeGoal {
				t.Error("the goal is not marked")
			}
			// At the end the solution path is drawn with its siblings.
			lay := m.layoutAt(0, m.GoalID)
			for _, id := range sol {
				i, ok := lay.Index[id]
				if !ok || !lay.Nodes[i].onSolution {
					t.Fatalf("solution node %d not drawn on the solution path", id)
				}
				for _, c := range m.Node(id).Children {
					if _, ok := lay.Index[c]; !ok {
						t.Fatalf("child %d of solution node %d not drawn", c, id)
					}
				}
			}
		})
	}
}

func TestSearchTreeStatuses(t *testing.T) {
	evs, _ := traceRun(t, search.AStar, board.Size3x3, eight, 0)
	m := newSearchTree(0)
	m.reset(search.AStar)
	for _, e := range evs {
		m.apply(e)
	}
	seen := map[treeStatus]int{}
	for _, n := range m.nodes {
		seen[n.statusAt(m.last)]++
	}
	for _, s := range []treeStatus{treeOpen, treeClosed, treeDuplicate, TreeGoal} {
		if seen[s] == 0 {
			t.Errorf("no %s node after A* on %s: %v", s, eight, seen)
		}
	}
	dups := 0
	for _, e := range evs {
		if e.Kind == search.TraceDuplicate {
			dups++
			if n := m.Node(e.Node); n.statusAt(m.last) != treeDuplicate {
				t.Fatalf("duplicate %d is %s", e.Node, n.statusAt(m.last))
			}
		}
	}
	if dups != seen[treeDuplicate] {
		t.Errorf("%d duplicate events, %d duplicate nodes", dups, seen[treeDuplicate])
	}
}

func TestSearchTreeStepsBackInTime(t *testing.T) {
	evs, _ := traceRun(t, search.AStar, board.Size3x3, eight, 400)
	m := newSearchTree(0)
	m.reset(search.AStar)
	var mid search.TraceEvent
	for i, e := range evs {
		m.apply(e)
		if i == 200 {
			mid = e
		}
	}
	m.apply(evs[10]) // already applied: ignored
	at := mid.Seq + 1
	lay := m.layoutAt(at, mid.Node)
	for _, v := range lay.Nodes {
		if v.N.Made > at {
			t.Fatalf("node %d made at event %d drawn at event %d", v.N.Id, v.N.Made-1, mid.Seq)
		}
		if v.order > 0 && v.N.expanded > at {
			t.Fatalf("node %d shows its expansion number before it was expanded", v.N.Id)
		}
	}
	born := 0
	for _, n := range m.nodes {
		if n.Made <= at {
			born++
		}
	}
	if got := len(lay.Nodes) + sumHidden(lay); got != born || born >= m.Len() {
		t.Errorf("at event %d: %d nodes drawn or folded, %d made by then (of %d)", mid.Seq, got, born, m.Len())
	}
}

func TestSearchTreeFolds(t *testing.T) {
	evs, _ := traceRun(t, search.AStar, board.Size3x3, eight, 3000)
	m := newSearchTree(0)
	m.reset(search.AStar)
	for _, e := range evs {
		m.apply(e)
	}
	lay := m.layoutAt(0, m.cur)
	path := map[int64]bool{}
	for _, id := range m.pathTo(m.cur) {
		path[id] = true
	}
	var folded *VisNode
	for i, v := range lay.Nodes {
		if v.N.depth > treeTopLevels && !path[v.N.parent] {
			t.Fatalf("node %d at depth %d drawn though its parent is neither on the path nor unfolded", v.N.Id, v.N.depth)
		}
		if v.Folded && folded == nil && !path[v.N.Id] {
			folded = &lay.Nodes[i]
		}
		if (v.N.Id == m.cur) != (v.Status == TreeCurrent) {
			t.Fatalf("node %d status %s, current is %d", v.N.Id, v.Status, m.cur)
		}
	}
	if folded == nil {
		t.Fatal("nothing folded in a tree of thousands of nodes")
	}
	if folded.hidden != m.descendants(folded.N, m.last) || folded.hidden == 0 {
		t.Errorf("folded node hides %d, has %d under it", folded.hidden, m.descendants(folded.N, m.last))
	}
	if len(lay.Nodes)+sumHidden(lay) != m.Len() {
		t.Errorf("%d drawn + %d folded != %d kept", len(lay.Nodes), sumHidden(lay), m.Len())
	}
	id := folded.N.Id
	m.toggleFold(id)
	lay2 := m.layoutAt(0, m.cur)
	for _, c := range m.Node(id).Children {
		if _, ok := lay2.Index[c]; !ok {
			t.Fatalf("child %d of the unfolded node %d not drawn", c, id)
		}
	}
	m.foldAll()
	if lay3 := m.layoutAt(0, m.cur); len(lay3.Nodes) != len(lay.Nodes) {
		t.Errorf("fold all: %d nodes drawn, %d before unfolding", len(lay3.Nodes), len(lay.Nodes))
	}
}

func sumHidden(l treeLayout) int {
	k := 0
	for _, v := range l.Nodes {
		k += v.hidden
	}
	return k
}

func TestSearchTreeStaysBounded(t *testing.T) {
	const max = 300
	for _, alg := range []search.Algorithm{search.AStar, search.IDAStar} {
		t.Run(alg.String(), func(t *testing.T) {
			// Korf's #1 is far too hard to finish: thousands of events.
			evs, _ := traceRun(t, alg, board.Size4x4, board.Korf100()[0].Board.Line(), 30000)
			m := newSearchTree(max)
			m.reset(alg)
			for i, e := range evs {
				m.apply(e)
				if m.Len() > max {
					t.Fatalf("event %d: %d nodes kept, at most %d", i, m.Len(), max)
				}
				if i%997 == 0 {
					checkTree(t, m)
					lay := m.layoutAt(0, m.cur)
					if len(lay.Nodes) > visibleCap {
						t.Fatalf("%d nodes drawn", len(lay.Nodes))
					}
					if m.cur >= 0 {
						if p := m.pathTo(m.cur); len(p) == 0 || p[0] != m.root {
							t.Fatalf("the current node %d is cut off the root: %v", m.cur, p)
						}
					}
				}
			}
			if m.Evicted == 0 {
				t.Error("nothing was evicted")
			}
			if len(m.order) > 2*max {
				t.Errorf("the creation order holds %d ids", len(m.order))
			}
		})
	}
}

func TestSearchTreeIDAStarPasses(t *testing.T) {
	evs, st := traceRun(t, search.IDAStar, board.Size3x3, eight, 0)
	m := newSearchTree(0)
	m.reset(search.IDAStar)
	iters, pruned := 0, 0
	for _, e := range evs {
		m.apply(e)
		switch e.Kind {
		case search.TraceIteration:
			iters++
			if m.Len() != 1 || m.root != e.Node || m.Node(e.Node).parent != -1 {
				t.Fatalf("pass %d: %d nodes, root %d (event node %d)", iters, m.Len(), m.root, e.Node)
			}
		case search.TracePrune:
			pruned++
			n := m.Node(e.Node)
			if n.statusAt(m.last) != TreePruned || n.F <= n.Bound {
				t.Fatalf("pruned child %d: %s, f %d bound %d", e.Node, n.statusAt(m.last), n.F, n.Bound)
			}
		}
	}
	checkTree(t, m)
	if iters < 2 || len(m.Passes) != iters {
		t.Fatalf("%d iterations, %d passes kept", iters, len(m.Passes))
	}
	if pruned == 0 {
		t.Fatal("IDA* pruned nothing")
	}
	for i, p := range m.Passes {
		if len(p.perDep) == 0 || p.perDep[0] != 1 {
			t.Errorf("pass %d: %v nodes per depth, want 1 at depth 0", i+1, p.perDep)
		}
		if i > 0 && p.bound <= m.Passes[i-1].bound {
			t.Errorf("pass %d: bound %d after %d", i+1, p.bound, m.Passes[i-1].bound)
		}
		sum := 0
		for _, c := range p.perDep {
			sum += c
		}
		if sum != p.visited {
			t.Errorf("pass %d: %d visited, %d per depth", i+1, p.visited, sum)
		}
	}
	moves := st.Result().Moves
	if got := len(m.pathTo(m.GoalID)); got != len(moves)+1 {
		t.Errorf("the last pass's solution path has %d nodes, want %d", got, len(moves)+1)
	}
	// The current branch is drawn with its siblings, pruned ones among them.
	lay := m.layoutAt(0, m.GoalID)
	prunedShown := false
	for _, v := range lay.Nodes {
		if v.Status == TreePruned && v.onSolution == false {
			if _, ok := lay.Index[v.N.parent]; ok && lay.Nodes[lay.Index[v.N.parent]].onSolution {
				prunedShown = true
			}
		}
	}
	if !prunedShown {
		t.Error("no pruned sibling of the solution path drawn")
	}
}
