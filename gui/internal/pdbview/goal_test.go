package pdbview

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestPDBBlankFirst takes a database step for the blank-first goal.
func TestPDBBlankFirst(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: its layer step job is
		// TestPDBStepUpdatesChart's, for the other goal.
		t.Skip("race form: another goal, the same layer step job; make test-short and make test-full run it")
	}
	q, p := newTestView(t)
	p.session.SetGoal(board.BlankFirst)
	q.Drain()
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	want, err := pdb.Preset("44", board.Size3x3, board.BlankFirst)
	if err != nil {
		t.Fatal(err)
	}
	if p.Part.String() != want.String() || p.Part.Goal != board.BlankFirst {
		t.Fatalf("PDB view partition %v (%v), want %v", p.Part, p.Part.Goal, want)
	}
	test.Tap(p.StepButton)
	q.Wait(t, p.LastDone)
	if layers := frontierLayers(t, p); len(layers) != 1 || len(layers[0]) != 1 || layers[0][0].New != 1 {
		t.Errorf("first layer for blank-first: %v", layers)
	}
}
