package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// The instance sets the comparison view offers.
const (
	SetClassroom = "Classroom set (10 of Korf's instances)"
	SetKorf      = "Korf's 100 (15-puzzle)"
	SetRandom8   = "Random 8-puzzles"
	SetWalks     = "Random walks on the 15-puzzle"
	SetWalks24   = "Random walks on the 24-puzzle"
	SetFile      = "Instance file…"
)

// The cost models the view offers (search.UnitCost, search.TileCost).
const (
	costUnit = "Unit: every move costs 1"
	costTile = "Tile: moving tile t costs t"
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
	SetSelect  *widget.Select
	FileButton *widget.Button // opens an instance file (setFile)
	FileLabel  *widget.Label  // names the file loaded
	FileRow    fyne.CanvasObject
	FileSet    *compare.Set     // the instances of the file loaded
	FilePath   string           // its path (a session file names it)
	Session    *session.Session // the goal every set is solved towards
	settings   *fyne.Container  // the column of settings, re-laid out when fileRow shows or hides
	CountEntry *widget.Entry
	SeedEntry  *widget.Entry
	WalkEntry  *widget.Entry
	// AlgorithmSelect offers every algorithm of the search chapter, in
	// the search view's order; AlgorithmNote says its group and what it
	// does, Params shows the parameters it takes (compareview_algs.go).
	AlgorithmSelect *widget.Select
	AlgorithmNote   *widget.Label
	Params          *catalog.ParamsForm
	// CostSelect chooses what a move costs: 1, or the tile's number
	// (costUnit, costTile).
	CostSelect     *widget.Select
	Heuristics     *widget.CheckGroup
	NodeLimitEntry *widget.Entry
	TimeoutEntry   *widget.Entry
	RunButton      *widget.Button
	CancelButton   *widget.Button
	Progress       *widget.ProgressBar
	Status         *widget.Label
	Error          *widget.Label

	// Results: the table, the measure shown, and the two charts.
	Table         *widget.Table
	MeasureSelect *widget.Select
	NodesChart    *widgets.ChartView
	IterChart     *widgets.ChartView
	IterInstance  *widget.Select
	// Contours is the f-contours tab (compareview_contours.go).
	Contours *contoursTab
	// Predicted draws KRE's prediction beside the measured iterations.
	Predicted *widget.Check
	Tabs      *container.AppTabs

	// Export buttons; each opens a file dialog (see Export).
	ExportPNG *widget.Button
	ExportSVG *widget.Button
	ExportPDF *widget.Button
	ExportCSV *widget.Button

	// Content is the whole view.
	Content fyne.CanvasObject

	ctx        context.Context
	do         toolkit.DoFunc
	win        func() fyne.Window
	heuristics func(board.Size) []catalog.HeuristicOption

	report *compare.Report
	ran    *comparedRun // what the report's comparison ran
	cells  [][]string   // table text, row 0 the header
	// runs runs the comparison; lastDone is the latest run's done
	// channel (tests and the demo mode wait on it).
	// waitsForPDB: Error says a checked heuristic's database is not
	// ready; RefreshHeuristics clears it once every such database is.
	waitsForPDB bool
	Runs        *toolkit.JobRunner
	LastDone    chan struct{}
	pred        predictionState // the Predicted (KRE) option's work
	// walksFor is the walk set whose default length the Moves field was
	// last given ("" before any walk set was chosen).
	walksFor string
	// refused is the reason the last Run was refused (refusal), cleared
	// from Error once the algorithm or a parameter changes.
	refused string
	// onFinished, when set, is called after a comparison is shown (Demo).
	OnFinished func()
}

