package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// timelineCap bounds the recorded search events a teacher can step back
// through; older ones are dropped.
const timelineCap = 5000

// frontierSlots is the number of open-list entries (or children) drawn.
const frontierSlots = 6

// SearchSnap is what the panel shows for one recorded event.
type SearchSnap struct {
	// Trace is the event's trace: the select, expand, generate, duplicate,
	// prune, reopen, iteration or goal events it stands for, in order
	// (empty after a full-speed run, which records none).
	Trace    []search.TraceEvent
	Kind     search.EventKind
	Node     search.Node
	Children []search.Child
	open     []search.Node
	// openLen is the open list's size, counted (openKnown) while the
	// open overlay is on.
	openLen   int
	openKnown bool
	Bound     int
	Iteration int
	Stats     search.Stats
	// Frontiers are bidirectional BFS's frontier sizes: the start side's
	// and the goal side's (zero for the other algorithms).
	Frontiers [2]int
	moves     []board.Dir // the solution, once found
	path      []board.Dir // moves from the start to the current node
	Event     int         // 1-based number of the event
	Desc      string      // what happened, when not the event's usual text
}

// SearchPanel steps a search on the board of the puzzle view: algorithm
// and heuristic selectors, Step, Step back, Play/Pause at a speed, Run to
// end and Reset, the counters, the open list (or IDA*'s latest children) as
// mini boards, and the solution with an animated replay.
type SearchPanel struct {
	// Algorithm and heuristic; changing either resets the search.
	AlgorithmSelect *widget.Select
	HeuristicSelect *widget.Select
	// Params describes the chosen algorithm and holds the parameters it
	// takes (algparams.go); changing one resets the search.
	Params *AlgParams

	// Step controls and the play speed.
	StepButton  *widget.Button
	BackButton  *widget.Button
	PlayButton  *widget.Button
	RunButton   *widget.Button
	ResetButton *widget.Button
	SpeedSlider *widget.Slider
	SpeedLabel  *widget.Label

	// Counters, always in view.
	Expanded  *widget.Label
	Generated *widget.Label
	FGH       *widget.Label
	// FGHName titles FGH for the order the algorithm follows (f = g + h;
	// h for greedy search; the depth for breadth-first search).
	FGHName   *widget.Label
	Bound     *widget.Label
	Iteration *widget.Label
	// BoundName and IterationName title the last two counters: IDA*'s bound
	// and iteration, or for the other algorithms the nodes stored and the
	// peak size of the open list.
	BoundName     *widget.Label
	IterationName *widget.Label
	EventInfo     *widget.Label
	PathInfo      *toolkit.PathLabel // the moves from the start to the current node, in two lines
	// Status explains what happened (errors in red).
	Status *widget.Label
	// PDBStatus tells how the pattern database of the selected heuristic
	// is coming along (empty for heuristics without one); PDBProgress shows
	// it while it loads or builds. Both keep their room when empty.
	PDBStatus   *widget.Label
	PDBProgress *widget.ProgressBar
	// ShowH turns on the h overlay on the big board (searchoverlay.go);
	// HInfo, under it, states how h's parts add up.
	ShowH *widget.Check
	HInfo *widget.Label
	Hov   hOverlay
	// Show holds the "Show:" row's toggles by overlay name (overlays.go);
	// ShowRow lays them out.
	Show    map[string]*widget.Check
	ShowRow fyne.CanvasObject
	// HeuristicNote says, while breadth-first search is selected, that it
	// uses no heuristic (the heuristic selector is disabled then).
	HeuristicNote *widget.Label

	// FrontierTitle heads the mini boards of the open list (or children).
	FrontierTitle *widget.Label
	frontier      []*widgets.BoardView
	Captions      []*widget.Label
	FrontierBox   *fyne.Container

	// The solution's moves and its animated replay.
	Solution     *widget.Label
	ReplayButton *widget.Button
	ReplayInfo   *widget.Label
	solutionBox  *fyne.Container

	// Controls holds the selectors, the buttons (Buttons, a row that
	// wraps) and the speed; StatsBox the counters, the event and the path;
	// Details the status, the solution and the open list. The caller
	// places them.
	Controls fyne.CanvasObject
	Buttons  *fyne.Container
	StatsBox fyne.CanvasObject
	Details  fyne.CanvasObject

	// OfferBuild, set by the window, offers to build the pattern
	// database of partition p when Step, Space or Run to end finds the
	// heuristic's tables not built (catalog.NotBuilt).
	OfferBuild func(p pdb.Partition)

	// OnSpeed is called when the speed slider moves.
	OnSpeed func(stepsPerSecond float64)
	// RaceButton ("Race heuristics…") calls OnRace; the caller places it.
	RaceButton *widget.Button
	// OnRace, set by the window, opens the race view with the panel's
	// algorithm and heuristic in its first lane.
	OnRace func()
	// GIFButton ("Export GIF…") animates the solution or the search run
	// (animate_export.go); the caller places it. Window, set by the
	// caller, is where its dialogs go.
	GIFButton *widget.Button
	Window    func() fyne.Window
	Gif       *toolkit.GIFExporter

	ctx context.Context
	do  toolkit.DoFunc
	// Session holds the board to solve, its groups and the goal.
	Session *session.Session
	show    func(b board.Board, mark int)
	// showBoard is the view's own show, without the overlay's bookkeeping.
	showBoard  func(b board.Board, mark int)
	heuristics func(board.Size) []catalog.HeuristicOption
	// heuristicOpts are the options HeuristicSelect lists, in its order.
	heuristicOpts []catalog.HeuristicOption
	// waitsForPDB: Status shows that the selected heuristic's database is
	// not ready; refreshPDBStatus clears it once it is.
	waitsForPDB bool

	Stepper   *search.Stepper
	Timeline  *toolkit.Timeline[SearchSnap]
	Player    *toolkit.Player
	iteration int
	Events    int

	// runs runs the full-speed search (RunToEnd); runDone is the latest
	// run's done channel (tests and the demo mode wait on it).
	runs    *toolkit.JobRunner
	RunDone chan struct{}
	live    *catalog.LiveCounts // the stepper's progress reports

	// OnLive, when set, is called after the counters of a full-speed run
	// are redrawn (Demo).
	OnLive func(elapsed time.Duration)

	SolutionMoves []board.Dir
	Replay        *toolkit.Player
	ReplayAt      int

	// watchers run after what the panel shows changed (Watch).
	watchers []func()

	// tracer turns the stepper's events into trace events (node ids,
	// parents, pseudocode lines; core/search's trace.go); traceLog keeps
	// the latest traceCap of them. renderHooks run after each event shown
	// (stepping, Back, a run's end), resetHooks after Reset: the views
	// that explain the search (tree, pseudocode, narration) follow them.
	tracer      *search.Tracer
	traceLog    *search.TraceWindow
	renderHooks []func(SearchSnap)
	resetHooks  []func()
	// traceHooks run on the trace events of every event the search makes,
	// in order, whether it is drawn or passed over by a jump (the tree
	// model must see all of them: OnTrace).
	traceHooks []func([]search.TraceEvent)
	// beforeStep, when set, runs before the search advances by a new event
	// (not when a recorded one is shown again); returning true holds the
	// step (predict mode asks its question first: predict.go).
	beforeStep func() bool
}

