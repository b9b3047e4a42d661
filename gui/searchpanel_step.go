package gui

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
	if p.stepper != nil {
		return true
	}
	// Workers -1: Run to end splits IDA*'s passes across every core on the
	// 15-puzzle, one worker on smaller boards (stepping is unchanged; see
	// core/search/parallel.go).
	cfg := search.Config{Algorithm: p.algorithm(), Goal: p.session.Goal(), MemoryLimit: catalog.SearchMemoryLimit, Workers: -1}
	st, live, err := catalog.NewLiveStepper(p.session.Board(), cfg, p.HeuristicSelect, p.heuristicOpts)
	if err != nil {
		p.setStatus(err.Error(), true)
		p.waitsForPDB = errors.Is(err, catalog.ErrPDBNotReady)
		return false
	}
	p.stepper, p.live = st, live
	p.tracer = search.NewTracer(cfg.Algorithm)
	p.traceLog.Reset()
	return true
}

// onRender makes f run after each event the panel shows.
func (p *SearchPanel) onRender(f func(searchSnap)) { p.renderHooks = append(p.renderHooks, f) }

// onReset makes f run after the search is discarded.
func (p *SearchPanel) onReset(f func()) { p.resetHooks = append(p.resetHooks, f) }

// TraceLog returns the latest trace events of the search, oldest first.
func (p *SearchPanel) TraceLog() *search.TraceWindow { return p.traceLog }

// Step shows the next event: a recorded one when the teacher has stepped
// back, otherwise the search advances by one event.
func (p *SearchPanel) Step() { p.stepOnce() }

// stepForPlay is the Player's step.
func (p *SearchPanel) stepForPlay() bool { return p.stepOnce() }

// step advances and reports whether there may be more to show.
func (p *SearchPanel) stepOnce() bool {
	if p.running() {
		return false
	}
	s, recorded, ok := p.advance()
	if !ok {
		return false
	}
	p.render(s)
	return recorded || !p.stepper.Done()
}

// advance moves to the next event without drawing it: the next recorded
// one when the teacher has stepped back (recorded is true), otherwise the
// search's next event, recorded. ok is false when there is none (the search
// ended, failed or cannot start). The caller makes sure no full-speed run
// owns the stepper.
func (p *SearchPanel) advance() (s searchSnap, recorded, ok bool) {
	if p.timeline.Forward() {
		s, _ = p.timeline.Current()
		return s, true, true
	}
	if !p.ensureStepper() || p.stepper.Done() {
		return s, false, false
	}
	if p.beforeStep != nil && p.beforeStep() {
		// Predict mode asked a question: the step waits for the answer
		// (a jump stops there too).
		return s, false, false
	}
	ev, err := p.stepper.Step(p.ctx)
	if err != nil {
		p.stopped(err)
		return s, false, false
	}
	s = p.snapshot(ev)
	p.timeline.Push(s)
	return s, false, true
}

// snapshot records an event with what the panel shows beside it.
func (p *SearchPanel) snapshot(ev search.Event) searchSnap {
	p.events++
	if ev.Kind == search.IterationStarted {
		p.iteration++
	}
	s := searchSnap{kind: ev.Kind, node: ev.Node, bound: ev.Bound, iteration: p.iteration,
		stats: ev.Stats, event: p.events}
	if p.tracer != nil {
		s.trace = p.tracer.Events(nil, ev)
		for _, e := range s.trace {
			p.traceLog.Add(e)
		}
	}
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
		p.notify()
		return
	}
	if p.stepper != nil && p.stepper.Done() && p.timeline.AtEnd() {
		return
	}
	p.replay.Pause()
	p.PlayButton.SetText("Pause (P)")
	p.player.Play(p.ctx)
	p.notify()
}

// Pause stops playing and replaying (when another view is shown); a
// full-speed run goes on.
func (p *SearchPanel) Pause() {
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	p.notify()
}

// Stop pauses playing and cancels a full-speed run (when the window closes).
// The search keeps its state.
func (p *SearchPanel) Stop() {
	p.player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.replay.Pause()
	p.ReplayButton.SetText("Replay solution")
	p.runs.Cancel()
}

// Reset discards the search and shows the start board.
func (p *SearchPanel) Reset() {
	if p.runs.Running() {
		p.runs.Drop() // the run's results belong to the search discarded here
		p.setRunning(false)
	}
	p.player.Pause()
	p.replay.Pause()
	if p.PlayButton != nil {
		p.PlayButton.SetText("Play (P)")
		p.ReplayButton.SetText("Replay solution")
	}
	p.stepper, p.tracer = nil, nil
	p.timeline.Reset()
	p.traceLog.Reset()
	p.events, p.iteration = 0, 0
	p.solutionMoves, p.replayAt = nil, 0
	if p.Expanded == nil {
		return
	}
	p.Expanded.SetText("0")
	p.Generated.SetText("0")
	p.FGH.SetText("–")
	p.FGHName.SetText(fghName(p.algorithm()))
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
	if p.session.Board().IsValid() && p.show != nil {
		p.show(p.session.Board(), -1)
	}
	for _, f := range p.resetHooks {
		f()
	}
}

// setStatus shows a message (red when it is an error).
func (p *SearchPanel) setStatus(msg string, isErr bool) {
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
	p.notify()
}

// Watch registers f to run on the Fyne goroutine after the panel's
// counters, texts or buttons changed (presentation mode mirrors them).
func (p *SearchPanel) Watch(f func()) { p.watchers = append(p.watchers, f) }

// notify runs the watchers.
func (p *SearchPanel) notify() {
	for _, f := range p.watchers {
		f()
	}
}

// lastKind returns the kind of the event shown last (0 before the first).
func (p *SearchPanel) lastKind() search.EventKind {
	s, ok := p.timeline.Current()
	if !ok {
		return 0
	}
	return s.kind
}
