package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"errors"
	"fmt"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Stepping the search panel: one event at a time (Space), back through the
// recorded events (Backspace), playing at a speed (P), and Reset.

// ensureStepper creates the search on the first step.
func (p *SearchPanel) ensureStepper() bool {
	if p.Stepper != nil {
		return true
	}
	// Workers -1: Run to end splits IDA*'s passes across every core on the
	// 15-puzzle, one worker on smaller boards (stepping is unchanged; see
	// core/search/parallel.go).
	cfg := search.Config{Algorithm: p.Algorithm(), Goal: p.Session.Goal(), MemoryLimit: catalog.SearchMemoryLimit, Workers: -1}
	p.Params.config(&cfg)
	st, live, err := catalog.NewLiveStepper(p.Session.Board(), cfg, p.HeuristicSelect, p.heuristicOpts)
	if err != nil {
		p.SetStatus(err.Error(), true)
		p.waitsForPDB = errors.Is(err, catalog.ErrPDBNotReady)
		if p.waitsForPDB {
			// Said right under the selectors too, beside the buttons
			// pressed: the database line turns to a warning.
			p.PDBStatus.Importance = widget.WarningImportance
			p.PDBStatus.Refresh()
		}
		var nb *catalog.NotBuilt
		if errors.As(err, &nb) && p.OfferBuild != nil {
			p.OfferBuild(nb.Partition) // the teacher pressed Step: offer the build
		}
		return false
	}
	p.Stepper, p.live = st, live
	p.tracer = search.NewTracer(cfg.Algorithm)
	p.traceLog.Reset()
	return true
}

// OnRender makes f run after each event the panel shows.
func (p *SearchPanel) OnRender(f func(SearchSnap)) { p.renderHooks = append(p.renderHooks, f) }

// OnTrace makes f run on the trace events of each new event the search
// makes, in order, as soon as it is made: also the events a jump or Play
// to goal passes over without drawing them (OnRender sees only those
// drawn). Recorded events shown again (Back, Step forward, the history
// slider) are not passed again.
func (p *SearchPanel) OnTrace(f func([]search.TraceEvent)) { p.traceHooks = append(p.traceHooks, f) }

// OnReset makes f run after the search is discarded.
func (p *SearchPanel) OnReset(f func()) { p.resetHooks = append(p.resetHooks, f) }

// TraceLog returns the latest trace events of the search, oldest first.
func (p *SearchPanel) TraceLog() *search.TraceWindow { return p.traceLog }

// Step shows the next event: a recorded one when the teacher has stepped
// back, otherwise the search advances by one event.
func (p *SearchPanel) Step() { p.stepOnce() }

// stepForPlay is the Player's step.
func (p *SearchPanel) stepForPlay() bool { return p.stepOnce() }

// step advances and reports whether there may be more to show.
func (p *SearchPanel) stepOnce() bool {
	if p.Running() {
		return false
	}
	s, recorded, ok := p.advance()
	if !ok {
		return false
	}
	p.render(s)
	return recorded || !p.Stepper.Done()
}

// advance moves to the next event without drawing it: the next recorded
// one when the teacher has stepped back (recorded is true), otherwise the
// search's next event, recorded. ok is false when there is none (the search
// ended, failed or cannot start). The caller makes sure no full-speed run
// owns the stepper.
func (p *SearchPanel) advance() (s SearchSnap, recorded, ok bool) {
	if p.Timeline.Forward() {
		s, _ = p.Timeline.Current()
		return s, true, true
	}
	if !p.ensureStepper() || p.Stepper.Done() {
		return s, false, false
	}
	if p.beforeStep != nil && p.beforeStep() {
		// Predict mode asked a question: the step waits for the answer
		// (a jump stops there too).
		return s, false, false
	}
	ev, err := p.Stepper.Step(p.ctx)
	if err != nil {
		p.stopped(err)
		return s, false, false
	}
	s = p.snapshot(ev)
	p.Timeline.Push(s)
	return s, false, true
}

// snapshot records an event with what the panel shows beside it.
func (p *SearchPanel) snapshot(ev search.Event) SearchSnap {
	p.Events++
	if ev.Kind == search.IterationStarted {
		p.iteration++
	}
	s := SearchSnap{Kind: ev.Kind, Node: ev.Node, Bound: ev.Bound, Iteration: p.iteration,
		Stats: ev.Stats, Event: p.Events}
	if p.tracer != nil {
		s.Trace = p.tracer.Events(nil, ev)
		for _, e := range s.Trace {
			p.traceLog.Add(e)
		}
		for _, f := range p.traceHooks {
			f(s.Trace)
		}
	}
	if ev.Kind == search.NodeExpanded {
		s.Children = append([]search.Child(nil), ev.Children...)
	}
	s.open = p.Stepper.Open(frontierSlots)
	if p.OverlayOn(OverlayOpen) {
		s.openLen, s.openKnown = p.countOpen(), true
	}
	s.Frontiers = frontiersOf(p.Stepper)
	for i, n := range p.Stepper.Path() {
		if i > 0 {
			s.path = append(s.path, n.Move)
		}
	}
	if ev.Kind == search.SolutionFound {
		s.moves = append([]board.Dir(nil), ev.Moves...)
		if p.Algorithm() == search.BiBFS && ev.Node.G <= len(s.moves) {
			// The node shown is where the frontiers met: the path to it is
			// the solution's first moves, not the path to the node the
			// search selected last (which may be on the goal's side).
			s.path = append([]board.Dir(nil), s.moves[:ev.Node.G]...)
		}
	}
	return s
}

