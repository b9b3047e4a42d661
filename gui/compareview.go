package gui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// The instance sets the comparison view offers.
const (
	setClassroom = "Classroom set (10 of Korf's instances)"
	setKorf      = "Korf's 100 (15-puzzle)"
	setRandom8   = "Random 8-puzzles"
	setWalks     = "Random walks on the 15-puzzle"
	setFile      = "Instance file…"
)

// Node counts the table and charts can show.
const (
	measureGenerated = "Generated"
	measureExpanded  = "Expanded"
)

// CompareView runs every chosen heuristic on an instance set in the
// background and shows the results as a table, a node-count chart (log
// scale) and the nodes of each IDA* iteration; charts export as PNG, SVG or
// PDF and the results as CSV.
type CompareView struct {
	// Instance set, algorithm, heuristics and limits of the next run.
	SetSelect       *widget.Select
	FileButton      *widget.Button // opens an instance file (setFile)
	FileLabel       *widget.Label  // names the file loaded
	fileRow         fyne.CanvasObject
	fileSet         *compare.Set    // the instances of the file loaded
	goal            board.Goal      // what every set is solved towards
	settings        *fyne.Container // the column of settings, re-laid out when fileRow shows or hides
	CountEntry      *widget.Entry
	SeedEntry       *widget.Entry
	WalkEntry       *widget.Entry
	AlgorithmSelect *widget.Select
	Heuristics      *widget.CheckGroup
	NodeLimitEntry  *widget.Entry
	TimeoutEntry    *widget.Entry
	RunButton       *widget.Button
	CancelButton    *widget.Button
	Progress        *widget.ProgressBar
	Status          *widget.Label
	Error           *widget.Label

	// Results: the table, the measure shown, and the two charts.
	Table         *widget.Table
	MeasureSelect *widget.Select
	NodesChart    *ChartView
	IterChart     *ChartView
	IterInstance  *widget.Select
	Tabs          *container.AppTabs

	// Export buttons; each opens a file dialog (see Export).
	ExportPNG *widget.Button
	ExportSVG *widget.Button
	ExportCSV *widget.Button

	// Content is the whole view.
	Content fyne.CanvasObject

	ctx        context.Context
	do         doFunc
	win        func() fyne.Window
	heuristics func(board.Size) []heuristicOption

	report   *compare.Report
	cells    [][]string // table text, row 0 the header
	cancel   context.CancelFunc
	lastDone chan struct{}
	// onFinished, when set, is called after a comparison is shown (Demo).
	onFinished func()
}

