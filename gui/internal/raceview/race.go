package raceview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// raceMaxLanes is the most searches a race runs side by side.
const raceMaxLanes = 3

// raceLaneChoices label the lane-count selector; the index plus two is the
// count.
var raceLaneChoices = []string{"2 lanes", "3 lanes"}

// raceGreen marks the winner: a frame around its lane and the ground of its
// badge, whose white bold text reads on it in the light and the dark theme.
var raceGreen = color.NRGBA{R: 0x1e, G: 0x7a, B: 0x34, A: 0xff} // white on it: 5.4:1

// laneState is where a lane's search is.
type laneState uint8

const (
	laneIdle      laneState = iota // no search started
	laneSearching                  // stepped or running, not finished
	laneSolved                     // reached the goal
	laneFailed                     // stopped by a limit or an error
	laneCancelled                  // a live run was cancelled
)

// RaceLane is one search of a race: its algorithm and heuristic, the board
// it is at, its counters and its status line.
type RaceLane struct {
	// Algorithm (any of the search chapter's twelve) and heuristic;
	// changing either resets the race.
	AlgorithmSelect *widget.Select
	HeuristicSelect *widget.Select
	// Params are the parameters the lane's algorithm takes (weight, depth
	// limit, cycle check, node budget); changing one resets the race.
	Params *catalog.ParamsForm
	// Board shows the node the search is at (the start before it runs).
	Board *widgets.BoardView
	// Counters: nodes expanded and generated, f = g + h of the node shown,
	// IDA*'s bound and iteration (or the nodes stored and the peak size of
	// the open list), and the time of a live run.
	Expanded, Generated, FGH, Bound, Iteration, Elapsed *widget.Label
	// BoundName and IterationName title the fourth and fifth counters.
	BoundName, IterationName *widget.Label
	// Status says solved, running, or why the lane stopped.
	Status *widget.Label
	// Badge marks the winner (hidden otherwise), white on green.
	Badge *canvas.Text

	frame    *canvas.Rectangle // outlines the winner
	badgeBox fyne.CanvasObject // the badge on its green ground
	Box      fyne.CanvasObject
	opts     []catalog.HeuristicOption // what HeuristicSelect lists, in its order

	Stepper   *search.Stepper
	live      *catalog.LiveCounts
	State     laneState
	err       error
	iteration int           // IDA* passes begun while stepping
	Moves     int           // solution length, once solved
	elapsed   time.Duration // search time, once finished
}

// RaceView races two or three searches on the session's board side by
// side: in lockstep (Step, Play) or live in the background, at a pace a
// class can follow or at full speed, with counters under each board and the lane that
// generated the fewest nodes marked the winner.
type RaceView struct {
	// LaneCount chooses two or three lanes.
	LaneCount *widget.Select
	// Controls.
	StepButton   *widget.Button
	PlayButton   *widget.Button
	RunButton    *widget.Button
	CancelButton *widget.Button
	ResetButton  *widget.Button
	// SpeedSelect chooses the pace of Play and Run live (raceSpeeds);
	// SpeedLabel says what it means.
	SpeedSelect *widget.Select
	SpeedLabel  *widget.Label
	// Title names the board raced; Verdict says who won and by how much.
	Title   *widget.Label
	Verdict *widget.Label
	// Lanes are all the lanes; the first LaneCount are shown and raced.
	Lanes []*RaceLane
	// Content is the view's tab content.
	Content fyne.CanvasObject

	ctx        context.Context
	do         toolkit.DoFunc
	session    *session.Session
	heuristics func(board.Size) []catalog.HeuristicOption
	// MemoryLimit is what the lanes' A*, greedy and BFS searches share.
	MemoryLimit int64
	budget      *search.MemoryBudget // the current race's, made with its steppers
	lanes       int
	grid        *fyne.Container
	Player      *toolkit.Player
	// Runs runs the live race; runDone is its done channel (tests and the
	// demo wait on it).
	Runs    *toolkit.JobRunner
	RunDone chan struct{}
	// liveRace reports whether the lanes last ran live (times are shown).
	liveRace bool
	// OnFinished, when set, is called after a live race ends (Demo).
	OnFinished func()
	// playStart is when Play last started, playDone the expansions per
	// lane it has asked for since (Play keeps the pace on the clock).
	playStart time.Time
	playDone  int
}

