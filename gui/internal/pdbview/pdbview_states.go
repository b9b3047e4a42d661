package pdbview

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// The pattern-database build explained one abstract state at a time, for
// small patterns (pdb.MaxStepStates): Step state (S) and Play states beside
// the layer buttons, and the "Step by state" tab: the 0-1 BFS's pseudocode
// with the line of the step highlighted, a one-sentence narration, the state
// taken with the moves of the blank and their cost, the entry written, the
// current and the next layer's queues, and a log of recent narrations. Layer
// steps highlight the layer loop and are narrated too. Each state step takes
// microseconds and runs on the Fyne goroutine; catching up with the layer
// the layer-by-layer build has reached runs as a job.

const (
	// pdbQueueBoards is the most states of each queue drawn as mini boards.
	pdbQueueBoards = 8
	// PdbLogMax is the number of narrations the log keeps.
	PdbLogMax = 50
	// PdbStepTab is the index of the "Step by state" chart tab.
	PdbStepTab = 3
)

// pdbStates is the state of the step-by-state explanation.
type pdbStates struct {
	Code      *codeView
	Narration *widget.Label
	// State shows the state taken; stateInfo describes it, Moves lists the
	// blank's moves and Entry the table entry.
	State     *widgets.BoardView
	stateInfo *widget.Label
	Moves     *fyne.Container
	Entry     *widget.Label
	// The two queues: a line each and their first states as mini boards.
	CurInfo, NextInfo     *widget.Label
	CurBoards, NextBoards *fyne.Container
	// The log of recent narrations, oldest first.
	Log       []string
	LogBox    *fyne.Container
	logScroll *container.Scroll

	Stepper *pdb.StateStepper
	key     string // the partition and table the stepper is for
	// preparing is set while a job catches the stepper up with a layer;
	// the job owns the stepper meanwhile (stepper is nil).
	preparing bool
	prepDone  chan struct{}
	runner    *toolkit.JobRunner
	Player    *toolkit.Player
	content   fyne.CanvasObject
}

// newStatePanel makes the Step state and Play states buttons, the reason
// label and the "Step by state" tab's content.
func (v *PDBView) newStatePanel() {
	ps := &pdbStates{runner: toolkit.NewJobRunner(v.ctx, v.do)}
	v.States = ps
	v.StepStateButton = widget.NewButton("Step state (S)", v.StepState)
	v.PlayStatesButton = widget.NewButton("Play states", v.TogglePlayStates)
	v.StateReason = wrapped("")
	v.StateReason.TextStyle = fyne.TextStyle{Italic: true}
	ps.Player = toolkit.NewPlayer(v.do, v.stepState, func() { v.stateButtons(v.Busy()) })

	ps.Code = newCodeView(pdb.BuildPseudocode())
	ps.Narration = wrapped("")
	ps.Narration.TextStyle = fyne.TextStyle{Bold: true}
	ps.State = widgets.NewMiniBoardView(board.Size3x3, nil, session.Groups{})
	ps.stateInfo = wrapped("")
	ps.Moves = container.NewVBox()
	ps.Entry = wrapped("")
	ps.CurInfo = wrapped("")
	ps.NextInfo = wrapped("")
	ps.CurBoards = container.NewGridWrap(fyne.NewSize(80, 80))
	ps.NextBoards = container.NewGridWrap(fyne.NewSize(80, 80))
	ps.LogBox = container.NewVBox()
	ps.logScroll = container.NewVScroll(ps.LogBox)

	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	details := container.NewVBox(
		ps.Narration,
		container.NewBorder(nil, nil, container.NewVBox(ps.State), nil, container.NewVBox(ps.stateInfo, ps.Moves, ps.Entry)),
		ps.CurInfo, ps.CurBoards,
		ps.NextInfo, ps.NextBoards,
	)
	// The pseudocode above the log on the left, the step in detail on the
	// right.
	logPane := container.NewBorder(bold("Recent steps"), nil, nil, nil, ps.logScroll)
	left := container.NewVSplit(container.NewScroll(ps.Code.grid), logPane)
	left.Offset = 0.62
	split := container.NewHSplit(left, container.NewVScroll(details))
	split.Offset = 0.56
	ps.content = split
	v.ChartTabs.Append(container.NewTabItem("Step by state", ps.content))
	v.resetStates()
}

