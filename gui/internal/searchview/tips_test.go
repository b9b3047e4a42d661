package searchview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestEveryTipInTable: every control of the search view that a teacher
// presses or chooses from (its buttons, selectors and the check boxes
// beside them) has a tip, drawn from the one table, and the shortcut list
// keyboard users get says the same for each.
func TestEveryTipInTable(t *testing.T) {
	v := newTestView(t)
	s, c := v.search, v.code
	want := map[fyne.CanvasObject]string{
		s.AlgorithmSelect: TipAlgorithm, s.HeuristicSelect: TipHeuristic, s.ShowH: TipShowH,
		s.StepButton: TipStep, s.BackButton: TipBack, s.PlayButton: TipPlay, s.RunButton: TipRun,
		s.ResetButton: TipReset, c.NextExpansion: TipExpansion, c.NextLevel: TipLevel, c.PlayToGoal: TipGoal,
		s.RaceButton: TipRace, v.tree.Toggle: TipTreeToggle, v.predict.Toggle: TipPredict, s.GIFButton: TipGIF,
		s.Params.Weight: TipWeight, s.Params.DepthLimit: TipDepth, s.Params.CycleCheck: TipCycle,
		s.Params.MemoryNodes: TipBudget, s.Params.Cost: TipCost,
	}
	for _, overlay := range ShowOverlays {
		want[s.Show[overlay]] = TipShow(overlay)
	}
	got := map[fyne.CanvasObject]string{}
	// The parameters shown depend on the algorithm: these three show each.
	for _, alg := range []string{"Weighted A*", "Depth-first", "SMA*"} {
		s.AlgorithmSelect.SetSelected(alg)
		for _, o := range objectsIn(v.w.Content()) {
			if tip, ok := toolkit.TipOf(o); ok {
				got[o.(*fyne.Container).Objects[0]] = tip
			}
		}
	}
	help := ControlHelpText()
	for o, id := range want {
		tip := Tip(id)
		if tip == "" {
			t.Errorf("no text for tip %q", id)
		}
		if got[o] != tip {
			t.Errorf("%s: tip %q, want %q", name(o), got[o], tip)
		}
		if !strings.Contains(help, tip) {
			t.Errorf("the shortcut list lacks the tip of %s", name(o))
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d controls have tips, want %d", len(got), len(want))
	}
	if len(controlHelp) != len(want) {
		t.Errorf("the table has %d rows, the view's controls %d", len(controlHelp), len(want))
	}
}

// name describes a control for a failure message.
func name(o fyne.CanvasObject) string {
	switch w := o.(type) {
	case *widget.Button:
		return w.Text
	case *widget.Check:
		return w.Text
	case *widget.Select:
		return "selector " + w.PlaceHolder + w.Selected
	}
	return "?"
}
