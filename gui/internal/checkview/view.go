// Package checkview is the "Check a trace" view: a student's search trace
// (docs/formats-trace.md), opened from a file, checked off the UI goroutine
// with core/tracecheck and stepped through on a board and in a search tree
// like a built-in run, with Slidelab's own run of the same board,
// algorithm and heuristic beside it in step, and the first difference
// highlighted on both and explained in the checker's sentence.
package checkview

import (
	"context"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// Tree is a search tree that shows a recorded run: fed its trace events in
// order, drawn as it stood at any of them. The shell passes the search
// tab's tree widget in this form (searchview.ReplayTree).
type Tree interface {
	// Reset empties the tree for a run of alg.
	Reset(alg search.Algorithm)
	// Apply adds trace events in order (those already applied are skipped).
	Apply(es []search.TraceEvent)
	// ShowAt draws the tree after the event numbered seq, cur the current node.
	ShowAt(seq uint64, cur int64)
	// Object is the widget to place.
	Object() fyne.CanvasObject
}

// checkAlgorithms are the searches the checker knows the rules of, in the
// checker's own order (tracecheck.Algorithms: A* first, the usual
// homework), named as the search view names them.
func checkAlgorithms() []catalog.AlgorithmLabel {
	var out []catalog.AlgorithmLabel
	for _, a := range tracecheck.Algorithms() {
		out = append(out, catalog.AlgorithmLabel{Alg: a, Label: catalog.LabelOf(a)})
	}
	return out
}

// differenceRed outlines the student's board at the first difference and
// referenceBlue the reference's beside it (both read on either theme).
var (
	differenceRed = color.NRGBA{R: 0xd0, G: 0x2b, B: 0x2b, A: 0xff}
	referenceBlue = color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd0, A: 0xff}
)

// lane is one run's column: its title and counts, the board of the step
// shown with a frame that marks the difference, the step's values, and the
// tree under the board.
type lane struct {
	Title  *widget.Label
	Counts *widget.Label
	Board  *widgets.BoardView
	Values *widget.Label
	frame  *canvas.Rectangle
	tree   Tree
	// applied is how many of the run's events the tree has.
	applied int
	box     fyne.CanvasObject
}

func newLane(title string, tree Tree, mark color.Color) *lane {
	l := &lane{Title: toolkit.BoldLabel(title), Counts: widget.NewLabel(""),
		Board: widgets.NewBoardView(board.Solved(board.Size3x3, board.BlankLast), session.Groups{}), Values: widget.NewLabel(""), tree: tree}
	l.Counts.Wrapping = fyne.TextWrapWord
	l.Values.Wrapping = fyne.TextWrapWord
	l.frame = canvas.NewRectangle(color.Transparent)
	l.frame.StrokeColor, l.frame.StrokeWidth = mark, 4
	l.frame.Hide()
	var below fyne.CanvasObject = layout.NewSpacer()
	if tree != nil {
		below = tree.Object()
	}
	l.box = container.NewBorder(container.NewVBox(l.Title, l.Counts, l.Values), nil, nil, nil,
		container.New(boardAbove{}, container.NewStack(l.Board, l.frame), below))
	return l
}

// boardAbove lays a board out as a square at the top left (up to 45 % of
// the height, at least its minimum) and the tree under it.
type boardAbove struct{}

// Layout places the board and the tree.
func (boardAbove) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	pad := theme.Padding()
	bm := objs[0].MinSize()
	side := min(size.Width, max(bm.Height, bm.Width, size.Height*0.45))
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(side, side))
	objs[1].Move(fyne.NewPos(0, side+pad))
	objs[1].Resize(fyne.NewSize(size.Width, max(0, size.Height-side-pad)))
}

// MinSize is the board's minimum above the tree's.
func (boardAbove) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	a, b := objs[0].MinSize(), objs[1].MinSize()
	side := max(a.Width, a.Height)
	return fyne.NewSize(max(side, b.Width), side+theme.Padding()+b.Height)
}

// CheckView opens a search trace, checks it and steps through it beside
// the reference. Its widgets are exported fields for the shell's tests.
type CheckView struct {
	// OpenButton asks for a trace file; File names the one open.
	OpenButton *widget.Button
	File       *widget.Label
	// What the trace is checked against; a change checks it again.
	AlgorithmSelect *widget.Select
	HeuristicSelect *widget.Select
	StrictCheck     *widget.Check
	// Progress and CancelButton show and stop a check under way.
	Progress     *widget.ProgressBar
	CancelButton *widget.Button
	// Verdict is PASS or FAIL with the checker's sentence (the runs'
	// counts are under their titles).
	Verdict *widget.Label
	// Stepping: the start, one expansion back and forward, the end, and a
	// jump to the first difference. Position says where the view is.
	StartButton, BackButton, StepButton, EndButton, DiffButton *widget.Button
	Position                                                   *widget.Label
	// PlayButton steps both runs on at the Player's pace (P) and pauses.
	PlayButton *widget.Button
	Player     *toolkit.Player
	// Student and Reference are the two runs' columns; Steps lists the
	// student's expansions (the difference marked), a tap goes there.
	Student, Reference *lane
	Steps              *widget.List
	// Content is the view's tab content.
	Content fyne.CanvasObject
	// Runs runs the probe and the check in the background.
	Runs *toolkit.JobRunner

	ctx        context.Context
	do         toolkit.DoFunc
	window     func() fyne.Window
	session    *session.Session
	heuristics func(board.Size) []catalog.HeuristicOption
	opts       []catalog.HeuristicOption
	algs       []catalog.AlgorithmLabel // what AlgorithmSelect lists, in its order
	src        *source
	size       board.Size
	out        *outcome
	at         int // the step shown
	diffStep   int // the student's step of the first difference, -1 when none
	selecting  bool
}

