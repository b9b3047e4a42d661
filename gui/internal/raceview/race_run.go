package raceview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// Running a race: in lockstep (Step, Play), every lane that has not finished
// expands one node per step on the Fyne goroutine; live (Run live), every
// lane finishes with the fast solver in its own goroutine of one job, while
// the counters redraw ten times a second. The lanes' A*, greedy and BFS
// searches share one memory budget, so a hopeless A* run stops with a
// message instead of swapping the machine.

// Reset discards the lanes' searches and shows the start board in each.
func (r *RaceView) Reset() {
	r.Runs.Drop() // a live run's results belong to the race discarded here
	r.Player.Pause()
	r.PlayButton.SetText("Play (P)")
	r.budget = nil
	r.liveRace = false
	r.Title.SetText("Racing on " + r.session.Title())
	r.ShowSpeed()
	b := r.session.Board()
	for _, l := range r.Lanes {
		l.Stepper, l.live, l.State, l.err = nil, nil, laneIdle, nil
		l.iteration, l.Moves, l.elapsed = 0, 0, 0
		l.Board.Groups = r.session.Groups()
		l.Board.SetBoard(b)
		l.Board.SetMark(-1)
		l.Expanded.SetText("0")
		l.Generated.SetText("0")
		for _, c := range []*widget.Label{l.FGH, l.Bound, l.Iteration, l.Elapsed} {
			c.SetText("–")
		}
		switch catalog.SelectedAlgorithm(l.AlgorithmSelect) {
		case search.IDAStar:
			l.BoundName.SetText("IDA* bound")
			l.IterationName.SetText("Iteration")
		case search.IDDFS:
			l.BoundName.SetText("Depth limit")
			l.IterationName.SetText("Iteration")
		default:
			l.BoundName.SetText("Stored")
			l.IterationName.SetText("Peak open")
		}
		l.setStatus("Ready.", false)
	}
	r.clearMarks()
	r.Verdict.SetText("Step (Space) expands one node in every lane; Play (P) and Run live go on at the pace chosen " +
		"(Full speed times the lanes). The lane that generates the fewest nodes wins.")
	r.updateButtons()
}

// ensureSteppers creates the searches of the lanes being raced that have
// none yet; it reports false (with the reason in the lane's status) when a
// lane cannot start, for example while its pattern database loads.
func (r *RaceView) ensureSteppers() bool {
	if r.budget == nil {
		r.budget = search.NewMemoryBudget(r.MemoryLimit)
	}
	ok := true
	for _, l := range r.Shown() {
		if l.State != laneIdle {
			continue
		}
		cfg := l.config(r.session.Goal(), r.budget)
		st, live, err := catalog.NewLiveStepper(r.session.Board(), cfg, l.HeuristicSelect, l.opts)
		if err != nil {
			l.setStatus(err.Error(), true)
			ok = false
			continue
		}
		l.Stepper, l.live, l.State = st, live, laneSearching
	}
	if !ok {
		r.Verdict.SetText("A lane cannot start yet: its status line says why.")
	}
	return ok
}

// Step advances every lane that has not finished by one expansion (a
// finished lane stays put).
func (r *RaceView) Step() { r.step() }

// stepForPlay is the Player's step: every lane expands as many nodes as
// the pace asks for in one step.
func (r *RaceView) stepForPlay() bool {
	pace := r.pace()
	ticks, batch := playRate(pace)
	r.Player.SetSpeed(ticks)
	// Catch up when the steps come late (a busy machine, a slow redraw),
	// at most four steps' worth at once, so the pace holds on the clock.
	if !r.playStart.IsZero() && pace > 0 {
		owed := int(pace*time.Since(r.playStart).Seconds()) - r.playDone
		batch = min(max(batch, owed), 4*batch)
	}
	r.playDone += batch
	return r.stepN(batch)
}

// step advances the lanes by one expansion and reports whether any has
// more to do.
func (r *RaceView) step() bool { return r.stepN(1) }

