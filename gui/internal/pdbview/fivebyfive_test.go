package pdbview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// TestPDBViewFiveByFiveSmallPattern builds a small 5x5 pattern in the
// pattern database view state by state (3 tiles on 25 cells: 303,600
// abstract states) and layer by layer to the end, the samples of a layer
// drawn as 5x5 mini boards and the database handed to the searches.
func TestPDBViewFiveByFiveSmallPattern(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: its jobs (layer steps, Run to
		// end, the store's hand-off) are the 8-puzzle tests', here on a
		// larger board whose 303,600 states the detector slows the most.
		t.Skip("race form: the 24-puzzle's larger tables, the 8-puzzle's jobs; make test-short and make test-full run it")
	}
	q, v := viewOn(t, "1,2/3,4")
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	if info, ok := pdb.DefaultPreset(board.Size5x5); ok && !strings.HasPrefix(v.PartitionSelect.Selected, info.Label+":") {
		t.Errorf("5x5 shows %q first, want its preset %s", v.PartitionSelect.Selected, info.Label)
	}
	v.PartitionEntry.SetText("1,2,3/4,5")
	test.Tap(v.ApplyButton)
	if v.Error.Visible() || v.Partition().Size != board.Size5x5 {
		t.Fatalf("partition refused: %q", v.Error.Text)
	}
	if v.StepStateButton.Disabled() {
		t.Fatalf("Step state is off for 3 tiles on 5x5: %q", v.StateReason.Text)
	}
	// The first step writes the goal placement: tiles 1, 2, 3 in cells 0,
	// 1, 2, cost 0.
	test.Tap(v.StepStateButton)
	q.Drain()
	if !strings.Contains(v.States.Entry.Text, "table[1 at 0, 2 at 1, 3 at 2] = 0") {
		t.Errorf("entry after the first step: %q", v.States.Entry.Text)
	}
	for range 4 {
		test.Tap(v.StepStateButton)
	}
	q.Drain()
	if len(v.States.Log) < 5 || v.Pattern.BoardSize() != board.Size5x5 {
		t.Errorf("stepping states on 5x5: log %v, pattern board %s (%q)", v.States.Log, v.Pattern.BoardSize(), v.States.Narration.Text)
	}
	// A 4-tile pattern has too many abstract states to step.
	v.PartitionEntry.SetText("1,2,3,4/5")
	test.Tap(v.ApplyButton)
	if !v.StepStateButton.Disabled() || !strings.Contains(v.StateReason.Text, "24-puzzle") {
		t.Errorf("Step state for 4 tiles on 5x5: disabled %v, reason %q", v.StepStateButton.Disabled(), v.StateReason.Text)
	}
	v.PartitionEntry.SetText("1,2,3/4,5")
	test.Tap(v.ApplyButton)
	for range 3 {
		test.Tap(v.StepButton)
		q.Wait(t, v.LastDone)
	}
	q.Drain()
	if len(v.Layers[0]) != 3 {
		t.Fatalf("%d layers after 3 steps (status %q)", len(v.Layers[0]), v.Status.Text)
	}
	if n := len(v.Samples.Objects); n == 0 || n > sampleMax(board.Size5x5) {
		t.Errorf("%d sample boards of layer 2", n)
	}
	for _, o := range v.Samples.Objects {
		if bv := o.(*widgets.BoardView); bv.BoardSize() != board.Size5x5 {
			t.Fatalf("a sample board of size %s", bv.BoardSize())
		}
	}
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	q.Drain()
	if v.Built[0] == nil || v.Built[1] == nil {
		t.Fatalf("tables not built: %q", v.Status.Text)
	}
	if got, want := v.Built[0].Len(), int(catalog.TableEntries(board.Size5x5, 3)); got != want {
		t.Errorf("table 1 has %d entries, want %d", got, want)
	}
	db := v.Store.DB(v.Partition())
	if db == nil {
		t.Fatal("the finished database is not offered to the searches")
	}
	// Its heuristic never overestimates: h of a walk is at most the walk.
	h, err := search.NewPDB(db)
	if err != nil {
		t.Fatal(err)
	}
	r := board.NewRand(6)
	for k := range 30 {
		b, _, err := board.RandomWalk(r, board.Solved(board.Size5x5, goal), k)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Estimate(b); got > k {
			t.Errorf("h = %d on a walk of %d moves: %s", got, k, b.Line())
		}
	}
}