// traceCap bounds the trace events kept for the views that explain the
// search; one step makes up to nine.
const traceCap = 4 * timelineCap

// NewSearchPanel returns a panel searching from the session's board towards
// its goal, restarting whenever either changes. show draws a board (with one
// cell outlined, or -1) on the big board; heuristics lists the heuristics for
// a board size.
func NewSearchPanel(ctx context.Context, do toolkit.DoFunc, sess *session.Session, speed float64,
	show func(board.Board, int), heuristics func(board.Size) []catalog.HeuristicOption) *SearchPanel {
	p := &SearchPanel{ctx: ctx, do: toolkit.OrFyneDo(do), Session: sess, show: show, heuristics: heuristics,
		Timeline: toolkit.NewTimeline[SearchSnap](timelineCap), traceLog: search.NewTraceWindow(traceCap)}
	p.runs = toolkit.NewJobRunner(ctx, p.do)
	p.initOverlay(show)
	p.Player = toolkit.NewPlayer(p.do, p.stepForPlay, func() { p.PlayButton.SetText("Play (P)"); p.Notify() })
	p.Replay = toolkit.NewPlayer(p.do, p.ReplayStep, func() { p.ReplayButton.SetText("Replay solution") })
	p.initSelects()
	p.initButtons(ctx, speed)
	p.initStats()
	p.initFrontier(sess)
	p.initSolution()
	p.initLayout()
	p.sessionChanged(session.Change{Board: true, Size: true})
	p.Session.Choose(p.choice()) // the first choice is where the window starts
	sess.Subscribe(p.sessionChanged)
	return p
}

