package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
)

// ViewQuality names the heuristic-quality view (ShowView, SLIDELAB_VIEW).
const ViewQuality = "quality"

// The samples the quality view offers.
const (
	qualityEight   = "8-puzzle: all 181,440 states (BFS)"
	qualityFifteen = "15-puzzle: states on optimal solutions of Korf's 100"
	qualityFile    = "States on optimal solutions of an instance file…"
)

// QualityView measures heuristics against true distances (core/quality):
// every state of the 8-puzzle, or the states on optimal solutions of
// Korf's instances. It shows a table of the figures with what they mean,
// the chart of mean h against h*, a heat map of (h*, h) counts for a chosen
// heuristic and the histogram of h* - h; charts export as PNG, SVG or PDF
// and the report as JSON.
type QualityView struct {
	// Sample, heuristics and the run.
	SampleSelect *widget.Select
	FileButton   *widget.Button // opens an instance file (qualityFile)
	FileLabel    *widget.Label  // names the file loaded
	CountEntry   *widget.Entry  // instances used (the first N of Korf's or of the file)
	Heuristics   *widget.CheckGroup
	RunButton    *widget.Button
	CancelButton *widget.Button
	Progress     *widget.ProgressBar
	Status       *widget.Label
	Error        *widget.Label

	// Results: the table, the explanations, the charts.
	Table      *widget.Table
	About      *widget.Label
	MeansChart *widgets.ChartView
	HeatSelect *widget.Select // the heuristic of the heat map
	HeatChart  *widgets.ChartView
	GapChart   *widgets.ChartView
	Tabs       *container.AppTabs

	// Export buttons; each opens a file dialog (see Export).
	ExportPNG  *widget.Button
	ExportSVG  *widget.Button
	ExportPDF  *widget.Button
	ExportJSON *widget.Button

	// Content is the whole view.
	Content fyne.CanvasObject

	do         toolkit.DoFunc
	win        func() fyne.Window
	session    *session.Session
	heuristics func(board.Size) []catalog.HeuristicOption
	fileSet    *compare.Set // the instances of the file loaded
	fileLoads  int          // files loaded so far (part of the sample's key)
	fileRow    fyne.CanvasObject
	settings   *fyne.Container
	runs       *toolkit.JobRunner
	lastDone   chan struct{}
	// pending: a run waits for a pattern database (see RefreshHeuristics).
	pending bool
	// onFinished, when set, is called after a report is shown (Demo).
	onFinished func()
	report     *quality.Report
	labels     map[string]string // heuristic name -> check box label, of the report
	cells      [][]string

	// samples caches the last sample (the BFS or the solved paths), so
	// measuring other heuristics on it is immediate. Jobs read and write
	// it from their goroutines.
	mu        sync.Mutex
	sample    *quality.Sample
	sampleKey string
}

// NewQualityView returns the view. heuristics lists the heuristics for a
// board size; win returns the window for dialogs.
func NewQualityView(ctx context.Context, do toolkit.DoFunc, win func() fyne.Window, sess *session.Session, heuristics func(board.Size) []catalog.HeuristicOption) *QualityView {
	v := &QualityView{do: toolkit.OrFyneDo(do), win: win, session: sess, heuristics: heuristics}
	v.runs = toolkit.NewJobRunner(ctx, v.do)
	sess.Subscribe(func(c session.Change) {
		if c.Goal {
			v.Stop()
			if v.fileSet != nil {
				// Its boards were read for the other goal.
				v.fileSet = nil
				v.FileLabel.SetText("No file loaded: the goal changed; open the file again.")
			}
			v.sampleChanged()
		}
	})
	v.SampleSelect = widget.NewSelect([]string{qualityEight, qualityFifteen, qualityFile}, func(string) { v.sampleChanged() })
	v.FileButton = widget.NewButton("Open…", v.openDialog)
	v.FileLabel = widget.NewLabel("No file loaded: one board a line, # comments, optional optimal length (checked).")
	v.FileLabel.Wrapping = fyne.TextWrapWord
	v.fileRow = container.NewBorder(nil, nil, nil, v.FileButton, v.FileLabel)
	v.CountEntry = widget.NewEntry()
	v.CountEntry.SetText("100")
	v.Heuristics = widget.NewCheckGroup(nil, nil)
	v.RunButton, v.CancelButton = newRunButtons(v.Run, v.Cancel)
	v.Progress = toolkit.NewProgressBar()
	v.Status = newStatusLabel("Choose a sample and heuristics, then Run.")
	v.Error = toolkit.NewErrorLabel()

	v.Table = newCellTable(func() [][]string { return v.cells }, "inconsistent 000",
		func(row, _ int) bool { return row == 0 })
	v.About = widget.NewLabel(quality.AboutOver + "\n\n" + quality.AboutInconsistent)
	v.About.Wrapping = fyne.TextWrapWord
	v.MeansChart = widgets.NewChartView(nil)
	v.HeatSelect = widget.NewSelect(nil, func(string) { v.refreshHeat() })
	v.HeatChart = widgets.NewChartView(nil)
	v.GapChart = widgets.NewChartView(nil)
	results := container.NewVSplit(v.Table, container.NewVScroll(container.NewPadded(v.About)))
	results.Offset = 0.4
	v.Tabs = container.NewAppTabs(
		container.NewTabItem("Results", results),
		container.NewTabItem("Mean h vs h*", v.MeansChart),
		container.NewTabItem("Heat map", container.NewBorder(
			container.NewBorder(nil, nil, widget.NewLabel("Heuristic"), nil, v.HeatSelect), nil, nil, nil, v.HeatChart)),
		container.NewTabItem("h* − h", v.GapChart),
	)
	v.ExportPNG, v.ExportSVG, v.ExportPDF = newChartExportButtons(v.exportDialog)
	v.ExportJSON = widget.NewButton("Export JSON", func() { v.exportDialog("json") })
	v.setExportable(false)

	note := widget.NewLabel("h* is the true distance: by a breadth-first search over every state (8-puzzle), " +
		"or the moves left on an optimal solution found by IDA* (with the size's pattern database and its reflection when there is one, else linear conflict).")
	note.Wrapping = fyne.TextWrapWord
	left := container.NewVBox(
		boldLabel("Sample"),
		v.SampleSelect,
		v.fileRow,
		container.NewBorder(nil, nil, widget.NewLabel("Instances (first N)"), nil, v.CountEntry),
		boldLabel("Heuristics"),
		v.Heuristics,
		toolkit.NewFlow(v.RunButton, v.CancelButton),
		v.Progress,
		v.Status,
		v.Error,
		note,
	)
	v.settings = left
	right := container.NewBorder(nil, toolkit.NewFlow(v.ExportPNG, v.ExportSVG, v.ExportPDF, v.ExportJSON), nil, nil, v.Tabs)
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.3
	v.Content = split
	v.SampleSelect.SetSelected(qualityEight)
	return v
}

