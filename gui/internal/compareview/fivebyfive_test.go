package compareview

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestCompareFiveByFiveWalks runs the Compare view on walks of 40 moves on
// the 24-puzzle with Manhattan distance and linear conflict: the instances
// are the walks compare.RandomWalks makes, both heuristics find the same
// lengths, no longer than the walk and no shorter than the Manhattan
// distance computed here.
func TestCompareFiveByFiveWalks(t *testing.T) {
	q, v := newTestView(t)
	compareLabel := func(short string) string {
		t.Helper()
		for _, o := range catalog.RegistryOptions(board.Size5x5, goal) {
			if o.Short == short {
				return o.Label
			}
		}
		t.Fatalf("no heuristic %s offered", short)
		return ""
	}
	if !slices.Contains(v.SetSelect.Options, SetWalks24) {
		t.Fatalf("sets: %v", v.SetSelect.Options)
	}
	v.SetSelect.SetSelected(SetWalks24)
	if v.WalkEntry.Text != "40" || v.WalkEntry.Disabled() || v.SeedEntry.Disabled() {
		t.Errorf("moves %q (disabled %v), seed disabled %v", v.WalkEntry.Text, v.WalkEntry.Disabled(), v.SeedEntry.Disabled())
	}
	if got := v.SetSize(); got != board.Size5x5 {
		t.Fatalf("set size %s", got)
	}
	md, lc := compareLabel("manhattan"), compareLabel("linear-conflict")
	if !slices.Contains(v.Heuristics.Selected, md) || !slices.Contains(v.Heuristics.Selected, lc) {
		t.Errorf("checked on 5x5: %v", v.Heuristics.Selected)
	}
	v.CountEntry.SetText("3")
	v.SeedEntry.SetText("4")
	v.Heuristics.SetSelected([]string{md, lc})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if v.Error.Visible() {
		t.Fatalf("comparison failed: %s", v.Error.Text)
	}
	r := v.Report()
	want, err := compare.RandomWalks(board.Size5x5, goal, 40, 3, 4)
	if err != nil {
		t.Fatal(err)
	}
	if r == nil || len(r.Instances) != 3 || len(r.Heuristics) != 2 {
		t.Fatalf("report: %+v", r)
	}
	for i, in := range r.Instances {
		b, err := board.Parse(in.Board, board.Size5x5)
		if err != nil {
			t.Fatal(err)
		}
		if b != want.Instances[i].Board {
			t.Errorf("instance %d is %s, want the walk %s", i+1, in.Board, want.Instances[i].Board.Line())
		}
		a, b2 := r.At(i, 0), r.At(i, 1)
		if a.Status != compare.Solved || b2.Status != compare.Solved || a.Length != b2.Length || a.Length > 40 || a.Length < uitest.ManhattanOf(b, goal) {
			t.Errorf("instance %d: Manhattan %+v, linear conflict %+v (Manhattan distance %d)", i+1, a, b2, uitest.ManhattanOf(b, goal))
		}
	}
}
