package qualityview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// Run measures the checked heuristics in the background.
func (v *QualityView) Run() {
	if v.runs.Running() {
		return
	}
	toolkit.SetError(v.Error, "")
	v.pending = false
	v.setRunning(false) // a run that waited for a database: Run is pressed again below
	size, goal := v.size(), v.session.Goal()
	set, count, ok := v.pathSet(goal)
	if !ok {
		return
	}
	hs, labels, solver, ok := v.buildHeuristics(size)
	if !ok {
		return
	}
	if len(hs) == 0 {
		toolkit.SetError(v.Error, "Tick at least one heuristic.")
		return
	}
	if v.paths() && solver == nil {
		// No pattern database for this size: linear conflict solves.
		lc, err := search.NewLinearConflict(size, goal)
		if err != nil {
			toolkit.SetError(v.Error, err.Error())
			return
		}
		solver = lc
	}
	v.setRunning(true)
	v.Progress.SetValue(0)
	v.Status.SetText("Measuring…")
	key := fmt.Sprintf("%s/%s/%s/%d", v.SampleSelect.Selected, size, goal, count)
	if v.SampleSelect.Selected == qualityFile {
		key += "/" + strconv.Itoa(v.fileLoads) // a file loaded again is solved again
	}
	var rep *quality.Report
	v.LastDone = v.runs.Start(func(ctx context.Context, post func(func())) error {
		progress := v.progressFunc(post)
		s, err := v.cachedSample(ctx, key, size, goal, set, solver, progress)
		if err != nil {
			return err
		}
		rep, err = quality.Measure(ctx, s, hs, progress)
		return err
	}, func(err error) { v.finished(rep, labels, err) })
}

// pathSet is the instance set and count to solve when the sample is of
// solution paths (Korf's or a file's, the first count of them), or an
// empty set for a sample of states; false, with the error shown, when the
// choice is not valid.
func (v *QualityView) pathSet(goal board.Goal) (compare.Set, int, bool) {
	if !v.paths() {
		return compare.Set{}, 0, true
	}
	set := compare.Korf100().ForGoal(goal)
	if v.SampleSelect.Selected == qualityFile {
		if v.fileSet == nil {
			toolkit.SetError(v.Error, "Open an instance file first (Open…).")
			return compare.Set{}, 0, false
		}
		set = *v.fileSet
	}
	n, err := strconv.Atoi(strings.TrimSpace(v.CountEntry.Text))
	if err != nil || n < 1 || n > len(set.Instances) {
		toolkit.SetError(v.Error, fmt.Sprintf("instances %q: want a whole number from 1 to %d", v.CountEntry.Text, len(set.Instances)))
		return compare.Set{}, 0, false
	}
	return set.First(n), n, true
}

// buildHeuristics builds the checked heuristics (with their labels by
// short name) and, for a sample of paths, the strongest database offered
// as the solver. false when a database is still loading (the run waits for
// it) or a build failed (the error shown).
func (v *QualityView) buildHeuristics(size board.Size) ([]compare.Heuristic, map[string]string, search.Heuristic, bool) {
	var hs []compare.Heuristic
	labels := map[string]string{}
	var solver search.Heuristic
	for _, o := range v.heuristics(size) {
		checked := slices.Contains(v.Heuristics.Selected, o.Label)
		// The strongest heuristic offered solves Korf's instances: the
		// preset database with its reflection.
		wantSolver := v.paths() && solver == nil && o.Database != nil && strings.HasSuffix(o.Short, search.ReflectSuffix)
		if !checked && !wantSolver {
			continue
		}
		h, err := o.Build()
		if errors.Is(err, catalog.ErrPDBNotReady) {
			// The build started the load; the run starts once every
			// database it needs is ready (RefreshHeuristics).
			v.pending = true
			v.setRunning(true) // Cancel gives up waiting
			v.Status.SetText("Waiting for the " + o.Database().Name + " pattern database (" + o.Database().Status + "); the run starts when it is ready.")
			return nil, nil, nil, false
		}
		if err != nil {
			toolkit.SetError(v.Error, err.Error())
			return nil, nil, nil, false
		}
		if wantSolver {
			solver = h
		}
		if checked {
			hs = append(hs, compare.Heuristic{Name: o.Short, H: h})
			labels[o.Short] = o.BaseLabel() // Stats.Marked adds the mark
		}
	}
	return hs, labels, solver, true
}

