package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// placement writes the pattern tiles' cells: "1 at 0, 2 at 1".
func placement(tiles []int, st pdb.State) string {
	parts := make([]string, len(st.Cells))
	for i, c := range st.Cells {
		parts[i] = fmt.Sprintf("%d at %d", tiles[i], c)
	}
	return strings.Join(parts, ", ")
}

// moveText describes one move of the blank.
func moveText(cost int, m pdb.Move) string {
	what := fmt.Sprintf("a tile the pattern ignores, cost %d", m.Cost)
	if m.Tile != 0 {
		what = fmt.Sprintf("pattern tile %d, cost 1", m.Tile)
	}
	s := fmt.Sprintf("Blank %s to cell %d (%s): ", toolkit.DirWord(m.Dir), m.Cell, what)
	switch m.Outcome {
	case pdb.OutcomeCurrent:
		return s + fmt.Sprintf("new, into the current layer (cost %d)", cost)
	case pdb.OutcomeNext:
		return s + fmt.Sprintf("new, into the next layer (cost %d)", cost+1)
	}
	return s + fmt.Sprintf("seen before at cost %d, skipped", m.SeenCost)
}

// narrateState says what a step did, in one sentence.
func narrateState(tiles []int, st pdb.StateStep, entry uint8) string {
	if st.Fringe {
		return narrateFringeState(tiles, st)
	}
	switch st.Kind {
	case pdb.StepLayer:
		return fmt.Sprintf("Step %d: the current layer's queue is empty, so layer %d is done; the cost becomes %d and the next layer's %s states are the current queue now.",
			st.Seq, st.Cost-1, st.Cost, toolkit.FormatCount(uint64(st.Current)))
	case pdb.StepDone:
		return fmt.Sprintf("Step %d: both queues are empty, so the table is complete: every reachable placement holds its least cost (at most %d).", st.Seq, st.Cost)
	}
	var cur, next, seen int
	for _, m := range st.Moves {
		switch m.Outcome {
		case pdb.OutcomeCurrent:
			cur++
		case pdb.OutcomeNext:
			next++
		default:
			seen++
		}
	}
	s := fmt.Sprintf("Step %d: took the state [%s, blank at %d] (cost %d) from the current layer's queue", st.Seq, placement(tiles, st.State), st.State.Blank, st.Cost)
	if st.Entry {
		s += fmt.Sprintf(", wrote table[%s] = %d (the first time this placement is taken)", placement(tiles, st.State), st.Cost)
	} else {
		s += fmt.Sprintf(" (its placement has its entry, %d, already)", entry)
	}
	var parts []string
	if next > 0 {
		parts = append(parts, fmt.Sprintf("%d swap%s with a pattern tile (cost 1) into the next layer", next, toolkit.Plural(next, "", "s")))
	}
	if cur > 0 {
		parts = append(parts, fmt.Sprintf("%d free move%s (cost 0) into the current layer", cur, toolkit.Plural(cur, "", "s")))
	}
	if seen > 0 {
		parts = append(parts, fmt.Sprintf("%d move%s to states seen before, skipped", seen, toolkit.Plural(seen, "", "s")))
	}
	return s + ", and tried " + strings.Join(parts, ", ") + "."
}

// stateCells draws an abstract state: the pattern tiles, the blank, Star
// elsewhere.
func stateCells(size board.Size, tiles []int, st pdb.State) []int {
	cells := make([]int, size.Cells())
	for c := range cells {
		cells[c] = widgets.Star
	}
	for i, c := range st.Cells {
		cells[c] = tiles[i]
	}
	cells[st.Blank] = 0
	return cells
}

// firstOnes introduces the mini boards of a queue.
func firstOnes(n int) string {
	switch {
	case n == 0:
		return "."
	case n <= pdbQueueBoards:
		return ", front first:"
	}
	return fmt.Sprintf(", the first %d:", pdbQueueBoards)
}

// codeView shows pseudocode in a monospaced grid, one numbered line a row,
// the current line highlighted strongly and the other lines the step ran
// lightly.
type codeView struct {
	grid *widget.TextGrid
	N    int
	line int
}

func newCodeView(lines []string) *codeView {
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	rows := make([]string, len(lines))
	for i, l := range lines {
		// Padded to one width, so the highlights are bars of one length.
		rows[i] = fmt.Sprintf("%2d  %s%s ", i+1, l, strings.Repeat(" ", width-len([]rune(l))))
	}
	g := widget.NewTextGrid()
	g.SetText(strings.Join(rows, "\n"))
	return &codeView{grid: g, N: len(lines)}
}

// Highlight marks line (1-based; 0: none) as current and ran as run.
func (c *codeView) Highlight(line int, ran []int) {
	c.line = line
	p := theme.Color(theme.ColorNamePrimary)
	r, g, b, _ := p.RGBA()
	base := color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8)}
	runs := make(map[int]bool, len(ran))
	for _, l := range ran {
		runs[l] = true
	}
	for i := 0; i < c.N; i++ {
		n := i + 1
		var style widget.TextGridStyle
		switch {
		case n == line:
			bg := base
			bg.A = 0x80
			style = &widget.CustomTextGridStyle{BGColor: bg, TextStyle: fyne.TextStyle{Bold: true, Monospace: true}}
		case runs[n]:
			bg := base
			bg.A = 0x2c
			style = &widget.CustomTextGridStyle{BGColor: bg}
		}
		c.grid.SetRowStyle(i, style)
	}
	c.grid.Refresh()
}

// Current returns the highlighted line (0: none).
func (c *codeView) Current() int { return c.line }
