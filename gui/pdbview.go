package gui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
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

// guiMaxEntries bounds the tables the GUI builds (a 7-tile group on the
// 15-puzzle: 57,657,600 entries, about 400 MB while building); larger ones
// are for the command line.
const guiMaxEntries = 57_657_600

// Board sizes the pattern database view offers.
var pdbSizes = []board.Size{{W: 3, H: 2}, board.Size3x3, board.Size4x4}

// customPartition names the partition selector's entry for hand-made groups.
const customPartition = "Custom"

// pdbJob is the background work of the view: one layer, playing, or a run
// to the end.
type pdbJob struct {
	cancel context.CancelFunc
	pause  chan struct{} // closed: stop after the current layer
	done   chan struct{}
	paused bool
}

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
	Editor *BoardView
	// Pattern shows the selected table's pattern: its tiles, the blank, and
	// "*" for the tiles it ignores.
	Pattern     *BoardView
	TableSelect *widget.Select

	// Build controls: one layer, play/pause, run to the end, cancel.
	StepButton   *widget.Button
	PlayButton   *widget.Button
	RunButton    *widget.Button
	CancelButton *widget.Button
	SpeedSlider  *widget.Slider
	SpeedLabel   *widget.Label

	// Progress of the table being built, the latest layer, messages,
	// the finished tables' sizes and times, and the charts' scale.
	Progress  *widget.ProgressBar
	LayerInfo *widget.Label
	Status    *widget.Label
	Summary   *widget.Label
	LogScale  *widget.Check
	// ExportPNG and ExportSVG save the chart shown, for slides.
	ExportPNG *widget.Button
	ExportSVG *widget.Button

	// Frontier charts the abstract states and new entries per layer;
	// Histogram the finished tables' values.
	Frontier   *ChartView
	Histogram  *ChartView
	ChartTabs  *container.AppTabs
	SampleInfo *widget.Label
	samples    *fyne.Container
	sampleBox  []*BoardView

	// Content is the whole view.
	Content fyne.CanvasObject

	ctx   context.Context
	do    doFunc
	win   func() fyne.Window
	store *pdbStore
	goal  board.Goal

	part    pdb.Partition
	groups  Groups
	group   int
	builder *pdb.Builder
	built   []*pdb.Table    // finished tables, by group
	layers  [][]pdb.Layer   // layers so far, by group
	last    *pdb.LayerStats // the latest layer of the selected table
	job     *pdbJob
	speed   float64
	// onLayer, when set, is called after each layer is shown (Demo).
	onLayer func(cost int)
	// lastDone is the done channel of the latest job; only the Fyne
	// goroutine (the test's goroutine in tests) writes it.
	lastDone chan struct{}
}

