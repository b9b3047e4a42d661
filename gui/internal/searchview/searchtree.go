package searchview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// The model of the search-tree view (treeview.go): the nodes the search
// made, keyed by their trace id, built incrementally from the trace events
// the search panel shows (onRender) and emptied when the search is reset
// (onReset).
//
// Time: every node remembers the sequence numbers of the events that made
// it, selected it, expanded it, replaced it and reached the goal, so the
// tree can be drawn as it stood at any event still held (when the teacher
// steps back, nodes made later are hidden and statuses are those of then).
//
// Bounds: at most max nodes are kept. When there are more, the oldest
// leaves are evicted (down to 90 % of max): first those the search is done
// with (closed, duplicate, pruned, replaced), then, only if that is not
// enough, open ones; a node with kept children is never evicted, nor are
// the root, the current node's ancestors or the solution path. A parent
// counts its evicted children (dropped). A node the search comes back to
// after it was evicted (an evicted open node selected later) is made again
// from its event; if its parent is gone too it hangs under the root,
// marked detached.
//
// IDA*: each pass is its own tree (the trace gives each pass a fresh root
// with parent -1). A new pass discards the previous pass's nodes; what is
// kept of every pass is its bound and the number of nodes visited at each
// depth (passes, drawn as a strip under the tree).
//
// Folding (visible): the root's top levels are shown, and the path to the
// current node with the children of every node on it (the siblings of the
// path), and at the end the solution path with its siblings; a node the
// teacher unfolded shows its children too. Any other node with children is
// drawn folded, with the number of nodes under it. At most visibleCap
// nodes are drawn.

// treeStatus is what a node of the tree is at some event.
type treeStatus uint8

const (
	treeOpen      treeStatus = iota // generated and waiting (A*'s OPEN, IDA*'s stack)
	TreeCurrent                     // the node of the event shown
	treeClosed                      // expanded (for IDA*: visited)
	treeDuplicate                   // dropped: its board was already held
	TreePruned                      // IDA*: f over the bound
	treeReplaced                    // A*: a shorter path to its board was found while it waited
	TreeGoal                        // the goal
	treeDropped                     // SMA*: dropped to keep within the node budget
)

// String names the status in the legend and in tests.
func (s treeStatus) String() string {
	return [...]string{"open", "current", "closed", "duplicate", "pruned", "replaced", "goal", "dropped"}[s]
}

// treeNode is one node of the tree.
type treeNode struct {
	Id, parent int64
	g, h, F    int
	Board      board.Board
	move       board.Dir
	depth      int
	// born is the status the node was generated with (open, duplicate or
	// pruned); bound is IDA*'s bound when it was pruned.
	born  treeStatus
	Bound int
	// Sequence numbers of the events that made, selected, expanded,
	// replaced the node and found it the goal; 0 for never (seq+1 is
	// stored, so that event 0 counts).
	Made, selected, expanded, replaced, goal uint64
	// order is the node's place in the expansion order (1-based; 0 for
	// never expanded); reopened marks a child that put a closed board back
	// on OPEN.
	order    int
	reopened bool
	// Children are the kept children in move order; dropped counts the
	// evicted ones; detached marks a node whose parent was evicted before
	// the node came back.
	Children []int64
	dropped  int
	detached bool
	chapter  chapterMarks // the further algorithms' marks (searchtree_chapter.go)
}

// passInfo is what is kept of one IDA* pass.
type passInfo struct {
	bound   int
	perDep  []int // nodes visited at each depth
	visited int
}

// searchTree is the model: nodes by id, in the order they were made.
type searchTree struct {
	alg   search.Algorithm
	w10   int // weighted A*'s weight in tenths, for its cards (orderKey)
	Max   int
	nodes map[int64]*treeNode
	order []int64 // ids in the order the nodes were made (evicted ones removed lazily)
	root  int64   // -1 before the first event
	// last is the sequence number (+1) of the latest event applied; cur
	// the node of the latest select/expand/goal/iteration event.
	last uint64
	cur  int64
	// GoalID is the goal node's id once found, else -1.
	GoalID     int64
	expansions int
	Evicted    int
	Passes     []passInfo     // IDA*'s passes, the current one last
	unfolded   map[int64]bool // the nodes the teacher unfolded
	// Untraced is set when the search went on without a trace (a
	// full-speed run): the tree stops where the trace stopped.
	Untraced bool
}

