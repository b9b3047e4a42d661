package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/compareview"
)

// The Compare view's own tests are in gui/internal/compareview; these
// need the shell.

// TestCompareKeepsRunningAcrossViews checks that looking at another view
// does not cancel a comparison (issue 12, item 4).
func TestCompareKeepsRunningAcrossViews(t *testing.T) {
	u := newTestUI(t)
	v := u.compare()
	// Korf's instances with Hamming take far too long: cancel.
	v.SetSelect.SetSelected(compareview.SetKorf)
	v.Heuristics.SetSelected([]string{"Hamming (misplaced tiles)"})
	v.TimeoutEntry.SetText("0")
	test.Tap(v.RunButton)
	if v.CancelButton.Disabled() {
		t.Fatal("cancel disabled during a run")
	}
	views := []string{ViewCompare, ViewPuzzle, ViewPDB, ViewCompare}
	if raceForm() {
		// The race form (raceForm) leaves for the puzzle view and comes
		// back: the PDB view's first build on the way costs seconds while
		// the comparison's workers keep the other core busy.
		views = []string{ViewCompare, ViewPuzzle, ViewCompare}
	}
	for _, view := range views {
		if err := u.ShowView(view); err != nil {
			t.Fatal(err)
		}
	}
	if !v.Runs.Running() || v.Runs.Cancelled() {
		t.Fatal("switching views cancelled the comparison")
	}
	test.Tap(v.CancelButton)
	u.q.Wait(t, v.LastDone)
	if !strings.Contains(v.Status.Text, "Cancelled") {
		t.Errorf("after cancel: status %q", v.Status.Text)
	}
}