// stepN advances the lanes by n expansions each and reports whether any
// has more to do.
func (r *RaceView) stepN(n int) bool {
	if r.Runs.Running() || !r.ensureSteppers() {
		return false
	}
	more := false
	for _, l := range r.Shown() {
		for i := 0; i < n && l.State == laneSearching; i++ {
			r.stepLane(l)
		}
		more = more || l.State == laneSearching
	}
	r.updateVerdict()
	r.updateButtons()
	return more
}

// stepLane advances l's search to its next expansion (IDA*'s new pass and
// a node's selection come with it) or to the goal.
func (r *RaceView) stepLane(l *RaceLane) {
	for range 8 { // an expansion is at most three events away
		ev, err := l.Stepper.Step(r.ctx)
		if err != nil {
			r.laneStopped(l, err)
			return
		}
		if ev.Kind == search.IterationStarted {
			l.iteration++
		}
		r.showNode(l, ev.Node)
		r.showStats(l, ev.Stats, l.iteration)
		switch ev.Kind {
		case search.SolutionFound:
			r.markSolved(l, len(ev.Moves), l.Stepper.Result().Elapsed)
			return
		case search.NodeExpanded:
			if ev.Node.G == 0 {
				l.setStatus("Searching: expanded the start board.", false)
			} else {
				l.setStatus(fmt.Sprintf("Searching: expanded a node %d %s from the start.", ev.Node.G, toolkit.Plural(ev.Node.G, "move", "moves")), false)
			}
			return
		}
	}
}

// showNode draws the node a lane is at, and its f = g + h.
func (r *RaceView) showNode(l *RaceLane, n search.Node) {
	if !n.Board.IsValid() || n.Board.Size() != r.session.Board().Size() {
		return
	}
	l.Board.SetBoard(n.Board)
	l.Board.SetMark(catalog.MovedCell(n))
	l.FGH.SetText(fmt.Sprintf("%d = %d + %d", n.F(), n.G, n.H))
}

// showStats shows a lane's counts.
func (r *RaceView) showStats(l *RaceLane, st search.Stats, iteration int) {
	l.Expanded.SetText(toolkit.FormatCount(st.Expanded))
	l.Generated.SetText(toolkit.FormatCount(st.Generated))
	if l.Stepper != nil && iterative(catalog.SelectedAlgorithm(l.AlgorithmSelect)) {
		l.Bound.SetText(fmt.Sprint(l.Stepper.Bound()))
		l.Iteration.SetText(fmt.Sprint(iteration))
	} else {
		l.Bound.SetText(toolkit.FormatCount(uint64(st.Stored)))
		l.Iteration.SetText(toolkit.FormatCount(uint64(st.PeakOpen)))
	}
}

// markSolved records that l reached the goal in moves moves.
func (r *RaceView) markSolved(l *RaceLane, moves int, elapsed time.Duration) {
	l.State, l.Moves, l.elapsed = laneSolved, moves, elapsed
	if r.liveRace {
		l.Elapsed.SetText(catalog.RoundDuration(elapsed).String())
	}
	r.saySolved(l)
	// A lane that finished before the optimum was known (a BFS lane still
	// running) is told it now.
	for _, o := range r.Shown() {
		if o != l && o.State == laneSolved {
			r.saySolved(o)
		}
	}
}

// saySolved writes solved lane l's status: its length, how good it is, and
// its time in a live race.
func (r *RaceView) saySolved(l *RaceLane) {
	optimal := r.solvedWords(l, l.Moves)
	msg := fmt.Sprintf("Solved in %d moves (%s).", l.Moves, optimal)
	if r.liveRace {
		msg = fmt.Sprintf("Solved in %d moves (%s), in %s.", l.Moves, optimal, catalog.RoundDuration(l.elapsed))
	}
	l.setStatus(msg, false)
}

