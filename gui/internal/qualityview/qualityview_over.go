package qualityview

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// The over-estimates tab: where the heuristics that overestimate do it
// (the heuristics that lie, for teaching): per true distance h*, the states
// with h > h* and the largest h - h*; then each one's worst states, with
// the board, h and h*. The command line's quality report prints the same
// two tables (slidelab quality, "over-estimates by true distance").

// overTabName titles the tab.
const overTabName = "h > h*"

// overTab is the tab's widgets and the text of its two tables.
type overTab struct {
	// Note says which heuristics overestimate, or that none does.
	Note *widget.Label
	// ByDistance has a row per true distance with an over-estimate;
	// Worst a row per worst state of each heuristic.
	ByDistance *widget.Table
	Worst      *widget.Table
	// Chart draws the over-estimates by true distance, a bar per
	// heuristic that overestimates (none when no heuristic does); the
	// chart export buttons export it while the tab is shown.
	Chart   *widgets.ChartView
	content fyne.CanvasObject

	byDistance [][]string
	worst      [][]string
}

func newOverTab() *overTab {
	o := &overTab{}
	o.Note = widget.NewLabel("Run a measurement: this tab shows where a heuristic overestimates (h > h*), by true distance, and its worst states.")
	o.Note.Wrapping = fyne.TextWrapWord
	// Short cell templates: the columns are sized to their text
	// (sizeColumns), and the two tables side by side must fit 1024x768 at
	// 200 % (gui's TestEveryControlReachable).
	o.ByDistance = toolkit.NewCellTable(func() [][]string { return o.byDistance }, "000",
		func(row, _ int) bool { return row == 0 })
	o.Worst = toolkit.NewCellTable(func() [][]string { return o.worst }, "000",
		func(row, _ int) bool { return row == 0 })
	o.Chart = widgets.NewChartView(nil)
	tables := container.NewHSplit(o.ByDistance, o.Worst)
	tables.Offset = 0.45
	split := container.NewVSplit(o.Chart, tables)
	split.Offset = 0.45
	o.content = container.NewBorder(o.Note, nil, nil, nil, split)
	return o
}

// overestimating returns the heuristics of r that overestimate some state.
func overestimating(r *quality.Report) []quality.Stats {
	var out []quality.Stats
	for _, h := range r.Heuristics {
		if h.Over > 0 {
			out = append(out, h)
		}
	}
	return out
}

// refreshOver fills the tab from the labelled report r.
func (o *overTab) refreshOver(r *quality.Report) {
	size, _ := board.ParseSize(r.Size) // the zero size, should it fail: Parse infers it
	over := overestimating(r)
	o.byDistance, o.worst = nil, nil
	o.Chart.SetChart(nil)
	if len(over) == 0 {
		o.Note.SetText("No heuristic overestimates any state of this sample (h > h* = 0 for all): all are admissible here.")
		o.ByDistance.Refresh()
		o.Worst.Refresh()
		return
	}
	var names []string
	for _, h := range over {
		names = append(names, fmt.Sprintf("%s: %s states, by up to %d", h.Marked(), toolkit.FormatCount(uint64(h.Over)), h.MaxOver))
	}
	o.Note.SetText("Over-estimates (h > h*): " + strings.Join(names, "; ") + ". A* and IDA* with such a heuristic may return a " +
		"solution longer than optimal. The chart and the left table: the states with h > h* at each true distance (in brackets the largest h - h*); the right table: the worst states.")
	o.byDistance = overByDistance(r, over)
	o.worst = [][]string{{"Heuristic", "Board", "h", "h*", "h - h*"}}
	for _, h := range over {
		for _, s := range h.WorstOver {
			o.worst = append(o.worst, []string{h.Marked(), boardText(s.Board, size), strconv.Itoa(s.H), strconv.Itoa(s.HStar), "+" + strconv.Itoa(s.H-s.HStar)})
		}
	}
	o.Chart.SetChart(overChart(r, over))
	sizeColumns(o.ByDistance, o.byDistance)
	sizeColumns(o.Worst, o.worst)
	o.ByDistance.Refresh()
	o.Worst.Refresh()
}

// overChart draws the states with h > h* per true distance, a bar per
// heuristic of over (the f-contour chart's grouped bars on a log scale,
// with h* on the X axis).
func overChart(r *quality.Report, over []quality.Stats) charts.Contours {
	c := charts.Contours{Title: "Over-estimates by true distance", Subtitle: r.Size + " · " + r.Description,
		XLabel: "h* (true distance)", Measure: "states with h > h*"}
	for _, h := range over {
		s := charts.ContourSeries{Name: h.Marked()}
		for _, row := range h.OverByDistance {
			s.Points = append(s.Points, charts.ContourPoint{F: row.HStar, Nodes: row.States})
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// overByDistance is the table of over-estimates by true distance: a row
// per h* at which some heuristic of over overestimates, with the states at
// that distance and, per heuristic, the states overestimated and by how
// much at most ("–": none).
func overByDistance(r *quality.Report, over []quality.Stats) [][]string {
	header := []string{"h*", "All states"}
	for _, h := range over {
		header = append(header, h.Marked())
	}
	rows := [][]string{header}
	for d, n := range r.Distances {
		row := []string{strconv.Itoa(d), toolkit.FormatCount(uint64(n))}
		any := false
		for _, h := range over {
			cell := "–"
			for _, or := range h.OverByDistance {
				if or.HStar == d {
					cell = fmt.Sprintf("%s (+%d)", toolkit.FormatCount(uint64(or.States)), or.MaxOver)
					any = true
				}
			}
			row = append(row, cell)
		}
		if any {
			rows = append(rows, row)
		}
	}
	return rows
}

// boardText writes a board given as its tiles row by row ("0 8 7 6 ...")
// with " / " between rows, as boards are written elsewhere in the app.
func boardText(flat string, size board.Size) string {
	if size.Cells() == 0 {
		size = board.Size{}
	}
	if b, err := board.Parse(flat, size); err == nil {
		return b.Line()
	}
	return flat
}

// sizeColumns makes each column of t wide enough for the longest text in
// cells.
func sizeColumns(t *widget.Table, cells [][]string) {
	if len(cells) == 0 {
		return
	}
	for c := range cells[0] {
		longest := 0
		for _, row := range cells {
			longest = max(longest, len([]rune(row[c])))
		}
		t.SetColumnWidth(c, max(float32(60), float32(longest)*theme.TextSize()*0.58+2*theme.Padding()))
	}
}
