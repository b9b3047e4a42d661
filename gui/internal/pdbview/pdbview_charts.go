package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/widgets"

	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/pdb"
)

// What the pattern-database view draws: the selected table's layer, the
// sample of a layer's states as mini boards, the frontier chart and the
// histogram, the summary line, and the charts' export.

// showTable redraws everything about the selected table.
func (v *PDBView) showTable() {
	i := v.Group
	v.Pattern.SetGroups(v.Groups)
	v.Pattern.SetCells(v.Part.Size, v.patternCells(i))
	entries := v.groupEntries(i)
	switch {
	case v.last != nil:
		v.renderLayer(*v.last)
	case v.Built[i] != nil:
		v.Progress.SetValue(1)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d is built: %d cost layers.", i+1, len(v.Layers[i])))
		v.setStatus("Step or Run to build it again and watch the frontier grow.")
	default:
		v.Progress.SetValue(0)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d: %s entries to fill, one per placement of tiles %s%s.",
			i+1, toolkit.FormatCount(entries), formatGroup(v.Part.Groups[i]), v.andBlank()))
		v.setStatus("Press Step layer (Space) to build the first cost layer, Play (P) to watch, or Run to end.")
	}
	v.setSamples(nil, 0, 0)
	v.refreshCharts()
	v.refreshSummary()
	v.syncStates()
}

func (v *PDBView) setStatus(s string) { v.Status.SetText(s) }

// renderLayer shows the latest layer's numbers, and once the build has run
// a while the time left at the speed measured on this machine.
func (v *PDBView) renderLayer(ls pdb.LayerStats) {
	v.Progress.SetValue(float64(ls.TotalEntries) / float64(max(ls.Entries, 1)))
	left := ""
	if d, rate, ok := v.timeLeft(ls); ok {
		left = fmt.Sprintf("   About %s left for the tables not yet built, at the %s entries a second this build has made so far on this machine.",
			catalog.RoundDuration(d.Round(time.Second)), toolkit.FormatRate(rate))
	}
	v.LayerInfo.SetText(fmt.Sprintf("Layer cost %d: %s abstract states, %s new entries.   So far: %s of %s entries, %s states, %s.%s",
		ls.Cost, toolkit.FormatCount(ls.States), toolkit.FormatCount(ls.New), toolkit.FormatCount(ls.TotalEntries), toolkit.FormatCount(ls.Entries),
		toolkit.FormatCount(ls.TotalStates), catalog.RoundDuration(ls.Elapsed), left))
}

// minMeasure is how long a table must have been building before its speed
// is taken as this machine's.
const minMeasure = 2 * time.Second

// timeLeft estimates the time left to build the table of ls and the other
// tables not yet built, from the speed measured on this table so far
// (entries set per second of its build): ok is false before minMeasure.
// Later layers fill entries at about the same rate, so the estimate
// follows the machine and its load rather than a constant.
func (v *PDBView) timeLeft(ls pdb.LayerStats) (left time.Duration, rate float64, ok bool) {
	if ls.Elapsed < minMeasure || ls.TotalEntries == 0 {
		return 0, 0, false
	}
	rate = float64(ls.TotalEntries) / ls.Elapsed.Seconds()
	rest := float64(ls.Entries - ls.TotalEntries)
	for i := range v.Built {
		if v.Built[i] == nil && i != v.Group {
			rest += float64(v.groupEntries(i))
		}
	}
	return time.Duration(rest / rate * float64(time.Second)), rate, true
}

// setSamples draws states of the current layer as mini boards.
func (v *PDBView) setSamples(states []pdb.State, cost int, total uint64) {
	for len(v.sampleBox) < len(states) {
		bv := widgets.NewMiniBoardView(v.Part.Size, nil, v.Groups)
		v.sampleBox = append(v.sampleBox, bv)
	}
	objs := make([]fyne.CanvasObject, 0, len(states))
	tiles := v.Part.Groups[v.Group]
	sortedTiles := append([]int(nil), tiles...)
	slices.Sort(sortedTiles)
	for i, st := range states {
		cells := make([]int, v.Part.Size.Cells())
		for c := range cells {
			cells[c] = widgets.Star
		}
		for j, c := range st.Cells {
			cells[c] = sortedTiles[j]
		}
		cells[st.Blank] = 0
		bv := v.sampleBox[i]
		bv.Groups = v.Groups
		bv.SetCells(v.Part.Size, cells)
		objs = append(objs, bv)
	}
	text := v.Part.Size.String()
	side := theme.Size(theme.SizeNameText) * 2.2 * widgets.MinSideCells(v.Part.Size)
	v.Samples.Layout = layout.NewGridWrapLayout(fyne.NewSize(side, side))
	v.Samples.Objects = objs
	v.Samples.Refresh()
	switch {
	case len(states) == 0:
		v.SampleInfo.SetText("Abstract states of the current layer appear here: the pattern tiles and the blank; * marks tiles the table ignores.")
	case uint64(len(states)) >= total:
		v.SampleInfo.SetText(fmt.Sprintf("All %d abstract states of layer %d (%s board):", len(states), cost, text))
	default:
		v.SampleInfo.SetText(fmt.Sprintf("%d of the %s abstract states of layer %d, spread evenly:", len(states), toolkit.FormatCount(total), cost))
	}
}