// NewCompareView returns the view. heuristics lists the heuristics for a
// board size; win returns the window for dialogs.
func NewCompareView(ctx context.Context, do toolkit.DoFunc, win func() fyne.Window, sess *session.Session, heuristics func(board.Size) []catalog.HeuristicOption) *CompareView {
	v := &CompareView{ctx: ctx, do: toolkit.OrFyneDo(do), win: win, heuristics: heuristics, Session: sess}
	sess.Subscribe(v.sessionChanged)
	v.Runs = toolkit.NewJobRunner(ctx, v.do)
	v.pred.runs = toolkit.NewJobRunner(ctx, v.do)
	v.SetSelect = widget.NewSelect([]string{SetClassroom, SetKorf, SetRandom8, SetWalks, SetWalks24, SetFile}, func(string) { v.setChanged() })
	v.FileButton = widget.NewButton("Open…", v.openDialog)
	v.FileLabel = widget.NewLabel("No file loaded: one board a line, # comments, optional optimal length.")
	v.FileLabel.Wrapping = fyne.TextWrapWord
	v.FileRow = container.NewBorder(nil, nil, nil, controlHelp.WithTip(v.FileButton, TipFile), v.FileLabel) // tips.go
	v.CountEntry = widget.NewEntry()
	v.CountEntry.SetText("10")
	v.SeedEntry = widget.NewEntry()
	v.SeedEntry.SetText("1")
	v.WalkEntry = widget.NewEntry()
	v.WalkEntry.SetText(strconv.Itoa(setWalkLength(SetWalks)))
	v.AlgorithmSelect = widget.NewSelect(catalog.SearchAlgorithmOptions(), func(string) { v.algorithmChanged() })
	v.AlgorithmNote = widget.NewLabel("")
	v.AlgorithmNote.Wrapping = fyne.TextWrapWord
	v.Params = catalog.NewParamsForm(false, func(param string, s *widget.Select) fyne.CanvasObject {
		return controlHelp.WithTip(s, param) // tips.go names the tips after the parameters
	}, container.NewVBox, v.clearRefusal)
	v.AlgorithmSelect.SetSelected(catalog.LabelOf(search.IDAStar))
	v.CostSelect = widget.NewSelect([]string{costUnit, costTile}, nil)
	v.CostSelect.SetSelected(costUnit)
	v.Heuristics = widget.NewCheckGroup(nil, nil)
	v.NodeLimitEntry = widget.NewEntry()
	v.NodeLimitEntry.SetText("50000000")
	v.TimeoutEntry = widget.NewEntry()
	v.TimeoutEntry.SetText("30")
	v.RunButton, v.CancelButton = toolkit.NewRunButtons(v.Run, v.Cancel)
	v.Progress = toolkit.NewProgressBar()
	v.Status = toolkit.NewStatusLabel("Choose a set and heuristics, then Run.")
	v.Error = toolkit.NewErrorLabel()

	v.newResults()
	v.ExportPNG, v.ExportSVG, v.ExportPDF = toolkit.NewChartExportButtons(v.exportDialog)
	v.ExportCSV = widget.NewButton("Export CSV", func() { v.exportDialog("csv") })
	v.setExportable(false)

	field := func(name string, w fyne.CanvasObject) fyne.CanvasObject {
		return container.NewBorder(nil, nil, widget.NewLabel(name), nil, w)
	}
	left := container.NewVBox(
		toolkit.BoldLabel("Instances"),
		controlHelp.WithTip(v.SetSelect, TipSet),
		v.FileRow,
		toolkit.NewFlow(field("Count", v.CountEntry), field("Seed", v.SeedEntry), field("Moves", v.WalkEntry)),
		toolkit.BoldLabel("Search"),
		controlHelp.WithTip(v.AlgorithmSelect, TipAlgorithm),
		v.AlgorithmNote,
		v.Params.Box,
		field("Move cost", controlHelp.WithTip(v.CostSelect, TipCost)),
		controlHelp.WithTip(v.Heuristics, TipHeuristics),
		toolkit.NewFlow(field("Node limit", v.NodeLimitEntry), field("Seconds a run", v.TimeoutEntry)),
		toolkit.NewFlow(controlHelp.WithTip(v.RunButton, TipRun), controlHelp.WithTip(v.CancelButton, TipCancel)),
		v.Progress,
		v.Status,
		v.Error,
	)
	v.settings = left
	bottom := toolkit.NewFlow(field("Measure", controlHelp.WithTip(v.MeasureSelect, TipMeasure)), controlHelp.WithTip(v.ExportPNG, toolkit.TipExportPNG),
		controlHelp.WithTip(v.ExportSVG, toolkit.TipExportSVG), controlHelp.WithTip(v.ExportPDF, toolkit.TipExportPDF), controlHelp.WithTip(v.ExportCSV, TipCSV))
	right := container.NewBorder(nil, bottom, nil, nil, v.Tabs)
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.32
	v.Content = split
	v.SetSelect.SetSelected(SetClassroom)
	return v
}