// NewPDBView returns the view, showing the preset partition for size.
func NewPDBView(ctx context.Context, do doFunc, win func() fyne.Window, store *pdbStore, size board.Size) *PDBView {
	v := &PDBView{ctx: ctx, do: orFyneDo(do), win: win, store: store, speed: 1, goal: defaultGoal}

	var sizes []string
	for _, s := range pdbSizes {
		sizes = append(sizes, sizeLabel(s))
	}
	v.SizeSelect = widget.NewSelect(sizes, func(string) { v.sizeChanged() })
	v.PartitionSelect = widget.NewSelect(nil, func(s string) { v.presetChosen(s) })
	v.PartitionEntry = widget.NewEntry()
	v.PartitionEntry.SetPlaceHolder("groups, e.g. 1,2,3,4/5,6,7,8")
	v.PartitionEntry.OnSubmitted = func(string) { v.Apply() }
	v.ApplyButton = widget.NewButton("Apply", v.Apply)
	v.Error = newErrorLabel()

	v.Editor = NewBoardView(board.Solved(size, v.goal), Groups{})
	v.Editor.OnTapped = v.tapEditor
	v.Pattern = NewBoardView(board.Solved(size, v.goal), Groups{})
	v.TableSelect = widget.NewSelect(nil, func(s string) { v.tableChosen(s) })

	v.StepButton = widget.NewButton("Step layer (Space)", v.Step)
	v.StepButton.Importance = widget.HighImportance
	v.PlayButton = widget.NewButton("Play (P)", v.TogglePlay)
	v.RunButton = widget.NewButton("Run to end", v.RunToEnd)
	v.CancelButton = widget.NewButton("Cancel", v.Cancel)
	v.SpeedLabel = widget.NewLabel("")
	v.SpeedSlider = widget.NewSlider(0, 1)
	v.SpeedSlider.Step = 0.01
	v.SpeedSlider.OnChanged = func(x float64) {
		v.speed = sliderToSpeed(x)
		v.SpeedLabel.SetText(fmt.Sprintf("%.1f layers/s", v.speed))
	}
	v.SpeedSlider.SetValue(speedToSlider(v.speed))

	v.Progress = widget.NewProgressBar()
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

	v.Frontier = NewChartView(charts.PDBLayers{})
	v.Histogram = NewChartView(charts.Histogram{})
	v.ChartTabs = container.NewAppTabs(
		container.NewTabItem("Frontier per layer", v.Frontier),
		container.NewTabItem("Value histogram", v.Histogram),
	)
	v.SampleInfo = widget.NewLabel("")
	v.SampleInfo.Wrapping = fyne.TextWrapWord
	v.samples = container.NewGridWrap(fyne.NewSize(96, 96))

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	left := container.NewVBox(
		bold("Partition"),
		container.NewGridWithColumns(2, v.SizeSelect, v.PartitionSelect),
		container.NewBorder(nil, nil, nil, v.ApplyButton, v.PartitionEntry),
		v.Error,
		widget.NewLabel("Tap a tile to move it to the next group:"),
		container.NewGridWithColumns(2, v.Editor, v.Pattern),
		container.NewBorder(nil, nil, widget.NewLabel("Table"), nil, v.TableSelect),
		bold("Build"),
		container.NewGridWithColumns(4, v.StepButton, v.PlayButton, v.RunButton, v.CancelButton),
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), v.SpeedLabel, v.SpeedSlider),
	)
	top := container.NewVBox(v.Progress, v.LayerInfo, v.Status, v.Summary)
	charts := container.NewBorder(nil, container.NewHBox(v.LogScale, layout.NewSpacer(), v.ExportPNG, v.ExportSVG), nil, nil, v.ChartTabs)
	sampleArea := container.NewBorder(v.SampleInfo, nil, nil, nil, container.NewVScroll(v.samples))
	right := container.NewVSplit(container.NewBorder(top, nil, nil, nil, charts), sampleArea)
	right.Offset = 0.68
	split := container.NewHSplit(container.NewVScroll(container.NewPadded(left)), right)
	split.Offset = 0.38
	v.Content = split

	v.SizeSelect.SetSelected(sizeLabel(size))
	v.setBusy(jobStep, false)
	return v
}

// Partition returns the partition shown.
func (v *PDBView) Partition() pdb.Partition { return v.part }

// busy reports whether background work is under way.
func (v *PDBView) busy() bool { return v.job != nil }

// selectedSize returns the size in the selector.
func (v *PDBView) selectedSize() board.Size {
	for _, s := range pdbSizes {
		if sizeLabel(s) == v.SizeSelect.Selected {
			return s
		}
	}
	return board.Size4x4
}

// SetGoal makes g the goal of the partitions: any build stops, and the
// view shows the first preset for the selected size, for g.
func (v *PDBView) SetGoal(g board.Goal) {
	if g == v.goal {
		return
	}
	v.Stop()
	v.goal = g
	v.sizeChanged()
}

// presetLabels returns the selector entries for size s: its presets (from
// core/pdb's preset table, the default first) and the custom entry, with the
// preset behind each entry (the zero PresetInfo for the custom one).
func presetLabels(s board.Size, goal board.Goal) ([]string, []pdb.PresetInfo) {
	var labels []string
	var infos []pdb.PresetInfo
	for _, info := range pdb.PresetsFor(s) {
		if p, err := pdb.Preset(info.Name, s, goal); err == nil {
			labels = append(labels, fmt.Sprintf("%s: %s", info.Label, p))
			infos = append(infos, info)
		}
	}
	return append(labels, customPartition), append(infos, pdb.PresetInfo{})
}