// NewCompareView returns the view. heuristics lists the heuristics for a
// board size; win returns the window for dialogs.
func NewCompareView(ctx context.Context, do doFunc, win func() fyne.Window, heuristics func(board.Size) []heuristicOption) *CompareView {
	v := &CompareView{ctx: ctx, do: orFyneDo(do), win: win, heuristics: heuristics, goal: defaultGoal}
	v.SetSelect = widget.NewSelect([]string{setClassroom, setKorf, setRandom8, setWalks, setFile}, func(string) { v.setChanged() })
	v.FileButton = widget.NewButton("Open…", v.openDialog)
	v.FileLabel = widget.NewLabel("No file loaded: one board a line, # comments, optional optimal length.")
	v.FileLabel.Wrapping = fyne.TextWrapWord
	v.fileRow = container.NewBorder(nil, nil, nil, v.FileButton, v.FileLabel)
	v.CountEntry = widget.NewEntry()
	v.CountEntry.SetText("10")
	v.SeedEntry = widget.NewEntry()
	v.SeedEntry.SetText("1")
	v.WalkEntry = widget.NewEntry()
	v.WalkEntry.SetText("30")
	var algs []string
	for _, a := range algorithmLabels {
		algs = append(algs, a.label)
	}
	v.AlgorithmSelect = widget.NewSelect(algs, nil)
	v.AlgorithmSelect.SetSelected(algs[0])
	v.Heuristics = widget.NewCheckGroup(nil, nil)
	v.NodeLimitEntry = widget.NewEntry()
	v.NodeLimitEntry.SetText("50000000")
	v.TimeoutEntry = widget.NewEntry()
	v.TimeoutEntry.SetText("30")
	v.RunButton = widget.NewButton("Run", v.Run)
	v.RunButton.Importance = widget.HighImportance
	v.CancelButton = widget.NewButton("Cancel", v.Cancel)
	v.CancelButton.Disable()
	v.Progress = widget.NewProgressBar()
	v.Status = widget.NewLabel("Choose a set and heuristics, then Run.")
	v.Status.Wrapping = fyne.TextWrapWord
	v.Error = newErrorLabel()

	v.Table = widget.NewTable(
		func() (int, int) {
			if len(v.cells) == 0 {
				return 0, 0
			}
			return len(v.cells), len(v.cells[0])
		},
		func() fyne.CanvasObject { return widget.NewLabel("generated 000") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.SetText(v.cells[id.Row][id.Col])
			l.TextStyle = fyne.TextStyle{Bold: id.Row == 0 || id.Row == len(v.cells)-1}
		})
	v.MeasureSelect = widget.NewSelect([]string{measureGenerated, measureExpanded}, func(string) { v.refresh() })
	v.MeasureSelect.SetSelected(measureGenerated)
	v.NodesChart = NewChartView(nil)
	v.IterChart = NewChartView(nil)
	v.IterInstance = widget.NewSelect(nil, func(string) { v.refreshIterations() })
	v.Tabs = container.NewAppTabs(
		container.NewTabItem("Results", v.Table),
		container.NewTabItem("Node counts", v.NodesChart),
		container.NewTabItem("IDA* iterations", container.NewBorder(
			container.NewBorder(nil, nil, widget.NewLabel("Instance"), nil, v.IterInstance), nil, nil, nil, v.IterChart)),
	)
	v.ExportPNG = widget.NewButton("Export PNG", func() { v.exportDialog("png") })
	v.ExportSVG = widget.NewButton("Export SVG", func() { v.exportDialog("svg") })
	v.ExportCSV = widget.NewButton("Export CSV", func() { v.exportDialog("csv") })
	v.setExportable(false)

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	field := func(name string, w fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(name), nil, w)
	}
	left := container.NewVBox(
		bold("Instances"),
		v.SetSelect,
		v.fileRow,
		container.NewGridWithColumns(3, field("Count", v.CountEntry), field("Seed", v.SeedEntry), field("Moves", v.WalkEntry)),
		bold("Search"),
		v.AlgorithmSelect,
		v.Heuristics,
		container.NewGridWithColumns(2, field("Node limit", v.NodeLimitEntry), field("Seconds a run", v.TimeoutEntry)),
		container.NewGridWithColumns(2, v.RunButton, v.CancelButton),
		v.Progress,
		v.Status,
		v.Error,
	)
	v.settings = left
	bottom := container.NewBorder(nil, nil, field("Measure", v.MeasureSelect), nil,
		container.NewHBox(v.ExportPNG, v.ExportSVG, v.ExportCSV))
	right := container.NewBorder(nil, bottom, nil, nil, v.Tabs)
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.32
	v.Content = split
	v.SetSelect.SetSelected(setClassroom)
	return v
}

// setSize returns the board size of the chosen set.
func (v *CompareView) setSize() board.Size {
	switch v.SetSelect.Selected {
	case setRandom8:
		return board.Size3x3
	case setFile:
		if v.fileSet != nil {
			return v.fileSet.Instances[0].Board.Size()
		}
	}
	return board.Size4x4
}

// SetGoal makes g the goal of the comparisons: the built-in sets are
// converted (Korf's instances come as he wrote them for the blank-first
// goal), and a loaded file is dropped, since its boards were read for the
// other goal.
func (v *CompareView) SetGoal(g board.Goal) {
	if g == v.goal {
		return
	}
	v.Stop()
	v.goal = g
	if v.fileSet != nil {
		v.fileSet = nil
		v.FileLabel.SetText("No file loaded: the goal changed; open the file again.")
	}
	v.setChanged()
}

