package render

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestTreeEviction grows a tree bounded to a few nodes: it never holds
// more than its bound, keeps the root and the path to the current node,
// and the nodes folded away plus those drawn account for every node made.
func TestTreeEviction(t *testing.T) {
	st, _ := newStepper(t, "8 6 7 / 2 5 4 / 3 0 1", board.BlankLast, search.AStar)
	fr, err := runSteps(context.Background(), st, search.AStar, 400)
	if err != nil {
		t.Fatal(err)
	}
	const bound = 40
	tr := newSearchTree(search.AStar, bound)
	for i, f := range fr {
		for _, e := range f.trace {
			tr.apply(e)
		}
		if len(tr.nodes) > bound {
			t.Fatalf("step %d: %d nodes kept, bound %d", i+1, len(tr.nodes), bound)
		}
		path := tr.pathTo(tr.cur)
		if len(path) == 0 || path[0] != tr.root {
			t.Fatalf("step %d: the path to the current node %v does not start at the root %d", i+1, path, tr.root)
		}
		lay := tr.layout(tr.cur)
		drawn, hidden := len(lay.nodes), 0
		for _, n := range lay.nodes {
			hidden += n.hidden
		}
		if made := 1 + int(f.ev.Stats.Generated); drawn+hidden != made {
			t.Fatalf("step %d: %d drawn + %d folded, want the %d nodes made", i+1, drawn, hidden, made)
		}
	}
}

// TestTreeLayout: every parent is centred over its drawn children, one
// row below it, and leaves take columns left to right.
func TestTreeLayout(t *testing.T) {
	st, _ := newStepper(t, "4 1 3 / 7 2 6 / 0 5 8", board.BlankLast, search.IDAStar)
	fr, err := runSteps(context.Background(), st, search.IDAStar, 60)
	if err != nil {
		t.Fatal(err)
	}
	tr := newSearchTree(search.IDAStar, treeMaxNodes)
	for _, f := range fr {
		for _, e := range f.trace {
			tr.apply(e)
		}
		lay := tr.layout(tr.cur)
		kids := map[int64][]visNode{}
		for _, n := range lay.nodes {
			if n.n.id != tr.root {
				kids[n.n.parent] = append(kids[n.n.parent], n)
			}
		}
		for _, n := range lay.nodes {
			k := kids[n.n.id]
			if len(k) == 0 {
				continue
			}
			if mid := (k[0].x + k[len(k)-1].x) / 2; mid != n.x {
				t.Fatalf("node %d at column %g, its children span %g..%g", n.n.id, n.x, k[0].x, k[len(k)-1].x)
			}
			for _, c := range k {
				if c.n.depth != n.n.depth+1 {
					t.Fatalf("child %d at depth %d under a node at %d", c.n.id, c.n.depth, n.n.depth)
				}
			}
		}
		if i, ok := lay.index[lay.cur]; !ok || lay.nodes[i].status != treeCurrent && lay.nodes[i].status != treeGoal {
			t.Fatalf("the current node is not drawn as current")
		}
	}
}