// statesLimit returns why the selected table cannot be stepped state by
// state, or "" when it can.
func (v *PDBView) statesLimit() string {
	if v.Part.Groups == nil || v.Group < 0 || v.Group >= len(v.Part.Groups) {
		return "Choose a partition first."
	}
	if v.fringe {
		return v.fringeStatesLimit()
	}
	g := v.Part.Groups[v.Group]
	n := pdb.AbstractStates(v.Part.Size, len(g))
	if n > pdb.MaxStepStates {
		return fmt.Sprintf("Step state is for small patterns: tiles %s have %s abstract states (at most %s: every 8-puzzle pattern, up to 3 tiles on the 15- and 24-puzzle). This table is built layer by layer.",
			formatGroup(g), toolkit.FormatCount(n), toolkit.FormatCount(pdb.MaxStepStates))
	}
	return ""
}

// stateButtons enables the state buttons: not while a layer job runs
// (busy), nor for big patterns, nor while catching up with a layer.
func (v *PDBView) stateButtons(busy bool) {
	ps := v.States
	if ps == nil {
		return
	}
	reason := v.statesLimit()
	ok := reason == "" && !busy
	toolkit.Enable(v.StepStateButton, ok && !ps.preparing)
	toolkit.Enable(v.PlayStatesButton, ok)
	if ps.Player.Playing() {
		v.PlayStatesButton.SetText("Pause states")
	} else {
		v.PlayStatesButton.SetText("Play states")
	}
	v.StateReason.SetText(reason)
	v.StateReason.Hidden = reason == "" || v.Part.Groups == nil
	v.StateReason.Refresh()
}

// syncStates follows the selected table: when the partition or the table
// changes, the state-by-state build starts again from the goal.
func (v *PDBView) syncStates() {
	if v.States == nil {
		return
	}
	key := ""
	if v.Part.Groups != nil && v.Group >= 0 {
		key = fmt.Sprintf("%v|%v|%s|%d|%v", v.Part.Size, v.Part.Goal, v.Part, v.Group, v.fringe)
	}
	if key != v.States.key {
		v.States.key = key
		v.resetStates()
	}
	v.stateButtons(v.Busy())
}

// resetStates drops the state-by-state build and clears its panel.
func (v *PDBView) resetStates() {
	ps := v.States
	ps.Player.Pause()
	ps.runner.Drop()
	ps.Stepper, ps.preparing = nil, false
	ps.Log = nil
	ps.Code.Highlight(0, nil)
	size := v.Part.Size
	if v.Part.Groups == nil {
		size = board.Size3x3
	}
	ps.State.SetCells(size, make([]int, size.Cells()))
	ps.State.Hide()
	ps.stateInfo.SetText("")
	ps.Moves.Objects = nil
	ps.Moves.Refresh()
	ps.Entry.SetText("")
	ps.CurInfo.SetText("")
	ps.NextInfo.SetText("")
	v.setQueueBoards(ps.CurBoards, nil)
	v.setQueueBoards(ps.NextBoards, nil)
	last := size.Cells() - 1
	if reason := v.statesLimit(); reason != "" {
		ps.Narration.SetText(reason)
	} else {
		ps.Narration.SetText(fmt.Sprintf("Step state (S) runs the search below one abstract state at a time, from the goal: "+
			"the pattern tiles and the blank, * for tiles the table ignores (cells are numbered 0 to %d, row by row from the top left).", last))
	}
	v.refreshLog()
}