// newSearchTree returns an empty model keeping at most max nodes.
func newSearchTree(max int) *searchTree {
	t := &searchTree{Max: max}
	t.reset(search.AStar)
	return t
}

// reset empties the model for a search with alg (w10 unknown: 0).
func (t *searchTree) reset(alg search.Algorithm) {
	t.alg, t.w10 = alg, 0
	t.nodes = map[int64]*treeNode{}
	t.order = t.order[:0]
	t.root, t.cur, t.GoalID = -1, -1, -1
	t.last, t.expansions, t.Evicted = 0, 0, 0
	t.Passes = nil
	t.unfolded = map[int64]bool{}
	t.Untraced = false
}

// Len returns the number of nodes kept.
func (t *searchTree) Len() int { return len(t.nodes) }

// Node returns the node with id, or nil.
func (t *searchTree) Node(id int64) *treeNode { return t.nodes[id] }

// apply adds one trace event; events already applied (a step back and
// forward again) are skipped.
func (t *searchTree) apply(e search.TraceEvent) {
	seq := e.Seq + 1
	if seq <= t.last {
		return
	}
	t.last = seq
	switch e.Kind {
	case search.TraceIteration:
		t.newPass(e, seq)
	case search.TraceSelect:
		n := t.ensure(e, seq)
		n.selected = seq
		t.cur = n.Id
		if t.alg == search.IDAStar && len(t.Passes) > 0 {
			p := &t.Passes[len(t.Passes)-1]
			for len(p.perDep) <= e.G {
				p.perDep = append(p.perDep, 0)
			}
			p.perDep[e.G]++
			p.visited++
		}
	case search.TraceExpand:
		n := t.ensure(e, seq)
		n.expanded = seq
		t.expansions++
		n.order = t.expansions
		t.cur = n.Id
	case search.TraceGenerate:
		t.ensure(e, seq)
	case search.TraceDuplicate:
		t.ensure(e, seq).born = treeDuplicate
	case search.TracePrune:
		n := t.ensure(e, seq)
		n.born, n.Bound = TreePruned, e.Bound
	case search.TraceImprove, search.TraceReopen:
		n := t.ensure(e, seq)
		n.reopened = e.Kind == search.TraceReopen
		if old := t.nodes[e.Earlier]; old != nil && e.Earlier != n.Id && old.selected == 0 {
			old.replaced = seq
		}
	case search.TraceGoal:
		n := t.ensure(e, seq)
		n.goal = seq
		t.cur, t.GoalID = n.Id, n.Id
	default:
		t.applyChapter(e, seq)
	}
	t.markChapter(e)
	t.evict()
}

// newPass starts IDA*'s next pass: a fresh tree under the pass's root.
func (t *searchTree) newPass(e search.TraceEvent, seq uint64) {
	t.nodes = map[int64]*treeNode{}
	t.order = t.order[:0]
	t.root, t.cur = -1, -1
	t.unfolded = map[int64]bool{}
	t.Passes = append(t.Passes, passInfo{bound: e.Bound})
	n := t.ensure(e, seq)
	t.cur = n.Id
}

// ensure returns the node of e, making it (and hanging it under its
// parent) when it is not kept.
func (t *searchTree) ensure(e search.TraceEvent, seq uint64) *treeNode {
	if n := t.nodes[e.Node]; n != nil {
		return n
	}
	n := &treeNode{Id: e.Node, parent: e.Parent, g: e.G, h: e.H, F: e.F, Board: e.Board, move: e.Move, Made: seq}
	if e.Parent < 0 || t.root < 0 {
		if t.root < 0 {
			t.root = n.Id
			n.parent = -1
		} else {
			n.parent, n.detached = t.root, true
		}
	} else if t.nodes[e.Parent] == nil {
		n.parent, n.detached = t.root, true
	}
	if p := t.nodes[n.parent]; p != nil {
		p.Children = append(p.Children, n.Id)
		n.depth = p.depth + 1
	}
	t.nodes[n.Id] = n
	t.order = append(t.order, n.Id)
	return n
}

