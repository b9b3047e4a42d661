package compareview

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
)

// TestCompareBlankFirst runs a comparison for the blank-first goal.
func TestCompareBlankFirst(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the comparison job and its
		// hand-off to the queue are TestCompareFillsTable's, for the other
		// goal.
		t.Skip("race form: another goal, the same comparison job; make test-short and make test-full run it")
	}
	q, v := newTestView(t)
	v.Session.SetGoal(board.BlankFirst)
	q.Drain()
	v.SetSelect.SetSelected(SetClassroom)
	v.CountEntry.SetText("2")
	v.Heuristics.SetSelected([]string{"Manhattan distance", "Linear conflict"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	r := v.Report()
	if v.Error.Visible() || r == nil || r.Goal != "blank-first" || len(r.Instances) != 2 {
		t.Fatalf("report %+v, error %q", r, v.Error.Text)
	}
	for i := range r.Results {
		if res := r.Results[i]; res.Length != r.Instances[i/2].Optimal {
			t.Errorf("%s with %s: length %d, optimal %d", res.Instance, res.Heuristic, res.Length, r.Instances[i/2].Optimal)
		}
	}
}