// laneStopped records why l's search ended without a solution.
func (r *RaceView) laneStopped(l *RaceLane, err error) {
	l.err = err
	var le *search.LimitError
	switch {
	case errors.Is(err, context.Canceled):
		l.State = laneCancelled
		l.setStatus("Cancelled.", false)
	case errors.As(err, &le) && errors.Is(err, search.ErrMemoryLimit):
		l.State = laneFailed
		r.showStats(l, le.Stats, l.iteration)
		l.setStatus(fmt.Sprintf("Out of memory: stopped at the %d MiB the lanes share, after %s nodes. IDA* needs almost none.",
			r.MemoryLimit>>20, toolkit.FormatCount(le.Stats.Generated)), true)
	default:
		l.State = laneFailed
		l.setStatus(fmt.Sprintf("Stopped: %v.", err), true)
	}
}

// RunLive races the lanes at full speed in the background, each from where
// it is, redrawing their counters ten times a second.
func (r *RaceView) RunLive() {
	if r.Runs.Running() {
		return
	}
	r.Player.Pause()
	r.PlayButton.SetText("Play (P)")
	if !r.ensureSteppers() {
		return
	}
	type job struct {
		l    *RaceLane
		st   *search.Stepper
		live *catalog.LiveCounts
	}
	var jobs []job
	for _, l := range r.Shown() {
		if l.State == laneSearching {
			jobs = append(jobs, job{l, l.Stepper, l.live})
			l.setStatus("Running…", false)
		}
	}
	if len(jobs) == 0 {
		return
	}
	if pace := r.pace(); pace > 0 {
		var lanes []*laneRun
		for _, j := range jobs {
			lanes = append(lanes, &laneRun{l: j.l, st: j.st, iteration: j.l.iteration})
		}
		r.clearMarks()
		r.Verdict.SetText(fmt.Sprintf("Racing at %s expansions a second in every lane (choose the pace beside the buttons).", toolkit.FormatCount(uint64(pace))))
		r.runPaced(lanes, pace)
		r.updateButtons()
		return
	}
	r.liveRace = true
	r.clearMarks()
	r.Verdict.SetText("Racing at full speed (the lanes share the processor); the counters refresh ten times a second.")
	// The work owns the steppers until it returns and sees no widgets.
	r.RunDone = r.Runs.Start(func(ctx context.Context, post func(func())) error {
		t0 := time.Now()
		var wg sync.WaitGroup
		for _, j := range jobs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := j.st.Run(ctx)
				post(func() { r.laneRan(j.l, res, err) })
			}()
		}
		all := make(chan struct{})
		go func() {
			wg.Wait()
			close(all)
		}()
		tick := time.NewTicker(toolkit.RefreshEvery)
		defer tick.Stop()
		for {
			select {
			case <-all:
				return nil
			case <-tick.C:
				elapsed := time.Since(t0)
				for _, j := range jobs {
					pr, ok := j.live.Get()
					post(func() { r.renderLive(j.l, pr, ok, elapsed) })
				}
			}
		}
	}, r.liveFinished)
	r.updateButtons()
}

// liveFinished runs when a live race ends: the verdict, the buttons, and
// OnFinished once.
func (r *RaceView) liveFinished(err error) {
	// A paced race runs every lane in one job: lanes it had not finished
	// when it ended (Cancel) stop with it. A full-speed race's lanes have
	// each said so already.
	if err != nil {
		for _, l := range r.Lanes {
			if l.State == laneSearching {
				r.laneStopped(l, err)
			}
		}
	}
	r.updateVerdict()
	r.updateButtons()
	if f := r.OnFinished; f != nil {
		r.OnFinished = nil
		f()
	}
}

