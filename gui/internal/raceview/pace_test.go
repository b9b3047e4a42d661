package raceview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// fullSpeed makes Run live race at full speed, timed.
func fullSpeed(r *RaceView) { r.FullSpeed() }

// TestRacePaceDefault: the race starts at a pace a class can follow (the
// winner of the default 15-puzzle race, about 8,000 expansions, in 20 to 60
// seconds; it used to finish in 25 ms live), and Play expands that many
// nodes a second in every lane in at most playTicksMax steps.
func TestRacePaceDefault(t *testing.T) {
	_, r := newTestView(t)
	if p := r.pace(); p <= 0 || 8000/p < 20 || 8000/p > 60 {
		t.Errorf("default pace %g expansions a second: the winner would take %.0f s", p, 8000/p)
	}
	if !strings.Contains(r.SpeedLabel.Text, "200 expansions a second") {
		t.Errorf("speed label %q", r.SpeedLabel.Text)
	}
	for _, p := range raceSpeeds {
		ticks, batch := playRate(p.PerSecond)
		if ticks > playTicksMax || ticks <= 0 || batch < 1 {
			t.Errorf("%s: %g steps a second of %d expansions", p.Label, ticks, batch)
		}
		if p.PerSecond > 0 && (ticks*float64(batch) < 0.9*p.PerSecond || ticks*float64(batch) > 1.1*p.PerSecond) {
			t.Errorf("%s: %g steps a second of %d expansions", p.Label, ticks, batch)
		}
	}
}

// TestRacePacedLive: at a set pace Run live advances every lane by the same
// number of expansions (the lanes stay in step), takes time, and ends with
// the same counts and winner as lockstep stepping.
func TestRacePacedLive(t *testing.T) {
	q, r := startPacedRace(t, "5 1 3 / 4 0 2 / 7 8 6", "50 per second")
	if !r.Runs.Running() || !r.StepButton.Disabled() {
		t.Fatal("the paced race did not start")
	}
	// Each tick of 100 ms expands 5 nodes in every lane; between ticks all
	// searching lanes show the same count.
	q.Until(t, func() bool {
		ex := r.Lanes[0].Expanded.Text
		return ex != "0" && r.Lanes[1].Expanded.Text == ex && r.Lanes[2].Expanded.Text == ex
	})
	if ex := r.Lanes[0].Expanded.Text; ex != "5" && ex != "10" && ex != "15" {
		t.Errorf("after the first ticks: %s expansions, want a multiple of 5", ex)
	}
	q.Wait(t, r.RunDone)
	live := make([]string, 3)
	for i, l := range r.Lanes {
		if l.State != laneSolved {
			t.Fatalf("lane %d: state %d, status %q", i+1, l.State, l.Status.Text)
		}
		live[i] = l.Generated.Text + " " + l.marked()
	}
	test.Tap(r.ResetButton)
	for i := 0; i < 10000 && !r.StepButton.Disabled(); i++ {
		test.Tap(r.StepButton)
	}
	for i, l := range r.Lanes {
		if got := l.Generated.Text + " " + l.marked(); got != live[i] {
			t.Errorf("lane %d: paced live %q, lockstep %q", i+1, live[i], got)
		}
	}
}

// TestRacePacedCancel: Cancel during a paced race ends it, and every lane
// still searching says it was cancelled (they said "Running at 10
// expansions a second…" after the race had stopped).
func TestRacePacedCancel(t *testing.T) {
	q, r := startPacedRace(t, "8 6 7 / 2 5 4 / 3 0 1", "10 per second")
	q.Until(t, func() bool { return r.Lanes[0].Expanded.Text != "0" })
	test.Tap(r.CancelButton)
	q.Wait(t, r.RunDone)
	for i, l := range r.Lanes {
		if l.State != laneCancelled || l.Status.Text != "Cancelled." {
			t.Errorf("lane %d after Cancel: state %d, status %q", i+1, l.State, l.Status.Text)
		}
	}
}

// startPacedRace races A* with Hamming, Manhattan and linear conflict on the
// 8-puzzle board at pace (a SpeedSelect label) and taps Run.
func startPacedRace(t *testing.T, board, pace string) (*uitest.MainQueue, *RaceView) {
	t.Helper()
	q, r := newTestView(t)
	eightPuzzle(t, r, board)
	raceLanes(t, r, [2]string{"A*", "hamming"}, [2]string{"A*", "manhattan"}, [2]string{"A*", "linear-conflict"})
	r.SpeedSelect.SetSelected(pace)
	test.Tap(r.RunButton)
	return q, r
}
