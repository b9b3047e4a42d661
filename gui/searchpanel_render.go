package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Drawing what the search panel shows for an event: the counters, the
// narration line, the path, the open list (or IDA*'s children) as mini
// boards, and the solution with its replay.

// render shows one snapshot.
func (p *SearchPanel) render(s searchSnap) {
	p.Expanded.SetText(toolkit.FormatCount(s.stats.Expanded))
	p.Generated.SetText(toolkit.FormatCount(s.stats.Generated))
	if s.node.Board.IsValid() {
		p.FGH.SetText(fghText(p.algorithm(), s.node))
		p.show(s.node.Board, catalog.MovedCell(s.node))
	}
	p.overlayChildren(s)
	if p.algorithm() == search.IDAStar {
		p.Bound.SetText(fmt.Sprint(s.bound))
		p.Iteration.SetText(fmt.Sprint(s.iteration))
	} else {
		p.Bound.SetText(toolkit.FormatCount(uint64(s.stats.Stored)))
		p.Iteration.SetText(toolkit.FormatCount(uint64(s.stats.PeakOpen)))
	}
	info := fmt.Sprintf("Event %d: %s", s.event, p.describe(s))
	if !p.timeline.AtEnd() {
		info += fmt.Sprintf("   (recorded: %d of %d kept)", p.timeline.Cursor()+1, p.timeline.Len())
	}
	p.EventInfo.SetText(info)
	p.PathInfo.SetText(p.describePath(s.path))
	if s.kind != search.SolutionFound {
		p.setStatus("", false)
	}
	p.renderFrontier(s)
	if s.kind == search.SolutionFound {
		p.solved(s)
	}
	for _, f := range p.renderHooks {
		f(s)
	}
}

// describePath names the moves from the start to the current node: for
// IDA*, its depth-first stack, which is all the memory it keeps.
func (p *SearchPanel) describePath(path []board.Dir) string {
	what := "Path to the current node"
	if p.algorithm() == search.IDAStar {
		what = "IDA*'s path (all it keeps in memory)"
	}
	if len(path) == 0 {
		return what + ": the start."
	}
	moves := board.FormatMoves(path)
	if len(moves) > 80 {
		moves = "…" + moves[len(moves)-80:]
	}
	unit := "moves"
	if len(path) == 1 {
		unit = "move"
	}
	return fmt.Sprintf("%s, %d %s: %s", what, len(path), unit, moves)
}

// describeEvent says in words what happened.
func describeEvent(s searchSnap) string {
	if s.desc != "" {
		return s.desc
	}
	switch s.kind {
	case search.IterationStarted:
		return fmt.Sprintf("new IDA* iteration with bound %d", s.bound)
	case search.NodeSelected:
		return fmt.Sprintf("selected a node at depth %d with f = %d", s.node.G, s.node.F())
	case search.NodeExpanded:
		return fmt.Sprintf("expanded it: %d %s generated", len(s.children), toolkit.Plural(len(s.children), "child", "children"))
	case search.SolutionFound:
		return fmt.Sprintf("goal reached, %d moves", len(s.moves))
	}
	return s.kind.String()
}

// renderFrontier draws the open list's best entries (A*, greedy, BFS) or the
// children of the last expansion (IDA*).
func (p *SearchPanel) renderFrontier(s searchSnap) {
	type item struct {
		n       search.Node
		caption string
	}
	var items []item
	if p.algorithm() == search.IDAStar {
		p.FrontierTitle.SetText("Children of the last expansion (IDA* keeps only its path)")
		for _, c := range s.children {
			cap := fmt.Sprintf("f %d = %d+%d", c.F(), c.G, c.H)
			if c.Status == search.ChildPruned {
				cap += fmt.Sprintf(" > %d: pruned", s.bound)
			}
			items = append(items, item{c.Node, cap})
		}
	} else {
		p.FrontierTitle.SetText(openTitle(p.algorithm()))
		for _, n := range s.open {
			items = append(items, item{n, openCaption(p.algorithm(), n)})
		}
	}
	if len(items) == 0 {
		p.FrontierTitle.Hide()
	} else {
		p.FrontierTitle.Show()
	}
	g := p.session.Groups()
	for i := range p.frontier {
		if i >= len(items) {
			p.frontier[i].Hide()
			p.captions[i].Hide()
			continue
		}
		p.frontier[i].Groups = g
		p.frontier[i].SetCells(items[i].n.Board.Size(), items[i].n.Board.Tiles())
		p.frontier[i].Show()
		p.captions[i].SetText(items[i].caption)
		p.captions[i].Show()
	}
}

// solved shows the solution and offers the replay.
func (p *SearchPanel) solved(s searchSnap) {
	p.solutionMoves = s.moves
	p.replayAt = 0
	optimal := "optimal"
	if p.algorithm() == search.Greedy {
		optimal = "not necessarily optimal"
	}
	p.setStatus(fmt.Sprintf("Solved in %d moves (%s).", len(s.moves), optimal), false)
	p.Solution.SetText("Blank moves: " + board.FormatMoves(s.moves))
	p.ReplayButton.Show()
	p.solutionBox.Show()
	p.ReplayInfo.SetText(fmt.Sprintf("%d moves", len(s.moves)))
}

// ToggleReplay plays or pauses the animation of the solution.
func (p *SearchPanel) ToggleReplay() {
	if p.solutionMoves == nil || p.running() {
		return
	}
	if p.replay.Playing() {
		p.replay.Pause()
		p.ReplayButton.SetText("Replay solution")
		return
	}
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	if p.replayAt == 0 || p.replayAt >= len(p.solutionMoves) {
		p.replayAt = 0
		p.show(p.session.Board(), -1)
		p.ReplayInfo.SetText(fmt.Sprintf("move 0 of %d", len(p.solutionMoves)))
	}
	p.ReplayButton.SetText("Pause replay")
	p.replay.Play(p.ctx)
}

// replayStep shows the next board of the solution.
func (p *SearchPanel) replayStep() bool {
	if p.replayAt >= len(p.solutionMoves) {
		return false
	}
	b, err := p.session.Board().Apply(p.solutionMoves[:p.replayAt+1])
	if err != nil {
		p.setStatus(err.Error(), true)
		return false
	}
	p.replayAt++
	p.show(b, catalog.MovedCell(search.Node{Board: b, Move: p.solutionMoves[p.replayAt-1]}))
	p.ReplayInfo.SetText(fmt.Sprintf("move %d of %d", p.replayAt, len(p.solutionMoves)))
	return p.replayAt < len(p.solutionMoves)
}