// renderLive shows a running lane's latest counts (ok: there are some) and
// its time.
func (r *RaceView) renderLive(l *RaceLane, pr search.Progress, ok bool, elapsed time.Duration) {
	if l.State != laneSearching {
		return // finished meanwhile: its final counts are shown
	}
	l.Elapsed.SetText(catalog.RoundDuration(elapsed).String())
	l.setStatus(fmt.Sprintf("Running for %s…", elapsed.Round(100*time.Millisecond)), false)
	if !ok {
		return
	}
	l.Expanded.SetText(toolkit.FormatCount(pr.Expanded))
	l.Generated.SetText(toolkit.FormatCount(pr.Generated))
	if iterative(catalog.SelectedAlgorithm(l.AlgorithmSelect)) {
		l.Bound.SetText(fmt.Sprint(pr.Bound))
		l.Iteration.SetText(fmt.Sprint(pr.Iteration))
	} else {
		l.Bound.SetText(toolkit.FormatCount(uint64(pr.Stored)))
		l.Iteration.SetText(toolkit.FormatCount(uint64(pr.PeakOpen)))
	}
	r.showNode(l, pr.At)
}

// laneRan shows how a lane's live run ended.
func (r *RaceView) laneRan(l *RaceLane, res search.Result, err error) {
	if l.State != laneSearching {
		return
	}
	if len(res.Iterations) > 0 {
		l.iteration = len(res.Iterations)
	}
	r.showStats(l, res.Stats, l.iteration)
	l.Elapsed.SetText(catalog.RoundDuration(res.Elapsed).String())
	if err == nil && res.Found {
		if end, aerr := r.session.Board().Apply(res.Moves); aerr == nil {
			n := search.Node{Board: end, G: len(res.Moves), Root: len(res.Moves) == 0}
			if len(res.Moves) > 0 {
				n.Move = res.Moves[len(res.Moves)-1]
			}
			r.showNode(l, n)
		}
		r.markSolved(l, len(res.Moves), res.Elapsed)
		return
	}
	if err == nil {
		err = errors.New("the search ended without a solution")
	}
	r.laneStopped(l, err)
}

// Cancel stops a live race; the lanes that finished keep their results,
// and no lane wins a cancelled race.
func (r *RaceView) Cancel() { r.Runs.Cancel() }

// TogglePlay starts or pauses lockstep stepping at the search tab's speed.
func (r *RaceView) TogglePlay() {
	if r.Runs.Running() {
		return
	}
	if r.Player.Playing() {
		r.Pause()
		return
	}
	ticks, _ := playRate(r.pace())
	r.Player.SetSpeed(ticks)
	r.playStart, r.playDone = time.Now(), 0
	r.ShowSpeed()
	r.PlayButton.SetText("Pause (P)")
	r.Player.Play(r.ctx)
}

// Pause stops lockstep stepping (when another view is shown); a live race
// goes on.
func (r *RaceView) Pause() {
	r.Player.Pause()
	r.PlayButton.SetText("Play (P)")
}

// Stop pauses stepping and cancels a live race (when the window closes).
func (r *RaceView) Stop() {
	r.Pause()
	r.Runs.Cancel()
}

// updateButtons enables what makes sense: stepping and running while a lane
// has work left and no live race runs, Cancel during one, the selectors
// outside one.
func (r *RaceView) updateButtons() {
	running := r.Runs.Running()
	left := false
	for _, l := range r.Shown() {
		left = left || l.State == laneIdle || l.State == laneSearching
	}
	for _, b := range []*widget.Button{r.StepButton, r.PlayButton, r.RunButton} {
		toolkit.Enable(b, !running && left)
	}
	toolkit.Enable(r.CancelButton, running)
	toolkit.Enable(r.LaneCount, !running)
	for _, l := range r.Lanes {
		toolkit.Enable(l.AlgorithmSelect, !running)
		toolkit.Enable(l.HeuristicSelect, !running && catalog.SelectedAlgorithm(l.AlgorithmSelect).UsesHeuristic())
		l.Params.Enable(!running)
	}
}

// setStatus shows a lane's status (red when it is an error).
func (l *RaceLane) setStatus(msg string, isErr bool) {
	if isErr {
		l.Status.Importance = widget.DangerImportance
	} else {
		l.Status.Importance = widget.MediumImportance
	}
	l.Status.SetText(msg)
}
