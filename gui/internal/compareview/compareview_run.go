package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// Running a comparison from the Compare view: the instance set and options
// from the controls, the run in the background (compare.Run sees no
// widgets), its end, cancelling, and the table and charts of the report.

// instanceSet builds the chosen set from the fields.
func (v *CompareView) instanceSet() (compare.Set, error) {
	count, err := strconv.Atoi(strings.TrimSpace(v.CountEntry.Text))
	if err != nil || count < 1 || count > 1000 {
		return compare.Set{}, fmt.Errorf("count %q: want a whole number from 1 to 1000", v.CountEntry.Text)
	}
	parseSeed := func() (uint64, error) {
		n, err := strconv.ParseUint(strings.TrimSpace(v.SeedEntry.Text), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("seed %q: want a whole number >= 0", v.SeedEntry.Text)
		}
		return n, nil
	}
	switch v.SetSelect.Selected {
	case SetClassroom:
		return compare.Classroom().ForGoal(v.Session.Goal()).First(count), nil
	case SetKorf:
		return compare.Korf100().ForGoal(v.Session.Goal()).First(count), nil
	case SetRandom8:
		seed, err := parseSeed()
		if err != nil {
			return compare.Set{}, err
		}
		return compare.RandomBoards(board.Size3x3, v.Session.Goal(), count, seed)
	case SetWalks, SetWalks24:
		seed, err := parseSeed()
		if err != nil {
			return compare.Set{}, err
		}
		moves, err := strconv.Atoi(strings.TrimSpace(v.WalkEntry.Text))
		if err != nil || moves < 0 || moves > 10000 {
			return compare.Set{}, fmt.Errorf("moves %q: want a whole number from 0 to 10000", v.WalkEntry.Text)
		}
		return compare.RandomWalks(v.SetSize(), v.Session.Goal(), moves, count, seed)
	case SetFile:
		if v.FileSet == nil {
			return compare.Set{}, errors.New("open an instance file first (Open…)")
		}
		return v.FileSet.First(count), nil
	}
	return compare.Set{}, errors.New("choose an instance set")
}

// options reads the algorithm and limits.
func (v *CompareView) options() (compare.Options, error) {
	var o compare.Options
	if v.CostSelect.Selected == costTile {
		o.Cost = search.TileCost
	}
	v.applyAlgorithm(&o)
	limit, err := strconv.ParseUint(strings.TrimSpace(v.NodeLimitEntry.Text), 10, 64)
	if err != nil {
		return o, fmt.Errorf("node limit %q: want a whole number (0: none)", v.NodeLimitEntry.Text)
	}
	secs, err := strconv.ParseFloat(strings.TrimSpace(v.TimeoutEntry.Text), 64)
	if err != nil || secs < 0 {
		return o, fmt.Errorf("seconds a run %q: want a number (0: none)", v.TimeoutEntry.Text)
	}
	o.NodeLimit = limit
	o.Timeout = time.Duration(secs * float64(time.Second))
	o.MemoryLimit = catalog.SearchMemoryLimit // for all the runs at a time together (one shared budget)
	if why := refusal(o, v.SetSize()); why != "" {
		v.refused = why
		return o, errors.New(why)
	}
	return o, nil
}