// LoadInstanceFile reads an instance file (the format of Korf's list: one
// board a line, # comments, an optional optimal length; boards of one size,
// solvable towards the goal) and selects it as the instance set. Bad lines
// are left out and named in the view, as the command line does; a file that
// cannot be read or holds no usable board is reported in the view and
// returned, and the previous file stays.
func (v *CompareView) LoadInstanceFile(path string) error {
	set, err := compare.LoadSet(path, board.Size{}, v.goal)
	if err != nil {
		v.showError(err.Error())
		return err
	}
	set.Name = filepath.Base(path)
	v.fileSet = &set
	v.showError(skippedText(set.Skipped))
	n := len(set.Instances)
	label := fmt.Sprintf("%s: %d instances, %s", set.Name, n, set.Instances[0].Board.Size())
	if k := len(set.Skipped); k > 0 {
		label += fmt.Sprintf("; %d bad %s skipped", k, plural(k, "line", "lines"))
	}
	v.FileLabel.SetText(label)
	if v.SetSelect.Selected != setFile {
		v.SetSelect.SetSelected(setFile) // calls setChanged
	} else {
		v.setChanged() // offers the size's heuristics, sets the count to n
	}
	return nil
}

// skippedText names the lines of an instance file that were left out (at
// most three, then a count), or "" when none were.
func skippedText(skipped []error) string {
	if len(skipped) == 0 {
		return ""
	}
	var parts []string
	for i, err := range skipped {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(skipped)-3))
			break
		}
		parts = append(parts, err.Error())
	}
	return fmt.Sprintf("Skipped %d bad %s: %s", len(skipped), plural(len(skipped), "line", "lines"), strings.Join(parts, "; "))
}

// plural returns one or many by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// openDialog asks for an instance file and loads it.
func (v *CompareView) openDialog() {
	w := v.win()
	if w == nil {
		return
	}
	dialog.ShowFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			dialog.ShowError(err, w)
			return
		}
		if rc == nil {
			return // cancelled
		}
		path := rc.URI().Path()
		rc.Close()
		v.LoadInstanceFile(path)
	}, w)
}

// setChanged offers the heuristics for the set's board size, and the fields
// the set uses.
func (v *CompareView) setChanged() {
	opts := v.heuristics(v.setSize())
	var labels, checked []string
	for _, o := range opts {
		labels = append(labels, o.label)
		if o.short == "manhattan" || o.short == "linear-conflict" || strings.HasSuffix(o.label, " pattern database") && len(checked) < 3 {
			checked = append(checked, o.label)
		}
	}
	v.Heuristics.Options = labels
	v.Heuristics.SetSelected(checked)
	switch v.SetSelect.Selected {
	case setClassroom:
		v.CountEntry.SetText("10")
	case setKorf:
		v.CountEntry.SetText("100")
	}
	if v.SetSelect.Selected == setFile {
		v.fileRow.Show()
		if v.fileSet != nil {
			v.CountEntry.SetText(strconv.Itoa(len(v.fileSet.Instances)))
		}
	} else {
		v.fileRow.Hide()
	}
	if v.settings != nil {
		v.settings.Refresh()
	}
	// The seed matters only for random sets, the walk length only for walks.
	enable(v.SeedEntry, v.SetSelect.Selected == setRandom8 || v.SetSelect.Selected == setWalks)
	enable(v.WalkEntry, v.SetSelect.Selected == setWalks)
	v.Heuristics.Refresh()
}

