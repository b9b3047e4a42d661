package pdbview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// TestPDBStepStateExplains steps the 8-puzzle's {1,2,3,4} table state by
// state with the button and the S key: the pseudocode line, the narration,
// the moves, the queues and the log follow each step.
func TestPDBStepStateExplains(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: all 60 steps and their
		// narration run on the test goroutine; TestPDBStepStateToTheEnd
		// steps a table to its end under race, and
		// TestPDBStepStateAfterLayers keeps the catch-up job and the player.
		t.Skip("race form: 60 state steps on one goroutine; make test-short and make test-full run it")
	}
	_, v := viewOn(t, "1,2,3,4/5,6,7,8")
	ps := v.States
	if v.StepStateButton.Disabled() || v.StateReason.Visible() {
		t.Fatalf("Step state is off for a small pattern: %q", v.StateReason.Text)
	}
	if ps.Code.Current() != 0 || len(ps.Log) != 0 {
		t.Fatalf("before any step: line %d, log %v", ps.Code.Current(), ps.Log)
	}
	test.Tap(v.StepStateButton)
	if got := ps.Code.Current(); got != pdb.LineBuildWrite {
		t.Errorf("first step highlights line %d, want %d (the entry written)", got, pdb.LineBuildWrite)
	}
	if !strings.Contains(ps.Narration.Text, "wrote table[1 at 0, 2 at 1, 3 at 2, 4 at 3] = 0") {
		t.Errorf("narration %q", ps.Narration.Text)
	}
	if !strings.Contains(ps.Entry.Text, "table[1 at 0, 2 at 1, 3 at 2, 4 at 3] = 0") {
		t.Errorf("entry %q", ps.Entry.Text)
	}
	// The blank (cell 8) moves up and left, both cost 0.
	if n := len(ps.Moves.Objects); n != 2 {
		t.Fatalf("%d moves shown", n)
	}
	for _, o := range ps.Moves.Objects {
		l := o.(*widget.Label)
		if l.Importance != widget.SuccessImportance || !strings.Contains(l.Text, "cost 0") || !strings.Contains(l.Text, "into the current layer") {
			t.Errorf("move row %q (importance %v)", l.Text, l.Importance)
		}
	}
	if !strings.Contains(ps.CurInfo.Text, "cost 0): 2 states") || !strings.Contains(ps.NextInfo.Text, "cost 1): 0 states") {
		t.Errorf("queues %q / %q", ps.CurInfo.Text, ps.NextInfo.Text)
	}
	if len(ps.CurBoards.Objects) != 2 || len(ps.NextBoards.Objects) != 0 {
		t.Errorf("queue boards %d / %d", len(ps.CurBoards.Objects), len(ps.NextBoards.Objects))
	}
	// The pattern board shows the state taken.
	if got := v.Pattern.Cells(); got[8] != 0 || got[0] != 1 || got[4] != widgets.Star {
		t.Errorf("pattern board %v", got)
	}
	first := ps.Narration.Text
	lines := []int{ps.Code.Current()}
	narrations := []string{first}
	sawCost1 := false
	for i := 0; i < 59; i++ {
		if i%2 == 0 {
			test.Tap(v.StepStateButton)
		} else {
			toolkit.Press(v.StepStateButton)() // what the S key does (gui/views.go)
		}
		lines = append(lines, ps.Code.Current())
		narrations = append(narrations, ps.Narration.Text)
		if strings.Contains(ps.Narration.Text, "with a pattern tile (cost 1) into the next layer") {
			sawCost1 = true
		}
	}
	if ps.Stepper.Steps() != 60 {
		t.Fatalf("60 presses took %d steps", ps.Stepper.Steps())
	}
	if len(slices.Compact(slices.Clone(narrations))) != len(narrations) {
		t.Error("a step left the narration as it was")
	}
	if !slices.Contains(lines, pdb.LineBuildPushNext) || !slices.Contains(lines, pdb.LineBuildNextLayer) {
		t.Errorf("lines highlighted %v: no push to the next layer or no layer change", lines)
	}
	if !sawCost1 {
		t.Error("no narration of a cost-1 move in 60 steps")
	}
	// The log keeps the last pdbLogMax narrations, the newest last.
	if len(ps.Log) != PdbLogMax || len(ps.LogBox.Objects) != PdbLogMax {
		t.Fatalf("log holds %d (%d labels), want %d", len(ps.Log), len(ps.LogBox.Objects), PdbLogMax)
	}
	if ps.Log[PdbLogMax-1] != ps.Narration.Text || ps.Log[0] != narrations[60-PdbLogMax] {
		t.Errorf("log %q ... %q", ps.Log[0], ps.Log[PdbLogMax-1])
	}
	if l := ps.LogBox.Objects[PdbLogMax-1].(*widget.Label); l.Text != ps.Narration.Text {
		t.Errorf("last log line %q", l.Text)
	}
	// Another table starts again from the goal.
	v.TableSelect.SetSelected(v.TableSelect.Options[1])
	if ps.Stepper != nil || len(ps.Log) != 0 || ps.Code.Current() != 0 {
		t.Error("choosing another table kept the state build")
	}
	test.Tap(v.StepStateButton)
	if !strings.Contains(ps.Narration.Text, "wrote table[5 at 4, 6 at 5, 7 at 6, 8 at 7] = 0") {
		t.Errorf("table 2's first step: %q", ps.Narration.Text)
	}
}