// Run starts the comparison in the background.
func (v *CompareView) Run() {
	if v.Runs.Running() {
		return
	}
	v.showError("")
	set, err := v.instanceSet()
	if err != nil {
		v.showError(err.Error())
		return
	}
	opt, err := v.options()
	if err != nil {
		v.showError(err.Error())
		return
	}
	var hs []compare.Heuristic
	var notReady error // the first database not ready; the others' loads start too
	for _, o := range v.heuristics(v.SetSize()) {
		if !slices.Contains(v.Heuristics.Selected, o.Label) {
			continue
		}
		if opt.Cost == search.TileCost && o.Database != nil && opt.Algorithm.UsesHeuristic() {
			v.showError(o.Label + " is a pattern database, built for unit costs: under tile costs compare " +
				"Manhattan distance, the tile-weighted Manhattan distance (admissible there), linear conflict or Hamming.")
			return
		}
		var h search.Heuristic
		if opt.Algorithm.UsesHeuristic() {
			if h, err = o.Build(); errors.Is(err, catalog.ErrPDBNotReady) {
				notReady = cmp.Or(notReady, err)
				continue
			} else if err != nil {
				v.showError(err.Error())
				return
			}
		}
		hs = append(hs, compare.Heuristic{Name: o.Short, H: h})
	}
	if notReady != nil {
		v.showError(notReady.Error())
		v.waitsForPDB = true
		return
	}
	if len(hs) == 0 {
		v.showError("Tick at least one heuristic.")
		return
	}
	v.setRunning(true)
	v.Progress.SetValue(0)
	v.Status.SetText(fmt.Sprintf("Running %d searches…", len(set.Instances)*len(hs)))
	// The work runs compare.Run and posts its progress; it sees no widgets.
	var report *compare.Report
	ran := &comparedRun{set: set, hs: hs, opt: opt}
	v.LastDone = v.Runs.Start(func(ctx context.Context, post func(func())) error {
		var last time.Time
		opt.Progress = func(p compare.Progress) {
			if now := time.Now(); now.Sub(last) < toolkit.RefreshEvery && p.Done < p.Total {
				return
			} else {
				last = now
			}
			post(func() {
				v.Progress.SetValue(float64(p.Done) / float64(max(p.Total, 1)))
				if p.Instance != "" {
					v.Status.SetText(fmt.Sprintf("%d of %d searches done (last: instance %s with %s).", p.Done, p.Total, p.Instance, p.Heuristic))
				}
			})
		}
		var err error
		report, err = compare.Run(ctx, set, hs, opt)
		return err
	}, func(err error) {
		v.ran = ran
		v.finished(report, err)
	})
}

// doneStatus summarises a finished comparison: its time, and how many runs
// stopped at a limit or failed (their counts are marked * in the table).
func doneStatus(r *compare.Report) string {
	msg := fmt.Sprintf("Done in %s: %d runs.", catalog.RoundDuration(time.Duration(r.Seconds*float64(time.Second))), len(r.Results))
	stopped := 0
	for i := range r.Results {
		if r.Results[i].Status.Partial() {
			stopped++
		}
	}
	switch {
	case stopped == 1:
		msg += " 1 run stopped at a limit or failed; its counts are marked * (partial)."
	case stopped > 1:
		msg += fmt.Sprintf(" %d runs stopped at a limit or failed; their counts are marked * (partial).", stopped)
	default:
		msg += " All solved."
	}
	return msg
}

// finished shows a comparison's report (partial when cancelled).
func (v *CompareView) finished(r *compare.Report, err error) {
	v.setRunning(false)
	switch {
	case errors.Is(err, context.Canceled):
		v.Status.SetText("Cancelled; the table shows the searches that finished (partial ones are marked *, " + notRun + " never started).")
		if r != nil {
			v.Progress.SetValue(startedFraction(r))
		}
	case err != nil:
		v.showError(err.Error())
		if r == nil {
			return
		}
	default:
		v.Progress.SetValue(1)
		v.Status.SetText(doneStatus(r) + tableNotes(r))
	}
	v.report = r
	v.dropPrediction()
	if v.Predicted.Checked {
		v.startPrediction()
	}
	var names []string
	for i := range r.Instances {
		names = append(names, r.Instances[i].Name)
	}
	v.IterInstance.Options = names
	v.IterInstance.Selected = ""
	if len(names) > 0 {
		v.IterInstance.Selected = names[0]
	}
	v.IterInstance.Refresh()
	v.contoursChoices(r)
	v.refresh()
	v.setExportable(true)
	if v.OnFinished != nil {
		v.OnFinished()
	}
}