// initSelects makes the algorithm and heuristic choices and the note
// beside the heuristic.
func (p *SearchPanel) initSelects() {
	algs := catalog.SearchAlgorithmOptions()
	// A parameter, like the algorithm, goes to the session first (Undo
	// takes it back).
	p.Params = newAlgParams(func() {
		if p.Expanded != nil && !p.Session.Choose(p.choice()) { // built
			p.Reset()
		}
	})
	p.HeuristicNote = newHeuristicNote()
	// A choice goes to the session first (Undo takes it back), which
	// tells this panel (sessionChanged); one it does not tell of still
	// resets the search.
	p.HeuristicSelect = widget.NewSelect(nil, func(string) {
		if !p.Session.Choose(p.choice()) {
			p.RefreshPDBStatus()
			p.Reset()
		}
	})
	p.AlgorithmSelect = widget.NewSelect(algs, func(string) {
		if p.Expanded != nil && !p.Session.Choose(p.choice()) { // built
			p.algorithmChanged()
		}
	})
	p.AlgorithmSelect.SetSelected(catalog.LabelOf(search.IDAStar))
	p.Params.follow(search.IDAStar)
}

// initButtons makes the step, play, run, reset, race and GIF buttons and
// the speed slider.
func (p *SearchPanel) initButtons(ctx context.Context, speed float64) {
	p.StepButton = widget.NewButton("Step (Space)", p.Step)
	p.StepButton.Importance = widget.HighImportance
	p.BackButton = widget.NewButton("Back", p.Back)
	p.PlayButton = widget.NewButton("Play (P)", p.TogglePlay)
	p.RunButton = widget.NewButton("Run to end", p.RunToEnd)
	p.ResetButton = widget.NewButton("Reset (R)", p.Reset)
	p.RaceButton = widget.NewButton("Race heuristics…", func() {
		if p.OnRace != nil {
			p.OnRace()
		}
	})
	p.Gif = toolkit.NewGIFExporter(ctx, p.do, func() fyne.Window {
		if p.Window == nil {
			return nil
		}
		return p.Window()
	}, p.SetStatus)
	p.GIFButton = widget.NewButton("Export GIF…", p.exportGIFDialog)
	p.SpeedLabel = widget.NewLabel("")
	p.SpeedSlider = widget.NewSlider(0, 1)
	p.SpeedSlider.Step = 0.01
	p.SpeedSlider.OnChanged = func(v float64) { p.SetSpeed(toolkit.SliderToSpeed(v)) }
	p.SpeedSlider.SetValue(toolkit.SpeedToSlider(speed))
	p.SetSpeed(speed)
}