// enable enables or disables a widget.
func enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// RefreshHeuristics re-reads the heuristics (a database became ready),
// keeping the checked ones.
func (v *CompareView) RefreshHeuristics() {
	keep := v.Heuristics.Selected
	var labels []string
	for _, o := range v.heuristics(v.setSize()) {
		labels = append(labels, o.label)
	}
	v.Heuristics.Options = labels
	v.Heuristics.SetSelected(keep)
}

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
	case setClassroom:
		return compare.Classroom().ForGoal(v.goal).First(count), nil
	case setKorf:
		return compare.Korf100().ForGoal(v.goal).First(count), nil
	case setRandom8:
		seed, err := parseSeed()
		if err != nil {
			return compare.Set{}, err
		}
		return compare.RandomBoards(board.Size3x3, v.goal, count, seed)
	case setWalks:
		seed, err := parseSeed()
		if err != nil {
			return compare.Set{}, err
		}
		moves, err := strconv.Atoi(strings.TrimSpace(v.WalkEntry.Text))
		if err != nil || moves < 0 || moves > 10000 {
			return compare.Set{}, fmt.Errorf("moves %q: want a whole number from 0 to 10000", v.WalkEntry.Text)
		}
		return compare.RandomWalks(board.Size4x4, v.goal, moves, count, seed)
	case setFile:
		if v.fileSet == nil {
			return compare.Set{}, errors.New("open an instance file first (Open…)")
		}
		return v.fileSet.First(count), nil
	}
	return compare.Set{}, errors.New("choose an instance set")
}

// options reads the algorithm and limits.
func (v *CompareView) options() (compare.Options, error) {
	var o compare.Options
	for _, a := range algorithmLabels {
		if a.label == v.AlgorithmSelect.Selected {
			o.Algorithm = a.alg
		}
	}
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
	o.MemoryLimit = searchMemoryLimit / 2
	return o, nil
}

func (v *CompareView) showError(msg string) {
	setError(v.Error, msg)
}

