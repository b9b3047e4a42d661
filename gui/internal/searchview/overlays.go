package searchview

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// The lesson overlays (docs/formats-lessons.md, "overlays"): besides "Show
// h per tile" and the search tree, the "Show:" row's toggles draw the
// node's g and f and the open list's size, the path from the start, the
// tile moved last, linear conflict's tiles, the goal's tiles and the
// pattern groups' colours on the big board. A lesson part sets them all
// (SetOverlays); the teacher flips them by hand.

// The overlay names of the "Show:" row, as a lesson writes them.
const (
	OverlayG         = "g"
	OverlayF         = "f"
	OverlayOpen      = "open"
	OverlayPath      = "path"
	OverlayMoved     = "moved"
	OverlayConflicts = "conflicts"
	OverlayGoal      = "goal"
	OverlayGroups    = "groups"
	// OverlayH is "Show h per tile" (ShowH).
	OverlayH = "h"
)

// ShowOverlays are the "Show:" row's toggles, in order.
var ShowOverlays = []string{OverlayG, OverlayF, OverlayOpen, OverlayPath, OverlayMoved, OverlayConflicts, OverlayGoal, OverlayGroups}

// defaultOverlays are on when the app starts: the board looks as it
// always has (the moved tile outlined, tiles coloured by group).
var defaultOverlays = []string{OverlayMoved, OverlayGroups}

// maxOpenCount is the most boards the open overlay counts (the lesson's
// {{open}} counts as many).
const maxOpenCount = 1 << 16

// nodeInfo is what the overlay knows of the node shown.
type nodeInfo struct {
	known bool
	node  search.Node
	path  []board.Dir // from the start to node
	// open is the open list's size (openKnown: counted).
	open      int
	openKnown bool
}

// initShow makes the "Show:" row's toggles, with the defaults on.
func (p *SearchPanel) initShow() {
	p.Show = map[string]*widget.Check{}
	var row []fyne.CanvasObject
	row = append(row, widget.NewLabel("Show:"))
	for _, name := range ShowOverlays {
		c := widget.NewCheck(name, func(bool) { p.overlayToggled(name) })
		c.Checked = slices.Contains(defaultOverlays, name)
		p.Show[name] = c
		row = append(row, WithTip(c, TipShow(name)))
	}
	p.ShowRow = toolkit.NewFlow(row...)
}

// overlayToggled redraws after a toggle: "moved" redraws the board's
// outline, "open" counts the open list of the latest event.
func (p *SearchPanel) overlayToggled(name string) {
	if p.Hov.holding {
		return
	}
	if name == OverlayOpen && p.OverlayOn(OverlayOpen) {
		p.countShownOpen()
	}
	if name == OverlayMoved {
		p.showMark()
	}
	p.redrawOverlay()
}

// OverlayOn reports whether the overlay name is on ("h": Show h per tile).
func (p *SearchPanel) OverlayOn(name string) bool {
	if name == OverlayH {
		return p.ShowH != nil && p.ShowH.Checked
	}
	c := p.Show[name]
	return c != nil && c.Checked
}

// Overlays returns the names of the overlays on, h first.
func (p *SearchPanel) Overlays() []string {
	var out []string
	for _, name := range append([]string{OverlayH}, ShowOverlays...) {
		if p.OverlayOn(name) {
			out = append(out, name)
		}
	}
	return out
}

// SetOverlays turns on the overlays named (h and the "Show:" row's; other
// names, such as "tree", are the caller's) and every other one off, and
// redraws once.
func (p *SearchPanel) SetOverlays(names []string) {
	p.Hov.holding = true
	p.ShowH.SetChecked(slices.Contains(names, OverlayH))
	for _, name := range ShowOverlays {
		p.Show[name].SetChecked(slices.Contains(names, name))
	}
	p.Hov.holding = false
	if p.OverlayOn(OverlayOpen) {
		p.countShownOpen()
	}
	p.showMark()
	p.redrawOverlay()
}

// SetMoved notes that b was reached by moving the tile now in cell (a
// lesson's "moves:"); the moved overlay outlines it while b is shown at the
// start of the search.
func (p *SearchPanel) SetMoved(b board.Board, cell int) {
	p.Hov.movedBoard, p.Hov.movedCell = b, cell
	if b == p.Hov.shown && p.Hov.mark < 0 {
		p.showMark()
	}
}