// sizeChanged offers the presets for the selected size and goal, and shows
// the first (even when its label equals the one selected before).
func (v *PDBView) sizeChanged() {
	labels, infos := presetLabels(v.selectedSize(), v.goal)
	v.presets = infos
	v.PartitionSelect.Options = labels
	v.PartitionSelect.Selected = labels[0]
	v.PartitionSelect.Refresh()
	v.presetChosen(labels[0])
}

func (v *PDBView) presetChosen(label string) {
	i := slices.Index(v.PartitionSelect.Options, label)
	if i < 0 || i >= len(v.presets) || v.presets[i].Name == "" {
		return // the custom entry
	}
	p, err := pdb.Preset(v.presets[i].Name, v.selectedSize(), v.goal)
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.setPartition(p)
}

// Apply reads the typed partition.
func (v *PDBView) Apply() {
	p, err := pdb.ParsePartition(v.PartitionEntry.Text, v.selectedSize(), v.goal)
	if err == nil {
		err = checkGUISize(p)
	}
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.PartitionSelect.Selected = customPartition
	for _, l := range v.PartitionSelect.Options {
		if strings.HasSuffix(l, ": "+p.String()) {
			v.PartitionSelect.Selected = l
		}
	}
	v.PartitionSelect.Refresh()
	v.setPartition(p)
}

// checkGUISize refuses tables too large to build inside the GUI.
func checkGUISize(p pdb.Partition) error {
	n := p.Size.Cells()
	for _, g := range p.Groups {
		e := uint64(1)
		for i := 0; i < len(g); i++ {
			e *= uint64(n - i)
		}
		if e > guiMaxEntries {
			return fmt.Errorf("group %s: %d entries is too large to build here (at most %d, a 7-tile group on the 15-puzzle); use `slidelab pdb build`",
				formatGroup(g), e, guiMaxEntries)
		}
	}
	return nil
}

// formatGroup writes tiles as "1,2,3".
func formatGroup(g []int) string {
	s := make([]string, len(g))
	for i, t := range g {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, ",")
}

func (v *PDBView) showError(msg string) {
	setError(v.Error, msg)
}

// tapEditor moves the tapped tile to the next group (the last group's tiles
// leave the partition; ungrouped tiles join the first group).
func (v *PDBView) tapEditor(cell int) {
	if v.busy() {
		return
	}
	t := board.Solved(v.part.Size, v.goal).At(cell)
	if t == 0 {
		return
	}
	sets := v.groups.Sets()
	from := v.groups.Of(t)
	// Ungrouped -> group 1 -> group 2 -> ... -> a new group -> ungrouped.
	to := -1
	switch {
	case from < 0:
		to = 0
	case from < len(sets)-1:
		to = from + 1
	case len(sets[from]) > 1 && len(sets) < len(groupPalette):
		to = len(sets)
	}
	if from >= 0 {
		sets[from] = removeTile(sets[from], t)
	}
	if to == len(sets) {
		sets = append(sets, nil)
	}
	if to >= 0 {
		sets[to] = append(sets[to], t)
	}
	var kept [][]int
	for _, s := range sets {
		if len(s) > 0 {
			kept = append(kept, s)
		}
	}
	if len(kept) == 0 {
		v.showError("A partition needs at least one tile.")
		return
	}
	p := pdb.Partition{Size: v.part.Size, Goal: v.goal, Groups: kept}
	if err := p.Validate(); err != nil {
		v.showError(err.Error())
		return
	}
	if err := checkGUISize(p); err != nil {
		v.showError(err.Error())
		return
	}
	v.PartitionSelect.Selected = customPartition
	v.PartitionSelect.Refresh()
	v.setPartition(p)
}

func removeTile(set []int, t int) []int {
	out := set[:0]
	for _, x := range set {
		if x != t {
			out = append(out, x)
		}
	}
	return out
}

