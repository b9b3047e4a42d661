package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// sampleMax is the most abstract states of a layer drawn as mini boards:
// a sample on the 15-puzzle, every state of a layer for small patterns on
// the 8-puzzle (a 2-tile pattern's layers hold at most a few hundred).
func sampleMax(s board.Size) int {
	if s.Cells() <= 9 {
		return 400
	}
	return 60
}

// guiMaxEntries bounds the fringe tables the GUI builds (7 tiles and the
// blank on the 15-puzzle: 57,657,600 entries); larger ones are for the
// command line. Additive tables go up to guiMaxAdditive (the 8-tile group of
// the 7-8 preset: 518,918,400 entries, about 1.2 GB while building), behind a
// confirmation.
const guiMaxEntries = 57_657_600

// guiMaxAdditive bounds the additive tables the GUI builds; the 24-puzzle's
// 7-tile tables (pdb.MaxEntries, 2.4 GB each and 4 GB while building) are
// for the command line.
const guiMaxAdditive = 518_918_400

// Board sizes the pattern database view offers.
var PdbSizes = []board.Size{{W: 3, H: 2}, board.Size3x3, board.Size4x4, board.Size5x5}

// customPartition names the partition selector's entry for hand-made groups.
const customPartition = "Custom"

// Kinds of job.
type pdbJobKind int

const (
	jobStep pdbJobKind = iota
	jobPlay
	jobRun
)

// PDBView shows the construction of a pattern database one cost layer at a
// time: the partition (presets, typed, or tapped tile by tile), the pattern
// of the table being built, Step / Play / Run to end / Cancel, the progress,
// a live chart of the frontier per layer, a sample of the current layer's
// abstract states, and afterwards the histogram of values, size and time.
type PDBView struct {
	// Board size, partition preset, typed partition and its error.
	SizeSelect      *widget.Select
	PartitionSelect *widget.Select
	// presets holds the preset behind each PartitionSelect option, by
	// index (the zero PresetInfo for the custom entry).
	presets        []pdb.PresetInfo
	PartitionEntry *widget.Entry
	ApplyButton    *widget.Button
	Error          *widget.Label

	// Editor shows the goal with every group in its colour; tapping a tile
	// moves it to the next group.
	Editor *widgets.BoardView
	// Pattern shows the selected table's pattern: its tiles, the blank, and
	// "*" for the tiles it ignores.
	Pattern     *widgets.BoardView
	TableSelect *widget.Select

	// Build controls: one layer, play/pause, run to the end, cancel.
	StepButton   *widget.Button
	PlayButton   *widget.Button
	RunButton    *widget.Button
	CancelButton *widget.Button
	SpeedSlider  *widget.Slider
	SpeedLabel   *widget.Label

	// StepStateButton and PlayStatesButton step the selected table's build
	// one abstract state at a time (small patterns; StateReason says why
	// not otherwise), explained in the "Step by state" tab
	// (pdbview_states.go).
	StepStateButton  *widget.Button
	PlayStatesButton *widget.Button
	StateReason      *widget.Label

	// Progress of the table being built, the latest layer, messages,
	// the finished tables' sizes and times, and the charts' scale.
	Progress  *widget.ProgressBar
	LayerInfo *widget.Label
	Status    *widget.Label
	Summary   *widget.Label
	LogScale  *widget.Check
	// ExportPNG, ExportSVG and ExportPDF save the chart shown, for slides.
	ExportPNG *widget.Button
	ExportSVG *widget.Button
	ExportPDF *widget.Button
	// ExportGIFButton animates the frontier chart growing layer by layer
	// (animate_export.go).
	ExportGIFButton *widget.Button
	gif             *toolkit.GIFExporter

	// Frontier charts the abstract states and new entries per layer;
	// Histogram the finished tables' values.
	Frontier   *widgets.ChartView
	Histogram  *widgets.ChartView
	ChartTabs  *container.AppTabs // frontier, histogram, the layer's states (pdbStatesTab), step by state (pdbStepTab)
	SampleInfo *widget.Label
	Samples    *fyne.Container
	sampleBox  []*widgets.BoardView

	// Content is the whole view.
	Content fyne.CanvasObject

	ctx     context.Context
	do      toolkit.DoFunc
	Win     func() fyne.Window
	Store   *catalog.PDBStore
	session *session.Session // the goal

	Part    pdb.Partition
	Groups  session.Groups
	Group   int
	Builder layerBuilder
	Built   []*pdb.Table    // finished tables, by group
	Layers  [][]pdb.Layer   // layers so far, by group
	last    *pdb.LayerStats // the latest layer of the selected table
	// Builds runs the build jobs (see pdbview_build.go); pause, closed,
	// asks the current Play job to stop after its layer.
	Builds *toolkit.JobRunner
	pause  chan struct{}
	paused bool
	speed  float64
	// OnLayer, when set, is called after each layer is shown (Demo).
	OnLayer func(cost int)
	// AskAbove, when set, replaces confirmEntries (tests); confirm is the
	// last confirmation dialog shown.
	AskAbove uint64
	confirm  dialog.Dialog
	// LastDone is the done channel of the latest job; only the Fyne
	// goroutine (the test's goroutine in tests) writes it.
	LastDone chan struct{}
	// States is the state-by-state explanation (pdbview_states.go).
	States *pdbStates

	// fringe: the groups get fringe tables (pdbview_fringe.go), not additive ones.
	fringe bool
	// KindSelect picks additive or fringe tables; fringeNames holds the
	// fringe preset behind each PartitionSelect option in fringe mode.
	KindSelect  *widget.Select
	fringeNames []string
}