// StepState takes one step of the state-by-state build of the selected
// table (starting again from the goal after the last one). When the layer
// build has gone further, the state build first catches up with its layer.
func (v *PDBView) StepState() {
	ps := v.States
	if ps.Stepper != nil && ps.Stepper.Done() {
		ps.Stepper = nil
		v.addLog("The state-by-state build starts again from the goal.")
	}
	v.stepState()
	v.stateButtons(v.Busy())
}

// TogglePlayStates steps states at the speed of the slider, or pauses.
func (v *PDBView) TogglePlayStates() {
	ps := v.States
	if ps.Player.Playing() {
		ps.Player.Pause()
	} else if v.statesLimit() == "" && !v.Busy() {
		if ps.Stepper != nil && ps.Stepper.Done() {
			ps.Stepper = nil
		}
		ps.Player.SetSpeed(v.speed)
		ps.Player.Play(v.ctx)
	}
	v.stateButtons(v.Busy())
}

// PauseStates stops playing states (the view is left).
func (v *PDBView) PauseStates() {
	v.States.Player.Pause()
	v.stateButtons(v.Busy())
}

// stepState takes one step on the Fyne goroutine and reports whether more
// can follow (the Player's step).
func (v *PDBView) stepState() bool {
	ps := v.States
	// A Run to end may have moved to another table without showing it.
	v.syncStates()
	if v.statesLimit() != "" || v.Busy() {
		return false
	}
	if ps.preparing {
		return true
	}
	target := 0
	if v.Builder != nil && v.last != nil {
		target = v.last.Cost // the layer the layer build has reached
	}
	if ps.Stepper == nil || ps.Stepper.Cost() < target {
		if ps.Stepper != nil || target > 0 {
			v.catchUp(target)
			return true
		}
		s, err := newStateStepper(v.fringe, v.Part, v.Group)
		if err != nil {
			ps.Narration.SetText(err.Error())
			return false
		}
		ps.Stepper = s
	}
	st, ok := ps.Stepper.Step()
	if !ok {
		return false
	}
	v.showStateStep(st)
	return !ps.Stepper.Done()
}

// catchUp steps the state build, in a job, to the start of layer target,
// then takes the step asked for.
func (v *PDBView) catchUp(target int) {
	ps := v.States
	s, part, group, key, fringe := ps.Stepper, v.Part, v.Group, ps.key, v.fringe
	ps.Stepper, ps.preparing = nil, true
	v.stateButtons(v.Busy())
	ps.Narration.SetText(fmt.Sprintf("Catching up with layer %d, which the layer-by-layer build has reached…", target))
	ps.prepDone = ps.runner.Start(func(ctx context.Context, post func(func())) error {
		if s == nil {
			var err error
			if s, err = newStateStepper(fringe, part, group); err != nil {
				return err
			}
		}
		n := s.SkipTo(target)
		post(func() {
			ps.preparing = false
			if ps.key != key {
				return
			}
			ps.Stepper = s
			v.addLog(fmt.Sprintf("Caught up with the layer build: %s steps taken at once; layer %d's queue holds the states its pattern moves reached.",
				toolkit.FormatCount(n), s.Cost()))
			v.stepState()
			v.stateButtons(v.Busy())
		})
		return nil
	}, func(err error) {
		ps.preparing = false
		if err != nil {
			ps.Narration.SetText("Cannot step this table: " + err.Error())
		}
		v.stateButtons(v.Busy())
	})
}

