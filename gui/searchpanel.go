package gui

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Limits of the searches the GUI runs, so that a class never waits on a
// frozen or swapping machine: A*, greedy search and BFS stop with a clear
// message before they use more memory than this.
const searchMemoryLimit = 768 << 20

// timelineCap bounds the recorded search events a teacher can step back
// through; older ones are dropped.
const timelineCap = 5000

// frontierSlots is the number of open-list entries (or children) drawn.
const frontierSlots = 6

// heuristicOption is one entry of the heuristic selector.
type heuristicOption struct {
	label string
	// short names the heuristic in tables and charts ("manhattan", "pdb:663").
	short string
	// isDefault marks the option selected when nothing else is.
	isDefault bool
	// build makes the heuristic; it fails, for example, while a pattern
	// database is still being built.
	build func() (search.Heuristic, error)
}

// algorithmLabels names the algorithms in the selector.
var algorithmLabels = []struct {
	alg   search.Algorithm
	label string
}{
	{search.IDAStar, "IDA*"},
	{search.AStar, "A*"},
	{search.BFS, "Breadth-first"},
	{search.Greedy, "Greedy best-first"},
}

// searchSnap is what the panel shows for one recorded event.
type searchSnap struct {
	kind      search.EventKind
	node      search.Node
	children  []search.Child
	open      []search.Node
	bound     int
	iteration int
	stats     search.Stats
	moves     []board.Dir // the solution, once found
	path      []board.Dir // moves from the start to the current node
	event     int         // 1-based number of the event
	desc      string      // what happened, when not the event's usual text
}

// SearchPanel steps a search on the board of the puzzle view: algorithm
// and heuristic selectors, Step, Step back, Play/Pause at a speed, Run to
// end and Reset, the counters, the open list (or IDA*'s latest children) as
// mini boards, and the solution with an animated replay.
type SearchPanel struct {
	// Algorithm and heuristic; changing either resets the search.
	AlgorithmSelect *widget.Select
	HeuristicSelect *widget.Select

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
	Bound     *widget.Label
	Iteration *widget.Label
	// BoundName and IterationName title the last two counters: IDA*'s bound
	// and iteration, or for the other algorithms the nodes stored and the
	// peak size of the open list.
	BoundName     *widget.Label
	IterationName *widget.Label
	EventInfo     *widget.Label
	PathInfo      *widget.Label // the moves from the start to the current node
	// Status explains what happened (errors in red).
	Status *widget.Label
	// PDBStatus tells how the preset pattern database for the board size is
	// coming along; PDBProgress shows it while it loads or builds.
	PDBStatus   *widget.Label
	PDBProgress *widget.ProgressBar

	// FrontierTitle heads the mini boards of the open list (or children).
	FrontierTitle *widget.Label
	frontier      []*BoardView
	captions      []*widget.Label
	frontierBox   *fyne.Container

	// The solution's moves and its animated replay.
	Solution     *widget.Label
	ReplayButton *widget.Button
	ReplayInfo   *widget.Label
	solutionBox  *fyne.Container

	// StatsBox holds the counters; Controls holds everything else.
	StatsBox fyne.CanvasObject
	Controls fyne.CanvasObject

	// OnSpeed is called when the speed slider moves.
	OnSpeed func(stepsPerSecond float64)

	ctx        context.Context
	do         doFunc
	start      board.Board
	goal       board.Goal
	groups     func() Groups
	show       func(b board.Board, mark int)
	heuristics func(board.Size) []heuristicOption

	stepper   *search.Stepper
	timeline  *Timeline[searchSnap]
	player    *Player
	iteration int
	events    int

	runCancel context.CancelFunc
	runDone   chan struct{}
	runGen    int
	live      *liveCounts // the stepper's progress reports

	// onLive, when set, is called after the counters of a full-speed run
	// are redrawn (Demo).
	onLive func(elapsed time.Duration)

	solution []board.Dir
	replay   *Player
	replayAt int
}