// progressFunc shows a run's progress through post, at most once every
// toolkit.RefreshEvery and always at the end of a stage.
func (v *QualityView) progressFunc(post func(func())) func(quality.Progress) {
	var last time.Time
	return func(p quality.Progress) {
		if now := time.Now(); now.Sub(last) < toolkit.RefreshEvery && p.Done < p.Total {
			return
		} else {
			last = now
		}
		post(func() {
			v.Progress.SetValue(float64(p.Done) / float64(max(p.Total, 1)))
			stage := p.Stage
			if stage != "" {
				stage = strings.ToUpper(stage[:1]) + stage[1:]
			}
			v.Status.SetText(fmt.Sprintf("%s: %s of %s.", stage, toolkit.FormatCount(uint64(p.Done)), toolkit.FormatCount(uint64(p.Total))))
		})
	}
}

// cachedSample returns the sample for key, from the cache or made afresh.
func (v *QualityView) cachedSample(ctx context.Context, key string, size board.Size, goal board.Goal, set compare.Set, solver search.Heuristic, progress func(quality.Progress)) (*quality.Sample, error) {
	v.mu.Lock()
	if v.sampleKey == key && v.sample != nil {
		s := v.sample
		v.mu.Unlock()
		return s, nil
	}
	v.mu.Unlock()
	var s *quality.Sample
	var err error
	if len(set.Instances) > 0 {
		s, err = quality.FromPaths(ctx, set, quality.PathOptions{Solver: solver, Progress: progress})
	} else {
		s, err = quality.Exhaustive(ctx, size, goal, progress)
	}
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	v.sample, v.sampleKey = s, key
	v.mu.Unlock()
	return s, nil
}

// finished shows a finished run's report.
func (v *QualityView) finished(r *quality.Report, labels map[string]string, err error) {
	v.setRunning(false)
	switch {
	case errors.Is(err, context.Canceled):
		v.Status.SetText("Cancelled.")
		return
	case err != nil:
		toolkit.SetError(v.Error, err.Error())
		v.Status.SetText("Failed.")
		return
	}
	v.Progress.SetValue(1)
	v.report, v.labels = r, labels
	msg := fmt.Sprintf("Done: %s states, %s edges.", toolkit.FormatCount(uint64(r.States)), toolkit.FormatCount(uint64(r.Edges)))
	if r.Admissible() {
		msg += " No heuristic overestimates any state (h > h* = 0 for all)."
	} else {
		msg += " A heuristic OVERESTIMATES: it is not admissible (see h > h*)."
	}
	v.Status.SetText(msg)
	var names []string
	for _, h := range v.labelled().Heuristics {
		names = append(names, h.Marked())
	}
	v.HeatSelect.Options = names
	v.HeatSelect.Selected = names[len(names)-1]
	v.HeatSelect.Refresh()
	v.refresh()
	v.setExportable(true)
	if v.OnFinished != nil {
		v.OnFinished()
	}
}

// label returns a heuristic's check box label, without the inadmissible
// mark (Stats.Marked adds it).
func (v *QualityView) label(name string) string {
	if l, ok := v.labels[name]; ok {
		return l
	}
	return name
}

// Report returns the last report (nil before the first run).
func (v *QualityView) Report() *quality.Report { return v.report }

// cell returns the text of a table cell (row 0 is the header).
func (v *QualityView) cell(row, col int) string {
	if row < 0 || row >= len(v.cells) || col < 0 || col >= len(v.cells[row]) {
		return ""
	}
	return v.cells[row][col]
}

// refresh rebuilds the table and charts from the report.
func (v *QualityView) refresh() {
	r := v.report
	if r == nil {
		return
	}
	v.cells = [][]string{{"Heuristic", "Mean h", "Mean h*", "h = h*", "Share", "h > h*", "Inconsistent edges", "Max jump"}}
	for _, h := range v.labelled().Heuristics {
		v.cells = append(v.cells, []string{
			h.Marked(),
			strconv.FormatFloat(h.MeanH, 'f', 2, 64),
			strconv.FormatFloat(h.MeanHStar, 'f', 2, 64),
			toolkit.FormatCount(uint64(h.Exact)),
			quality.FormatShare(h.ExactShare),
			toolkit.FormatCount(uint64(h.Over)),
			toolkit.FormatCount(uint64(h.InconsistentEdges)) + " of " + toolkit.FormatCount(uint64(r.Edges)),
			strconv.Itoa(h.MaxJump),
		})
	}
	for c := range v.cells[0] {
		longest := 0
		for _, row := range v.cells {
			longest = max(longest, len([]rune(row[c])))
		}
		v.Table.SetColumnWidth(c, max(float32(76), float32(longest)*theme.TextSize()*0.58+2*theme.Padding()))
	}
	v.Table.Refresh()
	v.MeansChart.SetChart(adapt.QualityMeans(v.labelled()))
	v.refreshHeat()
	v.GapChart.SetChart(v.gapChart())
	v.Over.refreshOver(v.labelled())
}