// markFor is the cell the board's outline marks for b, given the mark the
// search asked for: none unless the moved overlay is on.
func (p *SearchPanel) markFor(b board.Board, mark int) int {
	if !p.OverlayOn(OverlayMoved) {
		return -1
	}
	if mark < 0 && b == p.Hov.movedBoard {
		return p.Hov.movedCell
	}
	return mark
}

// showMark draws the board shown again with the outline the moved overlay
// gives it.
func (p *SearchPanel) showMark() {
	if p.showBoard != nil && p.Hov.shown.IsValid() {
		p.showBoard(p.Hov.shown, p.markFor(p.Hov.shown, p.Hov.mark))
	}
}

// setNode records the node the board shows (its path from the start and,
// when counted, the open list's size).
func (p *SearchPanel) setNode(n search.Node, path []board.Dir, open int, openKnown bool) {
	if n.Board != p.Hov.shown {
		return
	}
	p.Hov.node = nodeInfo{known: true, node: n, path: append([]board.Dir(nil), path...), open: open, openKnown: openKnown}
}

// countOpen counts the stepper's open list, as the lesson's {{open}} does.
func (p *SearchPanel) countOpen() int {
	if p.Stepper == nil {
		return 0
	}
	return len(p.Stepper.Open(maxOpenCount))
}

// countShownOpen counts the open list for the node shown when it is the
// latest event's (earlier events are not counted again).
func (p *SearchPanel) countShownOpen() {
	if p.Hov.node.known && !p.Hov.node.openKnown && p.Timeline != nil && p.Timeline.AtEnd() && !p.Running() {
		p.Hov.node.open, p.Hov.node.openKnown = p.countOpen(), true
	}
}

// drawLessonOverlays adds the "Show:" row's overlays for b to ov and says
// in lines what they show (or why one shows nothing here).
func (p *SearchPanel) drawLessonOverlays(ov *widgets.BoardOverlay, b board.Board) []string {
	var lines []string
	ov.Plain = !p.OverlayOn(OverlayGroups)
	if p.OverlayOn(OverlayG) || p.OverlayOn(OverlayF) {
		lines = append(lines, p.drawGF(ov, b))
	}
	if p.OverlayOn(OverlayOpen) {
		lines = append(lines, p.drawOpen(ov))
	}
	if p.OverlayOn(OverlayPath) {
		lines = append(lines, p.drawPath(ov, b))
	}
	if p.OverlayOn(OverlayConflicts) {
		lines = append(lines, p.drawConflicts(ov, b))
	}
	if p.OverlayOn(OverlayGoal) {
		lines = append(lines, p.drawGoal(ov, b))
	}
	return lines
}

// shownNode returns the node the board shows: the search's, or the start
// (g 0) when the search has not left it. ok is false for a board that is
// no node of the search (the solution's replay is one: g is its move).
func (p *SearchPanel) shownNode(b board.Board) (search.Node, []board.Dir, bool) {
	if n := p.Hov.node; n.known && n.node.Board == b {
		return n.node, n.path, true
	}
	if b == p.Session.Board() {
		n := search.Node{Board: b, Root: true, H: -1}
		return n, nil, true
	}
	return search.Node{}, nil, false
}

// drawGF puts the node's g and f in badges.
func (p *SearchPanel) drawGF(ov *widgets.BoardOverlay, b board.Board) string {
	n, _, ok := p.shownNode(b)
	if !ok {
		return "g, f: the board is not a node of the search."
	}
	alg := p.Algorithm()
	if p.OverlayOn(OverlayG) {
		ov.Node = append(ov.Node, fmt.Sprintf("g %d", n.G))
	}
	if !p.OverlayOn(OverlayF) {
		return fmt.Sprintf("g = %d: the moves from the start.", n.G)
	}
	if !alg.UsesHeuristic() {
		return fmt.Sprintf("g = %d. %s uses no h, so there is no f = g + h.", n.G, catalog.LabelOf(alg))
	}
	h := n.H
	if h < 0 {
		hh, err := p.overlayHeuristic()
		if err != nil {
			return "f: " + err.Error()
		}
		h = hh.Estimate(b)
	}
	if k := p.orderKey(); k.weighted() { // the f it orders by, as its counter says
		ov.Node = append(ov.Node, k.badge(n.G, h))
		return "f = g + w·h = " + k.sum(n.G, h) + "."
	}
	ov.Node = append(ov.Node, fmt.Sprintf("f %d", n.G+h))
	line := fmt.Sprintf("f = g + h = %d + %d = %d.", n.G, h, n.G+h)
	if alg == search.Greedy {
		line += " Greedy search orders by h alone."
	}
	return line
}