// showStateStep draws a step: the pseudocode line, the narration, the state
// on the pattern board and in the panel, its moves, the entry, the queues.
func (v *PDBView) showStateStep(st pdb.StateStep) {
	ps := v.States
	s := ps.Stepper
	tiles := s.Tiles()
	size := v.Part.Size
	ps.Code.Highlight(st.Line, st.Lines)
	text := narrateState(tiles, st, s.Entry(st.Rank))
	ps.Narration.SetText(text)
	v.addLog(text)
	v.sayStateBuild(s)
	var rows []fyne.CanvasObject
	switch st.Kind {
	case pdb.StepExpand:
		cells := stateCells(size, tiles, st.State)
		ps.State.Groups = v.Groups
		ps.State.SetCells(size, cells)
		ps.State.Show()
		v.Pattern.SetCells(size, cells)
		ps.stateInfo.SetText(fmt.Sprintf("State taken: cost %d, blank at %d. The blank's moves:", st.Cost, st.State.Blank))
		for _, m := range st.Moves {
			l := wrapped(moveText(st.Cost, m))
			switch {
			case m.Outcome == pdb.OutcomeSeen:
				l.Importance = widget.LowImportance
			case m.Cost == 0:
				l.Importance = widget.SuccessImportance
			default:
				l.Importance = widget.WarningImportance
			}
			rows = append(rows, l)
		}
		if st.Entry {
			ps.Entry.SetText(fmt.Sprintf("Entry written: table[%s] = %d.", placement(tiles, st.State)+blankAt(s.Fringe(), st.State), st.Cost))
		} else {
			ps.Entry.SetText(fmt.Sprintf("No entry written: this placement already holds %d (taken before with the blank elsewhere).", s.Entry(st.Rank)))
		}
	case pdb.StepLayer:
		ps.State.Hide()
		ps.stateInfo.SetText(fmt.Sprintf("Layer %d is done; layer %d begins.", st.Cost-1, st.Cost))
		ps.Entry.SetText("")
	case pdb.StepDone:
		ps.State.Hide()
		ps.stateInfo.SetText("The table is complete.")
		ps.Entry.SetText("")
		v.statesFinished()
	}
	ps.Moves.Objects = rows
	ps.Moves.Refresh()
	cost := s.Cost()
	ps.CurInfo.SetText(fmt.Sprintf("Current layer's queue (cost %d): %s state%s%s", cost, toolkit.FormatCount(uint64(s.CurrentLen())), toolkit.Plural(s.CurrentLen(), "", "s"), firstOnes(s.CurrentLen())))
	ps.NextInfo.SetText(fmt.Sprintf("Next layer's queue (cost %d): %s state%s%s", cost+1, toolkit.FormatCount(uint64(s.NextLen())), toolkit.Plural(s.NextLen(), "", "s"), firstOnes(s.NextLen())))
	v.setQueueBoards(ps.CurBoards, s.CurrentStates(pdbQueueBoards))
	v.setQueueBoards(ps.NextBoards, s.NextStates(pdbQueueBoards))
}

// statesFinished hands the table the state build completed to the view
// when the layer build has not made it.
func (v *PDBView) statesFinished() {
	t, err := v.States.Stepper.Table()
	if err != nil || v.Built[v.Group] != nil || v.Busy() {
		return
	}
	v.Built[v.Group] = t
	if v.Builder == nil {
		v.Layers[v.Group] = t.Layers()
	}
	v.Pattern.SetCells(v.Part.Size, v.patternCells(v.Group))
	v.refreshCharts()
	v.refreshSummary()
	v.allBuilt()
}

// setQueueBoards draws states of a queue as mini boards.
func (v *PDBView) setQueueBoards(box *fyne.Container, states []pdb.State) {
	var objs []fyne.CanvasObject
	if v.Part.Groups != nil && v.Group >= 0 {
		tiles := slices.Sorted(slices.Values(v.Part.Groups[v.Group]))
		for _, st := range states {
			objs = append(objs, widgets.NewMiniBoardView(v.Part.Size, stateCells(v.Part.Size, tiles, st), v.Groups))
		}
	}
	side := theme.Size(theme.SizeNameText) * 2 * widgets.MinSideCells(v.Part.Size)
	box.Layout = layout.NewGridWrapLayout(fyne.NewSize(side, side))
	box.Objects = objs
	box.Refresh()
}