// NewSearchPanel returns a panel searching from start. show draws a board
// (with one cell outlined, or -1) on the big board; heuristics lists the
// heuristics for a board size; groups gives the tile colours.
func NewSearchPanel(ctx context.Context, do doFunc, start board.Board, speed float64,
	show func(board.Board, int), groups func() Groups, heuristics func(board.Size) []heuristicOption) *SearchPanel {
	p := &SearchPanel{ctx: ctx, do: orFyneDo(do), start: start, goal: defaultGoal, show: show, groups: groups, heuristics: heuristics,
		timeline: NewTimeline[searchSnap](timelineCap)}
	p.player = NewPlayer(p.do, p.stepForPlay, func() { p.PlayButton.SetText("Play (P)") })
	p.replay = NewPlayer(p.do, p.replayStep, func() { p.ReplayButton.SetText("Replay solution") })

	var algs []string
	for _, a := range algorithmLabels {
		algs = append(algs, a.label)
	}
	p.AlgorithmSelect = widget.NewSelect(algs, func(string) { p.Reset() })
	p.AlgorithmSelect.SetSelected(algs[0])
	p.HeuristicSelect = widget.NewSelect(nil, func(string) { p.Reset() })

	p.StepButton = widget.NewButton("Step (Space)", p.Step)
	p.StepButton.Importance = widget.HighImportance
	p.BackButton = widget.NewButton("Back", p.Back)
	p.PlayButton = widget.NewButton("Play (P)", p.TogglePlay)
	p.RunButton = widget.NewButton("Run to end", p.RunToEnd)
	p.ResetButton = widget.NewButton("Reset (R)", p.Reset)
	p.SpeedLabel = widget.NewLabel("")
	p.SpeedSlider = widget.NewSlider(0, 1)
	p.SpeedSlider.Step = 0.01
	p.SpeedSlider.OnChanged = func(v float64) { p.setSpeed(sliderToSpeed(v)) }
	p.SpeedSlider.SetValue(speedToSlider(speed))
	p.setSpeed(speed)

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
	p.PathInfo = widget.NewLabel("")
	p.PathInfo.Wrapping = fyne.TextWrapWord
	p.Status = widget.NewLabel("")
	p.Status.Wrapping = fyne.TextWrapWord
	p.PDBStatus = widget.NewLabel("")
	p.PDBStatus.Wrapping = fyne.TextWrapWord
	p.PDBProgress = widget.NewProgressBar()
	p.PDBProgress.Hide()
	stat := func(name *widget.Label, v *widget.Label) fyne.CanvasObject {
		return container.New(layout.NewCustomPaddedVBoxLayout(0), name, v)
	}
	p.BoundName, p.IterationName = widget.NewLabel("IDA* bound"), widget.NewLabel("Iteration")
	p.StatsBox = container.NewVBox(
		container.NewGridWithColumns(3,
			stat(widget.NewLabel("Expanded"), p.Expanded), stat(widget.NewLabel("Generated"), p.Generated),
			stat(widget.NewLabel("f = g + h"), p.FGH), stat(p.BoundName, p.Bound), stat(p.IterationName, p.Iteration)),
		p.EventInfo,
		p.PathInfo,
	)

	p.FrontierTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	var cells []fyne.CanvasObject
	for i := 0; i < frontierSlots; i++ {
		bv := NewMiniBoardView(start.Size(), start.Tiles(), groups())
		cap := widget.NewLabel("")
		cap.Alignment = fyne.TextAlignCenter
		p.frontier = append(p.frontier, bv)
		p.captions = append(p.captions, cap)
		cells = append(cells, container.NewBorder(nil, cap, nil, nil, bv))
	}
	p.frontierBox = container.NewGridWithColumns(3, cells...)

	p.Solution = widget.NewLabel("")
	p.Solution.Wrapping = fyne.TextWrapBreak
	p.Solution.TextStyle = fyne.TextStyle{Monospace: true}
	p.ReplayButton = widget.NewButton("Replay solution", p.ToggleReplay)
	p.ReplayInfo = widget.NewLabel("")
	// The solution comes first once found, above the open list, so that it
	// is in view without scrolling.
	p.solutionBox = container.NewBorder(nil, nil, nil, container.NewHBox(p.ReplayInfo, p.ReplayButton), p.Solution)
	p.solutionBox.Hide()

	p.Controls = container.NewVBox(
		widget.NewLabelWithStyle("Search", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, p.AlgorithmSelect, p.HeuristicSelect),
		p.PDBProgress,
		p.PDBStatus,
		container.NewGridWithColumns(5, p.StepButton, p.BackButton, p.PlayButton, p.RunButton, p.ResetButton),
		container.NewBorder(nil, nil, widget.NewLabel("Speed"), p.SpeedLabel, p.SpeedSlider),
		p.Status,
		p.solutionBox,
		p.FrontierTitle,
		p.frontierBox,
	)
	p.SetStart(start)
	return p
}