// initStats makes the counters (expanded, generated, f=g+h, bound,
// iteration), the event and path lines and the status lines.
func (p *SearchPanel) initStats() {
	big := func() *widget.Label {
		l := widget.NewLabel("")
		l.TextStyle = fyne.TextStyle{Bold: true}
		l.SizeName = theme.SizeNameSubHeadingText
		return l
	}
	p.Expanded, p.Generated, p.FGH = big(), big(), big()
	p.Bound, p.Iteration = big(), big()
	p.EventInfo = widget.NewLabel("")
	p.EventInfo.Wrapping = fyne.TextWrapWord
	p.PathInfo = toolkit.NewPathLabel()
	p.Status = widget.NewLabel("")
	p.Status.Wrapping = fyne.TextWrapWord
	p.PDBStatus = widget.NewLabel("")
	// Wrapped: the line says in full what to do (build the 24-puzzle's
	// tables where, how long); its slot keeps the room of the longer of
	// it and the breadth-first note.
	p.PDBStatus.Wrapping = fyne.TextWrapWord
	p.PDBProgress = toolkit.NewProgressBar()
	p.PDBProgress.Hide()
	// Each counter keeps the room of the largest value a class sees while
	// stepping or playing, so the column, and the board beside it, stay
	// put while the numbers grow (TestBoardStaysPutWhileStepping).
	// All keep the same room, so that they line up in columns, three
	// where there is room and fewer at a large zoom.
	stat := func(name *widget.Label, v *widget.Label) fyne.CanvasObject {
		return container.New(layout.NewCustomPaddedVBoxLayout(0), name, toolkit.ReserveWidth(v, CounterSample, FGHSample))
	}
	p.BoundName, p.IterationName = widget.NewLabel("IDA* bound"), widget.NewLabel("Iteration")
	p.FGHName = widget.NewLabel(fghName(search.IDAStar))
	p.StatsBox = container.NewVBox(
		toolkit.NewColumns(3,
			stat(widget.NewLabel("Expanded"), p.Expanded), stat(widget.NewLabel("Generated"), p.Generated),
			stat(p.FGHName, p.FGH), stat(p.BoundName, p.Bound), stat(p.IterationName, p.Iteration)),
		p.EventInfo,
		p.PathInfo,
	)
}

// CounterSample and FGHSample are the widest counter and f = g + h the
// counters keep room for: hundreds of millions of nodes, f in the
// hundreds (the 24-puzzle's). A full-speed run may go beyond them.
const (
	CounterSample = "888,888,888"
	FGHSample     = "888 = 88 + 888"
)

// initFrontier makes the small boards of the open list.
func (p *SearchPanel) initFrontier(sess *session.Session) {
	p.FrontierTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.FrontierTitle.Wrapping = fyne.TextWrapWord // a long title must not widen the column
	var cells []fyne.CanvasObject
	for i := 0; i < frontierSlots; i++ {
		start := sess.Board()
		bv := widgets.NewMiniBoardView(start.Size(), start.Tiles(), sess.Groups())
		cap := widget.NewLabel("")
		cap.Alignment = fyne.TextAlignCenter
		cap.Wrapping = fyne.TextWrapWord // "... > 24: pruned" must not widen the column
		p.frontier = append(p.frontier, bv)
		p.Captions = append(p.Captions, cap)
		cells = append(cells, container.NewBorder(nil, cap, nil, nil, bv))
	}
	p.FrontierBox = toolkit.NewColumns(3, cells...) // fewer columns at a large zoom
}

// initSolution makes the solution line and its replay button.
func (p *SearchPanel) initSolution() {
	p.Solution = widget.NewLabel("")
	p.Solution.Wrapping = fyne.TextWrapBreak
	p.Solution.TextStyle = fyne.TextStyle{Monospace: true}
	p.ReplayButton = widget.NewButton("Replay solution", p.ToggleReplay)
	p.ReplayInfo = widget.NewLabel("")
	// The solution comes first once found, above the open list, so that it
	// is in view without scrolling.
	p.solutionBox = container.NewBorder(nil, nil, nil, container.NewHBox(p.ReplayInfo, p.ReplayButton), p.Solution)
	p.solutionBox.Hide()
}