// Cancel stops the comparison (finished searches are kept) and the
// prediction (Predicted (KRE)).
func (v *CompareView) Cancel() {
	v.Runs.Cancel()
	v.pred.runs.Cancel()
	v.Contours.runs.Cancel()
}

// Stop is Cancel; the window calls it when it closes.
func (v *CompareView) Stop() { v.Cancel() }

// setRunning switches Run and Cancel.
func (v *CompareView) setRunning(on bool) { toolkit.SwitchRunning(v.RunButton, v.CancelButton, on) }

func (v *CompareView) setExportable(on bool) {
	for _, b := range []*widget.Button{v.ExportPNG, v.ExportSVG, v.ExportPDF, v.ExportCSV} {
		toolkit.Enable(b, on)
	}
}

// measure returns the node count chosen.
func (v *CompareView) measure() adapt.Measure {
	if v.MeasureSelect.Selected == measureExpanded {
		return adapt.Expanded
	}
	return adapt.Generated
}

// Report returns the last comparison's report (nil before the first run).
func (v *CompareView) Report() *compare.Report { return v.report }

// cell returns the text of a table cell (row 0 is the header, the last row
// the totals).
func (v *CompareView) cell(row, col int) string {
	if row < 0 || row >= len(v.cells) || col < 0 || col >= len(v.cells[row]) {
		return ""
	}
	return v.cells[row][col]
}

// refreshIterations draws the IDA* iterations of the chosen instance.
func (v *CompareView) refreshIterations() {
	r := v.report
	if r == nil {
		return
	}
	i := -1
	for k, in := range r.Instances {
		if in.Name == v.IterInstance.Selected {
			i = k
		}
	}
	if i < 0 {
		return
	}
	it, err := adapt.Iterations(v.labelled(r), i, v.measure())
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.IterChart.SetChart(v.withPrediction(it, i))
}

// currentChart returns the chart of the selected tab (the node counts when
// the table is shown).
func (v *CompareView) currentChart() charts.Chart {
	if v.Tabs.SelectedIndex() == 2 && v.IterChart.Chart() != nil {
		return v.IterChart.Chart()
	}
	if v.contoursShown() {
		return v.Contours.Chart.Chart()
	}
	return v.NodesChart.Chart()
}

// Export writes the results: "csv" writes the report's CSV (with the
// f-contours tab shown: the contours drawn, in the command line's contours
// CSV), "png", "svg" and "pdf" the chart shown (the node counts unless the
// iteration or contours chart is selected).
func (v *CompareView) Export(w io.Writer, format string) error {
	if v.report == nil {
		return errors.New("nothing to export yet: run a comparison first")
	}
	if strings.EqualFold(format, "csv") {
		if v.contoursShown() {
			return v.exportContours(w)
		}
		return v.report.WriteCSV(w)
	}
	c := v.currentChart()
	if c == nil {
		return errors.New("no chart drawn yet in this tab")
	}
	return toolkit.WriteChart(w, c, format)
}

// ExportFile writes Export's output to path atomically: a temporary file in
// the same directory, synced, then renamed over path.
func (v *CompareView) ExportFile(path, format string) error {
	return toolkit.ExportToFile(path, func(w io.Writer) error { return v.Export(w, format) })
}

// exportDialog asks for a file name and exports to it.
func (v *CompareView) exportDialog(format string) {
	toolkit.ExportWithDialog(v.win(), "slidelab-compare", format, v.Export, v.Status)
}

// notRun marks, in the results table, a run that a cancel stopped before it
// started.
const notRun = "not run"

// startedFraction is the share of a report's runs that started: the
// progress a cancelled comparison really made (the runner counts the runs
// it skips as done, to finish its count).
func startedFraction(r *compare.Report) float64 {
	started := 0
	for _, res := range r.Results {
		if res.Status != compare.Skipped {
			started++
		}
	}
	return float64(started) / float64(max(len(r.Results), 1))
}