func (p *SearchPanel) setSpeed(s float64) {
	p.player.SetSpeed(s)
	p.replay.SetSpeed(s)
	p.SpeedLabel.SetText(fmt.Sprintf("%.1f steps/s", p.player.Speed()))
	if p.OnSpeed != nil {
		p.OnSpeed(p.player.Speed())
	}
}

// SetGoal makes g the goal; the caller then gives a board for it (SetStart)
// and the heuristics are offered anew.
func (p *SearchPanel) SetGoal(g board.Goal) {
	p.goal = g
	p.Reset()
}

// SetStart makes b the board to solve and resets the search.
func (p *SearchPanel) SetStart(b board.Board) {
	sizeChanged := b.Size() != p.start.Size() || len(p.HeuristicSelect.Options) == 0
	p.start = b
	if sizeChanged {
		p.refreshHeuristics()
	}
	p.Reset()
}

// refreshHeuristics fills the heuristic selector for the board size, keeping
// the selection when it still exists.
func (p *SearchPanel) refreshHeuristics() {
	opts := p.heuristics(p.start.Size())
	labels := make([]string, len(opts))
	keep := ""
	for i, o := range opts {
		labels[i] = o.label
		if o.label == p.HeuristicSelect.Selected {
			keep = o.label
		}
	}
	p.HeuristicSelect.Options = labels
	if keep == "" && len(labels) > 0 {
		// The preset pattern database when there is one, else Manhattan
		// (heuristicOptions marks which).
		keep = labels[0]
		for _, o := range opts {
			if o.isDefault {
				keep = o.label
			}
		}
	}
	p.HeuristicSelect.Selected = keep
	p.HeuristicSelect.Refresh()
}

// SelectHeuristic selects a heuristic by its name in any spelling of the
// registry ("manhattan", "lc", "pdb:663+reflect"), as the command line takes it.
func (p *SearchPanel) SelectHeuristic(name string) error {
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		return err
	}
	for _, o := range p.heuristics(p.start.Size()) {
		if o.short == spec.String() {
			p.HeuristicSelect.SetSelected(o.label)
			return nil
		}
	}
	return fmt.Errorf("no heuristic %s for %s boards", spec, p.start.Size())
}

// algorithm returns the selected algorithm.
func (p *SearchPanel) algorithm() search.Algorithm {
	for _, a := range algorithmLabels {
		if a.label == p.AlgorithmSelect.Selected {
			return a.alg
		}
	}
	return search.IDAStar
}

// running reports whether a full-speed run is under way.
func (p *SearchPanel) running() bool { return p.runCancel != nil }

// ensureStepper creates the search on the first step.
func (p *SearchPanel) ensureStepper() bool {
	if p.stepper != nil {
		return true
	}
	cfg := search.Config{Algorithm: p.algorithm(), Goal: p.goal, MemoryLimit: searchMemoryLimit}
	if cfg.Algorithm != search.BFS {
		var opt *heuristicOption
		for _, o := range p.heuristics(p.start.Size()) {
			if o.label == p.HeuristicSelect.Selected {
				opt = &o
				break
			}
		}
		if opt == nil {
			p.setStatus("Pick a heuristic first.", true)
			return false
		}
		h, err := opt.build()
		if err != nil {
			p.setStatus(err.Error(), true)
			return false
		}
		cfg.Heuristic = h
	}
	live := &liveCounts{}
	cfg.Progress = live.put
	st, err := search.NewStepper(p.start, cfg)
	if err != nil {
		p.setStatus(err.Error(), true)
		return false
	}
	p.stepper, p.live = st, live
	return true
}

// Step shows the next event: a recorded one when the teacher has stepped
// back, otherwise the search advances by one event.
func (p *SearchPanel) Step() { p.step() }

// stepForPlay is the Player's step.
func (p *SearchPanel) stepForPlay() bool { return p.step() }

// step advances and reports whether there may be more to show.
func (p *SearchPanel) step() bool {
	if p.running() {
		return false
	}
	if p.timeline.Forward() {
		s, _ := p.timeline.Current()
		p.render(s)
		return true
	}
	if !p.ensureStepper() {
		return false
	}
	if p.stepper.Done() {
		return false
	}
	ev, err := p.stepper.Step(p.ctx)
	if err != nil {
		p.stopped(err)
		return false
	}
	s := p.snapshot(ev)
	p.timeline.Push(s)
	p.render(s)
	return !p.stepper.Done()
}

