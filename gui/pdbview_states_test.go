package gui

import (
	"fyne.io/fyne/v2"
	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"testing"

	"github.com/slidelab/slidelab/core/pdb"
)

// TestPDBStateDemo reaches the "pdbstate" demo state.
func TestPDBStateDemo(t *testing.T) {
	u := newTestUI(t)
	ready := false
	if err := u.Demo("pdbstate", func() { ready = true }); err != nil {
		t.Fatal(err)
	}
	u.q.Drain()
	s := u.pdb().States.Stepper
	if !ready || s == nil || s.Steps() < 36 || u.pdb().ChartTabs.SelectedIndex() != pdbview.PdbStepTab || u.CurrentView() != ViewPDB {
		t.Fatalf("demo: ready %v, stepper %v, tab %d, view %s", ready, s, u.pdb().ChartTabs.SelectedIndex(), u.CurrentView())
	}
	if u.pdb().States.Code.Current() != pdb.LineBuildPushNext || u.pdb().States.Stepper.NextLen() == 0 {
		t.Errorf("demo stopped at line %d with %d states in the next queue", u.pdb().States.Code.Current(), s.NextLen())
	}
}

// TestPDBStepStateKey checks that S in the PDB view steps a state, as its
// Step state button does (gui/internal/pdbview tests the steps).
func TestPDBStepStateKey(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyS})
	if v.States.Stepper == nil || v.States.Stepper.Steps() != 1 {
		t.Errorf("S took no state step: %q", v.States.Narration.Text)
	}
}