// setPartition shows p: nothing is built yet unless the store has it.
func (v *PDBView) setPartition(p pdb.Partition) {
	v.Cancel()
	v.showError("")
	v.part = p
	g, err := NewGroups(p.Size, p.Groups)
	if err != nil {
		v.showError(err.Error())
		return
	}
	v.groups = g
	v.PartitionEntry.SetText(p.String())
	v.built = make([]*pdb.Table, len(p.Groups))
	v.layers = make([][]pdb.Layer, len(p.Groups))
	v.builder, v.last = nil, nil
	if db := v.store.DB(p); db != nil {
		for i, t := range db.Tables {
			v.built[i] = t
			v.layers[i] = t.Layers()
		}
	}
	solved := board.Solved(p.Size, p.Goal)
	v.Editor.SetGroups(g)
	v.Editor.SetBoard(solved)
	var labels []string
	for i, grp := range p.Groups {
		labels = append(labels, fmt.Sprintf("Table %d: tiles %s", i+1, formatGroup(grp)))
	}
	v.TableSelect.Options = labels
	v.group = -1
	v.TableSelect.SetSelected(labels[0])
}

// StoreChanged picks up databases the store finished loading.
func (v *PDBView) StoreChanged() {
	if v.busy() || v.builder != nil || v.part.Groups == nil {
		return
	}
	db := v.store.DB(v.part)
	if db == nil {
		return
	}
	changed := false
	for i, t := range db.Tables {
		if v.built[i] == nil {
			v.built[i] = t
			v.layers[i] = t.Layers()
			changed = true
		}
	}
	if changed {
		v.showTable()
	}
}

func (v *PDBView) tableChosen(label string) {
	for i, l := range v.TableSelect.Options {
		if l == label && i != v.group {
			v.Cancel()
			v.group = i
			v.builder, v.last = nil, nil
			v.showTable()
		}
	}
}

// patternCells returns the goal with only group i's tiles, the rest starred.
func (v *PDBView) patternCells(i int) []int {
	solved := board.Solved(v.part.Size, v.goal).Tiles()
	for c, t := range solved {
		if t != 0 && v.groups.Of(t) != i {
			solved[c] = Star
		}
	}
	return solved
}

// showTable redraws everything about the selected table.
func (v *PDBView) showTable() {
	i := v.group
	v.Pattern.SetGroups(v.groups)
	v.Pattern.SetCells(v.part.Size, v.patternCells(i))
	entries := tableEntries(v.part.Size, len(v.part.Groups[i]))
	switch {
	case v.last != nil:
		v.renderLayer(*v.last)
	case v.built[i] != nil:
		v.Progress.SetValue(1)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d is built: %d cost layers.", i+1, len(v.layers[i])))
		v.setStatus("Step or Run to build it again and watch the frontier grow.")
	default:
		v.Progress.SetValue(0)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d: %s entries to fill, one per placement of tiles %s.",
			i+1, formatCount(entries), formatGroup(v.part.Groups[i])))
		v.setStatus("Press Step layer (Space) to build the first cost layer, Play (P) to watch, or Run to end.")
	}
	v.setSamples(nil, 0, 0)
	v.refreshCharts()
	v.refreshSummary()
}

// tableEntries is n!/(n-k)!.
func tableEntries(s board.Size, k int) uint64 {
	n := s.Cells()
	e := uint64(1)
	for i := 0; i < k; i++ {
		e *= uint64(n - i)
	}
	return e
}

func (v *PDBView) setStatus(s string) { v.Status.SetText(s) }

// renderLayer shows the latest layer's numbers.
func (v *PDBView) renderLayer(ls pdb.LayerStats) {
	v.Progress.SetValue(float64(ls.TotalEntries) / float64(max(ls.Entries, 1)))
	v.LayerInfo.SetText(fmt.Sprintf("Layer cost %d: %s abstract states, %s new entries.   So far: %s of %s entries, %s states, %s.",
		ls.Cost, formatCount(ls.States), formatCount(ls.New), formatCount(ls.TotalEntries), formatCount(ls.Entries),
		formatCount(ls.TotalStates), roundDuration(ls.Elapsed)))
}

