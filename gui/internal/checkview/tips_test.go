package checkview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button and selector of the check view has
// its tip from the one table, and the shortcut list says the same.
func TestEveryTipInTable(t *testing.T) {
	_, v, _ := newTestView(t)
	w := test.NewTempWindow(t, v.Content)
	uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		v.OpenButton: tipOpen, v.AlgorithmSelect: tipAlgorithm, v.HeuristicSelect: tipHeuristic, v.StrictCheck: tipStrict,
		v.CancelButton: tipCancel, v.StartButton: tipStart, v.BackButton: tipBack, v.StepButton: tipStep,
		v.PlayButton: tipPlay, v.EndButton: tipEnd, v.DiffButton: tipDiff,
	}, Tip: controlHelp.Tip, Help: controlHelp.Text(), IDs: controlHelp.IDs()})
}
