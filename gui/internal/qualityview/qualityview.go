package qualityview

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
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
)

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
	// Over shows where the heuristics that overestimate do it
	// (qualityview_over.go).
	Over *overTab
	Tabs *container.AppTabs

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
	LastDone   chan struct{}
	// pending: a run waits for a pattern database (see RefreshHeuristics).
	pending bool
	// OnFinished, when set, is called after a report is shown (Demo).
	OnFinished func()
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
	v.fileRow = container.NewBorder(nil, nil, nil, controlHelp.WithTip(v.FileButton, TipFile), v.FileLabel) // tips.go
	v.CountEntry = widget.NewEntry()
	v.CountEntry.SetText("100")
	v.Heuristics = widget.NewCheckGroup(nil, nil)
	v.RunButton, v.CancelButton = toolkit.NewRunButtons(v.Run, v.Cancel)
	v.Progress = toolkit.NewProgressBar()
	v.Status = toolkit.NewStatusLabel("Choose a sample and heuristics, then Run.")
	v.Error = toolkit.NewErrorLabel()

	v.Table = toolkit.NewCellTable(func() [][]string { return v.cells }, "inconsistent 000",
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
			container.NewBorder(nil, nil, widget.NewLabel("Heuristic"), nil, controlHelp.WithTip(v.HeatSelect, TipHeat)), nil, nil, nil, v.HeatChart)),
		container.NewTabItem("h* − h", v.GapChart),
	)
	v.Over = newOverTab()
	v.Tabs.Append(container.NewTabItem(overTabName, v.Over.content))
	v.ExportPNG, v.ExportSVG, v.ExportPDF = toolkit.NewChartExportButtons(v.exportDialog)
	v.ExportJSON = widget.NewButton("Export JSON", func() { v.exportDialog("json") })
	v.setExportable(false)

	note := widget.NewLabel("h* is the true distance: by a breadth-first search over every state (8-puzzle), " +
		"or the moves left on an optimal solution found by IDA* (with the size's pattern database and its reflection when there is one, else linear conflict).")
	note.Wrapping = fyne.TextWrapWord
	left := container.NewVBox(
		toolkit.BoldLabel("Sample"),
		controlHelp.WithTip(v.SampleSelect, TipSample),
		v.fileRow,
		container.NewBorder(nil, nil, widget.NewLabel("Instances (first N)"), nil, v.CountEntry),
		toolkit.BoldLabel("Heuristics"),
		controlHelp.WithTip(v.Heuristics, TipHeuristics),
		toolkit.NewFlow(controlHelp.WithTip(v.RunButton, TipRun), controlHelp.WithTip(v.CancelButton, TipCancel)),
		v.Progress,
		v.Status,
		v.Error,
		note,
	)
	v.settings = left
	right := container.NewBorder(nil, toolkit.NewFlow(controlHelp.WithTip(v.ExportPNG, toolkit.TipExportPNG), controlHelp.WithTip(v.ExportSVG, toolkit.TipExportSVG),
		controlHelp.WithTip(v.ExportPDF, toolkit.TipExportPDF), controlHelp.WithTip(v.ExportJSON, TipJSON)), nil, nil, v.Tabs)
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
	toolkit.SetError(v.Error, toolkit.SkippedText(set.Skipped))
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
		toolkit.PickFile(w, func(path string) { v.LoadInstanceFile(path) },
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
	catalog.SetHeuristicOptions(v.Heuristics, v.heuristics(v.size()))
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