// Run starts the comparison in the background.
func (v *CompareView) Run() {
	if v.cancel != nil {
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
	for _, o := range v.heuristics(v.setSize()) {
		if !slices.Contains(v.Heuristics.Selected, o.label) {
			continue
		}
		var h search.Heuristic
		if opt.Algorithm != search.BFS {
			if h, err = o.build(); err != nil {
				v.showError(err.Error())
				return
			}
		}
		hs = append(hs, compare.Heuristic{Name: o.short, H: h})
	}
	if len(hs) == 0 {
		v.showError("Tick at least one heuristic.")
		return
	}
	ctx, cancel := context.WithCancel(v.ctx)
	v.cancel = cancel
	done := make(chan struct{})
	v.lastDone = done
	v.setRunning(true)
	v.Progress.SetValue(0)
	v.Status.SetText(fmt.Sprintf("Running %d searches…", len(set.Instances)*len(hs)))
	var last time.Time
	opt.Progress = func(p compare.Progress) {
		if now := time.Now(); now.Sub(last) < refreshEvery && p.Done < p.Total {
			return
		} else {
			last = now
		}
		v.do(func() {
			if v.lastDone != done {
				return
			}
			v.Progress.SetValue(float64(p.Done) / float64(max(p.Total, 1)))
			if p.Instance != "" {
				v.Status.SetText(fmt.Sprintf("%d of %d searches done (last: instance %s with %s).", p.Done, p.Total, p.Instance, p.Heuristic))
			}
		})
	}
	go func() {
		defer close(done)
		defer cancel()
		r, err := compare.Run(ctx, set, hs, opt)
		v.do(func() { v.finished(done, r, err) })
	}()
}

// doneStatus summarises a finished comparison: its time, and how many runs
// stopped at a limit or failed (their counts are marked * in the table).
func doneStatus(r *compare.Report) string {
	msg := fmt.Sprintf("Done in %s: %d runs.", roundDuration(time.Duration(r.Seconds*float64(time.Second))), len(r.Results))
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
func (v *CompareView) finished(done chan struct{}, r *compare.Report, err error) {
	if v.lastDone != done {
		return
	}
	v.cancel = nil
	v.setRunning(false)
	switch {
	case errors.Is(err, context.Canceled):
		v.Status.SetText("Cancelled; the table shows the searches that finished (partial ones are marked *).")
	case err != nil:
		v.showError(err.Error())
		if r == nil {
			return
		}
	default:
		v.Progress.SetValue(1)
		v.Status.SetText(doneStatus(r))
	}
	v.report = r
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
	v.refresh()
	v.setExportable(true)
	if v.onFinished != nil {
		v.onFinished()
	}
}

// Cancel stops the comparison; finished searches are kept.
func (v *CompareView) Cancel() {
	if v.cancel != nil {
		v.cancel()
	}
}

// Stop is Cancel; the view calls it when it is left or the window closes.
func (v *CompareView) Stop() { v.Cancel() }

func (v *CompareView) setRunning(on bool) {
	if on {
		v.RunButton.Disable()
		v.CancelButton.Enable()
	} else {
		v.RunButton.Enable()
		v.CancelButton.Disable()
	}
}

func (v *CompareView) setExportable(on bool) {
	for _, b := range []*widget.Button{v.ExportPNG, v.ExportSVG, v.ExportCSV} {
		if on {
			b.Enable()
		} else {
			b.Disable()
		}
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

// Cell returns the text of a table cell (row 0 is the header, the last row
// the totals).
func (v *CompareView) Cell(row, col int) string {
	if row < 0 || row >= len(v.cells) || col < 0 || col >= len(v.cells[row]) {
		return ""
	}
	return v.cells[row][col]
}

// refresh rebuilds the table and charts from the report.
func (v *CompareView) refresh() {
	r := v.report
	if r == nil {
		return
	}
	m := v.measure()
	count := func(res *compare.Result) uint64 {
		if m == adapt.Expanded {
			return res.Expanded
		}
		return res.Generated
	}
	header := append([]string{"Instance", "Optimal", "Length"}, r.Heuristics...)
	v.cells = [][]string{header}
	for i, in := range r.Instances {
		row := []string{in.Name, "?", "–"}
		if in.Optimal >= 0 {
			row[1] = strconv.Itoa(in.Optimal)
		}
		for j := range r.Heuristics {
			res := r.At(i, j)
			if res.Status == compare.Solved && row[2] == "–" {
				row[2] = strconv.Itoa(res.Length)
			}
			cell := formatCount(count(res))
			if res.Status.Partial() {
				cell += " *"
			}
			row = append(row, cell)
		}
		v.cells = append(v.cells, row)
	}
	exp, gen, partial := r.Totals()
	total := []string{"Total", "", ""}
	for j := range r.Heuristics {
		n := gen[j]
		if m == adapt.Expanded {
			n = exp[j]
		}
		cell := formatCount(n)
		if partial[j] {
			cell += " *"
		}
		total = append(total, cell)
	}
	v.cells = append(v.cells, total)
	for c := range header {
		w := float32(100)
		if c >= 3 {
			w = 170
		}
		v.Table.SetColumnWidth(c, w)
	}
	v.Table.Refresh()
	v.NodesChart.SetChart(adapt.NodeCounts(r, m))
	v.refreshIterations()
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
	it, err := adapt.Iterations(r, i, v.measure())
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.IterChart.SetChart(it)
}

// currentChart returns the chart of the selected tab (the node counts when
// the table is shown).
func (v *CompareView) currentChart() charts.Chart {
	if v.Tabs.SelectedIndex() == 2 && v.IterChart.Chart() != nil {
		return v.IterChart.Chart()
	}
	return v.NodesChart.Chart()
}

// Export writes the results: "csv" writes the report's CSV, "png", "svg" and
// "pdf" the chart shown (the node counts unless the iteration chart is
// selected).
func (v *CompareView) Export(w io.Writer, format string) error {
	if v.report == nil {
		return errors.New("nothing to export yet: run a comparison first")
	}
	if strings.EqualFold(format, "csv") {
		return v.report.WriteCSV(w)
	}
	c := v.currentChart()
	if c == nil {
		return errors.New("no chart to export")
	}
	return charts.Write(w, c, format, exportWidth, exportHeight)
}

// ExportFile writes Export's output to path atomically: a temporary file in
// the same directory, synced, then renamed over path.
func (v *CompareView) ExportFile(path, format string) error {
	if err := atomicfile.Write(path, func(w io.Writer) error { return v.Export(w, format) }); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}

// exportDialog asks for a file name and exports to it.
func (v *CompareView) exportDialog(format string) {
	w := v.win()
	if w == nil {
		return
	}
	saveDialog(w, "slidelab-compare", format,
		func(path string) error { return v.ExportFile(path, format) },
		func(path string) { v.Status.SetText("Saved " + path) })
}
