package raceview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button and selector of the race, its lanes'
// included, has its tip from the one table, and the shortcut list says the
// same for each.
func TestEveryTipInTable(t *testing.T) {
	_, r := newTestView(t)
	w := test.NewTempWindow(t, r.Content)
	want := map[fyne.CanvasObject]string{
		r.LaneCount: TipLanes, r.StepButton: TipStep, r.PlayButton: TipPlay, r.RunButton: TipRun,
		r.CancelButton: TipCancel, r.ResetButton: TipReset, r.SpeedSelect: TipSpeed,
	}
	for _, l := range r.Lanes {
		want[l.AlgorithmSelect], want[l.HeuristicSelect] = TipAlgorithm, TipHeuristic
		want[l.Params.Weight], want[l.Params.DepthLimit] = catalog.ParamWeight, catalog.ParamDepthLimit
		want[l.Params.CycleCheck], want[l.Params.MemoryNodes] = catalog.ParamCycleCheck, catalog.ParamMemoryNodes
	}
	uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: want, Tip: controlHelp.Tip,
		Help: controlHelp.Text(), IDs: controlHelp.IDs()})
}
