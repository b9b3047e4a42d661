package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The race view's own tests are in gui/internal/raceview; this one needs
// the shell.

// TestRaceKeysAndView checks the race's keys (they press the buttons, so a
// disabled button is a dead key), that leaving the view pauses Play, and
// that the search tab's button opens the race with its choices in lane 1
// (weighted A* with its weight too).
func TestRaceKeysAndView(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "4 1 3 / 7 2 5 / 0 8 6")
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("linear-conflict"); err != nil {
		t.Fatal(err)
	}
	test.Tap(u.Search.RaceButton) // the race view is built by this first use
	if u.CurrentView() != ViewRace {
		t.Fatalf("the race button shows %q", u.CurrentView())
	}
	r := u.Race
	if r == nil {
		t.Fatal("the race button did not build the race view")
	}
	if l := r.Lanes[0]; l.AlgorithmSelect.Selected != "A*" || l.HeuristicSelect.Selected != "Linear conflict" {
		t.Errorf("lane 1: %s, %s", l.AlgorithmSelect.Selected, l.HeuristicSelect.Selected)
	}
	if h := r.Lanes[1].HeuristicSelect.Selected; h == "Linear conflict" || r.Lanes[1].AlgorithmSelect.Selected != "A*" {
		t.Errorf("lane 2 repeats lane 1 or not A*: %s, %s", r.Lanes[1].AlgorithmSelect.Selected, h)
	}

	key := func(k fyne.KeyName) { u.typedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeySpace)
	if r.Lanes[0].Expanded.Text != "1" {
		t.Fatalf("Space: lane 1 expanded %s", r.Lanes[0].Expanded.Text)
	}
	r.StepButton.Disable()
	key(fyne.KeySpace)
	if r.Lanes[0].Expanded.Text != "1" {
		t.Error("Space stepped while Step was disabled")
	}
	r.StepButton.Enable()
	key(fyne.KeyR)
	if r.Lanes[0].Expanded.Text != "0" {
		t.Error("R did not reset")
	}
	key(fyne.KeyP)
	if !r.Player.Playing() || r.PlayButton.Text != "Pause (P)" {
		t.Fatal("P did not play")
	}
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	if r.Player.Playing() || r.PlayButton.Text != "Play (P)" {
		t.Error("leaving the race did not pause it")
	}
	if err := u.ShowView(ViewRace); err != nil {
		t.Fatal(err)
	}
	// The search tab's algorithm and parameters go with it: any of the twelve.
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	u.Search.AlgorithmSelect.SetSelected("Weighted A*")
	u.Search.Params.Weight.SetSelected("1.5")
	test.Tap(u.Search.RaceButton)
	if l := r.Lanes[0]; l.AlgorithmSelect.Selected != "Weighted A*" || l.Params.Values().Weight != 1.5 {
		t.Errorf("lane 1 from weighted A* at w = 1.5: %s, w = %g", l.AlgorithmSelect.Selected, l.Params.Values().Weight)
	}
	key(fyne.KeyP)
	u.Close()
	if r.Player.Playing() {
		t.Error("closing the window left the race playing")
	}
}
