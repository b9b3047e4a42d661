package pdbview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button, selector and slider of the pattern
// database view has its tip from the one table, and the shortcut list
// says the same.
func TestEveryTipInTable(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: tips and the help text are
		// read on the test goroutine.
		t.Skip("race form: tips read on one goroutine; make test-short and make test-full run it")
	}
	_, v := newTestView(t)
	w := test.NewTempWindow(t, v.Content)
	uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		v.KindSelect: TipKind, v.SizeSelect: TipSize, v.PartitionSelect: TipPartition, v.ApplyButton: TipApply,
		v.TableSelect: TipTable, v.StepButton: TipStep, v.StepStateButton: TipStepState, v.PlayButton: TipPlay,
		v.PlayStatesButton: TipPlayStates, v.RunButton: TipRun, v.CancelButton: TipCancel, v.SpeedSlider: TipSpeed,
		v.LogScale: TipLogScale, v.ExportPNG: toolkit.TipExportPNG, v.ExportSVG: toolkit.TipExportSVG, v.ExportPDF: toolkit.TipExportPDF, v.ExportGIFButton: TipGIF,
	}, Tip: controlHelp.Tip, Help: controlHelp.Text(), IDs: controlHelp.IDs()})
}