// NewCheckView returns the view. sess gives the goal (a change of goal
// checks the open trace again), heuristics the heuristics for a board size
// (as the other views offer them), newTree a tree widget for each run (nil:
// no trees). Nothing is read or searched until a trace is opened.
func NewCheckView(ctx context.Context, do toolkit.DoFunc, window func() fyne.Window, sess *session.Session,
	heuristics func(board.Size) []catalog.HeuristicOption, newTree func() Tree) *CheckView {
	v := &CheckView{ctx: ctx, do: toolkit.OrFyneDo(do), window: window, session: sess, heuristics: heuristics, diffStep: -1}
	v.Runs = toolkit.NewJobRunner(ctx, v.do)
	var st, rt Tree
	if newTree != nil {
		st, rt = newTree(), newTree()
	}
	v.Student = newLane("Student's run", st, differenceRed)
	v.Reference = newLane("Slidelab's run", rt, referenceBlue)
	v.makeControls()
	v.Steps = widget.NewList(func() int { return v.stepCount() }, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(v.stepText(i)) })
	v.Steps.OnSelected = func(i widget.ListItemID) {
		if !v.selecting {
			v.goTo(i)
		}
	}
	t := controlHelp // tips.go
	top := container.NewVBox(
		toolkit.NewFlow(t.WithTip(v.OpenButton, tipOpen), v.File, widget.NewLabel("Algorithm"), t.WithTip(v.AlgorithmSelect, tipAlgorithm),
			widget.NewLabel("Heuristic"), t.WithTip(v.HeuristicSelect, tipHeuristic), t.WithTip(v.StrictCheck, tipStrict),
			t.WithTip(v.CancelButton, tipCancel)),
		v.Progress, v.Verdict,
		toolkit.NewFlow(t.WithTip(v.StartButton, tipStart), t.WithTip(v.BackButton, tipBack), t.WithTip(v.StepButton, tipStep),
			t.WithTip(v.PlayButton, tipPlay), t.WithTip(v.EndButton, tipEnd), t.WithTip(v.DiffButton, tipDiff), v.Position))
	// The runs scroll up and down inside the view when the window is too
	// low for boards and trees (1024x768 at 150 %); the controls stay.
	runs := container.NewVScroll(container.NewGridWithColumns(2, v.Student.box, v.Reference.box))
	split := container.NewHSplit(container.NewBorder(toolkit.BoldLabel("Expansions"), nil, nil, nil, v.Steps), runs)
	split.Offset = 0.22
	v.Content = container.NewBorder(top, nil, nil, nil, split)
	sess.Subscribe(func(c session.Change) {
		if c.Goal && v.src != nil {
			v.recheck()
		}
	})
	v.showNothing()
	return v
}

// makeControls makes the selectors and buttons.
func (v *CheckView) makeControls() {
	v.OpenButton = widget.NewButton("Open trace…", v.pickFile)
	v.File = widget.NewLabel("No trace open")
	v.algs = checkAlgorithms()
	names := make([]string, len(v.algs))
	for i, a := range v.algs {
		names[i] = a.Label
	}
	v.AlgorithmSelect = widget.NewSelect(names, func(string) { v.recheck() })
	v.AlgorithmSelect.Selected = names[0]
	v.HeuristicSelect = widget.NewSelect(nil, func(string) { v.recheck() })
	v.StrictCheck = widget.NewCheck("Slidelab's tie order", func(bool) { v.recheck() })
	v.Progress = toolkit.NewProgressBar()
	v.Progress.Hide()
	v.CancelButton = widget.NewButton("Cancel", v.Runs.Cancel)
	v.CancelButton.Hide()
	v.Verdict = widget.NewLabel("")
	v.Verdict.Wrapping = fyne.TextWrapWord
	v.Verdict.TextStyle.Bold = true
	v.StartButton = widget.NewButton("Start (Home)", func() { v.goTo(0) })
	v.BackButton = widget.NewButton("Back (Backspace)", func() { v.goTo(v.at - 1) })
	v.StepButton = widget.NewButton("Step (Space)", func() { v.goTo(v.at + 1) })
	v.EndButton = widget.NewButton("Run to end (E)", func() { v.goTo(v.stepCount() - 1) })
	v.DiffButton = widget.NewButton("First difference (D)", func() { v.goTo(v.diffStep) })
	v.Player = toolkit.NewPlayer(v.do, v.playStep, func() { v.PlayButton.SetText("Play (P)") })
	v.PlayButton = widget.NewButton("Play (P)", v.togglePlay)
	v.DiffButton.Importance = widget.HighImportance
	v.Position = widget.NewLabel("")
}

// Stop stops the background work (the window closes).
func (v *CheckView) Stop() {
	v.Pause()
	v.Runs.Drop()
}

// Pause stops Play (another view is shown).
func (v *CheckView) Pause() {
	v.Player.Pause()
	v.PlayButton.SetText("Play (P)")
}

// togglePlay plays from where the view is (from the start when at the
// end), or pauses.
func (v *CheckView) togglePlay() {
	if v.Player.Playing() {
		v.Pause()
		return
	}
	if v.at >= v.stepCount()-1 {
		v.goTo(0)
	}
	v.PlayButton.SetText("Pause (P)")
	v.Player.Play(v.ctx)
}

// playStep is one step of Play; false at the end.
func (v *CheckView) playStep() bool {
	if v.at >= v.stepCount()-1 {
		return false
	}
	v.goTo(v.at + 1)
	return v.at < v.stepCount()-1
}