// explainLayer narrates a layer step and highlights the layer loop (called
// by layerDone).
func (v *PDBView) explainLayer(u layerUpdate) {
	ps := v.States
	if ps == nil {
		return
	}
	if v.fringe {
		v.explainFringeLayer(u)
		return
	}
	var text string
	switch {
	case u.table != nil:
		ps.Code.Highlight(pdb.LineBuildReturn, []int{pdb.LineBuildWhile, pdb.LineBuildIfEmpty, pdb.LineBuildNextLayer, pdb.LineBuildReturn})
		text = fmt.Sprintf("Table %d is complete: the last layer's states reached no new state, so the next layer's queue stayed empty (%d cost layers).", u.group+1, len(u.layers))
	case u.stats.Cost == 0:
		ps.Code.Highlight(pdb.LineBuildQueues, []int{pdb.LineBuildProcedure, pdb.LineBuildInit, pdb.LineBuildQueues})
		text = fmt.Sprintf("Layer 0 at once: the goal placement with the blank in each of the %s cells it reaches by free moves (cost 0); one entry, table[goal] = 0.",
			toolkit.FormatCount(u.stats.States))
	default:
		ps.Code.Highlight(pdb.LineBuildNextLayer, []int{pdb.LineBuildWhile, pdb.LineBuildPop, pdb.LineBuildIfUnset, pdb.LineBuildWrite, pdb.LineBuildForMoves, pdb.LineBuildSkip,
			pdb.LineBuildIfFree, pdb.LineBuildPushCurrent, pdb.LineBuildElse, pdb.LineBuildPushNext, pdb.LineBuildIfEmpty, pdb.LineBuildNextLayer})
		text = fmt.Sprintf("Step layer ran the loop for every state of layer %d at once: layer %d holds %s abstract states and %s new placements, whose entries are %d.",
			u.stats.Cost-1, u.stats.Cost, toolkit.FormatCount(u.stats.States), toolkit.FormatCount(u.stats.New), u.stats.Cost)
	}
	ps.Narration.SetText(text)
	v.addLog(text)
}

// addLog appends a narration to the log, keeping the last pdbLogMax.
func (v *PDBView) addLog(text string) {
	ps := v.States
	ps.Log = append(ps.Log, text)
	if len(ps.Log) > PdbLogMax {
		ps.Log = append(ps.Log[:0], ps.Log[len(ps.Log)-PdbLogMax:]...)
	}
	v.refreshLog()
}

// refreshLog shows the log, the newest narration at the bottom.
func (v *PDBView) refreshLog() {
	ps := v.States
	objs := ps.LogBox.Objects
	for len(objs) < len(ps.Log) {
		l := wrapped("")
		objs = append(objs, l)
	}
	objs = objs[:len(ps.Log)]
	for i, text := range ps.Log {
		objs[i].(*widget.Label).SetText(text)
	}
	ps.LogBox.Objects = objs
	ps.LogBox.Refresh()
	ps.logScroll.ScrollToBottom()
}

// sayStateBuild makes the table's line and the status describe the
// state-by-state build s (not a layer build's "Table 1 is built").
func (v *PDBView) sayStateBuild(s *pdb.StateStepper) {
	if s.Done() {
		v.LayerInfo.SetText(fmt.Sprintf("Table %d, built state by state: %s states taken, %d cost layers.",
			v.Group+1, toolkit.FormatCount(s.Processed()), len(s.Layers())))
		v.setStatus("Step state (S) starts the state-by-state build again; Step layer (Space) or Run to end builds by layers.")
		return
	}
	v.LayerInfo.SetText(fmt.Sprintf("Table %d, state by state: layer cost %d, %s states taken so far.",
		v.Group+1, s.Cost(), toolkit.FormatCount(s.Processed())))
	v.setStatus("Step state (S) takes the next state, Play states plays them; Step layer (Space) or Run to end builds by layers.")
}