// size returns the board size of the chosen sample.
func (v *QualityView) size() board.Size {
	switch v.SampleSelect.Selected {
	case qualityFifteen:
		return board.Size4x4
	case qualityFile:
		if v.fileSet != nil {
			return v.fileSet.Instances[0].Board.Size()
		}
		return board.Size4x4
	}
	return board.Size3x3
}

// paths reports whether the sample is states on solution paths (not every
// state).
func (v *QualityView) paths() bool { return v.SampleSelect.Selected != qualityEight }

// LoadInstanceFile reads an instance file (one board a line, # comments,
// an optional optimal length, which the run checks) and selects it as the
// sample. Bad lines are left out and named in the view; a file that cannot
// be read or holds no usable board is reported and returned, and the
// previous file stays.
func (v *QualityView) LoadInstanceFile(path string) error {
	set, err := compare.LoadSet(path, board.Size{}, v.session.Goal())
	return v.useFileSet(set, filepath.Base(path), err)
}

// LoadInstances is LoadInstanceFile for a file's contents read from r (a
// browser gives the app a file's contents, never its path); name is the
// file's name.
func (v *QualityView) LoadInstances(name string, r io.Reader) error {
	set, err := compare.ReadSet(r, name, board.Size{}, v.session.Goal())
	return v.useFileSet(set, name, err)
}

// useFileSet selects set, read from the file called name, as the sample,
// or shows err.
func (v *QualityView) useFileSet(set compare.Set, name string, err error) error {
	if err != nil {
		toolkit.SetError(v.Error, err.Error())
		return err
	}
	set.Name = name
	v.fileSet = &set
	v.fileLoads++
	toolkit.SetError(v.Error, skippedText(set.Skipped))
	label := fmt.Sprintf("%s: %d instances, %s", set.Name, len(set.Instances), set.Instances[0].Board.Size())
	if k := len(set.Skipped); k > 0 {
		label += fmt.Sprintf("; %d bad %s skipped", k, toolkit.Plural(k, "line", "lines"))
	}
	v.FileLabel.SetText(label)
	if v.SampleSelect.Selected != qualityFile {
		v.SampleSelect.SetSelected(qualityFile) // calls sampleChanged
	} else {
		v.sampleChanged()
	}
	return nil
}

func (v *QualityView) openDialog() {
	if w := v.win(); w != nil {
		pickFile(w, func(path string) { v.LoadInstanceFile(path) },
			func(name string, data []byte) { v.LoadInstances(name, bytes.NewReader(data)) })
	}
}

// sampleChanged offers the heuristics of the sample's size, all but the
// reflected lookups checked.
func (v *QualityView) sampleChanged() {
	var labels, checked []string
	for _, o := range v.heuristics(v.size()) {
		labels = append(labels, o.Label)
		if !strings.HasSuffix(o.Short, search.ReflectSuffix) && len(checked) < 4 {
			checked = append(checked, o.Label)
		}
	}
	v.Heuristics.Options = labels
	v.Heuristics.SetSelected(checked)
	switch {
	case v.SampleSelect.Selected == qualityFifteen:
		v.CountEntry.SetText("100")
	case v.SampleSelect.Selected == qualityFile && v.fileSet != nil:
		v.CountEntry.SetText(strconv.Itoa(len(v.fileSet.Instances)))
	}
	toolkit.Enable(v.CountEntry, v.paths())
	if v.SampleSelect.Selected == qualityFile {
		v.fileRow.Show()
	} else {
		v.fileRow.Hide()
	}
	if v.settings != nil {
		v.settings.Refresh()
	}
	v.Heuristics.Refresh()
}

