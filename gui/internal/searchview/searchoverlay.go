package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// The search panel's marks on the big board: the tiles whose moves made the
// children of the expansion shown, and the optional h overlay ("Show h per
// tile"): each tile's share of the selected heuristic, linear conflict's
// removed tiles, each pattern database group's value, and the sum in HInfo.
// The overlay follows whatever the board shows: a step, Back, the replay, a
// full-speed run.

// overlayView is where the panel draws the overlay: the big board and the
// legend of the tile groups.
type overlayView interface {
	// setOverlay draws o on the big board and, when legend is set, redraws
	// the legend with notes[i] after group i ("" or nil notes: nothing).
	setOverlay(o widgets.BoardOverlay, notes []string, legend bool)
}

// setOverlay draws o on the big board and the notes in the legend.
func (p *PuzzleView) setOverlay(o widgets.BoardOverlay, notes []string, legend bool) {
	if p.peek.on {
		p.peek.overlay = o // drawn when the look at the goal ends
	} else {
		p.Board.SetOverlay(o)
	}
	if legend {
		p.Legend.Objects = LegendItems(p.session.Groups(), notes...)
		p.Legend.Refresh()
	}
	if o.Plain { // no group colours: no legend of them
		p.Legend.Hide()
	} else {
		p.Legend.Show()
	}
}

// hOverlay is what the panel's overlay is drawn from.
type hOverlay struct {
	view  overlayView
	shown board.Board // the board the big board shows
	// moves mark the children of the expansion shown, when the board shows
	// its parent.
	moves []widgets.MoveMark
	// noted reports that the legend carries notes (to clear them).
	noted bool
	// Box holds HInfo with room for hInfoLines lines.
	Box *fyne.Container
	// h is the heuristic last built for the overlay, for the option key.
	h   search.Heuristic
	key string
	// mark is the cell the search asked to outline (-1: none); the moved
	// overlay decides whether it is drawn. movedBoard was reached by
	// moving the tile in movedCell (SetMoved).
	mark       int
	movedBoard board.Board
	movedCell  int
	// node is what is known of the node shown (overlays.go).
	node nodeInfo
	// holding defers redraws while SetOverlays sets the toggles.
	holding bool
}

// initOverlay creates the check box and the sum's label and makes every
// board the panel shows redraw the overlay.
func (p *SearchPanel) initOverlay(show func(board.Board, int)) {
	p.ShowH = widget.NewCheck("Show h per tile", func(bool) { p.redrawOverlay() })
	p.HInfo = widget.NewLabel("")
	p.HInfo.Wrapping = fyne.TextWrapWord
	// Two lines are kept for the sum, so that the board above it keeps
	// its size from step to step.
	p.Hov.Box = container.New(&minLinesLayout{lines: hInfoLines}, p.HInfo)
	p.Hov.Box.Hide()
	p.initShow()
	p.showBoard = show
	p.show = func(b board.Board, mark int) {
		p.Hov.shown, p.Hov.moves, p.Hov.mark, p.Hov.node = b, nil, mark, nodeInfo{}
		if show != nil {
			show(b, p.markFor(b, mark))
		}
		p.redrawOverlay()
	}
}

// DrawOverlayOn makes v show the overlay.
func (p *SearchPanel) DrawOverlayOn(v overlayView) {
	p.Hov.view = v
	p.redrawOverlay()
}

// overlayChildren marks the children of the expansion s shows (none for
// other events).
func (p *SearchPanel) overlayChildren(s SearchSnap) {
	p.Hov.moves = nil
	if s.Kind == search.NodeExpanded && s.Node.Board == p.Hov.shown {
		p.Hov.moves = childMarks(s, p.orderKey())
	}
	if s.Node.Board.IsValid() {
		p.setNode(s.Node, s.path, s.openLen, s.openKnown)
	}
	p.redrawOverlay()
}

