package searchview

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/treecard"

	"github.com/slidelab/slidelab/core/search"
)

// Narration of the search chapter's further algorithms (depth-first,
// depth-limited, iterative deepening, uniform-cost, bidirectional BFS,
// weighted A*, RBFS, SMA*): the sentences codepanel_narrate.go does not
// write for the four classic ones.

// narrateChapterEvent narrates the events only the further algorithms make
// (meet, backup, drop, regenerate) and IDDFS's passes; ok is false for
// the others.
func narrateChapterEvent(alg search.Algorithm, s SearchSnap) (string, bool) {
	e := s.Trace[0]
	switch e.Kind {
	case search.TraceIteration:
		if alg != search.IDDFS {
			return "", false
		}
		if e.Bound == 0 {
			return "Pass 1: iterative deepening starts a depth-limited pass with limit 0 (only the start).", true
		}
		return fmt.Sprintf("Pass %d: the last pass was cut off at its limit, so iterative deepening starts again from the start "+
			"with depth limit %d, visiting the shallow nodes again.", s.Iteration, e.Bound), true
	case search.TraceGoal:
		if alg != search.BiBFS || s.moves == nil {
			return "", false
		}
		return biBFSMet(e, s), true
	case search.TraceBackup:
		return fmt.Sprintf("Backed up: the best child's F is over this node's f-limit %s, so RBFS forgets the subtree "+
			"and stores F = %s for the node, to come back when that is the best again.", infText(e.Bound), infText(e.Backed)), true
	case search.TraceDrop:
		return fmt.Sprintf("Dropped a leaf (f = %s, the highest F in memory) to keep within the node budget; "+
			"its parent remembers F = %d, to regenerate it if that becomes the least.", fSum(e), e.Backed), true
	case search.TraceRegenerate:
		return fmt.Sprintf("Regenerated the children of node #%d that were dropped: its forgotten F is now the least in memory.",
			s.Stats.Expanded), true
	}
	return "", false
}

// biBFSMet narrates bidirectional BFS's end: where the frontiers met (the
// board, its distance from the start and from the goal) and why its node
// count is near the square root of breadth-first search's.
func biBFSMet(e search.TraceEvent, s SearchSnap) string {
	d := len(s.moves)
	return fmt.Sprintf("The frontiers met at the board %s, %d %s from the start and %d from the goal: solved in %d moves, the fewest "+
		"(%s nodes expanded, %s of them on the goal side). Why so few: a search to depth d with b moves a node expands about b^d nodes; "+
		"each side went only about d/2 deep, so the two expand about 2·b^(d/2), and b^(d/2) is the square root of b^d.",
		strings.Join(treecard.BoardRows(e.Board), " / "), e.G, toolkit.Plural(e.G, "move", "moves"), d-e.G, d,
		toolkit.FormatCount(s.Stats.Expanded), toolkit.FormatCount(s.Stats.BackwardExpanded))
}

// infText writes an f value of RBFS or SMA*, -1 standing for infinity.
func infText(v int) string {
	if v < 0 {
		return "∞"
	}
	return fmt.Sprint(v)
}

// narrateChapterSelect narrates the choice of the next node by one of the
// further algorithms; ok is false for the four classic ones.
func narrateChapterSelect(k orderKey, e search.TraceEvent) (string, bool) {
	switch k.alg {
	case search.UCS:
		return fmt.Sprintf("Selected the node with g = %d, the lowest path cost in the open list; it leaves the open list.", e.G), true
	case search.WAStar:
		return fmt.Sprintf("Selected the node with f = g + w·h = %s, the lowest f in the open list; it leaves the open list.", k.sum(e.G, e.H)), true
	case search.DFS, search.DLS:
		return fmt.Sprintf("Popped the top of the stack: a node at depth %d, the deepest waiting.", e.G), true
	case search.IDDFS:
		return fmt.Sprintf("Visiting a node at depth %d (depth limit %d in this pass).", e.G, e.Bound), true
	case search.BiBFS:
		return fmt.Sprintf("Took the next node of the %s layer, at depth %d from its root.", sideWord(e.Side), e.G), true
	case search.RBFS:
		return fmt.Sprintf("Going into the child with the least F = %s (f = %s) with f-limit %s.", infText(e.Backed), fSum(e), infText(e.Bound)), true
	case search.SMAStar:
		return fmt.Sprintf("Selected the node with the least key %s in memory (f = %s).", infText(e.Backed), fSum(e)), true
	}
	return "", false
}