// TestPDBStepStateBigPattern: a 4-tile pattern on the 15-puzzle is too big;
// the button and the key do nothing and say why.
func TestPDBStepStateBigPattern(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the buttons, the reason and
		// the key are checked on the test goroutine, no job starts.
		t.Skip("race form: buttons and text on one goroutine; make test-short and make test-full run it")
	}
	_, v := viewOn(t, "1,2,3,4/5,6,7,8")
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size4x4))
	v.PartitionEntry.SetText("1,2,3,4/5,6,7")
	test.Tap(v.ApplyButton)
	if !v.StepStateButton.Disabled() || !v.PlayStatesButton.Disabled() {
		t.Fatal("Step state is on for a 4-tile pattern on the 15-puzzle")
	}
	if !v.StateReason.Visible() || !strings.Contains(v.StateReason.Text, "524,160 abstract states") || !strings.Contains(v.StateReason.Text, "layer by layer") {
		t.Errorf("reason %q", v.StateReason.Text)
	}
	toolkit.Press(v.StepStateButton)() // what the S key does (gui/views.go)
	v.TogglePlayStates()
	if v.States.Stepper != nil || len(v.States.Log) != 0 || v.States.Player.Playing() {
		t.Error("a step was taken for a big pattern")
	}
	// The second table, 3 tiles, can be stepped.
	v.TableSelect.SetSelected(v.TableSelect.Options[1])
	if v.StepStateButton.Disabled() || v.StateReason.Visible() {
		t.Errorf("a 3-tile pattern on the 15-puzzle cannot be stepped: %q", v.StateReason.Text)
	}
	toolkit.Press(v.StepStateButton)() // what the S key does (gui/views.go)
	if v.States.Stepper == nil || !strings.Contains(v.States.Narration.Text, "table[5 at 4, 6 at 5, 7 at 6] = 0") {
		t.Errorf("S on a 3-tile pattern: %q", v.States.Narration.Text)
	}
}

// TestPDBStepStateAfterBuiltSaysSo: once the table is built, Step state
// starts the state-by-state build again; the lines then describe that
// build, not "Table 1 is built".
func TestPDBStepStateAfterBuiltSaysSo(t *testing.T) {
	// The race form (raceForm) builds two 2-tile tables: the same Run to
	// end job, then the same lines.
	partition := "1,2,3,4/5,6,7,8"
	if raceForm() {
		partition = "1,2/3,4"
	}
	q, v := viewOn(t, partition)
	test.Tap(v.RunButton)
	q.Until(t, func() bool { return v.Built[0] != nil && v.Built[1] != nil && !v.Busy() })
	v.TableSelect.SetSelected(v.TableSelect.Options[0])
	if !strings.Contains(v.LayerInfo.Text, "is built") {
		t.Fatalf("after Run to end the line reads %q", v.LayerInfo.Text)
	}
	test.Tap(v.StepStateButton)
	q.Drain()
	for _, l := range []*widget.Label{v.LayerInfo, v.Status} {
		if strings.Contains(l.Text, "is built") || strings.Contains(l.Text, "build it again") {
			t.Errorf("after Step state a line still reads %q", l.Text)
		}
	}
	if !strings.Contains(v.LayerInfo.Text, "state by state") {
		t.Errorf("after Step state the line reads %q, want the state-by-state build", v.LayerInfo.Text)
	}
}