// childMarks marks, for an expansion, the tile whose move made each child
// (the number k orders by: f, h for greedy search, g for the uninformed
// ones; greyed when IDA*'s bound or a depth limit pruned it or it was a
// duplicate) and the tile whose move would go back to the parent, which
// the search skips.
func childMarks(s SearchSnap, k orderKey) []widgets.MoveMark {
	b := s.Node.Board
	if !b.IsValid() {
		return nil
	}
	size := b.Size()
	var out []widgets.MoveMark
	made := map[board.Dir]bool{}
	for _, c := range s.Children {
		cell, ok := size.Neighbor(b.Blank(), c.Move)
		if !ok {
			continue
		}
		made[c.Move] = true
		m := widgets.MoveMark{Cell: cell, Kind: widgets.MoveChild, Text: k.badge(c.G, c.H)}
		switch c.Status {
		case search.ChildPruned:
			m.Kind, m.Text = widgets.MoveDropped, fmt.Sprintf("%s > %d", m.Text, s.Bound)
		case search.ChildDuplicate:
			m.Kind, m.Text = widgets.MoveDropped, m.Text+" seen"
		case search.ChildImproved:
			m.Text += " better"
		case search.ChildReopened:
			m.Text += " reopen"
		case search.ChildGoal:
			m.Text += " goal"
		}
		out = append(out, m)
	}
	if back := s.Node.Move.Inverse(); !s.Node.Root && !made[back] {
		if cell, ok := size.Neighbor(b.Blank(), back); ok {
			out = append(out, widgets.MoveMark{Cell: cell, Kind: widgets.MoveBack, Text: "back"})
		}
	}
	return out
}

// redrawOverlay draws the marks and, when ShowH is checked, the h overlay
// for the board shown.
func (p *SearchPanel) redrawOverlay() {
	if p.HInfo == nil || p.Hov.holding {
		return
	}
	b := p.Hov.shown
	var ov widgets.BoardOverlay
	var notes []string
	info := ""
	if b.IsValid() {
		ov.Cells = b.Tiles()
		ov.Moves = p.Hov.moves
		if p.ShowH.Checked {
			ex, err := p.explainShown(b)
			if err != nil {
				info = "h per tile: " + err.Error()
			} else {
				ov.Share, ov.Extra, notes, info = ex.share, ex.extra, ex.Notes, ex.Summary
				if alg := p.Algorithm(); alg == search.BFS {
					info += " Breadth-first search does not use h."
				} else if !alg.UsesHeuristic() {
					info += " " + catalog.LabelOf(alg) + " does not use h."
				}
			}
		}
		if more := p.drawLessonOverlays(&ov, b); len(more) > 0 {
			info = strings.TrimSpace(info + " " + strings.Join(more, " "))
		}
		if notes != nil && ov.Plain {
			// The groups' values are in the legend by colour: the
			// colours stay while h is taken apart per group.
			ov.Plain = false
			info += " The tiles keep their group colours for the legend's values."
		}
	}
	if p.Hov.view != nil {
		// The legend is redrawn only when it has notes or gets some.
		p.Hov.view.setOverlay(ov, notes, notes != nil || p.Hov.noted)
		p.Hov.noted = notes != nil
	}
	p.HInfo.SetText(info)
	if show := info != ""; show != p.Hov.Box.Visible() {
		if show {
			p.Hov.Box.Show()
		} else {
			p.Hov.Box.Hide()
		}
		// The column lays itself out again: a box shown where it was
		// hidden keeps the place and size it had (none, over the heading).
		if p.Controls != nil {
			p.Controls.Refresh()
		}
	}
}

// hInfoLines is the number of lines kept for the sum beside the board.
const hInfoLines = 2

// minLinesLayout stacks its objects (a wrapping label) and asks for at
// least as many lines of the theme's text as it is told.
type minLinesLayout struct {
	lines int
}