// RefreshHeuristics re-reads the heuristics (a database became ready),
// keeping the checked ones.
func (v *QualityView) RefreshHeuristics() {
	setHeuristicOptions(v.Heuristics, v.heuristics(v.size()))
	if v.pending && v.databasesReady() {
		v.pending = false
		v.Run()
	}
}

// databasesReady reports whether the pattern databases a run needs are
// loaded: those of the checked heuristics and, for the 15-puzzle, the
// solver's.
func (v *QualityView) databasesReady() bool {
	for _, o := range v.heuristics(v.size()) {
		if o.Database == nil || o.Database().Ready {
			continue
		}
		if slices.Contains(v.Heuristics.Selected, o.Label) || v.paths() && strings.HasSuffix(o.Short, search.ReflectSuffix) {
			return false
		}
	}
	return true
}

// Run measures the checked heuristics in the background.
func (v *QualityView) Run() {
	if v.runs.Running() {
		return
	}
	toolkit.SetError(v.Error, "")
	v.pending = false
	v.setRunning(false) // a run that waited for a database: Run is pressed again below
	size, goal := v.size(), v.session.Goal()
	var set compare.Set
	count := 0
	if v.paths() {
		set = compare.Korf100().ForGoal(goal)
		if v.SampleSelect.Selected == qualityFile {
			if v.fileSet == nil {
				toolkit.SetError(v.Error, "Open an instance file first (Open…).")
				return
			}
			set = *v.fileSet
		}
		n, err := strconv.Atoi(strings.TrimSpace(v.CountEntry.Text))
		if err != nil || n < 1 || n > len(set.Instances) {
			toolkit.SetError(v.Error, fmt.Sprintf("instances %q: want a whole number from 1 to %d", v.CountEntry.Text, len(set.Instances)))
			return
		}
		count = n
		set = set.First(n)
	}
	opts := v.heuristics(size)
	var hs []compare.Heuristic
	labels := map[string]string{}
	var solver search.Heuristic
	for _, o := range opts {
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
			return
		}
		if err != nil {
			toolkit.SetError(v.Error, err.Error())
			return
		}
		if wantSolver {
			solver = h
		}
		if checked {
			hs = append(hs, compare.Heuristic{Name: o.Short, H: h})
			labels[o.Short] = o.Label
		}
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
	v.lastDone = v.runs.Start(func(ctx context.Context, post func(func())) error {
		var last time.Time
		progress := func(p quality.Progress) {
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
		s, err := v.cachedSample(ctx, key, size, goal, set, solver, progress)
		if err != nil {
			return err
		}
		rep, err = quality.Measure(ctx, s, hs, progress)
		return err
	}, func(err error) { v.finished(rep, labels, err) })
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
	for _, h := range r.Heuristics {
		names = append(names, v.label(h.Name))
	}
	v.HeatSelect.Options = names
	v.HeatSelect.Selected = names[len(names)-1]
	v.HeatSelect.Refresh()
	v.refresh()
	v.setExportable(true)
	if v.onFinished != nil {
		v.onFinished()
	}
}

// label returns a heuristic's check box label.
func (v *QualityView) label(name string) string {
	if l, ok := v.labels[name]; ok {
		return l
	}
	return name
}

// Report returns the last report (nil before the first run).
func (v *QualityView) Report() *quality.Report { return v.report }

// Cell returns the text of a table cell (row 0 is the header).
func (v *QualityView) Cell(row, col int) string {
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
	for _, h := range r.Heuristics {
		v.cells = append(v.cells, []string{
			v.label(h.Name),
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
		if h.Name == v.HeatSelect.Selected {
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
		s := charts.HistogramSeries{Name: h.Name}
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

func (v *QualityView) setRunning(on bool) { switchRunning(v.RunButton, v.CancelButton, on) }

func (v *QualityView) setExportable(on bool) {
	for _, b := range []*widget.Button{v.ExportPNG, v.ExportSVG, v.ExportPDF, v.ExportJSON} {
		toolkit.Enable(b, on)
	}
}

// currentChart returns the chart of the selected tab (the mean-h chart when
// the table is shown).
func (v *QualityView) currentChart() charts.Chart {
	switch v.Tabs.SelectedIndex() {
	case 2:
		return v.HeatChart.Chart()
	case 3:
		return v.GapChart.Chart()
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
	return writeChart(w, v.currentChart(), format)
}

// ExportFile writes Export's output to path atomically.
func (v *QualityView) ExportFile(path, format string) error {
	return exportToFile(path, func(w io.Writer) error { return v.Export(w, format) })
}

// exportDialog asks for a file name and exports to it.
func (v *QualityView) exportDialog(format string) {
	exportWithDialog(v.win(), "slidelab-quality", format, v.Export, v.Status)
}