// labelled returns the report with the heuristics named as the check boxes
// name them, for charts; the report itself is unchanged.
func (v *QualityView) labelled() *quality.Report {
	c := *v.report
	c.Heuristics = slices.Clone(v.report.Heuristics)
	for i := range c.Heuristics {
		c.Heuristics[i].Name = v.label(c.Heuristics[i].Name)
	}
	return &c
}

// refreshHeat draws the heat map of the chosen heuristic.
func (v *QualityView) refreshHeat() {
	if v.report == nil {
		return
	}
	r := v.labelled()
	for i, h := range r.Heuristics {
		if h.Marked() == v.HeatSelect.Selected {
			if c, err := adapt.QualityHeatMap(r, i); err == nil {
				v.HeatChart.SetChart(c)
			}
		}
	}
}

// gapChart is the histogram of h* - h, one series per heuristic (states
// with h > h*, a negative gap, are counted in the table, not drawn).
func (v *QualityView) gapChart() charts.Histogram {
	r := v.labelled()
	c := charts.Histogram{Title: "How far below the truth: h* - h", Subtitle: r.Size + " · " + r.Description,
		XLabel: "h* - h (moves)", YLabel: "states", LogY: true}
	for _, h := range r.Heuristics {
		s := charts.HistogramSeries{Name: h.Marked()}
		for _, g := range h.Gaps {
			if g.Gap < 0 {
				continue
			}
			for len(s.Counts) <= g.Gap {
				s.Counts = append(s.Counts, 0)
			}
			s.Counts[g.Gap] = g.States
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// Cancel stops the run, or a run waiting for a database.
func (v *QualityView) Cancel() {
	if v.pending {
		v.pending = false
		v.setRunning(false)
		v.Status.SetText("Cancelled.")
	}
	v.runs.Cancel()
}

// Stop is Cancel; the window calls it when it closes.
func (v *QualityView) Stop() { v.Cancel() }

func (v *QualityView) setRunning(on bool) { toolkit.SwitchRunning(v.RunButton, v.CancelButton, on) }

func (v *QualityView) setExportable(on bool) {
	for _, b := range []*widget.Button{v.ExportPNG, v.ExportSVG, v.ExportPDF, v.ExportJSON} {
		toolkit.Enable(b, on)
	}
}

// currentChart returns the chart of the selected tab (the mean-h chart when
// the table is shown; nil on the h > h* tab when no heuristic
// overestimates).
func (v *QualityView) currentChart() charts.Chart {
	switch v.Tabs.SelectedIndex() {
	case 2:
		return v.HeatChart.Chart()
	case 3:
		return v.GapChart.Chart()
	case 4:
		return v.Over.Chart.Chart() // none when no heuristic overestimates
	}
	return v.MeansChart.Chart()
}

// Export writes the results: "json" the report, "png", "svg" and "pdf" the
// chart shown (the mean-h chart when the table is shown).
func (v *QualityView) Export(w io.Writer, format string) error {
	if v.report == nil {
		return errors.New("nothing to export yet: run a measurement first")
	}
	if strings.EqualFold(format, "json") {
		return v.report.WriteJSON(w)
	}
	return toolkit.WriteChart(w, v.currentChart(), format)
}

// ExportFile writes Export's output to path atomically.
func (v *QualityView) ExportFile(path, format string) error {
	return toolkit.ExportToFile(path, func(w io.Writer) error { return v.Export(w, format) })
}

// exportDialog asks for a file name and exports to it.
func (v *QualityView) exportDialog(format string) {
	toolkit.ExportWithDialog(v.win(), "slidelab-quality", format, v.Export, v.Status)
}