// setSamples draws states of the current layer as mini boards.
func (v *PDBView) setSamples(states []pdb.State, cost int, total uint64) {
	for len(v.sampleBox) < len(states) {
		bv := NewMiniBoardView(v.part.Size, nil, v.groups)
		v.sampleBox = append(v.sampleBox, bv)
	}
	objs := make([]fyne.CanvasObject, 0, len(states))
	tiles := v.part.Groups[v.group]
	sortedTiles := append([]int(nil), tiles...)
	slices.Sort(sortedTiles)
	for i, st := range states {
		cells := make([]int, v.part.Size.Cells())
		for c := range cells {
			cells[c] = Star
		}
		for j, c := range st.Cells {
			cells[c] = sortedTiles[j]
		}
		cells[st.Blank] = 0
		bv := v.sampleBox[i]
		bv.groups = v.groups
		bv.SetCells(v.part.Size, cells)
		objs = append(objs, bv)
	}
	text := v.part.Size.String()
	side := theme.Size(theme.SizeNameText) * 2.2 * float32(max(v.part.Size.W, v.part.Size.H))
	v.samples.Layout = layout.NewGridWrapLayout(fyne.NewSize(side, side))
	v.samples.Objects = objs
	v.samples.Refresh()
	switch {
	case len(states) == 0:
		v.SampleInfo.SetText("Abstract states of the current layer appear here: the pattern tiles and the blank; * marks tiles the table ignores.")
	case uint64(len(states)) >= total:
		v.SampleInfo.SetText(fmt.Sprintf("All %d abstract states of layer %d (%s board):", len(states), cost, text))
	default:
		v.SampleInfo.SetText(fmt.Sprintf("%d of the %s abstract states of layer %d, spread evenly:", len(states), formatCount(total), cost))
	}
}

// refreshCharts rebuilds the chart data from the layers and tables so far.
func (v *PDBView) refreshCharts() {
	if v.part.Groups == nil {
		return
	}
	fr := charts.PDBLayers{Subtitle: fmt.Sprintf("%s board, partition %s", v.part.Size, v.part), LogY: v.LogScale.Checked}
	for i, ls := range v.layers {
		if len(ls) == 0 {
			continue
		}
		t := charts.TableLayers{Name: fmt.Sprintf("table %d (%s)", i+1, formatGroup(v.part.Groups[i]))}
		for _, l := range ls {
			t.Layers = append(t.Layers, charts.Layer{Cost: l.Cost, States: int64(l.States), New: int64(l.New)})
		}
		fr.Tables = append(fr.Tables, t)
	}
	v.Frontier.SetChart(fr)
	h := charts.Histogram{Subtitle: fmt.Sprintf("%s board, partition %s", v.part.Size, v.part), LogY: v.LogScale.Checked}
	for i, t := range v.built {
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
		s := charts.HistogramSeries{Name: fmt.Sprintf("table %d (%s)", i+1, formatGroup(v.part.Groups[i]))}
		for val := 0; val <= top; val++ {
			s.Counts = append(s.Counts, int64(hist[val]))
		}
		h.Series = append(h.Series, s)
	}
	v.Histogram.SetChart(h)
}

// ExportChart saves the chart shown (the frontier, or the histogram when its
// tab is selected) to path, as PNG, SVG or PDF by its extension, at the size
// of a slide; the file is replaced atomically.
func (v *PDBView) ExportChart(path string) error {
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
			return errors.New("nothing to export yet: the histogram appears when a table is finished")
		}
	}
	if empty {
		return errors.New("nothing to export yet: build a layer first (Step)")
	}
	return charts.Save(c, path, exportWidth, exportHeight)
}

// exportDialog asks for a file name and saves the chart shown there.
func (v *PDBView) exportDialog(format string) {
	if v.win == nil || v.win() == nil {
		return
	}
	name := "slidelab-pdb-frontier"
	if v.ChartTabs.SelectedIndex() == 1 {
		name = "slidelab-pdb-histogram"
	}
	saveDialog(v.win(), name, format, v.ExportChart, func(path string) { v.Status.SetText("Saved " + path) })
}

// refreshSummary describes the finished tables.
func (v *PDBView) refreshSummary() {
	var lines []string
	for i, t := range v.built {
		if t == nil {
			continue
		}
		st := t.Stats()
		lines = append(lines, fmt.Sprintf("Table %d: %s entries (%s), max %d, mean %.2f, built in %s.",
			i+1, formatCount(uint64(t.Len())), formatBytes(uint64(t.Len())), st.Max, st.Mean,
			roundDuration(time.Duration(t.Seconds()*float64(time.Second)))))
	}
	if len(lines) == len(v.built) && len(lines) > 0 {
		lines = append(lines, "All tables are ready; the search view offers this database as a heuristic.")
	}
	v.Summary.SetText(strings.Join(lines, "\n"))
	v.Summary.Hidden = len(lines) == 0 // no blank line above the charts
	v.Summary.Refresh()
}