// NewRaceView returns a race on the session's board, reset whenever the
// board or goal changes. heuristics lists the heuristics for a board size.
func NewRaceView(ctx context.Context, do toolkit.DoFunc, sess *session.Session, heuristics func(board.Size) []catalog.HeuristicOption) *RaceView {
	r := &RaceView{ctx: ctx, do: toolkit.OrFyneDo(do), session: sess, heuristics: heuristics,
		MemoryLimit: catalog.SearchMemoryLimit, lanes: raceMaxLanes}
	r.Runs = toolkit.NewJobRunner(ctx, r.do)
	r.Player = toolkit.NewPlayer(r.do, r.stepForPlay, func() { r.PlayButton.SetText("Play (P)") })

	r.LaneCount = widget.NewSelect(raceLaneChoices, func(string) { r.setLaneCount(r.LaneCount.SelectedIndex() + 2) })
	r.LaneCount.Selected = raceLaneChoices[raceMaxLanes-2]
	r.StepButton = widget.NewButton("Step (Space)", r.Step)
	r.StepButton.Importance = widget.HighImportance
	r.PlayButton = widget.NewButton("Play (P)", r.TogglePlay)
	r.RunButton = widget.NewButton("Run live", r.RunLive)
	r.CancelButton = widget.NewButton("Cancel", r.Cancel)
	r.ResetButton = widget.NewButton("Reset (R)", r.Reset)
	r.SpeedLabel = widget.NewLabel("")
	var paces []string
	for _, p := range raceSpeeds {
		paces = append(paces, p.Label)
	}
	r.SpeedSelect = widget.NewSelect(paces, func(string) { r.ShowSpeed() })
	r.SpeedSelect.Selected = paces[raceDefaultSpeed]
	r.Title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.Title.Truncation = fyne.TextTruncateEllipsis
	r.Verdict = widget.NewLabel("")
	r.Verdict.Wrapping = fyne.TextWrapWord
	r.Verdict.TextStyle = fyne.TextStyle{Bold: true}

	var boxes []fyne.CanvasObject
	for i := range raceMaxLanes {
		l := r.newLane(i)
		r.Lanes = append(r.Lanes, l)
		boxes = append(boxes, l.Box)
	}
	r.grid = container.New(layout.NewGridLayoutWithColumns(raceMaxLanes), boxes...)
	// The controls wrap into rows rather than push the window wider at a large zoom.
	controls := toolkit.NewFlowAligned(toolkit.FlowStretch, controlHelp.WithTip(r.LaneCount, TipLanes), controlHelp.WithTip(r.StepButton, TipStep),
		controlHelp.WithTip(r.PlayButton, TipPlay), controlHelp.WithTip(r.RunButton, TipRun), controlHelp.WithTip(r.CancelButton, TipCancel),
		controlHelp.WithTip(r.ResetButton, TipReset), controlHelp.WithTip(r.SpeedSelect, TipSpeed), r.SpeedLabel) // tips.go
	// The lanes scroll when a large zoom makes them wider or taller than the
	// window; the controls and the verdict stay in view.
	r.Content = container.NewBorder(
		container.NewVBox(controls, r.Title),
		r.Verdict, nil, nil, container.NewScroll(r.grid))

	r.refreshHeuristics()
	r.Reset()
	sess.Subscribe(r.sessionChanged)
	return r
}

// newLane builds lane i's widgets.
func (r *RaceView) newLane(i int) *RaceLane {
	l := &RaceLane{}
	l.HeuristicSelect = widget.NewSelect(nil, func(string) { r.Reset() })
	l.Params = catalog.NewParamsForm(false, func(param string, s *widget.Select) fyne.CanvasObject {
		return controlHelp.WithTip(s, param) // tips.go names the tips after the parameters
	}, toolkit.NewFlow, r.Reset)
	l.AlgorithmSelect = widget.NewSelect(catalog.SearchAlgorithmOptions(), func(string) {
		l.algorithmChanged()
		r.Reset()
	})
	l.AlgorithmSelect.Selected = catalog.LabelOf(search.IDAStar)
	start := r.session.Board()
	// A mini board: it fills the lane like a large one, but asks for less
	// room, so three lanes fit at a large zoom.
	l.Board = widgets.NewMiniBoardView(start.Size(), start.Tiles(), r.session.Groups())

	value := func() *widget.Label {
		l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		l.SizeName = theme.SizeNameSubHeadingText
		return l
	}
	l.Expanded, l.Generated, l.FGH = value(), value(), value()
	l.Bound, l.Iteration, l.Elapsed = value(), value(), value()
	l.BoundName, l.IterationName = widget.NewLabel("IDA* bound"), widget.NewLabel("Iteration")
	stat := func(name fyne.CanvasObject, v *widget.Label) fyne.CanvasObject {
		return container.New(layout.NewCustomPaddedVBoxLayout(0), name, v)
	}
	counters := container.NewGridWithColumns(3,
		stat(widget.NewLabel("Expanded"), l.Expanded), stat(widget.NewLabel("Generated"), l.Generated),
		stat(widget.NewLabel("f = g + h"), l.FGH), stat(l.BoundName, l.Bound), stat(l.IterationName, l.Iteration),
		stat(widget.NewLabel("Time"), l.Elapsed))
	l.Status = widget.NewLabel("")
	l.Status.Wrapping = fyne.TextWrapWord
	l.Badge = canvas.NewText("", color.White)
	l.Badge.TextStyle = fyne.TextStyle{Bold: true}
	l.Badge.Alignment = fyne.TextAlignCenter
	ground := canvas.NewRectangle(raceGreen)
	ground.CornerRadius = 4
	l.badgeBox = container.NewStack(ground, container.NewPadded(l.Badge))
	l.badgeBox.Hide()

	head := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabelWithStyle(fmt.Sprintf("Lane %d", i+1), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), l.badgeBox),
		container.NewGridWithColumns(2, controlHelp.WithTip(l.AlgorithmSelect, TipAlgorithm), controlHelp.WithTip(l.HeuristicSelect, TipHeuristic)),
		l.Params.Box)
	l.frame = canvas.NewRectangle(color.Transparent)
	l.frame.StrokeColor = raceGreen
	l.frame.StrokeWidth = 4
	l.frame.CornerRadius = 6
	l.frame.Hide()
	lane := container.NewBorder(head, container.NewVBox(counters, l.Status), nil, nil, l.Board)
	l.Box = container.NewStack(l.frame, container.NewPadded(lane))
	return l
}