// snapshot records an event with what the panel shows beside it.
func (p *SearchPanel) snapshot(ev search.Event) searchSnap {
	p.events++
	if ev.Kind == search.IterationStarted {
		p.iteration++
	}
	s := searchSnap{kind: ev.Kind, node: ev.Node, bound: ev.Bound, iteration: p.iteration,
		stats: ev.Stats, event: p.events}
	if ev.Kind == search.NodeExpanded {
		s.children = append([]search.Child(nil), ev.Children...)
	}
	s.open = p.stepper.Open(frontierSlots)
	for i, n := range p.stepper.Path() {
		if i > 0 {
			s.path = append(s.path, n.Move)
		}
	}
	if ev.Kind == search.SolutionFound {
		s.moves = append([]board.Dir(nil), ev.Moves...)
	}
	return s
}

// Back shows the previous recorded event.
func (p *SearchPanel) Back() {
	if p.running() {
		return
	}
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	if p.timeline.Back() {
		s, _ := p.timeline.Current()
		p.render(s)
	} else if p.timeline.Len() > 0 {
		p.setStatus(fmt.Sprintf("This is the oldest recorded event (the last %d are kept).", p.timeline.Cap()), false)
	}
}

// TogglePlay starts or pauses stepping at the chosen speed.
func (p *SearchPanel) TogglePlay() {
	if p.running() {
		return
	}
	if p.player.Playing() {
		p.player.Pause()
		p.PlayButton.SetText("Play (P)")
		return
	}
	if p.stepper != nil && p.stepper.Done() && p.timeline.AtEnd() {
		return
	}
	p.replay.Pause()
	p.PlayButton.SetText("Pause (P)")
	p.player.Play(p.ctx)
}

// Stop pauses playing and cancels a full-speed run (when the view is left
// or the window closes). The search keeps its state.
func (p *SearchPanel) Stop() {
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	if p.runCancel != nil {
		p.runCancel()
	}
}

// RunToEnd finishes the search in the background with the fast solver,
// redrawing the counters about ten times a second from its progress
// reports; pressing the button again cancels.
func (p *SearchPanel) RunToEnd() {
	if p.running() {
		p.runCancel()
		return
	}
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.replay.Pause()
	if !p.ensureStepper() || p.stepper.Done() {
		return
	}
	ctx, cancel := context.WithCancel(p.ctx)
	p.runGen++
	gen := p.runGen
	p.runCancel = cancel
	done := make(chan struct{})
	p.runDone = done
	p.setRunning(true)
	st, live := p.stepper, p.live
	events, iteration := p.events, p.iteration
	start := p.start
	go func() {
		defer close(done)
		defer cancel()
		snap, err := runSearch(ctx, st, live, start, events, iteration, func(pr search.Progress, elapsed time.Duration) {
			p.do(func() {
				if p.runGen == gen {
					p.renderLive(pr, elapsed)
				}
			})
		})
		p.do(func() {
			if p.runGen != gen {
				return
			}
			p.events, p.iteration = snap.event, snap.iteration
			p.runCancel, p.runGen = nil, p.runGen+1
			p.setRunning(false)
			if snap.event > 0 {
				p.timeline.Push(snap)
				p.render(snap)
			}
			if err != nil && !errors.Is(err, search.ErrFinished) {
				p.stopped(err)
			}
		})
	}()
}

// liveCounts holds the latest counts a full-speed search reported through
// search.Config.Progress: the search goroutine writes them about every
// 16384 expansions, the run's ticker reads them ten times a second.
type liveCounts struct {
	mu  sync.Mutex
	p   search.Progress
	set bool
}

// put records a report; it is the search's Progress function.
func (l *liveCounts) put(p search.Progress) {
	l.mu.Lock()
	l.p, l.set = p, true
	l.mu.Unlock()
}

// get returns the latest report, if any.
func (l *liveCounts) get() (search.Progress, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.p, l.set
}