// Back shows the previous recorded event.
func (p *SearchPanel) Back() {
	if p.Running() {
		return
	}
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	if p.Timeline.Back() {
		s, _ := p.Timeline.Current()
		p.render(s)
	} else if p.Timeline.Len() > 0 {
		p.SetStatus(fmt.Sprintf("This is the oldest recorded event (the last %d are kept).", p.Timeline.Cap()), false)
	}
}

// TogglePlay starts or pauses stepping at the chosen speed.
func (p *SearchPanel) TogglePlay() {
	if p.Running() {
		return
	}
	if p.Player.Playing() {
		p.Player.Pause()
		p.PlayButton.SetText("Play (P)")
		p.Notify()
		return
	}
	if p.Stepper != nil && p.Stepper.Done() && p.Timeline.AtEnd() {
		return
	}
	p.Replay.Pause()
	p.PlayButton.SetText("Pause (P)")
	p.Player.Play(p.ctx)
	p.Notify()
}

// Pause stops playing and replaying (when another view is shown); a
// full-speed run goes on.
func (p *SearchPanel) Pause() {
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.Replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	p.Notify()
}

// Stop pauses playing and cancels a full-speed run (when the window closes).
// The search keeps its state.
func (p *SearchPanel) Stop() {
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.Replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	p.runs.Cancel()
}

// Reset discards the search and shows the start board.
func (p *SearchPanel) Reset() {
	if p.runs.Running() {
		p.runs.Drop() // the run's results belong to the search discarded here
		p.setRunning(false)
	}
	p.Player.Pause()
	p.Replay.Pause()
	if p.PlayButton != nil {
		p.PlayButton.SetText("Play (P)")
		p.ReplayButton.SetText("Replay solution")
	}
	p.Stepper, p.tracer = nil, nil
	p.Timeline.Reset()
	p.traceLog.Reset()
	p.Events, p.iteration = 0, 0
	p.SolutionMoves, p.ReplayAt = nil, 0
	if p.Expanded == nil {
		return
	}
	p.Expanded.SetText("0")
	p.Generated.SetText("0")
	p.FGH.SetText("–")
	p.FGHName.SetText(fghName(p.Algorithm()))
	p.Bound.SetText("–")
	p.Iteration.SetText("–")
	switch p.Algorithm() {
	case search.IDAStar:
		p.BoundName.SetText("IDA* bound")
		p.IterationName.SetText("Iteration")
	case search.IDDFS:
		p.BoundName.SetText("Depth limit")
		p.IterationName.SetText("Pass")
	case search.BiBFS:
		p.BoundName.SetText("Start frontier")
		p.IterationName.SetText("Goal frontier")
	default:
		p.BoundName.SetText("Stored")
		p.IterationName.SetText("Peak open")
	}
	p.EventInfo.SetText("Press Step (Space) or Play (P) to start the search.")
	p.PathInfo.SetText("")
	p.SetStatus("", false)
	p.FrontierTitle.SetText("")
	p.FrontierTitle.Hide()
	for i := range p.frontier {
		p.frontier[i].Hide()
		p.Captions[i].Hide()
	}
	p.Solution.SetText("")
	p.ReplayInfo.SetText("")
	p.ReplayButton.Hide()
	p.solutionBox.Hide()
	if p.Session.Board().IsValid() && p.show != nil {
		p.show(p.Session.Board(), -1)
	}
	for _, f := range p.resetHooks {
		f()
	}
}

// SetStatus shows a message (red when it is an error).
func (p *SearchPanel) SetStatus(msg string, isErr bool) {
	if isErr {
		p.Status.Importance = widget.DangerImportance
	} else {
		p.Status.Importance = widget.MediumImportance
	}
	p.waitsForPDB = false
	p.Status.SetText(msg)
	if msg == "" {
		p.Status.Hide()
	} else {
		p.Status.Show()
	}
	p.Notify()
}

// Watch registers f to run on the Fyne goroutine after the panel's
// counters, texts or buttons changed (presentation mode mirrors them).
func (p *SearchPanel) Watch(f func()) { p.watchers = append(p.watchers, f) }

// Notify runs the watchers.
func (p *SearchPanel) Notify() {
	for _, f := range p.watchers {
		f()
	}
}

// LastKind returns the kind of the event shown last (0 before the first).
func (p *SearchPanel) LastKind() search.EventKind {
	s, ok := p.Timeline.Current()
	if !ok {
		return 0
	}
	return s.Kind
}