// Shown returns the lanes being raced.
func (r *RaceView) Shown() []*RaceLane { return r.Lanes[:r.lanes] }

// setLaneCount races n lanes (2 or 3) and resets the race.
func (r *RaceView) setLaneCount(n int) {
	n = min(max(n, 2), raceMaxLanes)
	if n == r.lanes {
		return
	}
	r.lanes = n
	for i, l := range r.Lanes {
		if i < n {
			l.Box.Show()
		} else {
			l.Box.Hide()
		}
	}
	r.grid.Layout = layout.NewGridLayoutWithColumns(n)
	r.grid.Refresh()
	r.Reset()
}

// sessionChanged resets the race on the session's new board or goal.
func (r *RaceView) sessionChanged(c session.Change) {
	if c.Size {
		r.defaultHeuristics()
	} else if c.Goal {
		r.refreshHeuristics()
	}
	r.Reset()
}

// raceDefaults names the heuristics the lanes start with (by their short
// names): on the 8-puzzle and smaller boards Hamming, Manhattan and linear
// conflict, a ladder from weak to strong that finishes in moments; on
// larger boards Manhattan, linear conflict and the preset pattern database
// (Hamming takes too long there). On the 24-puzzle the preset (6-6-6-6,
// 510 MB) is raced only once it is loaded; until then the ladder.
func raceDefaults(s board.Size, opts []catalog.HeuristicOption) []string {
	if s.W*s.H > 9 {
		for _, o := range opts {
			if s.Cells() > board.SmallCells && o.Database != nil && !o.Database().Ready {
				continue
			}
			if o.IsDefault && o.Short != "manhattan" {
				return []string{"manhattan", "linear-conflict", o.Short}
			}
		}
	}
	return []string{"hamming", "manhattan", "linear-conflict"}
}

// RefreshHeuristics offers the heuristics for the board's size and goal
// (and any database built since) in every lane, keeping each lane's choice
// when it is still offered.
func (r *RaceView) RefreshHeuristics() { r.refreshHeuristics() }

// defaultHeuristics gives the lanes the default heuristics for the board's
// size (raceDefaults).
func (r *RaceView) defaultHeuristics() {
	for _, l := range r.Lanes {
		l.HeuristicSelect.Selected = ""
	}
	r.refreshHeuristics()
}

func (r *RaceView) refreshHeuristics() {
	opts := r.heuristics(r.session.Board().Size())
	labels := make([]string, len(opts))
	for i, o := range opts {
		labels[i] = o.Label
	}
	defaults := raceDefaults(r.session.Board().Size(), opts)
	for i, l := range r.Lanes {
		keep := ""
		for _, o := range opts {
			if o.Label == l.HeuristicSelect.Selected {
				keep = o.Label
			}
		}
		if keep == "" {
			keep = labelOf(opts, defaults[i])
		}
		if keep == "" && len(labels) > 0 {
			keep = labels[0]
		}
		l.opts = opts
		l.HeuristicSelect.Options = labels
		l.HeuristicSelect.Selected = keep
		l.HeuristicSelect.Refresh()
	}
}