// runSearch finishes st with the fast solver (Stepper.Run) in the calling
// goroutine, which owns st meanwhile. Every refreshEvery it passes the
// latest counts in live (fed by the search's Progress function) and the
// time since it started to publish; it returns the final snapshot.
func runSearch(ctx context.Context, st *search.Stepper, live *liveCounts, start board.Board, events, iteration int,
	publish func(search.Progress, time.Duration)) (searchSnap, error) {
	t0 := time.Now()
	tick := time.NewTicker(refreshEvery)
	ran := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		for {
			select {
			case <-ran:
				return
			case <-tick.C:
				if pr, ok := live.get(); ok {
					publish(pr, time.Since(t0))
				}
			}
		}
	}()
	res, err := st.Run(ctx)
	tick.Stop()
	close(ran)
	<-ticked // no live update after the final one
	s := searchSnap{bound: st.Bound(), stats: res.Stats, event: events + 1,
		iteration: len(res.Iterations), open: st.Open(frontierSlots)}
	if res.Found {
		s.kind = search.SolutionFound
		s.moves = append([]board.Dir(nil), res.Moves...)
		s.path = s.moves
		end, aerr := start.Apply(res.Moves)
		if aerr == nil && len(res.Moves) > 0 {
			s.node = search.Node{Board: end, G: len(res.Moves), Move: res.Moves[len(res.Moves)-1]}
		} else if aerr == nil {
			s.node = search.Node{Board: end, Root: true}
		}
		s.desc = fmt.Sprintf("ran at full speed for %s: goal reached, %d moves", roundDuration(res.Elapsed), len(res.Moves))
	} else {
		s.desc = fmt.Sprintf("the full-speed run stopped after %s", roundDuration(res.Elapsed))
		if pr, ok := live.get(); ok && pr.At.Board.IsValid() {
			// Where the run was when it stopped.
			s.node, s.path = pr.At, pr.Path
		}
	}
	if st.Bound() == 0 {
		s.iteration = iteration
	}
	return s, err
}

// renderLive shows the counts of a full-speed run.
func (p *SearchPanel) renderLive(pr search.Progress, elapsed time.Duration) {
	p.Expanded.SetText(formatCount(pr.Expanded))
	p.Generated.SetText(formatCount(pr.Generated))
	p.FGH.SetText("–")
	info := "Running at full speed; the counters refresh ten times a second."
	if p.algorithm() == search.IDAStar {
		p.Bound.SetText(fmt.Sprint(pr.Bound))
		p.Iteration.SetText(fmt.Sprint(pr.Iteration))
	} else {
		p.Bound.SetText(formatCount(uint64(pr.Stored)))
		p.Iteration.SetText(formatCount(uint64(pr.PeakOpen)))
	}
	// Show where the search is: the node it was working on.
	if n := pr.At; n.Board.IsValid() && n.Board.Size() == p.start.Size() {
		p.FGH.SetText(fmt.Sprintf("%d = %d + %d", n.F(), n.G, n.H))
		p.show(n.Board, movedCell(n))
		p.PathInfo.SetText(p.describePath(pr.Path))
		what := "the node IDA* is at"
		if p.algorithm() != search.IDAStar {
			what = "the node expanded last"
		}
		info = fmt.Sprintf("Running at full speed: the board shows %s, %d moves from the start; it and the counters refresh ten times a second.", what, n.G)
	}
	p.EventInfo.SetText(info)
	rate := ""
	if secs := elapsed.Seconds(); secs > 0 {
		rate = fmt.Sprintf(", %s nodes generated a second", formatRate(float64(pr.Generated)/secs))
	}
	p.setStatus(fmt.Sprintf("Running for %s%s…", elapsed.Round(100*time.Millisecond), rate), false)
	if p.onLive != nil {
		p.onLive(elapsed)
	}
}