// newResults builds the results: the table, the measure, the charts and
// their tabs (the f-contours tab's widgets in compareview_contours.go).
func (v *CompareView) newResults() {
	v.Table = toolkit.NewCellTable(func() [][]string { return v.cells }, "generated 000",
		func(row, rows int) bool { return row == 0 || row == rows-1 })
	v.MeasureSelect = widget.NewSelect([]string{measureGenerated, measureExpanded}, func(string) { v.refresh() })
	v.MeasureSelect.SetSelected(measureGenerated)
	v.NodesChart = widgets.NewChartView(nil)
	v.IterChart = widgets.NewChartView(nil)
	v.IterInstance = widget.NewSelect(nil, func(string) { v.refreshIterations() })
	v.Predicted = widget.NewCheck(predictedLabel, v.predictedToggled)
	v.Tabs = container.NewAppTabs(
		container.NewTabItem("Results", v.Table),
		container.NewTabItem("Node counts", v.NodesChart),
		container.NewTabItem("IDA* iterations", container.NewBorder(
			toolkit.NewFlow(container.NewBorder(nil, nil, widget.NewLabel("Instance"), nil, controlHelp.WithTip(v.IterInstance, TipIterBoard)),
				controlHelp.WithTip(v.Predicted, TipPredicted)), nil, nil, nil, v.IterChart)),
	)
	v.Contours = v.newContoursTab()
	v.Tabs.Append(container.NewTabItem(contoursTabName, v.Contours.content))
	v.Tabs.OnSelected = func(*container.TabItem) { v.refreshContours() }
}

// setSize returns the board size of the chosen set.
func (v *CompareView) SetSize() board.Size {
	switch v.SetSelect.Selected {
	case SetRandom8:
		return board.Size3x3
	case SetWalks24:
		return board.Size5x5
	case SetFile:
		if v.FileSet != nil {
			return v.FileSet.Instances[0].Board.Size()
		}
	}
	return board.Size4x4
}

// setWalkLength is the default walk length of a walk set: 30 moves on the
// 15-puzzle, 40 on the 24-puzzle (IDA* with Manhattan distance solves ten
// such walks in moments).
func setWalkLength(set string) int {
	if set == SetWalks24 {
		return 40
	}
	return 30
}

