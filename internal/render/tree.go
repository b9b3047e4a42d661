package render

import (
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// The search tree of a search run's frames: the nodes the search made,
// built from its trace events, as the app's tree view (gui's searchtree.go)
// keeps them, without what only a window needs (stepping back, unfolding
// by tap, IDA*'s pass strip).
//
// Bounds: at most max nodes are kept. When there are more, the oldest
// leaves are evicted (down to 90 % of max): first those the search is done
// with, then, only if that is not enough, open ones; the root, the current
// node's ancestors and the solution path stay. A parent counts its evicted
// children in its folded total.
//
// IDA*: each pass is its own tree (a new pass starts from a fresh root).
//
// Folding: the root's top levels are drawn, and the path to the current node
// with the children of every node on it, and at the end the solution path
// with its siblings; any other node with children is drawn folded, with the
// number of nodes under it.

// treeStatus is what a node of the tree is.
type treeStatus uint8

const (
	treeOpen      treeStatus = iota // generated and waiting (A*'s OPEN, IDA*'s stack)
	treeCurrent                     // the node of the event shown
	treeClosed                      // expanded (for IDA*: visited)
	treeDuplicate                   // dropped: its board was already held
	treePruned                      // IDA*: f over the bound
	treeReplaced                    // A*: a shorter path to its board was found while it waited
	treeGoal                        // the goal
)

// String names the status.
func (s treeStatus) String() string {
	return [...]string{"open", "current", "closed", "duplicate", "pruned", "replaced", "goal"}[s]
}

// treeNode is one node of the tree.
type treeNode struct {
	id, parent int64
	g, h, f    int
	board      board.Board
	depth      int
	// born is the status the node was generated with (open, duplicate or
	// pruned); bound is IDA*'s bound when it was pruned.
	born  treeStatus
	bound int
	// What happened to it since.
	selected, expanded, replaced, goal, reopened bool
	// order is the node's place in the expansion order (1-based; 0 for
	// never expanded).
	order int
	// children are the kept children in move order; dropped counts the
	// evicted ones.
	children []int64
	dropped  int
}

// status returns what n is now.
func (n *treeNode) status() treeStatus {
	switch {
	case n.goal:
		return treeGoal
	case n.expanded, n.selected:
		return treeClosed
	case n.replaced:
		return treeReplaced
	}
	return n.born
}

// treeMaxNodes bounds the nodes the tree keeps, as in the app.
const treeMaxNodes = 4000

// searchTree holds the nodes by id, in the order they were made.
type searchTree struct {
	alg search.Algorithm
	// w10 is weighted A*'s weight in tenths (0: none), for the cards.
	w10    int
	max    int
	nodes  map[int64]*treeNode
	order  []int64 // ids in the order the nodes were made
	root   int64   // -1 before the first event
	cur    int64   // the node of the latest select/expand/goal/pass event
	goalID int64   // -1 until found
	// expansions counts the expand events.
	expansions int
	// gone maps an evicted node to its parent, so that a node the search
	// comes back to is taken off the folded count that held it.
	gone map[int64]int64
}

// newSearchTree returns an empty tree for a search with alg keeping at most
// max nodes.
func newSearchTree(alg search.Algorithm, max int) *searchTree {
	t := &searchTree{alg: alg, max: max, goalID: -1}
	t.clear()
	return t
}

// clear drops every node (a new IDA* pass).
func (t *searchTree) clear() {
	t.nodes = map[int64]*treeNode{}
	t.gone = map[int64]int64{}
	t.order = t.order[:0]
	t.root, t.cur = -1, -1
}

// apply adds one trace event.
func (t *searchTree) apply(e search.TraceEvent) {
	switch e.Kind {
	case search.TraceIteration:
		t.clear()
		t.cur = t.ensure(e).id
	case search.TraceSelect:
		n := t.ensure(e)
		n.selected = true
		t.cur = n.id
	case search.TraceExpand:
		n := t.ensure(e)
		n.expanded = true
		t.expansions++
		n.order = t.expansions
		t.cur = n.id
	case search.TraceGenerate:
		t.ensure(e)
	case search.TraceDuplicate:
		t.ensure(e).born = treeDuplicate
	case search.TracePrune:
		n := t.ensure(e)
		n.born, n.bound = treePruned, e.Bound
	case search.TraceImprove, search.TraceReopen:
		n := t.ensure(e)
		n.reopened = e.Kind == search.TraceReopen
		if old := t.nodes[e.Earlier]; old != nil && e.Earlier != n.id && !old.selected {
			old.replaced = true
		}
	case search.TraceGoal:
		n := t.ensure(e)
		n.goal = true
		t.cur, t.goalID = n.id, n.id
	}
	t.evict()
}

// ensure returns the node of e, making it (and hanging it under its
// parent, or under the root when its parent was evicted) when it is not kept.
func (t *searchTree) ensure(e search.TraceEvent) *treeNode {
	if n := t.nodes[e.Node]; n != nil {
		return n
	}
	t.uncount(e.Node)
	n := &treeNode{id: e.Node, parent: e.Parent, g: e.G, h: e.H, f: e.F, board: e.Board}
	switch {
	case t.root < 0:
		t.root, n.parent = n.id, -1
	case e.Parent < 0 || t.nodes[e.Parent] == nil:
		n.parent = t.root
	}
	if p := t.nodes[n.parent]; p != nil {
		p.children = append(p.children, n.id)
		n.depth = p.depth + 1
	}
	t.nodes[n.id] = n
	t.order = append(t.order, n.id)
	return n
}

// uncount takes the evicted node id, made again, off the folded count of
// the kept node that holds it (its nearest kept ancestor).
func (t *searchTree) uncount(id int64) {
	p, ok := t.gone[id]
	if !ok {
		return
	}
	delete(t.gone, id)
	for steps := 0; t.nodes[p] == nil && steps <= len(t.gone); steps++ {
		if p, ok = t.gone[p]; !ok {
			return
		}
	}
	if n := t.nodes[p]; n != nil && n.dropped > 0 {
		n.dropped--
	}
}

// evict drops the oldest leaves while more than max nodes are kept.
func (t *searchTree) evict() {
	if t.max <= 0 || len(t.nodes) <= t.max {
		return
	}
	target := t.max * 9 / 10
	keep := map[int64]bool{t.root: true}
	for _, id := range []int64{t.cur, t.goalID} {
		for n := t.nodes[id]; n != nil && !keep[n.id]; n = t.nodes[n.parent] {
			keep[n.id] = true
		}
	}
	for _, openToo := range []bool{false, true} {
		for pass := 0; pass < 4 && len(t.nodes) > target; pass++ {
			before := len(t.nodes)
			for _, id := range t.order {
				n := t.nodes[id]
				if len(t.nodes) <= target {
					break
				}
				if n == nil || keep[id] || len(n.children) > 0 || !openToo && n.status() == treeOpen {
					continue
				}
				t.remove(n)
			}
			kept := t.order[:0]
			for _, id := range t.order {
				if t.nodes[id] != nil {
					kept = append(kept, id)
				}
			}
			t.order = kept
			if len(t.nodes) == before {
				break
			}
		}
	}
}

// remove evicts the leaf n.
func (t *searchTree) remove(n *treeNode) {
	delete(t.nodes, n.id)
	t.gone[n.id] = n.parent
	if p := t.nodes[n.parent]; p != nil {
		for i, c := range p.children {
			if c == n.id {
				p.children = append(p.children[:i], p.children[i+1:]...)
				break
			}
		}
		p.dropped += 1 + n.dropped // n and what was evicted under it
	}
}

// pathTo returns the ids from the root to id (empty when id is not kept).
func (t *searchTree) pathTo(id int64) []int64 {
	var rev []int64
	for n := t.nodes[id]; n != nil; n = t.nodes[n.parent] {
		rev = append(rev, n.id)
		if n.parent < 0 || len(rev) > len(t.nodes) {
			break
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// visNode is a node as drawn: its column (in card widths), its status and
// what it is part of.
type visNode struct {
	n                  *treeNode
	x                  float64
	status             treeStatus
	onPath, onSolution bool
	// folded: it has children not drawn; hidden counts the nodes under it
	// not drawn (evicted ones included).
	folded bool
	hidden int
}

// treeTopLevels is how many levels under the root are always drawn.
const treeTopLevels = 2

// visibleCap bounds the nodes drawn.
const visibleCap = 800

// treeLayout is the visible tree: the nodes in drawing order (parents
// before children), by id, the width in columns and the deepest row.
type treeLayout struct {
	nodes []visNode
	index map[int64]int
	width float64
	depth int
	cur   int64
}

// layout folds the tree with cur as the current node and lays the visible
// nodes out: each leaf takes the next column, a parent is centred over its
// children, children in move order.
func (t *searchTree) layout(cur int64) treeLayout {
	if t.nodes[cur] == nil {
		cur = t.cur
	}
	lay := treeLayout{index: map[int64]int{}, cur: cur}
	root := t.nodes[t.root]
	if root == nil {
		return lay
	}
	mark := func(id int64) map[int64]bool {
		m := map[int64]bool{}
		for _, p := range t.pathTo(id) {
			m[p] = true
		}
		return m
	}
	onPath, onSol := mark(cur), mark(t.goalID)
	var next float64
	var walk func(n *treeNode) float64
	walk = func(n *treeNode) float64 {
		i := len(lay.nodes)
		v := visNode{n: n, status: n.status(), onPath: onPath[n.id], onSolution: onSol[n.id], hidden: n.dropped, folded: n.dropped > 0}
		if n.id == cur && v.status != treeGoal {
			v.status = treeCurrent
		}
		lay.nodes = append(lay.nodes, v)
		lay.index[n.id] = i
		lay.depth = max(lay.depth, n.depth)
		open := n.depth < treeTopLevels || onPath[n.id] || onSol[n.id]
		var xs []float64
		for _, c := range n.children {
			cn := t.nodes[c]
			if !open || len(lay.nodes) >= visibleCap {
				lay.nodes[i].folded = true
				lay.nodes[i].hidden += 1 + t.descendants(cn)
				continue
			}
			xs = append(xs, walk(cn))
		}
		x := next
		if len(xs) > 0 {
			x = (xs[0] + xs[len(xs)-1]) / 2
		} else {
			next++
		}
		lay.nodes[i].x = x
		return x
	}
	walk(root)
	lay.width = next
	return lay
}

// descendants counts the nodes under n, evicted ones included.
func (t *searchTree) descendants(n *treeNode) int {
	k := n.dropped
	for _, c := range n.children {
		k += 1 + t.descendants(t.nodes[c])
	}
	return k
}