// statusAt returns what n was once the events up to at (seq+1) happened.
func (n *treeNode) statusAt(at uint64) treeStatus {
	switch {
	case n.goal != 0 && n.goal <= at:
		return TreeGoal
	case n.chapter.droppedAt != 0 && n.chapter.droppedAt <= at:
		return treeDropped
	case n.expanded != 0 && n.expanded <= at, n.selected != 0 && n.selected <= at:
		return treeClosed
	case n.replaced != 0 && n.replaced <= at:
		return treeReplaced
	}
	return n.born
}

// bornBy reports whether n existed at at.
func (n *treeNode) bornBy(at uint64) bool { return n.Made <= at }

// protected returns the ids that are never evicted: the root and the
// ancestors of the current node and of the goal.
func (t *searchTree) protected() map[int64]bool {
	keep := map[int64]bool{t.root: true}
	for _, id := range []int64{t.cur, t.GoalID} {
		for n := t.nodes[id]; n != nil && !keep[n.Id]; n = t.nodes[n.parent] {
			keep[n.Id] = true
		}
	}
	return keep
}

// evict drops the oldest leaves while more than max nodes are kept.
func (t *searchTree) evict() {
	if t.Max <= 0 || len(t.nodes) <= t.Max {
		return
	}
	target := t.Max * 9 / 10
	keep := t.protected()
	for _, openToo := range []bool{false, true} {
		for pass := 0; pass < 4 && len(t.nodes) > target; pass++ {
			before := len(t.nodes)
			for _, id := range t.order {
				if len(t.nodes) <= target {
					break
				}
				n := t.nodes[id]
				if n == nil || keep[id] || len(n.Children) > 0 {
					continue
				}
				if !openToo && n.statusAt(t.last) == treeOpen {
					continue
				}
				t.remove(n)
			}
			t.compact()
			if len(t.nodes) == before {
				break
			}
		}
	}
}

// remove evicts the leaf n.
func (t *searchTree) remove(n *treeNode) {
	delete(t.nodes, n.Id)
	delete(t.unfolded, n.Id)
	t.Evicted++
	if p := t.nodes[n.parent]; p != nil {
		for i, c := range p.Children {
			if c == n.Id {
				p.Children = append(p.Children[:i], p.Children[i+1:]...)
				break
			}
		}
		p.dropped++
	}
}

// compact drops evicted ids from order.
func (t *searchTree) compact() {
	kept := t.order[:0]
	for _, id := range t.order {
		if t.nodes[id] != nil {
			kept = append(kept, id)
		}
	}
	t.order = kept
}