// NewPDBView returns the view, showing the preset partition for size.
func NewPDBView(ctx context.Context, do toolkit.DoFunc, win func() fyne.Window, store *catalog.PDBStore, sess *session.Session, size board.Size) *PDBView {
	v := &PDBView{ctx: ctx, do: toolkit.OrFyneDo(do), Win: win, Store: store, speed: 1, session: sess}
	sess.Subscribe(v.sessionChanged)
	v.Builds = toolkit.NewJobRunner(ctx, v.do)
	v.initPartitionControls(size)
	v.initBuildControls()
	v.initOutputs(ctx, win)
	v.initCharts()
	v.newStatePanel()
	v.Content = v.layout()
	v.SizeSelect.SetSelected(toolkit.SizeLabel(size))
	v.setBusy(jobStep, false)
	return v
}

// initPartitionControls makes the size, preset and partition choices and
// the boards that edit and show the pattern.
func (v *PDBView) initPartitionControls(size board.Size) {
	var sizes []string
	for _, s := range PdbSizes {
		sizes = append(sizes, toolkit.SizeLabel(s))
	}
	v.SizeSelect = widget.NewSelect(sizes, func(string) { v.sizeChanged() })
	v.PartitionSelect = widget.NewSelect(nil, func(s string) { v.presetChosen(s) })
	v.PartitionEntry = widget.NewEntry()
	v.PartitionEntry.SetPlaceHolder("e.g. 1,2,3/4,5,6")
	v.PartitionEntry.OnSubmitted = func(string) { v.Apply() }
	v.newKindSelect()
	v.ApplyButton = widget.NewButton("Apply", v.Apply)
	v.Error = toolkit.NewErrorLabel()

	v.Editor = widgets.NewBoardView(board.Solved(size, v.session.Goal()), session.Groups{})
	v.Editor.OnTapped = v.TapEditor
	v.Pattern = widgets.NewBoardView(board.Solved(size, v.session.Goal()), session.Groups{})
	v.TableSelect = widget.NewSelect(nil, func(s string) { v.tableChosen(s) })
}

// initBuildControls makes the step, play, run and cancel buttons and the
// speed slider.
func (v *PDBView) initBuildControls() {
	v.StepButton = widget.NewButton("Step layer (Space)", v.Step)
	v.StepButton.Importance = widget.HighImportance
	v.PlayButton = widget.NewButton("Play (P)", v.TogglePlay)
	v.RunButton = widget.NewButton("Run to end", v.RunToEnd)
	v.CancelButton = widget.NewButton("Cancel", v.Cancel)
	v.SpeedLabel = widget.NewLabel("")
	v.SpeedSlider = widget.NewSlider(0, 1)
	v.SpeedSlider.Step = 0.01
	v.SpeedSlider.OnChanged = func(x float64) {
		v.speed = toolkit.SliderToSpeed(x)
		v.SpeedLabel.SetText(fmt.Sprintf("%.1f layers/s", v.speed))
		if v.States != nil {
			v.States.Player.SetSpeed(v.speed) // Play states: states a second
		}
	}
	v.SpeedSlider.SetValue(toolkit.SpeedToSlider(v.speed))
}

// initOutputs makes the progress and status lines, the summary and the
// export buttons.
func (v *PDBView) initOutputs(ctx context.Context, win func() fyne.Window) {
	v.Progress = toolkit.NewProgressBar()
	v.LayerInfo = widget.NewLabel("")
	v.LayerInfo.TextStyle = fyne.TextStyle{Bold: true}
	v.LayerInfo.Wrapping = fyne.TextWrapWord
	v.Status = widget.NewLabel("")
	v.Status.Wrapping = fyne.TextWrapWord
	v.Summary = widget.NewLabel("")
	v.Summary.Hidden = true // until a table is finished (refreshSummary)
	v.Summary.Wrapping = fyne.TextWrapWord
	v.LogScale = widget.NewCheck("Log scale", func(bool) { v.refreshCharts() })
	v.ExportPNG = widget.NewButton("Export PNG", func() { v.exportDialog("png") })
	v.ExportSVG = widget.NewButton("Export SVG", func() { v.exportDialog("svg") })
	v.ExportPDF = widget.NewButton("Export PDF", func() { v.exportDialog("pdf") })
	v.ExportGIFButton = widget.NewButton("Export GIF…", v.exportGIFDialog)
	v.gif = toolkit.NewGIFExporter(ctx, v.do, win, func(msg string, _ bool) { v.setStatus(msg) })
}