// sessionChanged follows the session's goal: the built-in sets are
// converted (Korf's instances come as he wrote them for the blank-first
// goal), and a loaded file is dropped, since its boards were read for the
// other goal.
func (v *CompareView) sessionChanged(c session.Change) {
	if !c.Goal {
		return
	}
	v.Stop()
	if v.FileSet != nil {
		v.FileSet, v.FilePath = nil, ""
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
	set, err := compare.LoadSet(path, board.Size{}, v.Session.Goal())
	return v.useFileSet(set, filepath.Base(path), path, err)
}

// LoadInstances is LoadInstanceFile for a file's contents, read from r (in
// a browser the app gets a file's contents, never its path); name is the
// file's name.
func (v *CompareView) LoadInstances(name string, r io.Reader) error {
	set, err := compare.ReadSet(r, name, board.Size{}, v.Session.Goal())
	return v.useFileSet(set, name, "", err)
}

// useFileSet selects set, read from the file called name at path ("" when
// it came from a browser, which gives no path), as the instance set, or
// shows err.
func (v *CompareView) useFileSet(set compare.Set, name, path string, err error) error {
	if err != nil {
		v.showError(err.Error())
		return err
	}
	set.Name = name
	v.FileSet, v.FilePath = &set, path
	v.showError(toolkit.SkippedText(set.Skipped))
	n := len(set.Instances)
	label := fmt.Sprintf("%s: %d instances, %s", set.Name, n, set.Instances[0].Board.Size())
	if k := len(set.Skipped); k > 0 {
		label += fmt.Sprintf("; %d bad %s skipped", k, toolkit.Plural(k, "line", "lines"))
	}
	v.FileLabel.SetText(label)
	if v.SetSelect.Selected != SetFile {
		v.SetSelect.SetSelected(SetFile) // calls setChanged
	} else {
		v.setChanged() // offers the size's heuristics, sets the count to n
	}
	return nil
}

// openDialog asks for an instance file and loads it.
func (v *CompareView) openDialog() {
	w := v.win()
	if w == nil {
		return
	}
	toolkit.PickFile(w, func(path string) { v.LoadInstanceFile(path) },
		func(name string, data []byte) { v.LoadInstances(name, bytes.NewReader(data)) })
}

// setChanged offers the heuristics for the set's board size, and the fields
// the set uses.
func (v *CompareView) setChanged() {
	size := v.SetSize()
	opts := v.heuristics(size)
	var labels, checked []string
	for _, o := range opts {
		labels = append(labels, o.Label)
		if size.Cells() > board.SmallCells && o.Database != nil && !o.Database().Ready {
			continue // the 24-puzzle's 6-6-6-6 is checked once it is built (large.go)
		}
		if o.Short == "manhattan" || o.Short == "linear-conflict" || strings.HasSuffix(o.Label, " pattern database") && len(checked) < 3 {
			checked = append(checked, o.Label)
		}
	}
	if slices.Equal(v.Heuristics.Options, labels) && len(v.Heuristics.Selected) > 0 {
		// The same heuristics on offer (a set of the same size): the
		// teacher's ticks stay.
		checked = slices.Clone(v.Heuristics.Selected)
	}
	v.Heuristics.Options = labels
	v.Heuristics.SetSelected(checked)
	switch v.SetSelect.Selected {
	case SetClassroom:
		v.CountEntry.SetText("10")
	case SetKorf:
		v.CountEntry.SetText("100")
	}
	if v.SetSelect.Selected == SetFile {
		v.FileRow.Show()
		if v.FileSet != nil {
			v.CountEntry.SetText(strconv.Itoa(len(v.FileSet.Instances)))
		}
	} else {
		v.FileRow.Hide()
	}
	if v.settings != nil {
		v.settings.Refresh()
	}
	// The seed matters only for random sets, the walk length only for walks;
	// the length follows the set (30 moves on the 15-puzzle, 40 on the
	// 24-puzzle) unless the teacher typed another.
	walks := v.SetSelect.Selected == SetWalks || v.SetSelect.Selected == SetWalks24
	if walks && v.SetSelect.Selected != v.walksFor {
		if v.walksFor == "" || strings.TrimSpace(v.WalkEntry.Text) == strconv.Itoa(setWalkLength(v.walksFor)) {
			v.WalkEntry.SetText(strconv.Itoa(setWalkLength(v.SetSelect.Selected)))
		}
		v.walksFor = v.SetSelect.Selected
	}
	toolkit.Enable(v.SeedEntry, v.SetSelect.Selected == SetRandom8 || walks)
	toolkit.Enable(v.WalkEntry, walks)
	v.Heuristics.Refresh()
}

// RefreshHeuristics re-reads the heuristics (a database became ready),
// keeping the checked ones.
func (v *CompareView) RefreshHeuristics() {
	catalog.SetHeuristicOptions(v.Heuristics, v.heuristics(v.SetSize()))
	if v.waitsForPDB && v.checkedReady() {
		v.showError("")
	}
}

// checkedReady reports whether the databases of every checked heuristic are
// ready.
func (v *CompareView) checkedReady() bool {
	for _, o := range v.heuristics(v.SetSize()) {
		if o.Database != nil && slices.Contains(v.Heuristics.Selected, o.Label) && !o.Database().Ready {
			return false
		}
	}
	return true
}

func (v *CompareView) showError(msg string) {
	v.waitsForPDB = false
	toolkit.SetError(v.Error, msg)
}