// pathTo returns the ids from the root to id (empty when id is not kept).
func (t *searchTree) pathTo(id int64) []int64 {
	var rev []int64
	for n := t.nodes[id]; n != nil; n = t.nodes[n.parent] {
		rev = append(rev, n.Id)
		if n.parent < 0 || len(rev) > len(t.nodes) {
			break
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// toggleFold unfolds a folded node or folds an unfolded one; it reports
// whether anything changed.
func (t *searchTree) toggleFold(id int64) bool {
	if t.nodes[id] == nil {
		return false
	}
	if t.unfolded[id] {
		delete(t.unfolded, id)
	} else {
		t.unfolded[id] = true
	}
	return true
}

// foldAll folds every node the teacher unfolded.
func (t *searchTree) foldAll() { t.unfolded = map[int64]bool{} }

// VisNode is a node as drawn: its place in the layout (x in card widths,
// depth in rows) and its status at the event shown.
type VisNode struct {
	N      *treeNode
	x      float32
	Status treeStatus
	// OnPath: on the path to the current node; onSolution: on the
	// solution path (the goal shown).
	OnPath, onSolution bool
	// Folded: it has children not drawn; hidden counts the nodes under it
	// that are not drawn.
	Folded bool
	hidden int
	// order is its expansion number at the event shown (0: not yet).
	order int
}

// treeTopLevels is how many levels under the root are always drawn.
const treeTopLevels = 2

// visibleCap bounds the nodes drawn, whatever the teacher unfolds.
const visibleCap = 800

// treeLayout is the visible tree at one event: the nodes in drawing order
// (parents before children), their places, and the size in card units.
type treeLayout struct {
	Nodes  []VisNode
	Index  map[int64]int
	width  float32 // in card widths
	depth  int     // deepest row drawn
	Cur    int64
	capped bool // visibleCap was reached
}

// layoutAt folds the tree as it stood at event at (seq+1; 0 for the
// latest) with cur as the current node, and lays the visible nodes out:
// each leaf takes the next column, a parent is centred over its children,
// children in move order.
func (t *searchTree) layoutAt(at uint64, cur int64) treeLayout {
	if at == 0 || at > t.last {
		at = t.last
	}
	if t.nodes[cur] == nil {
		cur = t.cur
	}
	lay := treeLayout{Index: map[int64]int{}, Cur: cur}
	root := t.nodes[t.root]
	if root == nil || !root.bornBy(at) {
		return lay
	}
	onPath := map[int64]bool{}
	for _, id := range t.pathTo(cur) {
		onPath[id] = true
	}
	onSol := map[int64]bool{}
	if g := t.nodes[t.GoalID]; g != nil && g.goal <= at {
		for _, id := range t.pathTo(t.GoalID) {
			onSol[id] = true
		}
	}
	count := 0
	var next float32
	var walk func(n *treeNode) float32
	walk = func(n *treeNode) float32 {
		i := len(lay.Nodes)
		count++
		st := n.statusAt(at)
		if n.Id == cur && st != TreeGoal {
			st = TreeCurrent
		}
		v := VisNode{N: n, Status: st, OnPath: onPath[n.Id], onSolution: onSol[n.Id]}
		if n.order > 0 && n.expanded <= at {
			v.order = n.order
		}
		lay.Nodes = append(lay.Nodes, v)
		lay.Index[n.Id] = i
		lay.depth = max(lay.depth, n.depth)
		open := n.depth < treeTopLevels || onPath[n.Id] || onSol[n.Id] || t.unfolded[n.Id]
		var xs []float32
		for _, c := range n.Children {
			cn := t.nodes[c]
			if cn == nil || !cn.bornBy(at) {
				continue
			}
			if !open || count >= visibleCap {
				lay.Nodes[i].Folded = true
				lay.Nodes[i].hidden += 1 + t.descendants(cn, at)
				lay.capped = lay.capped || open
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
		lay.Nodes[i].x = x
		return x
	}
	walk(root)
	lay.width = next
	return lay
}

// descendants counts the nodes under n that existed at at.
func (t *searchTree) descendants(n *treeNode, at uint64) int {
	k := 0
	for _, c := range n.Children {
		if cn := t.nodes[c]; cn != nil && cn.bornBy(at) {
			k += 1 + t.descendants(cn, at)
		}
	}
	return k
}

// Describe writes the tree as it stood at event at (seq+1; 0 for the
// latest) as text, for tests that compare trees built in different ways:
// a line per node made by then, in the order made (id, parent, status,
// expansion number shown, evicted children, detached), then a line per
// IDA* pass (bound, nodes visited in all and per depth).
func (t *searchTree) Describe(at uint64) string {
	if at == 0 || at > t.last {
		at = t.last
	}
	var b strings.Builder
	fmt.Fprintf(&b, "root %d goal %d kept %d evicted %d\n", t.root, t.GoalID, len(t.nodes), t.Evicted)
	for _, id := range t.order {
		n := t.nodes[id]
		if n == nil || !n.bornBy(at) {
			continue
		}
		order := 0
		if n.order > 0 && n.expanded <= at {
			order = n.order
		}
		fmt.Fprintf(&b, "%d<-%d %s #%d dropped %d detached %v\n", n.Id, n.parent, n.statusAt(at), order, n.dropped, n.detached)
	}
	for i, p := range t.Passes {
		fmt.Fprintf(&b, "pass %d bound %d visited %d %v\n", i+1, p.bound, p.visited, p.perDep)
	}
	return b.String()
}