// formatBytes writes a byte count with a binary unit.
func formatBytes(n uint64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// Step builds one cost layer of the selected table in the background.
func (v *PDBView) Step() { v.start(jobStep) }

// TogglePlay builds layer after layer at the chosen speed, or pauses.
func (v *PDBView) TogglePlay() {
	if v.job != nil {
		if !v.job.paused {
			v.job.paused = true
			close(v.job.pause)
			v.PlayButton.SetText("Play (P)")
		}
		return
	}
	v.start(jobPlay)
}

// RunToEnd builds the selected table and every unfinished one after it at
// full speed.
func (v *PDBView) RunToEnd() { v.start(jobRun) }

// Cancel stops the background work; a table cut off mid-layer is discarded.
func (v *PDBView) Cancel() {
	if v.job == nil {
		return
	}
	v.job.cancel()
}

// Stop is Cancel; the view calls it when it is left or the window closes.
func (v *PDBView) Stop() { v.Cancel() }

// setBusy switches the buttons.
func (v *PDBView) setBusy(kind pdbJobKind, on bool) {
	for _, w := range []fyne.Disableable{v.StepButton, v.RunButton, v.SizeSelect, v.PartitionSelect, v.TableSelect, v.ApplyButton} {
		if on {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	if on && kind == jobPlay {
		v.PlayButton.SetText("Pause (P)")
	} else {
		v.PlayButton.SetText("Play (P)")
	}
	if on && kind != jobPlay {
		v.PlayButton.Disable()
	} else {
		v.PlayButton.Enable()
	}
	if on {
		v.CancelButton.Enable()
	} else {
		v.CancelButton.Disable()
	}
}

// layerUpdate is what a job hands to the Fyne goroutine after a layer.
type layerUpdate struct {
	group   int
	stats   pdb.LayerStats
	layers  []pdb.Layer
	sample  []pdb.State
	table   *pdb.Table // set when the table is finished
	builder *pdb.Builder
}

// start launches a job on the selected table.
func (v *PDBView) start(kind pdbJobKind) {
	if v.job != nil || v.part.Groups == nil {
		return
	}
	ctx, cancel := context.WithCancel(v.ctx)
	job := &pdbJob{cancel: cancel, pause: make(chan struct{}), done: make(chan struct{})}
	v.job = job
	v.lastDone = job.done
	v.setBusy(kind, true)
	if v.builder == nil {
		v.layers[v.group] = nil
		v.last = nil
	}
	part, group, b := v.part, v.group, v.builder
	speed := v.speed
	cacheDir := v.store.cacheDir
	v.setStatus("Building…")
	go func() {
		defer close(job.done)
		defer cancel()
		err := v.work(ctx, job, kind, part, group, b, speed, cacheDir)
		v.do(func() { v.jobEnded(job, err) })
	}()
}

// work runs in the job's goroutine: it owns the builders it uses.
func (v *PDBView) work(ctx context.Context, job *pdbJob, kind pdbJobKind, part pdb.Partition, group int,
	b *pdb.Builder, speed float64, cacheDir string) error {
	lastDraw := time.Time{}
	for {
		if b == nil {
			var err error
			if b, err = pdb.NewBuilder(part.Size, part.Goal, part.Groups[group]); err != nil {
				return err
			}
			bb, g := b, group
			v.do(func() {
				if v.job == job {
					v.builder, v.group = bb, g
					v.TableSelect.Selected = v.TableSelect.Options[g]
					v.TableSelect.Refresh()
				}
			})
		}
		ls, ok, err := b.Step(ctx)
		if err != nil {
			return err
		}
		u := layerUpdate{group: group, stats: ls, layers: b.Layers(), builder: b}
		if !ok {
			t, err := b.Table()
			if err != nil {
				return err
			}
			u.table = t
			saveTable(cacheDir, t)
		} else if kind != jobRun || time.Since(lastDraw) >= refreshEvery {
			u.sample = b.Frontier(sampleMax(part.Size))
		}
		if ok && kind == jobRun && time.Since(lastDraw) < refreshEvery {
			continue
		}
		lastDraw = time.Now()
		shown := make(chan struct{})
		v.do(func() {
			if v.job == job {
				v.layerDone(u)
			}
			close(shown)
		})
		if kind != jobRun {
			// Step and Play wait until the layer is on screen, so Play never
			// outruns the display and a pause takes effect at once.
			select {
			case <-shown:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if !ok {
			if kind != jobRun {
				return nil
			}
			next := -1
			for i := range part.Groups {
				j := (group + 1 + i) % len(part.Groups)
				if j != group && !v.tableBuilt(job, j) {
					next = j
					break
				}
			}
			if next < 0 {
				return nil
			}
			group, b = next, nil
			continue
		}
		switch kind {
		case jobStep:
			return nil
		case jobPlay:
			t := time.NewTimer(time.Duration(float64(time.Second) / speed))
			select {
			case <-job.pause:
				t.Stop()
				return nil
			case <-ctx.Done():
				t.Stop()
				return ctx.Err()
			case <-t.C:
			}
		}
	}
}

// tableBuilt asks the Fyne goroutine whether table j is finished.
func (v *PDBView) tableBuilt(job *pdbJob, j int) bool {
	ch := make(chan bool, 1)
	v.do(func() { ch <- v.job == job && v.built[j] != nil })
	select {
	case b := <-ch:
		return b
	case <-job.done:
		return true
	}
}

// saveTable writes a finished table to the cache unless a file is there;
// failures only cost a rebuild next time.
func saveTable(dir string, t *pdb.Table) {
	if dir == "" {
		return
	}
	path := filepath.Join(dir, pdb.FileName(t.Size(), t.Goal(), t.Tiles()))
	if _, err := os.Stat(path); err == nil {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	_ = t.Save(path)
}

// layerDone shows a finished layer (on the Fyne goroutine).
func (v *PDBView) layerDone(u layerUpdate) {
	v.group = u.group
	v.layers[u.group] = u.layers
	if u.table != nil {
		v.built[u.group] = u.table
		v.builder, v.last = nil, nil
		v.Pattern.SetCells(v.part.Size, v.patternCells(u.group))
		v.Progress.SetValue(1)
		v.LayerInfo.SetText(fmt.Sprintf("Table %d finished: %d cost layers, the last frontier had no successors.", u.group+1, len(u.layers)))
		v.setSamples(nil, 0, 0)
		v.allBuilt()
	} else {
		ls := u.stats
		v.last = &ls
		v.renderLayer(ls)
		if u.sample != nil {
			v.setSamples(u.sample, ls.Cost, ls.States)
		}
	}
	v.refreshCharts()
	v.refreshSummary()
	if v.onLayer != nil && u.table == nil {
		v.onLayer(u.stats.Cost)
	}
}

// allBuilt hands a complete database to the store (the search uses it).
func (v *PDBView) allBuilt() {
	for _, t := range v.built {
		if t == nil {
			return
		}
	}
	db, err := pdb.NewDB(v.part, v.built)
	if err != nil {
		v.setStatus(err.Error())
		return
	}
	v.store.Put(db)
}

// jobEnded restores the controls after a job.
func (v *PDBView) jobEnded(job *pdbJob, err error) {
	if v.job != job {
		return
	}
	v.job = nil
	v.setBusy(jobStep, false)
	switch {
	case err == nil:
		if v.builder != nil {
			v.setStatus("Paused between layers. Step, Play or Run to go on.")
		} else {
			v.setStatus("Done.")
		}
	case errors.Is(err, context.Canceled):
		v.builder, v.last = nil, nil
		v.layers[v.group] = nil
		if v.built[v.group] != nil {
			v.layers[v.group] = v.built[v.group].Layers()
		}
		v.setStatus("Cancelled: the unfinished table was discarded.")
		v.Progress.SetValue(0)
		v.setSamples(nil, 0, 0)
		v.refreshCharts()
	default:
		v.builder, v.last = nil, nil
		v.setStatus("Build failed: " + err.Error())
	}
}
