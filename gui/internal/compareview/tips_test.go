package compareview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestEveryTipInTable: every button and selector of the compare view, in
// each of its tabs, has its tip from the one table, and the shortcut list
// says the same.
func TestEveryTipInTable(t *testing.T) {
	_, v := newTestView(t)
	w := test.NewTempWindow(t, v.Content)
	want := map[fyne.CanvasObject]string{
		v.SetSelect: TipSet, v.FileButton: TipFile, v.AlgorithmSelect: TipAlgorithm, v.CostSelect: TipCost,
		v.Heuristics: TipHeuristics, v.RunButton: TipRun, v.CancelButton: TipCancel, v.MeasureSelect: TipMeasure,
		v.Params.Weight: catalog.ParamWeight, v.Params.DepthLimit: catalog.ParamDepthLimit, v.Params.CycleCheck: catalog.ParamCycleCheck,
		v.Params.MemoryNodes: catalog.ParamMemoryNodes,
		v.ExportPNG:          toolkit.TipExportPNG, v.ExportSVG: toolkit.TipExportSVG, v.ExportPDF: toolkit.TipExportPDF, v.ExportCSV: TipCSV,
	}
	tabs := map[int]map[fyne.CanvasObject]string{
		2: {v.IterInstance: TipIterBoard, v.Predicted: TipPredicted},
		3: {v.Contours.Instance: TipContBoard, v.Contours.Heuristic: TipContH},
	}
	var ids []string
	for _, id := range controlHelp.IDs() {
		if id != TipIterBoard && id != TipPredicted && id != TipContBoard && id != TipContH {
			ids = append(ids, id)
		}
	}
	uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: want, Tip: controlHelp.Tip,
		Help: controlHelp.Text(), IDs: ids})
	for tab, in := range tabs { // a tab's controls are drawn while it is selected
		v.Tabs.SelectIndex(tab)
		all := map[fyne.CanvasObject]string{}
		for o, id := range want {
			all[o] = id
		}
		var tabIDs []string
		for o, id := range in {
			all[o] = id
			tabIDs = append(tabIDs, id)
		}
		uitest.CheckTips(t, uitest.TipCheck{Content: w.Content(), TipOf: toolkit.TipOf, Want: all, Tip: controlHelp.Tip,
			Help: controlHelp.Text(), IDs: tabIDs})
	}
}