// refreshCharts rebuilds the chart data from the layers and tables so far.
func (v *PDBView) refreshCharts() {
	if v.Part.Groups == nil {
		return
	}
	fr := charts.PDBLayers{Subtitle: fmt.Sprintf("%s board, %s %s", v.Part.Size, v.partitionWord(), v.Part), LogY: v.LogScale.Checked, XLabel: v.costLabel()}
	building := v.building()
	if building >= 0 {
		// The table under way alone, at its own scale: the finished
		// tables' curves (millions of states) would flatten it.
		fr.Subtitle = fmt.Sprintf("%s board: table %d (tiles %s) being built; the finished tables are charted when it is done",
			v.Part.Size, building+1, formatGroup(v.Part.Groups[building]))
	}
	for i, ls := range v.Layers {
		if len(ls) == 0 || building >= 0 && i != building {
			continue
		}
		t := charts.TableLayers{Name: fmt.Sprintf("table %d (%s)", i+1, formatGroup(v.Part.Groups[i]))}
		for _, l := range ls {
			t.Layers = append(t.Layers, charts.Layer{Cost: l.Cost, States: int64(l.States), New: int64(l.New)})
		}
		fr.Tables = append(fr.Tables, t)
	}
	v.Frontier.SetChart(fr)
	h := charts.Histogram{Subtitle: fmt.Sprintf("%s board, %s %s", v.Part.Size, v.partitionWord(), v.Part), LogY: v.LogScale.Checked}
	for i, t := range v.Built {
		if t == nil {
			continue
		}
		hist := t.Histogram()
		top := 0
		for val := 0; val < pdb.Unreached; val++ {
			if hist[val] > 0 {
				top = val
			}
		}
		s := charts.HistogramSeries{Name: fmt.Sprintf("table %d (%s)", i+1, formatGroup(v.Part.Groups[i]))}
		for val := 0; val <= top; val++ {
			s.Counts = append(s.Counts, int64(hist[val]))
		}
		h.Series = append(h.Series, s)
	}
	v.Histogram.SetChart(h)
}

// exportChart saves the chart shown (the frontier, or the histogram when its
// tab is selected) to path, as PNG, SVG or PDF by its extension, at the size
// of a slide; the file is replaced atomically.
func (v *PDBView) exportChart(path string) error {
	c, err := v.exportedChart()
	if err != nil {
		return err
	}
	return charts.Save(c, path, toolkit.ExportWidth, toolkit.ExportHeight)
}

// exportedChart returns the chart shown, or why there is nothing to export.
func (v *PDBView) exportedChart() (charts.Chart, error) {
	var c charts.Chart = v.Frontier.Chart()
	empty := true
	if fr, ok := c.(charts.PDBLayers); ok {
		empty = len(fr.Tables) == 0
	}
	if v.ChartTabs.SelectedIndex() == 1 {
		c = v.Histogram.Chart()
		h, ok := c.(charts.Histogram)
		empty = !ok || len(h.Series) == 0
		if empty {
			return nil, errors.New("nothing to export yet: the histogram appears when a table is finished")
		}
	}
	if empty {
		return nil, errors.New("nothing to export yet: build a layer first (Step)")
	}
	return c, nil
}

// exportDialog asks for a file name and saves the chart shown there.
func (v *PDBView) exportDialog(format string) {
	if v.Win == nil || v.Win() == nil {
		return
	}
	name := "slidelab-pdb-frontier"
	if v.ChartTabs.SelectedIndex() == 1 {
		name = "slidelab-pdb-histogram"
	}
	toolkit.ExportFile(v.Win(), name, format, func(w io.Writer) error {
		c, err := v.exportedChart()
		if err != nil {
			return err
		}
		return charts.Write(w, c, format, toolkit.ExportWidth, toolkit.ExportHeight)
	}, func(where string) { v.Status.SetText("Saved " + where) })
}

// refreshSummary describes the finished tables.
func (v *PDBView) refreshSummary() {
	var lines []string
	for i, t := range v.Built {
		if t == nil {
			continue
		}
		st := t.Stats()
		lines = append(lines, fmt.Sprintf("Table %d: %s entries (%s), max %d, mean %.2f, built in %s.",
			i+1, toolkit.FormatCount(uint64(t.Len())), toolkit.FormatBytes(uint64(t.Len())), st.Max, st.Mean,
			catalog.RoundDuration(time.Duration(t.Seconds()*float64(time.Second)))))
	}
	switch i := v.building(); {
	case i >= 0 && v.Built[i] != nil:
		lines = append(lines, fmt.Sprintf("Now building table %d again (tiles %s); the search view keeps using the finished database.",
			i+1, formatGroup(v.Part.Groups[i])))
	case i >= 0:
		lines = append(lines, fmt.Sprintf("Now building table %d (tiles %s).", i+1, formatGroup(v.Part.Groups[i])))
	case len(lines) == len(v.Built) && len(lines) > 0:
		lines = append(lines, "All tables are ready; the search view offers this database as a heuristic.")
	}
	v.Summary.SetText(strings.Join(lines, "\n"))
	v.Summary.Hidden = len(lines) == 0 // no blank line above the charts
	v.Summary.Refresh()
}

// building returns the table under way (being built, or paused between
// layers), or -1.
func (v *PDBView) building() int {
	if (v.Builder != nil || v.Busy()) && v.Group >= 0 && v.Group < len(v.Part.Groups) {
		return v.Group
	}
	return -1
}