// labelOf returns the label of the option named short, or "".
func labelOf(opts []catalog.HeuristicOption, short string) string {
	for _, o := range opts {
		if o.Short == short {
			return o.Label
		}
	}
	return ""
}

// Configure sets lane 1 to an algorithm and heuristic (by their labels in
// the selectors, as the search tab shows them) and fills the other lanes
// with the same algorithm (A* when it uses no heuristic, which leaves
// nothing to race) and the default heuristics lane 1 does not already
// use; every lane gets the default parameters. The race is reset.
func (r *RaceView) Configure(algorithm, heuristic string) {
	r.ConfigureWith(algorithm, heuristic, catalog.DefaultAlgorithmParams)
}

// ConfigureWith is Configure with the algorithm's parameters p (the search
// tab's) in every lane.
func (r *RaceView) ConfigureWith(algorithm, heuristic string, p catalog.AlgorithmParams) {
	r.refreshHeuristics()
	first := r.Lanes[0]
	if _, ok := catalog.AlgorithmByLabel(algorithm); ok {
		first.AlgorithmSelect.Selected = algorithm
	}
	if heuristic != "" {
		for _, o := range first.opts {
			if o.Label == heuristic {
				first.HeuristicSelect.Selected = heuristic
			}
		}
	}
	alg := first.AlgorithmSelect.Selected
	if !catalog.SelectedAlgorithm(first.AlgorithmSelect).UsesHeuristic() {
		alg = catalog.LabelOf(search.AStar)
	}
	var rest []string
	for _, short := range raceDefaults(r.session.Board().Size(), first.opts) {
		if l := labelOf(first.opts, short); l != "" && l != first.HeuristicSelect.Selected {
			rest = append(rest, l)
		}
	}
	for i, l := range r.Lanes[1:] {
		l.AlgorithmSelect.Selected = alg
		if i < len(rest) {
			l.HeuristicSelect.Selected = rest[i]
		}
	}
	for _, l := range r.Lanes {
		l.Params.Set(p)
		l.AlgorithmSelect.Refresh()
		l.HeuristicSelect.Refresh()
		l.algorithmChanged()
	}
	r.Reset()
}

// laneName names lane i in the verdict: its heuristic, with the algorithm
// when the lanes use different ones, and the lane's number when two lanes
// would read the same.
func (r *RaceView) laneName(i int) string {
	name := func(l *RaceLane, withAlg bool) string {
		alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
		label := l.AlgorithmSelect.Selected
		if d := l.Params.Values().Describe(alg); d != "" {
			label += " (" + d + ")"
		}
		if !alg.UsesHeuristic() {
			return label
		}
		if withAlg {
			return label + " with " + l.HeuristicSelect.Selected
		}
		return l.HeuristicSelect.Selected
	}
	lanes := r.Shown()
	withAlg := false
	for _, l := range lanes {
		if l.AlgorithmSelect.Selected != lanes[0].AlgorithmSelect.Selected ||
			l.Params.Values().Describe(catalog.SelectedAlgorithm(l.AlgorithmSelect)) != lanes[0].Params.Values().Describe(catalog.SelectedAlgorithm(lanes[0].AlgorithmSelect)) {
			withAlg = true
		}
	}
	n := name(lanes[i], withAlg)
	for j, l := range lanes {
		if j != i && name(l, withAlg) == n {
			return fmt.Sprintf("%s (lane %d)", n, i+1)
		}
	}
	return n
}

// algorithmChanged shows the parameters the lane's algorithm takes, and
// its heuristic selector only when the algorithm uses one.
func (l *RaceLane) algorithmChanged() {
	alg := catalog.SelectedAlgorithm(l.AlgorithmSelect)
	l.Params.Follow(alg)
	toolkit.Enable(l.HeuristicSelect, alg.UsesHeuristic())
}

// config is the lane's search: its algorithm with the parameters it takes,
// towards goal, stopped at raceNodeLimit generated nodes.
func (l *RaceLane) config(goal board.Goal, budget *search.MemoryBudget) search.Config {
	cfg := search.Config{Algorithm: catalog.SelectedAlgorithm(l.AlgorithmSelect), Goal: goal, Budget: budget, NodeLimit: raceNodeLimit}
	l.Params.Values().Apply(&cfg)
	return cfg
}

// raceNodeLimit stops a lane that would otherwise never end (depth-first
// search without a depth limit going round a cycle of boards) at full
// speed: it says so in its status. No lane that finishes in a lecture comes
// near it.
const raceNodeLimit = 200_000_000

// iterative reports whether alg runs in passes with a rising bound (IDA*:
// on f; iterative deepening: on the depth), whose bound and pass the
// lane's counters show.
func iterative(alg search.Algorithm) bool { return alg == search.IDAStar || alg == search.IDDFS }
