package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// A full-speed run of the search panel: the search finishes in the background
// with the fast solver while the counters, the current node and its path
// redraw about ten times a second; the work function (runSearch) sees no
// widgets.

// Running reports whether a full-speed run is under way.
func (p *SearchPanel) Running() bool { return p.runs.Running() }

// RunToEnd finishes the search in the background with the fast solver,
// redrawing the counters about ten times a second from its progress
// reports; pressing the button again cancels.
func (p *SearchPanel) RunToEnd() {
	if p.Running() {
		p.runs.Cancel()
		return
	}
	p.Player.Pause()
	p.PlayButton.SetText("Play (P)")
	p.Replay.Pause()
	if !p.ensureStepper() || p.Stepper.Done() {
		return
	}
	p.setRunning(true)
	// The work sees the stepper (which it owns until it returns) and the
	// counts, never the panel's widgets.
	st, live := p.Stepper, p.live
	events, iteration := p.Events, p.iteration
	start := p.Session.Board()
	countOpen := p.OverlayOn(OverlayOpen)
	var snap SearchSnap
	p.RunDone = p.runs.Start(func(ctx context.Context, post func(func())) error {
		var err error
		snap, err = runSearch(ctx, st, live, start, events, iteration, countOpen, func(pr search.Progress, elapsed time.Duration) {
			post(func() { p.renderLive(pr, elapsed) })
		})
		return err
	}, func(err error) {
		p.Events, p.iteration = snap.Event, snap.Iteration
		p.setRunning(false)
		if snap.Event > 0 {
			p.Timeline.Push(snap)
			p.render(snap)
		}
		if err != nil && !errors.Is(err, search.ErrFinished) {
			p.stopped(err)
		}
	})
}

// runSearch finishes st with the fast solver (Stepper.Run) in the calling
// goroutine, which owns st meanwhile. Every refreshEvery it passes the
// latest counts in live (fed by the search's Progress function) and the
// time since it started to publish; it returns the final snapshot, with
// the open list counted when countOpen is set (the open overlay).
func runSearch(ctx context.Context, st *search.Stepper, live *catalog.LiveCounts, start board.Board, events, iteration int, countOpen bool,
	publish func(search.Progress, time.Duration)) (SearchSnap, error) {
	t0 := time.Now()
	tick := time.NewTicker(toolkit.RefreshEvery)
	ran := make(chan struct{})
	ticked := make(chan struct{})
	go func() {
		defer close(ticked)
		for {
			select {
			case <-ran:
				return
			case <-tick.C:
				if pr, ok := live.Get(); ok {
					publish(pr, time.Since(t0))
				}
			}
		}
	}()
	res, err := st.Run(ctx)
	tick.Stop()
	close(ran)
	<-ticked // no live update after the final one
	s := SearchSnap{Bound: st.Bound(), Stats: res.Stats, Event: events + 1,
		Iteration: len(res.Iterations), open: st.Open(frontierSlots), Frontiers: frontiersOf(st)}
	if countOpen {
		s.openLen, s.openKnown = len(st.Open(maxOpenCount)), true
	}
	if res.Found {
		s.Kind = search.SolutionFound
		s.moves = append([]board.Dir(nil), res.Moves...)
		s.path = s.moves
		end, aerr := start.Apply(res.Moves)
		if aerr == nil && len(res.Moves) > 0 {
			s.Node = search.Node{Board: end, G: len(res.Moves), Move: res.Moves[len(res.Moves)-1]}
		} else if aerr == nil {
			s.Node = search.Node{Board: end, Root: true}
		}
		s.Desc = fmt.Sprintf("ran at full speed for %s: goal reached, %d moves", catalog.RoundDuration(res.Elapsed), len(res.Moves))
	} else {
		s.Desc = fmt.Sprintf("the full-speed run stopped after %s", catalog.RoundDuration(res.Elapsed))
		if pr, ok := live.Get(); ok && pr.At.Board.IsValid() {
			// Where the run was when it stopped.
			s.Node, s.path = pr.At, pr.Path
		}
	}
	if st.Bound() == 0 {
		s.Iteration = iteration
	}
	return s, err
}

// renderLive shows the counts of a full-speed run.
func (p *SearchPanel) renderLive(pr search.Progress, elapsed time.Duration) {
	p.Expanded.SetText(toolkit.FormatCount(pr.Expanded))
	p.Generated.SetText(toolkit.FormatCount(pr.Generated))
	p.FGH.SetText("–")
	info := "Running at full speed; the counters refresh ten times a second."
	switch p.Algorithm() {
	case search.IDAStar:
		p.Bound.SetText(fmt.Sprint(pr.Bound))
		p.Iteration.SetText(fmt.Sprint(pr.Iteration))
	case search.IDDFS, search.BiBFS: // their progress reports carry no pass or frontiers: shown at the end
		p.Bound.SetText("…")
		p.Iteration.SetText("…")
	default:
		p.Bound.SetText(toolkit.FormatCount(uint64(pr.Stored)))
		p.Iteration.SetText(toolkit.FormatCount(uint64(pr.PeakOpen)))
	}
	// Show where the search is: the node it was working on.
	if n := pr.At; n.Board.IsValid() && n.Board.Size() == p.Session.Board().Size() {
		p.FGH.SetText(fghText(p.orderKey(), n))
		p.show(n.Board, catalog.MovedCell(n))
		p.setNode(n, pr.Path, 0, false)
		p.redrawOverlay()
		p.PathInfo.SetText(p.DescribePath(pr.Path))
		what := "the node IDA* is at"
		if n := runtime.GOMAXPROCS(0); n > 1 {
			what = fmt.Sprintf("a node one of IDA*'s %d workers (one per core) is at", n)
		}
		if p.Algorithm() != search.IDAStar {
			what = "the node expanded last"
		}
		info = fmt.Sprintf("Running at full speed: the board shows %s, %d moves from the start; it and the counters refresh ten times a second.", what, n.G)
	}
	p.EventInfo.SetText(info)
	rate := ""
	if secs := elapsed.Seconds(); secs > 0 {
		rate = fmt.Sprintf(", %s nodes generated a second", toolkit.FormatRate(float64(pr.Generated)/secs))
	}
	p.SetStatus(fmt.Sprintf("Running for %s%s…", elapsed.Round(100*time.Millisecond), rate), false)
	if p.OnLive != nil {
		p.OnLive(elapsed)
	}
}

// setRunning switches the buttons between a full-speed run and stepping.
func (p *SearchPanel) setRunning(on bool) {
	for _, b := range []*widget.Button{p.StepButton, p.BackButton, p.PlayButton} {
		toolkit.Enable(b, !on)
	}
	if on {
		p.RunButton.SetText("Cancel run")
		p.SetStatus("Running at full speed…", false)
	} else {
		p.RunButton.SetText("Run to end")
	}
	p.Notify()
}

// stopped reports why a search ended without a solution.
func (p *SearchPanel) stopped(err error) {
	var le *search.LimitError
	switch {
	case errors.Is(err, search.ErrFinished):
	case errors.Is(err, context.Canceled):
		p.SetStatus("Cancelled. Reset to search again.", false)
	case errors.As(err, &le):
		p.SetStatus(fmt.Sprintf("Stopped: %v. Try IDA* or a better heuristic.", err), true)
	default:
		p.SetStatus(err.Error(), true)
	}
}

// frontiersOf returns bidirectional BFS's two frontier sizes (start side,
// goal side); zero for the other algorithms.
func frontiersOf(st *search.Stepper) [2]int {
	f, g, _ := st.Frontiers()
	return [2]int{f, g}
}
