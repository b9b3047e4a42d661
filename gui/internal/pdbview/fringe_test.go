package pdbview

import (
	"context"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// TestPDBFringeStepAndRun switches the view to fringe tables, steps layers
// against pdb.FringeBuilder, runs to the end and finds the tables in the
// store (the shell's TestFringeTablesReachTheMenu finds them in the
// heuristic menu).
func TestPDBFringeStepAndRun(t *testing.T) {
	q, v := viewOn(t, "1,2,3,4/5,6,7,8")
	v.KindSelect.SetSelected(KindFringeLabel)
	if !v.Fringe() || len(v.Part.Groups) != 1 || !slices.Equal(v.Part.Groups[0], []int{1, 2, 3, 4, 7}) {
		t.Fatalf("fringe mode shows %v (fringe %v)", v.Part, v.Fringe())
	}
	if !strings.Contains(v.PartitionSelect.Selected, "1,2,3,4,7") {
		t.Errorf("preset entry %q", v.PartitionSelect.Selected)
	}
	if v.States.Code.N != len(pdb.FringePseudocode()) || v.StepStateButton.Disabled() {
		t.Errorf("pseudocode of %d lines, step state enabled %v", v.States.Code.N, !v.StepStateButton.Disabled())
	}
	// Step state: the goal state, then the layer change and the first
	// states of layer 1, each writing its own entry.
	for i := 0; i < 3; i++ {
		test.Tap(v.StepStateButton)
	}
	if !strings.Contains(v.States.Narration.Text, "each state is its own entry") || v.States.Code.Current() != pdb.LineFringeWrite {
		t.Errorf("after three state steps: line %d, %q", v.States.Code.Current(), v.States.Narration.Text)
	}
	if !strings.Contains(v.States.Entry.Text, "blank at") {
		t.Errorf("entry %q", v.States.Entry.Text)
	}
	want, err := pdb.NewFringeBuilder(board.Size3x3, goal, []int{1, 2, 3, 4, 7})
	if err != nil {
		t.Fatal(err)
	}
	for step := 1; step <= 4; step++ {
		test.Tap(v.StepButton)
		q.Wait(t, v.LastDone)
		ls, ok, err := want.Step(context.Background())
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		layers := frontierLayers(t, v)
		if len(layers) != 1 || len(layers[0]) != step || layers[0][step-1].States != int64(ls.States) {
			t.Fatalf("after %d steps the chart has %v, builder layer %+v", step, layers, ls.Layer)
		}
		if n := len(v.Samples.Objects); uint64(n) != ls.States {
			t.Errorf("step %d: %d sample boards for %d states", step, n, ls.States)
		}
		if v.States.Code.Current() != pdb.LineFringeQueues && v.States.Code.Current() != pdb.LineFringeNextLayer {
			t.Errorf("step %d: line %d highlighted", step, v.States.Code.Current())
		}
	}
	if raceForm() {
		// The race form (raceForm) runs a 3-tile fringe table to the end
		// (3,024 entries, not the preset's 60,480): the same Run to end job
		// and hand-off to the store, with less number crunching.
		v.PartitionEntry.SetText("1,2,3")
		test.Tap(v.ApplyButton)
		if v.Error.Visible() || !v.Fringe() {
			t.Fatalf("fringe table 1,2,3 refused: %q", v.Error.Text)
		}
	}
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	tables := v.Store.Fringe(v.Partition())
	if len(tables) != 1 || tables[0].Kind() != pdb.KindFringe {
		t.Fatalf("store holds %v", tables)
	}
	// Overlapping typed groups are refused here, with a pointer to the CLI;
	// back to additive shows the additive preset again.
	v.PartitionEntry.SetText("1,2,3/3,4")
	test.Tap(v.ApplyButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "--fringe") {
		t.Errorf("overlapping groups: error %q", v.Error.Text)
	}
	v.KindSelect.SetSelected(KindAdditiveLabel)
	if v.Fringe() || len(v.Part.Groups) != 2 || v.States.Code.N != len(pdb.BuildPseudocode()) {
		t.Errorf("back to additive: %v, fringe %v", v.Part, v.Fringe())
	}
}