// sideWord names a side of bidirectional search.
func sideWord(s search.Side) string {
	if s == search.Backward {
		return "goal side's (backward)"
	}
	return "start side's (forward)"
}

// chapterExpandHead writes what the expansion's first words say of the node
// for the further algorithms ("at depth 4").
func chapterExpandHead(k orderKey, e search.TraceEvent) string {
	alg := k.alg
	switch alg {
	case search.UCS:
		return fmt.Sprintf(", g = %d, the lowest g in the open list", e.G)
	case search.WAStar:
		return fmt.Sprintf(", f = g + w·h = %s, the lowest f in the open list", k.sum(e.G, e.H))
	case search.DFS, search.DLS, search.IDDFS:
		if e.Bound > 0 || alg == search.IDDFS {
			return fmt.Sprintf(" at depth %d (limit %d)", e.G, e.Bound)
		}
		return fmt.Sprintf(" at depth %d", e.G)
	case search.BiBFS:
		return fmt.Sprintf(" on the %s side at depth %d", sideName(e.Side), e.G)
	case search.RBFS:
		return fmt.Sprintf(", f = %s, f-limit %s", fSum(e), infText(e.Bound))
	case search.SMAStar:
		return fmt.Sprintf(", f = %s, adding all its children at once (the textbook's SMA* adds one successor at a time)", fSum(e))
	}
	return ""
}

// smaAllChildren says how the SMA* stepped here differs from the
// textbook's (Russell and Norvig), and why it is an equivalent; the user
// guide says it at length.
const smaAllChildren = "It adds all of a node's children in one expansion (the textbook adds one successor at a time), " +
	"dropping and backing up F alike: optimal once the budget holds a path and one node's children."

// sideName names a side in a short phrase.
func sideName(s search.Side) string {
	if s == search.Backward {
		return "goal's"
	}
	return "start's"
}

// chapterFate says what the further algorithms did with a generated child
// that was simply kept (next nil) or met the other side; ok is false when
// the classic wording applies.
func chapterFate(alg search.Algorithm, next *search.TraceEvent) (childFate, bool) {
	var c childFate
	depthFirst := alg == search.DFS || alg == search.DLS || alg == search.IDDFS
	switch {
	case next != nil && next.Kind == search.TraceMeet:
		c.key = fmt.Sprintf("was reached by the other side at distance %d: the frontiers meet", next.EarlierG)
		c.many = "were reached by the other side: the frontiers meet"
	case next != nil && next.Kind == search.TracePrune && depthFirst:
		c.key, c.many = "is over the depth limit and is cut off", "are over the depth limit and are cut off"
	case next != nil && next.Kind == search.TraceDuplicate && (depthFirst || alg == search.BiBFS):
		c.key, c.many = "is rejected by the cycle check", "are rejected by the cycle check"
		if alg == search.BiBFS {
			c.key, c.many = "was already reached on this side and is dropped", "were already reached on this side and are dropped"
		}
	case next == nil && depthFirst:
		c.key, c.many = "goes on the stack", "go on the stack"
	case next == nil && alg == search.BiBFS:
		c.key, c.many = "is new and joins this side's frontier", "are new and join this side's frontier"
	case next == nil && (alg == search.RBFS || alg == search.SMAStar):
		c.key, c.many = "is kept with its F", "are kept with their F"
	default:
		return c, false
	}
	return c, true
}