// initLayout arranges the widgets into the Controls and Details boxes.
func (p *SearchPanel) initLayout() {
	// The buttons wrap into rows rather than push the window wider at a
	// large zoom.
	p.Buttons = toolkit.NewFlow(WithTip(p.StepButton, TipStep), WithTip(p.BackButton, TipBack),
		WithTip(p.PlayButton, TipPlay), WithTip(p.RunButton, TipRun), WithTip(p.ResetButton, TipReset))
	p.Controls = container.NewVBox(
		widget.NewLabelWithStyle("Search", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		toolkit.NewColumns(2, WithTip(p.AlgorithmSelect, TipAlgorithm), WithTip(p.HeuristicSelect, TipHeuristic)), // one above the other at a large zoom
		p.Params.Box,
		WithTip(p.ShowH, TipShowH),
		p.ShowRow,
		p.Hov.Box,
		// The line and the bar beside it share one row that keeps its
		// height while they are hidden or empty.
		container.NewBorder(nil, nil, nil, container.New(toolkit.EmsWide{Ems: 10}, p.PDBProgress),
			container.New(toolkit.SlotLayout{Stacked: true}, p.PDBStatus, p.HeuristicNote)),
		p.Buttons,
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), p.SpeedLabel, p.SpeedSlider),
	)
	p.Details = container.NewVBox(
		p.Status,
		p.solutionBox,
		p.FrontierTitle,
		p.FrontierBox,
	)
}

func (p *SearchPanel) SetSpeed(s float64) {
	p.Player.SetSpeed(s)
	p.Replay.SetSpeed(s)
	p.SpeedLabel.SetText(fmt.Sprintf("%.1f steps/s", p.Player.Speed()))
	if p.OnSpeed != nil {
		p.OnSpeed(p.Player.Speed())
	}
}

// sessionChanged restarts the search on the session's board and goal,
// offering the heuristics anew when the size or the goal changed.
func (p *SearchPanel) sessionChanged(c session.Change) {
	if c.Search { // an undo or redo: show the session's choice
		ch := p.Session.Choice()
		showSelected(p.AlgorithmSelect, ch.Algorithm)
		showSelected(p.HeuristicSelect, ch.Heuristic) // kept below if offered
		if v, ok := parseParamsKey(ch.Params); ok {
			p.Params.Set(v)
		}
	}
	if c.Size || c.Goal || c.Search || len(p.HeuristicSelect.Options) == 0 {
		p.RefreshHeuristics()
		p.RefreshPDBStatus()
	}
	if c.Search {
		p.algorithmChanged() // resets
		return
	}
	p.Reset()
}

// choice returns the algorithm, heuristic and parameters the selectors
// show.
func (p *SearchPanel) choice() session.Choice {
	return session.Choice{Algorithm: p.AlgorithmSelect.Selected, Heuristic: p.HeuristicSelect.Selected,
		Params: paramsKey(p.Params.Values())}
}

// RefreshHeuristics fills the heuristic selector for the board size, keeping
// the selection when it still exists.
func (p *SearchPanel) RefreshHeuristics() {
	opts := p.heuristics(p.Session.Board().Size())
	labels := make([]string, len(opts))
	keep := ""
	for i, o := range opts {
		labels[i] = o.Label
		if o.Label == p.HeuristicSelect.Selected {
			keep = o.Label
		}
	}
	p.HeuristicSelect.Options = labels
	p.heuristicOpts = opts
	if keep == "" && len(labels) > 0 {
		// The preset pattern database when there is one, else Manhattan
		// (heuristicOptions marks which).
		keep = labels[0]
		for _, o := range opts {
			if o.IsDefault {
				keep = o.Label
			}
		}
	}
	p.HeuristicSelect.Selected = keep
	p.HeuristicSelect.Refresh()
	p.Session.NoteChoice(p.choice())
	p.redrawOverlay() // a database may have become ready
}

// SelectHeuristic selects a heuristic by its name in any spelling of the
// registry ("manhattan", "lc", "pdb:663+reflect"), as the command line takes it.
func (p *SearchPanel) SelectHeuristic(name string) error {
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		return err
	}
	for _, o := range p.heuristics(p.Session.Board().Size()) {
		if o.Short == spec.String() {
			p.HeuristicSelect.SetSelected(o.Label)
			return nil
		}
	}
	return fmt.Errorf("no heuristic %s for %s boards", spec, p.Session.Board().Size())
}

// Algorithm returns the selected algorithm.
func (p *SearchPanel) Algorithm() search.Algorithm {
	return catalog.SelectedAlgorithm(p.AlgorithmSelect)
}
