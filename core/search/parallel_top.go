package search

import "github.com/slidelab/slidelab/core/board"

// Events of the top of a parallel pass, in the order the single-threaded
// depth-first search meets them. A value >= 0 is the expansion of a top
// node that generated that many children.
const (
	evSubtree int8 = -1 // the root of the next subtree is visited
	evGoal    int8 = -2 // a top node is the goal (always the last event)
)

// frontierNode is the root of one subtree of a parallel pass.
type frontierNode struct {
	board board.Board
	h     int
	prev  uint8   // the move that reached it (noMove for the start)
	path  []uint8 // moves from the start
}

// top is the top of a parallel pass: the nodes above depth depth, visited
// depth-first in move order exactly as the single-threaded kernels visit
// them, with the roots of the subtrees below (the nodes at depth depth)
// left to the workers.
type top struct {
	nodes  []frontierNode // roots of the subtrees, in depth-first order
	depth  int            // their depth
	events []int8         // expansions, subtree roots and goal, in DFS order
	next   int            // least f pruned above the subtrees
	goal   []uint8        // the path to a goal met above the subtrees, if any
	found  bool
	// before[j] is the generated count of the top nodes expanded before
	// subtree j in depth-first order (a lower bound on where it starts).
	before              []uint64
	expanded, generated uint64 // of all the top nodes
}

// topDepth returns the depth of the subtree roots of a pass with bound: the
// first level, counted breadth-first, that holds at least target nodes,
// meets the goal, is empty or reaches the bound. It counts nothing.
func topDepth(k kernel, start, goal board.Board, h0, bound, target int) int {
	mt := k.base().mt
	level := []frontierNode{{board: start, h: h0, prev: noMove}}
	depth := 0
	for len(level) < target && depth < bound {
		var below []frontierNode
		for _, n := range level {
			if n.h == 0 && n.board == goal {
				return depth
			}
			blank := n.board.Blank()
			for i := 0; i < int(mt.count[blank][n.prev]); i++ {
				st := mt.steps[blank][n.prev][i]
				child, _ := n.board.Move(board.Dir(st.d))
				h := k.load(child)
				if depth+1+h <= bound {
					below = append(below, frontierNode{board: child, h: h, prev: st.d})
				}
			}
		}
		if len(below) == 0 {
			return depth
		}
		level = below
		depth++
	}
	return depth
}

// expandTop visits the top of a pass with bound depth-first down to depth,
// recording its events and the subtree roots. It uses k only to compute
// estimates (k.load), so they are the kernels' own.
func expandTop(k kernel, start, goal board.Board, h0, bound, depth int) *top {
	t := &top{depth: depth, next: maxInt}
	path := make([]uint8, depth+1)
	t.visit(k, goal, start, 0, h0, noMove, path, bound)
	return t
}

// visit is the depth-first walk of expandTop; it returns true once the goal
// is met.
func (t *top) visit(k kernel, goal, b board.Board, g, h int, prev uint8, path []uint8, bound int) bool {
	if g == t.depth {
		t.before = append(t.before, t.generated)
		t.nodes = append(t.nodes, frontierNode{board: b, h: h, prev: prev, path: append([]uint8(nil), path[:g]...)})
		t.events = append(t.events, evSubtree)
		return false
	}
	if h == 0 && b == goal {
		t.found, t.goal = true, append([]uint8(nil), path[:g]...)
		t.events = append(t.events, evGoal)
		return true
	}
	mt := k.base().mt
	blank := b.Blank()
	n := int(mt.count[blank][prev])
	t.expanded++
	t.generated += uint64(n)
	t.events = append(t.events, int8(n))
	for i := 0; i < n; i++ {
		st := mt.steps[blank][prev][i]
		child, _ := b.Move(board.Dir(st.d))
		ch := k.load(child)
		if f := g + 1 + ch; f > bound {
			t.next = min(t.next, f)
			continue
		}
		path[g] = st.d
		if t.visit(k, goal, child, g+1, ch, st.d, path, bound) {
			return true
		}
	}
	return false
}
