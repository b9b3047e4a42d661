package searchview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestRunToEndCancel starts a run far too hard for breadth-first search
// and cancels it: the status says so and the buttons come back.
func TestRunToEndCancel(t *testing.T) {
	v := newTestView(t)
	s := v.search
	if err := v.puzzle.LoadKorf(1); err != nil { // far too hard for BFS
		t.Fatal(err)
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	test.Tap(s.RunButton)
	if s.RunButton.Text != "Cancel run" || !s.StepButton.Disabled() {
		t.Fatalf("during a run: button %q, step disabled %v", s.RunButton.Text, s.StepButton.Disabled())
	}
	test.Tap(s.RunButton) // cancel
	v.q.Wait(t, s.RunDone)
	if !strings.Contains(s.Status.Text, "Cancelled") {
		t.Errorf("status after cancel: %q", s.Status.Text)
	}
	if s.StepButton.Disabled() || s.RunButton.Text != "Run to end" {
		t.Error("buttons not restored after cancel")
	}

}
