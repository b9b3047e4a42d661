package raceview

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The race's pace: Play and Run live expand the same number of nodes in
// every lane per second, so the lanes stay in step by expansions and a class
// can follow them; "Full speed" runs live as fast as the machine allows
// (and times the lanes).

// raceSpeed is one pace offered: expansions per second in every lane
// (0: full speed).
type raceSpeed struct {
	Label     string
	PerSecond float64
}

// raceSpeeds are the paces offered, slowest first.
var raceSpeeds = []raceSpeed{
	{"2 per second", 2}, {"10 per second", 10}, {"50 per second", 50}, {"200 per second", 200},
	{"1,000 per second", 1000}, {"5,000 per second", 5000}, {"Full speed", 0},
}

// raceDefaultSpeed indexes raceSpeeds: 200 expansions a second, so on the
// default 15-puzzle race the winner (about 8,000 expansions) reaches the
// goal in about 40 seconds.
const raceDefaultSpeed = 3

// playTicksMax bounds the steps a second Play posts to the Fyne goroutine;
// faster paces expand several nodes per lane in each step.
const playTicksMax = 20

// pace returns the chosen expansions per second in every lane (0: full speed).
func (r *RaceView) pace() float64 {
	i := r.SpeedSelect.SelectedIndex()
	if i < 0 {
		i = raceDefaultSpeed
	}
	return raceSpeeds[i].PerSecond
}

// playRate returns how many steps a second Play takes and how many nodes
// each lane expands in one: pace expansions a second in all.
func playRate(pace float64) (ticks float64, batch int) {
	if pace <= 0 {
		pace = 5 * raceSpeeds[len(raceSpeeds)-2].PerSecond
	}
	batch = max(1, int(math.Ceil(pace/playTicksMax)))
	return pace / float64(batch), batch
}

// ShowSpeed says how fast the lanes advance.
func (r *RaceView) ShowSpeed() {
	if p := r.pace(); p > 0 {
		r.SpeedLabel.SetText(fmt.Sprintf("%s expansions a second in every lane", toolkit.FormatCount(uint64(p))))
		return
	}
	r.SpeedLabel.SetText("Run live at full speed, timed; Play at 25,000 a second")
}

// laneRun is a lane advanced by a paced live run off the Fyne goroutine:
// the work owns the stepper and copies what it shows into each snapshot.
type laneRun struct {
	l         *RaceLane
	st        *search.Stepper
	iteration int
	ev        search.Event // the latest
	err       error
	solved    bool
	done      bool
}

// advance steps p's search to its next expansion (IDA*'s new pass and a
// node's selection come with it), to the goal or to an error.
func (p *laneRun) advance(ctx context.Context) {
	for range 8 { // an expansion is at most three events away
		ev, err := p.st.Step(ctx)
		if err != nil {
			p.err, p.done = err, true
			return
		}
		if ev.Kind == search.IterationStarted {
			p.iteration++
		}
		p.ev = ev
		switch ev.Kind {
		case search.SolutionFound:
			p.solved, p.done = true, true
			return
		case search.NodeExpanded:
			return
		}
	}
}

// runPaced advances the lanes in the background, pace expansions a second
// in each, redrawing them ten times a second.
func (r *RaceView) runPaced(lanes []*laneRun, pace float64) {
	batch := max(1, int(math.Round(pace*toolkit.RefreshEvery.Seconds())))
	r.RunDone = r.Runs.Start(func(ctx context.Context, post func(func())) error {
		t0 := time.Now()
		tick := time.NewTicker(toolkit.RefreshEvery)
		defer tick.Stop()
		for left := len(lanes); left > 0; {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-tick.C:
			}
			elapsed := time.Since(t0)
			for _, p := range lanes {
				if p.done {
					continue
				}
				for i := 0; i < batch && !p.done; i++ {
					p.advance(ctx)
				}
				snap := *p
				post(func() { r.renderPaced(snap, elapsed) })
				if p.done {
					left--
				}
			}
		}
		return nil
	}, r.liveFinished)
}

// renderPaced shows a lane advanced by a paced run.
func (r *RaceView) renderPaced(p laneRun, elapsed time.Duration) {
	l := p.l
	if l.State != laneSearching {
		return
	}
	l.iteration = p.iteration
	l.Elapsed.SetText(catalog.RoundDuration(elapsed).String())
	if p.err != nil {
		r.laneStopped(l, p.err)
		return
	}
	r.showNode(l, p.ev.Node)
	r.showStats(l, p.ev.Stats, p.iteration)
	if p.solved {
		r.markSolved(l, len(p.ev.Moves), elapsed)
		return
	}
	l.setStatus(fmt.Sprintf("Running at %s expansions a second…", toolkit.FormatCount(uint64(r.pace()))), false)
}

// FullSpeed makes Run live race the lanes as fast as the machine allows,
// timed (the demo's race).
func (r *RaceView) FullSpeed() { r.SpeedSelect.SetSelectedIndex(len(raceSpeeds) - 1) }