// Layout gives every object the whole size.
func (l *minLinesLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// MinSize is the objects' own, but at least l.lines lines of text high.
func (l *minLinesLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var size fyne.Size
	for _, o := range objects {
		size = size.Max(o.MinSize())
	}
	text := theme.Size(theme.SizeNameText)
	line := fyne.MeasureText("Mg", text, fyne.TextStyle{}).Height + theme.Size(theme.SizeNameLineSpacing)
	size.Height = max(size.Height, float32(l.lines)*line+2*theme.Size(theme.SizeNameInnerPadding))
	return size
}

// explainShown takes the selected heuristic's value for b apart.
func (p *SearchPanel) explainShown(b board.Board) (hExplanation, error) {
	h, err := p.overlayHeuristic()
	if err != nil {
		return hExplanation{}, err
	}
	return explainH(h, b, p.Session.Goal(), p.Session.Groups())
}

// overlayHeuristic returns the selected heuristic, built once per option,
// size and goal.
func (p *SearchPanel) overlayHeuristic() (search.Heuristic, error) {
	i := p.HeuristicSelect.SelectedIndex()
	if i < 0 || i >= len(p.heuristicOpts) {
		return nil, errors.New("pick a heuristic first")
	}
	opt := p.heuristicOpts[i]
	key := fmt.Sprintf("%s|%s|%s", opt.Short, p.Session.Board().Size(), p.Session.Goal())
	if p.Hov.h != nil && p.Hov.key == key {
		return p.Hov.h, nil
	}
	h, err := opt.Build()
	if err != nil {
		return nil, err
	}
	p.Hov.h, p.Hov.key = h, key
	return h, nil
}

// hExplanation is a heuristic's value for one board taken apart for the
// overlay.
type hExplanation struct {
	share, extra []string // badges per cell (see boardOverlay)
	Notes        []string // per group of the legend, or nil
	Summary      string   // the sum, in words
	Total        int      // the value explained
}

// explainH takes h's value for b apart: per tile for Hamming, Manhattan and
// linear conflict, per group for pattern databases (noted in the legend
// when the database's groups are the colour groups), and the larger of the
// two sums for the reflected lookup.
func explainH(h search.Heuristic, b board.Board, g board.Goal, groups session.Groups) (hExplanation, error) {
	if d, ok := h.(search.Domain); ok {
		// A board of another size or goal, for a moment while the session
		// changes: the tables would be read out of range.
		if s, hg := d.Domain(); s != b.Size() || hg != g {
			return hExplanation{}, fmt.Errorf("%s is for %s boards with the %s goal", h.Name(), s, hg)
		}
	}
	n := b.Size().Cells()
	ex := hExplanation{share: make([]string, n), extra: make([]string, n)}
	badges := func(shares []int) {
		for p, v := range shares {
			if v != 0 {
				ex.share[p] = strconv.Itoa(v)
			}
		}
	}
	switch h := h.(type) {
	case *search.Hamming:
		shares := h.Shares(b)
		badges(shares)
		ex.Total = sumInts(shares)
		ex.Summary = fmt.Sprintf("h = %d %s out of place (a badge of 1 on each).", ex.Total, toolkit.Plural(ex.Total, "tile", "tiles"))
	case *search.Manhattan:
		shares := h.Shares(b)
		badges(shares)
		ex.Total = sumInts(shares)
		ex.Summary = fmt.Sprintf("h = %s: the badges, each tile's rows + columns from its goal cell.", sumText(shares, ex.Total))
	case *search.LinearConflict:
		e := h.Explain(b)
		badges(e.Manhattan)
		for p := range n {
			if x := e.Extra(b.At(p)); x > 0 {
				ex.extra[p] = fmt.Sprintf("+%d", x)
			}
		}
		ex.Total = e.Total()
		md := sumInts(e.Manhattan)
		if len(e.Lines) == 0 {
			ex.Summary = fmt.Sprintf("h = %d: Manhattan distance (the badges); no line holds its own tiles out of order.", ex.Total)
			break
		}
		var lines []string
		for _, l := range e.Lines {
			lines = append(lines, l.String())
		}
		removed := (ex.Total - md) / 2
		ex.Summary = fmt.Sprintf("h = %d + 2 × %d = %d: Manhattan (white badges) + 2 per tile that must leave its line for the others to pass (amber): %s.",
			md, removed, ex.Total, strings.Join(lines, "; "))
	case *search.PDB:
		vals := h.GroupValues(b)
		ex.Total = sumInts(vals)
		ex.Notes = groupNotes(h, groups, vals, nil)
		ex.Summary = fmt.Sprintf("h = %s: each group's table value%s.", sumText(vals, ex.Total), groupWhere(h, ex.Notes, vals))
	case *search.Reflected:
		inner, ok := h.Inner().(*search.PDB)
		if !ok {
			return explainOther(h, b, ex), nil
		}
		m, err := b.Mirror(g)
		if err != nil {
			return hExplanation{}, fmt.Errorf("the reflected lookup: %w", err)
		}
		vals, mvals := inner.GroupValues(b), inner.GroupValues(m)
		direct, mirror := sumInts(vals), sumInts(mvals)
		ex.Total = max(direct, mirror)
		ex.Notes = groupNotes(inner, groups, vals, mvals)
		where := groupWhere(inner, ex.Notes, vals)
		if ex.Notes != nil {
			where = " (legend: here / mirror)"
		}
		ex.Summary = fmt.Sprintf("h = max(%d, %d) = %d: the tables give %s here and %s on the mirror image%s.",
			direct, mirror, ex.Total, sumText(vals, direct), sumText(mvals, mirror), where)
	case *search.DynamicPDB:
		explainDynamic(h, b, &ex)
	default:
		return explainOther(h, b, ex), nil
	}
	return ex, nil
}

// explainOther states the value of a heuristic the overlay cannot take apart.
func explainOther(h search.Heuristic, b board.Board, ex hExplanation) hExplanation {
	ex.Total = h.Estimate(b)
	ex.Summary = fmt.Sprintf("h = %d (%s); it has no per-tile breakdown.", ex.Total, h.Name())
	return ex
}

// groupNotes returns the legend's note for each colour group: the value of
// the database group with the same tiles ("18", or "18 / 20" with the value
// on the mirror image: the legend stays short), or nil
// when the database's groups are not the colour groups.
func groupNotes(h *search.PDB, groups session.Groups, vals, mirror []int) []string {
	sets := groups.Sets()
	parts := h.DB().Partition.Groups
	if len(sets) != len(parts) {
		return nil
	}
	notes := make([]string, len(sets))
	for i, part := range parts {
		j := slices.IndexFunc(sets, func(set []int) bool { return sameTiles(set, part) })
		if j < 0 {
			return nil
		}
		notes[j] = strconv.Itoa(vals[i])
		if mirror != nil {
			notes[j] += fmt.Sprintf(" / %d", mirror[i])
		}
	}
	return notes
}

// groupWhere says where the groups' values are: in the legend, or listed.
func groupWhere(h *search.PDB, notes []string, vals []int) string {
	if notes != nil {
		return " (legend)"
	}
	var parts []string
	for i, set := range h.DB().Partition.Groups {
		parts = append(parts, fmt.Sprintf("tiles %s: %d", joinInts(set, " "), vals[i]))
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// sameTiles reports whether a and b hold the same tiles.
func sameTiles(a, b []int) bool {
	x, y := slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(x, y)
}

// sumText writes "3 + 1 + 2 = 6" for the non-zero terms ("0" when none).
func sumText(xs []int, total int) string {
	var terms []int
	for _, x := range xs {
		if x != 0 {
			terms = append(terms, x)
		}
	}
	if len(terms) < 2 {
		return strconv.Itoa(total)
	}
	return joinInts(terms, " + ") + " = " + strconv.Itoa(total)
}

func joinInts(xs []int, sep string) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, sep)
}

func sumInts(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
