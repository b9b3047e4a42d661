package qualityview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button and selector of the quality view has
// its tip from the one table, and the shortcut list says the same.
func TestEveryTipInTable(t *testing.T) {
	_, v := newTestView(t)
	w := test.NewTempWindow(t, v.Content)
	v.Tabs.SelectIndex(2) // the heat map's, with its selector
	uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		v.SampleSelect: TipSample, v.FileButton: TipFile, v.Heuristics: TipHeuristics, v.RunButton: TipRun,
		v.CancelButton: TipCancel, v.HeatSelect: TipHeat, v.ExportPNG: toolkit.TipExportPNG, v.ExportSVG: toolkit.TipExportSVG,
		v.ExportPDF: toolkit.TipExportPDF, v.ExportJSON: TipJSON,
	}, Tip: controlHelp.Tip, Help: controlHelp.Text(), IDs: controlHelp.IDs()})
}
