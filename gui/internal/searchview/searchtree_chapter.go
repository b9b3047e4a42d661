package searchview

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/treecard"
)

// The search tree's marks for the search chapter's further algorithms:
// bidirectional BFS's sides and the meeting node, RBFS's f-limit and
// backed-up F, SMA*'s dropped and regenerated nodes. They come from the
// trace's side, meet, backup, drop and regenerate events, and are drawn as
// an extra line on the card (chapterLine) and, for the goal's side, a
// colour of its own (treeview.go).

// chapterMarks is what a node of the tree holds for those algorithms.
type chapterMarks struct {
	side search.Side
	// meet: bidirectional BFS found this child on the other side too.
	meet bool
	// backed is RBFS's or SMA*'s stored F (-1: infinite), limit RBFS's
	// f-limit when the node was selected (-1: infinite); hasF and
	// hasLimit say they were set.
	backed, limit  int
	hasF, hasLimit bool
	backedUp       bool
	droppedAt      uint64
	regenerated    bool
}

// markChapter records an event's side, and RBFS's and SMA*'s stored F.
func (t *searchTree) markChapter(e search.TraceEvent) {
	n := t.nodes[e.Node]
	if n == nil {
		return
	}
	if e.Side != search.NoSide {
		n.chapter.side = e.Side
	}
	if t.alg != search.RBFS && t.alg != search.SMAStar {
		return
	}
	switch e.Kind {
	case search.TraceGenerate, search.TraceBackup, search.TraceSelect:
		n.chapter.backed, n.chapter.hasF = e.Backed, true
	}
	if t.alg == search.RBFS && (e.Kind == search.TraceSelect || e.Kind == search.TraceBackup) {
		n.chapter.limit, n.chapter.hasLimit = e.Bound, true
	}
}

// applyChapter applies the events only the further algorithms make.
func (t *searchTree) applyChapter(e search.TraceEvent, seq uint64) {
	switch e.Kind {
	case search.TraceMeet:
		// Both copies of the board: the child, and the other side's node
		// that reached it first (the solution runs through one of them).
		t.ensure(e, seq).chapter.meet = true
		if other := t.nodes[e.Earlier]; other != nil && e.Earlier >= 0 {
			other.chapter.meet = true
		}
	case search.TraceBackup:
		t.ensure(e, seq).chapter.backedUp = true
	case search.TraceDrop:
		t.ensure(e, seq).chapter.droppedAt = seq
	case search.TraceRegenerate:
		n := t.ensure(e, seq)
		n.chapter.regenerated = true
		n.expanded = seq
		t.expansions++
		n.order = t.expansions
		t.cur = n.Id
	}
}

// chapterLine is the extra line of a node's card for the further
// algorithms ("" for none): the side, the meeting, the stored F and
// f-limit, a regeneration.
func chapterLine(n *treeNode, alg search.Algorithm) string {
	m := n.chapter
	switch alg {
	case search.BiBFS:
		side := "start side"
		if m.side == search.Backward {
			side = "goal side"
		}
		if m.meet {
			return "MEET · " + side
		}
		return side
	case search.RBFS, search.SMAStar:
	default:
		return ""
	}
	line := ""
	if m.hasF {
		line = "F " + infText(m.backed)
	}
	if m.hasLimit {
		line += " lim " + infText(m.limit)
	}
	if m.backedUp {
		line += " ↑"
	}
	if m.regenerated {
		line += " regen"
	}
	return line
}

// chapterLines is the number of extra lines on alg's cards (0 or 1).
func chapterLines(alg search.Algorithm) int {
	switch alg {
	case search.BiBFS, search.RBFS, search.SMAStar:
		return 1
	}
	return 0
}

// withChapterLine puts the extra line after a card's values.
func withChapterLine(lines []treecard.Line, n *treeNode, alg search.Algorithm) []treecard.Line {
	if chapterLines(alg) == 0 || len(lines) < 2 {
		return lines
	}
	extra := chapterLine(n, alg)
	out := append([]treecard.Line(nil), lines[:2]...)
	out = append(out, treecard.Line{Text: extra})
	return append(out, lines[2:]...)
}

// chapterInfo is what the tree's info line adds for the further algorithms.
func chapterInfo(alg search.Algorithm) string {
	switch alg {
	case search.BiBFS:
		return "Bidirectional BFS: the goal side's search hangs under the start, marked goal side; MEET marks where the frontiers met."
	case search.RBFS:
		return "RBFS: F is a node's stored f (backed up from its subtree), lim its f-limit; a node RBFS returned from is marked with ↑."
	case search.SMAStar:
		return "SMA*: F is a node's stored f; dropped nodes were forgotten to keep within the budget, regen marks a node whose dropped children came back. " +
			smaAllChildren
	}
	return ""
}

// goalSide reports whether n belongs to bidirectional BFS's goal side.
func (n *treeNode) goalSide() bool { return n.chapter.side == search.Backward }

// chapterLegendItems are the legend's entries for the colours only alg
// uses, beside the common legend (none for most algorithms).
func chapterLegendItems(alg search.Algorithm) []fyne.CanvasObject {
	switch alg {
	case search.BiBFS:
		return []fyne.CanvasObject{toolkit.NewFlow(
			newLegendItem("start side", treeColors[treeOpen][0], treeColors[treeOpen][1], false),
			newLegendItem("goal side", treeGoalSide[0], treeGoalSide[1], false),
			newLegendItem("MEET", treeColors[TreeGoal][0], treeColors[TreeGoal][1], false))}
	case search.SMAStar:
		c := treeColors[treeDropped]
		return []fyne.CanvasObject{newLegendItem("dropped", c[0], c[1], false)}
	}
	return nil
}