// drawOpen puts the open list's size in a badge.
func (p *SearchPanel) drawOpen(ov *widgets.BoardOverlay) string {
	alg := p.Algorithm()
	switch {
	case iterative(alg) || alg == search.DFS || alg == search.DLS || alg == search.RBFS:
		return fmt.Sprintf("Open list: %s keeps none, only the path it is on.", catalog.LabelOf(alg))
	case !p.Hov.node.known || !p.Hov.node.openKnown:
		return "Open list: counted from the next step on."
	}
	n := p.Hov.node.open
	ov.Node = append(ov.Node, fmt.Sprintf("open %s", toolkit.FormatCount(uint64(n))))
	what := "open list"
	if alg == search.BFS {
		what = "queue"
	}
	more := ""
	if n >= maxOpenCount {
		more = " or more"
	}
	return fmt.Sprintf("The %s holds %s%s boards.", what, toolkit.FormatCount(uint64(n)), more)
}

// drawPath numbers the cells the blank passed through on the way from the
// start (0) to the board shown.
func (p *SearchPanel) drawPath(ov *widgets.BoardOverlay, b board.Board) string {
	_, path, ok := p.shownNode(b)
	if !ok {
		return "Path: the board is not a node of the search."
	}
	start := p.Session.Board()
	if end, err := start.Apply(path); err != nil || end != b {
		return "Path: not known for this board."
	}
	ov.Path = make([]string, b.Size().Cells())
	cur := start
	ov.Path[cur.Blank()] = "0"
	for i, d := range path {
		next, err := cur.Apply([]board.Dir{d})
		if err != nil {
			break
		}
		cur = next
		ov.Path[cur.Blank()] = strconv.Itoa(i + 1)
	}
	if len(path) == 0 {
		return "Path: the board is the start (the blank's cell is numbered 0)."
	}
	return fmt.Sprintf("Path: the blue numbers, the move after which the blank was last in that cell (0: the start); %d %s.",
		len(path), toolkit.Plural(len(path), "move", "moves"))
}

// drawConflicts marks linear conflict's tiles, whatever the heuristic.
func (p *SearchPanel) drawConflicts(ov *widgets.BoardOverlay, b board.Board) string {
	lc, err := search.NewLinearConflict(b.Size(), p.Session.Goal())
	if err != nil {
		return "Conflicts: " + err.Error()
	}
	e := lc.Explain(b)
	if len(e.Lines) == 0 {
		return "Conflicts: no row or column holds two of its own tiles out of order."
	}
	if ov.Extra == nil {
		ov.Extra = make([]string, b.Size().Cells())
	}
	for c := range ov.Extra {
		if x := e.Extra(b.At(c)); x > 0 {
			ov.Extra[c] = fmt.Sprintf("+%d", x)
		}
	}
	var lines []string
	for _, l := range e.Lines {
		lines = append(lines, l.String())
	}
	return fmt.Sprintf("Conflicts (amber: the tiles that must leave their line): %s.", strings.Join(lines, "; "))
}

// drawGoal ghosts the goal's tile in every cell that holds another.
func (p *SearchPanel) drawGoal(ov *widgets.BoardOverlay, b board.Board) string {
	goal := board.Solved(b.Size(), p.Session.Goal())
	ov.Ghost = make([]string, b.Size().Cells())
	wrong := 0
	for c := range ov.Ghost {
		if b.At(c) == goal.At(c) {
			continue
		}
		ov.Ghost[c] = "_"
		if t := goal.At(c); t != 0 {
			ov.Ghost[c] = strconv.Itoa(t)
			wrong++
		}
	}
	if wrong == 0 {
		return "Goal: every tile is home."
	}
	return fmt.Sprintf("Goal: the faint numbers name the tile the goal has in that cell (_: the blank); %d %s not home.",
		wrong, toolkit.Plural(wrong, "tile is", "tiles are"))
}