// setRunning switches the buttons between a full-speed run and stepping.
func (p *SearchPanel) setRunning(on bool) {
	for _, b := range []*widget.Button{p.StepButton, p.BackButton, p.PlayButton} {
		if on {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	if on {
		p.RunButton.SetText("Cancel run")
		p.setStatus("Running at full speed…", false)
	} else {
		p.RunButton.SetText("Run to end")
	}
}

// stopped reports why a search ended without a solution.
func (p *SearchPanel) stopped(err error) {
	var le *search.LimitError
	switch {
	case errors.Is(err, search.ErrFinished):
	case errors.Is(err, context.Canceled):
		p.setStatus("Cancelled. Reset to search again.", false)
	case errors.As(err, &le):
		p.setStatus(fmt.Sprintf("Stopped: %v. Try IDA* or a better heuristic.", err), true)
	default:
		p.setStatus(err.Error(), true)
	}
}

// Reset discards the search and shows the start board.
func (p *SearchPanel) Reset() {
	if p.runCancel != nil {
		p.runCancel()
		p.runGen++
		p.runCancel = nil
		p.setRunning(false)
	}
	p.player.Pause()
	p.replay.Pause()
	if p.PlayButton != nil {
		p.PlayButton.SetText("Play (P)")
		p.ReplayButton.SetText("Replay solution")
	}
	p.stepper = nil
	p.timeline.Reset()
	p.events, p.iteration = 0, 0
	p.solution, p.replayAt = nil, 0
	if p.Expanded == nil {
		return
	}
	p.Expanded.SetText("0")
	p.Generated.SetText("0")
	p.FGH.SetText("–")
	p.Bound.SetText("–")
	p.Iteration.SetText("–")
	if p.algorithm() == search.IDAStar {
		p.BoundName.SetText("IDA* bound")
		p.IterationName.SetText("Iteration")
	} else {
		p.BoundName.SetText("Stored")
		p.IterationName.SetText("Peak open")
	}
	p.EventInfo.SetText("Press Step (Space) or Play (P) to start the search.")
	p.PathInfo.SetText("")
	p.setStatus("", false)
	p.FrontierTitle.SetText("")
	p.FrontierTitle.Hide()
	for i := range p.frontier {
		p.frontier[i].Hide()
		p.captions[i].Hide()
	}
	p.Solution.SetText("")
	p.ReplayInfo.SetText("")
	p.ReplayButton.Hide()
	p.solutionBox.Hide()
	if p.start.IsValid() && p.show != nil {
		p.show(p.start, -1)
	}
}

// setStatus shows a message (red when it is an error).
func (p *SearchPanel) setStatus(msg string, isErr bool) {
	if isErr {
		p.Status.Importance = widget.DangerImportance
	} else {
		p.Status.Importance = widget.MediumImportance
	}
	p.Status.SetText(msg)
	if msg == "" {
		p.Status.Hide()
	} else {
		p.Status.Show()
	}
}

// movedCell returns the cell of the tile that the last move slid, or -1.
func movedCell(n search.Node) int {
	if n.Root || !n.Board.IsValid() {
		return -1
	}
	c, ok := n.Board.Size().Neighbor(n.Board.Blank(), n.Move.Inverse())
	if !ok {
		return -1
	}
	return c
}

// render shows one snapshot.
func (p *SearchPanel) render(s searchSnap) {
	p.Expanded.SetText(formatCount(s.stats.Expanded))
	p.Generated.SetText(formatCount(s.stats.Generated))
	if s.node.Board.IsValid() {
		p.FGH.SetText(fmt.Sprintf("%d = %d + %d", s.node.F(), s.node.G, s.node.H))
		p.show(s.node.Board, movedCell(s.node))
	}
	if p.algorithm() == search.IDAStar {
		p.Bound.SetText(fmt.Sprint(s.bound))
		p.Iteration.SetText(fmt.Sprint(s.iteration))
	} else {
		p.Bound.SetText(formatCount(uint64(s.stats.Stored)))
		p.Iteration.SetText(formatCount(uint64(s.stats.PeakOpen)))
	}
	info := fmt.Sprintf("Event %d: %s", s.event, describeEvent(s))
	if !p.timeline.AtEnd() {
		info += fmt.Sprintf("   (recorded: %d of %d kept)", p.timeline.Cursor()+1, p.timeline.Len())
	}
	p.EventInfo.SetText(info)
	p.PathInfo.SetText(p.describePath(s.path))
	if s.kind != search.SolutionFound {
		p.setStatus("", false)
	}
	p.renderFrontier(s)
	if s.kind == search.SolutionFound {
		p.solved(s)
	}
}

// describePath names the moves from the start to the current node: for
// IDA*, its depth-first stack, which is all the memory it keeps.
func (p *SearchPanel) describePath(path []board.Dir) string {
	what := "Path to the current node"
	if p.algorithm() == search.IDAStar {
		what = "IDA*'s path (all it keeps in memory)"
	}
	if len(path) == 0 {
		return what + ": the start."
	}
	moves := board.FormatMoves(path)
	if len(moves) > 80 {
		moves = "…" + moves[len(moves)-80:]
	}
	unit := "moves"
	if len(path) == 1 {
		unit = "move"
	}
	return fmt.Sprintf("%s, %d %s: %s", what, len(path), unit, moves)
}

// describeEvent says in words what happened.
func describeEvent(s searchSnap) string {
	if s.desc != "" {
		return s.desc
	}
	switch s.kind {
	case search.IterationStarted:
		return fmt.Sprintf("new IDA* iteration with bound %d", s.bound)
	case search.NodeSelected:
		return fmt.Sprintf("selected a node at depth %d with f = %d", s.node.G, s.node.F())
	case search.NodeExpanded:
		return fmt.Sprintf("expanded it: %d children generated", len(s.children))
	case search.SolutionFound:
		return fmt.Sprintf("goal reached, %d moves", len(s.moves))
	}
	return s.kind.String()
}

// renderFrontier draws the open list's best entries (A*, greedy, BFS) or the
// children of the last expansion (IDA*).
func (p *SearchPanel) renderFrontier(s searchSnap) {
	type item struct {
		n       search.Node
		caption string
	}
	var items []item
	if p.algorithm() == search.IDAStar {
		p.FrontierTitle.SetText("Children of the last expansion (IDA* keeps only its path)")
		for _, c := range s.children {
			cap := fmt.Sprintf("f %d = %d+%d", c.F(), c.G, c.H)
			if c.Status == search.ChildPruned {
				cap += fmt.Sprintf(" > %d: pruned", s.bound)
			}
			items = append(items, item{c.Node, cap})
		}
	} else {
		p.FrontierTitle.SetText("Open list, best first")
		if p.algorithm() == search.BFS {
			p.FrontierTitle.SetText("Queue, front first")
		}
		for _, n := range s.open {
			items = append(items, item{n, fmt.Sprintf("f %d = %d+%d", n.F(), n.G, n.H)})
		}
	}
	if len(items) == 0 {
		p.FrontierTitle.Hide()
	} else {
		p.FrontierTitle.Show()
	}
	g := p.groups()
	for i := range p.frontier {
		if i >= len(items) {
			p.frontier[i].Hide()
			p.captions[i].Hide()
			continue
		}
		p.frontier[i].groups = g
		p.frontier[i].SetCells(items[i].n.Board.Size(), items[i].n.Board.Tiles())
		p.frontier[i].Show()
		p.captions[i].SetText(items[i].caption)
		p.captions[i].Show()
	}
}

// solved shows the solution and offers the replay.
func (p *SearchPanel) solved(s searchSnap) {
	p.solution = s.moves
	p.replayAt = 0
	optimal := "optimal"
	if p.algorithm() == search.Greedy {
		optimal = "not necessarily optimal"
	}
	p.setStatus(fmt.Sprintf("Solved in %d moves (%s).", len(s.moves), optimal), false)
	p.Solution.SetText("Blank moves: " + board.FormatMoves(s.moves))
	p.ReplayButton.Show()
	p.solutionBox.Show()
	p.ReplayInfo.SetText(fmt.Sprintf("%d moves", len(s.moves)))
}

// ToggleReplay plays or pauses the animation of the solution.
func (p *SearchPanel) ToggleReplay() {
	if p.solution == nil || p.running() {
		return
	}
	if p.replay.Playing() {
		p.replay.Pause()
		p.ReplayButton.SetText("Replay solution")
		return
	}
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	if p.replayAt == 0 || p.replayAt >= len(p.solution) {
		p.replayAt = 0
		p.show(p.start, -1)
		p.ReplayInfo.SetText(fmt.Sprintf("move 0 of %d", len(p.solution)))
	}
	p.ReplayButton.SetText("Pause replay")
	p.replay.Play(p.ctx)
}

// replayStep shows the next board of the solution.
func (p *SearchPanel) replayStep() bool {
	if p.replayAt >= len(p.solution) {
		return false
	}
	b, err := p.start.Apply(p.solution[:p.replayAt+1])
	if err != nil {
		p.setStatus(err.Error(), true)
		return false
	}
	p.replayAt++
	p.show(b, movedCell(search.Node{Board: b, Move: p.solution[p.replayAt-1]}))
	p.ReplayInfo.SetText(fmt.Sprintf("move %d of %d", p.replayAt, len(p.solution)))
	return p.replayAt < len(p.solution)
}