// initCharts makes the chart tabs: the frontier per layer, the value
// histogram and the states of a layer.
func (v *PDBView) initCharts() {
	v.Frontier = widgets.NewChartView(charts.PDBLayers{})
	v.Histogram = widgets.NewChartView(charts.Histogram{})
	v.ChartTabs = container.NewAppTabs(
		container.NewTabItem("Frontier per layer", v.Frontier),
		container.NewTabItem("Value histogram", v.Histogram),
	)
	v.SampleInfo = widget.NewLabel("")
	v.SampleInfo.Wrapping = fyne.TextWrapWord
	v.Samples = container.NewGridWrap(fyne.NewSize(96, 96))
	// The states of the layer are a third tab beside the charts, so that
	// the chart keeps the whole height at a large zoom (a split below it
	// left a strip).
	v.ChartTabs.Append(container.NewTabItem("States of the layer",
		container.NewBorder(v.SampleInfo, nil, nil, nil, container.NewVScroll(v.Samples))))
}

// layout arranges the controls on the left and the charts on the right.
func (v *PDBView) layout() fyne.CanvasObject {
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	left := container.NewVBox(
		bold("Partition"),
		container.NewBorder(nil, nil, widget.NewLabel("Kind"), nil, controlHelp.WithTip(v.KindSelect, TipKind)), // tips.go
		container.NewGridWithColumns(2, controlHelp.WithTip(v.SizeSelect, TipSize), controlHelp.WithTip(v.PartitionSelect, TipPartition)),
		container.NewBorder(nil, nil, nil, controlHelp.WithTip(v.ApplyButton, TipApply), v.PartitionEntry),
		v.Error,
		wrapped("Tap a tile to move it to the next group:"),
		container.NewGridWithColumns(2, v.Editor, v.Pattern),
		container.NewBorder(nil, nil, widget.NewLabel("Table"), nil, controlHelp.WithTip(v.TableSelect, TipTable)),
		bold("Build"),
		toolkit.NewFlow(controlHelp.WithTip(v.StepButton, TipStep), controlHelp.WithTip(v.StepStateButton, TipStepState), controlHelp.WithTip(v.PlayButton, TipPlay),
			controlHelp.WithTip(v.PlayStatesButton, TipPlayStates), controlHelp.WithTip(v.RunButton, TipRun), controlHelp.WithTip(v.CancelButton, TipCancel)),
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), v.SpeedLabel, controlHelp.WithTip(v.SpeedSlider, TipSpeed)),
		v.StateReason,
	)
	top := container.NewVBox(v.Progress, v.LayerInfo, v.Status, v.Summary)
	exports := toolkit.NewFlowAligned(toolkit.FlowEnd, controlHelp.WithTip(v.LogScale, TipLogScale), controlHelp.WithTip(v.ExportPNG, toolkit.TipExportPNG),
		controlHelp.WithTip(v.ExportSVG, toolkit.TipExportSVG), controlHelp.WithTip(v.ExportPDF, toolkit.TipExportPDF), controlHelp.WithTip(v.ExportGIFButton, TipGIF))
	v.ChartTabs.OnSelected = func(*container.TabItem) {
		// The states are no chart: nothing to export or rescale.
		exports.Hidden = v.ChartTabs.SelectedIndex() >= pdbStatesTab
		exports.Refresh()
	}
	right := container.NewBorder(top, exports, nil, nil, v.ChartTabs)
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.38
	return split
}

// Partition returns the partition shown.
func (v *PDBView) Partition() pdb.Partition { return v.Part }

// Busy reports whether background work is under way.
func (v *PDBView) Busy() bool { return v.Builds.Running() }

// sessionChanged follows the session's goal: any build stops, and the view
// shows the first preset for the selected size, for the new goal.
func (v *PDBView) sessionChanged(c session.Change) {
	if !c.Goal {
		return
	}
	v.Stop()
	v.sizeChanged()
}

// StoreChanged picks up databases the store finished loading.
func (v *PDBView) StoreChanged() {
	if v.Busy() || v.Builder != nil || v.Part.Groups == nil || v.fringe {
		return
	}
	db := v.Store.DB(v.Part)
	if db == nil {
		return
	}
	changed := false
	for i, t := range db.Tables {
		if v.Built[i] == nil {
			v.Built[i] = t
			v.Layers[i] = t.Layers()
			changed = true
		}
	}
	if changed {
		v.showTable()
	}
}

func (v *PDBView) tableChosen(label string) {
	for i, l := range v.TableSelect.Options {
		if l == label && i != v.Group {
			v.Cancel()
			v.Group = i
			v.Builder, v.last = nil, nil
			v.showTable()
		}
	}
}

// patternCells returns the goal with only group i's tiles, the rest starred.
func (v *PDBView) patternCells(i int) []int {
	solved := board.Solved(v.Part.Size, v.session.Goal()).Tiles()
	for c, t := range solved {
		if t != 0 && v.Groups.Of(t) != i {
			solved[c] = widgets.Star
		}
	}
	return solved
}

// pdbStatesTab is the index of the chart tab that shows the layer's states.
const pdbStatesTab = 2

// wrapped returns a label whose text wraps at the width it is given.
func wrapped(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
