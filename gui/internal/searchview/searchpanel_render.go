package searchview

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
func (p *SearchPanel) render(s SearchSnap) {
	p.Expanded.SetText(toolkit.FormatCount(s.Stats.Expanded))
	p.Generated.SetText(toolkit.FormatCount(s.Stats.Generated))
	if s.Node.Board.IsValid() {
		p.FGH.SetText(fghText(p.orderKey(), s.Node))
		p.show(s.Node.Board, catalog.MovedCell(s.Node))
	}
	p.overlayChildren(s)
	switch {
	case iterative(p.Algorithm()):
		p.Bound.SetText(fmt.Sprint(s.Bound))
		p.Iteration.SetText(fmt.Sprint(s.Iteration))
	case p.Algorithm() == search.BiBFS:
		p.Bound.SetText(toolkit.FormatCount(uint64(s.Frontiers[0])))
		p.Iteration.SetText(toolkit.FormatCount(uint64(s.Frontiers[1])))
	default:
		p.Bound.SetText(toolkit.FormatCount(uint64(s.Stats.Stored)))
		p.Iteration.SetText(toolkit.FormatCount(uint64(s.Stats.PeakOpen)))
	}
	info := fmt.Sprintf("Event %d: %s", s.Event, p.describe(s))
	if !p.Timeline.AtEnd() {
		info += fmt.Sprintf("   (recorded: %d of %d kept)", p.Timeline.Cursor()+1, p.Timeline.Len())
	}
	p.EventInfo.SetText(info)
	p.PathInfo.SetText(p.DescribePath(s.path))
	if s.Kind != search.SolutionFound {
		p.SetStatus("", false)
	}
	p.renderFrontier(s)
	if s.Kind == search.SolutionFound {
		p.solved(s)
	}
	for _, f := range p.renderHooks {
		f(s)
	}
}

// iterative reports whether alg searches in passes with a rising bound
// (IDA*: on f; iterative deepening: on the depth), whose counters show the
// bound and the pass rather than the nodes stored.
func iterative(alg search.Algorithm) bool { return alg == search.IDAStar || alg == search.IDDFS }

// DescribePath names the moves from the start to the current node: for
// IDA*, its depth-first stack, which is all the memory it keeps.
func (p *SearchPanel) DescribePath(path []board.Dir) string {
	what := "Path to the current node"
	if p.Algorithm() == search.IDAStar {
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
func describeEvent(s SearchSnap) string {
	if s.Desc != "" {
		return s.Desc
	}
	switch s.Kind {
	case search.IterationStarted:
		return fmt.Sprintf("new IDA* iteration with bound %d", s.Bound)
	case search.NodeSelected:
		return fmt.Sprintf("selected a node at depth %d with f = %d", s.Node.G, s.Node.F())
	case search.NodeExpanded:
		return fmt.Sprintf("expanded it: %d %s generated", len(s.Children), toolkit.Plural(len(s.Children), "child", "children"))
	case search.SolutionFound:
		return fmt.Sprintf("goal reached, %d moves", len(s.moves))
	}
	return s.Kind.String()
}

// renderFrontier draws the open list's best entries (A*, greedy, BFS) or the
// children of the last expansion (IDA*).
func (p *SearchPanel) renderFrontier(s SearchSnap) {
	type item struct {
		n       search.Node
		caption string
	}
	var items []item
	if p.Algorithm() == search.IDAStar {
		p.FrontierTitle.SetText("Children of the last expansion (IDA* keeps only its path)")
		for _, c := range s.Children {
			cap := fmt.Sprintf("f %d = %d+%d", c.F(), c.G, c.H)
			if c.Status == search.ChildPruned {
				cap += fmt.Sprintf(" > %d: pruned", s.Bound)
			}
			items = append(items, item{c.Node, cap})
		}
	} else {
		p.FrontierTitle.SetText(openTitle(p.Algorithm()))
		for _, n := range s.open {
			items = append(items, item{n, openCaption(p.orderKey(), n)})
		}
	}
	if len(items) == 0 {
		p.FrontierTitle.Hide()
	} else {
		p.FrontierTitle.Show()
	}
	g := p.Session.Groups()
	for i := range p.frontier {
		if i >= len(items) {
			p.frontier[i].Hide()
			p.Captions[i].Hide()
			continue
		}
		p.frontier[i].Groups = g
		p.frontier[i].SetCells(items[i].n.Board.Size(), items[i].n.Board.Tiles())
		p.frontier[i].Show()
		p.Captions[i].SetText(items[i].caption)
		p.Captions[i].Show()
	}
}

// solved shows the solution and offers the replay.
func (p *SearchPanel) solved(s SearchSnap) {
	p.SolutionMoves = s.moves
	p.ReplayAt = 0
	optimal := "optimal"
	if alg := p.Algorithm(); alg == search.Greedy || !alg.Info().Optimal {
		optimal = "not necessarily optimal"
	}
	note, worse := p.solutionNote(s.moves)
	if worse {
		optimal = "not optimal"
	}
	p.SetStatus(fmt.Sprintf("Solved in %d moves (%s)%s.", len(s.moves), optimal, note), false)
	p.Solution.SetText("Blank moves: " + board.FormatMoves(s.moves))
	p.ReplayButton.Show()
	p.solutionBox.Show()
	p.ReplayInfo.SetText(fmt.Sprintf("%d moves", len(s.moves)))
}

// ToggleReplay plays or pauses the animation of the solution.
func (p *SearchPanel) ToggleReplay() {
	if p.SolutionMoves == nil || p.Running() {
		return
	}
	if p.Replay.Playing() {
		p.Replay.Pause()
		p.ReplayButton.SetText("Replay solution")
		return
	}
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	if p.ReplayAt == 0 || p.ReplayAt >= len(p.SolutionMoves) {
		p.ReplayAt = 0
		p.show(p.Session.Board(), -1)
		p.ReplayInfo.SetText(fmt.Sprintf("move 0 of %d", len(p.SolutionMoves)))
	}
	p.ReplayButton.SetText("Pause replay")
	p.Replay.Play(p.ctx)
}

// ReplayStep shows the next board of the solution.
func (p *SearchPanel) ReplayStep() bool {
	if p.ReplayAt >= len(p.SolutionMoves) {
		return false
	}
	b, err := p.Session.Board().Apply(p.SolutionMoves[:p.ReplayAt+1])
	if err != nil {
		p.SetStatus(err.Error(), true)
		return false
	}
	p.ReplayAt++
	n := search.Node{Board: b, Move: p.SolutionMoves[p.ReplayAt-1], G: p.ReplayAt, H: -1}
	p.show(b, catalog.MovedCell(n))
	p.setNode(n, p.SolutionMoves[:p.ReplayAt], 0, false)
	p.redrawOverlay()
	p.ReplayInfo.SetText(fmt.Sprintf("move %d of %d", p.ReplayAt, len(p.SolutionMoves)))
	return p.ReplayAt < len(p.SolutionMoves)
}
