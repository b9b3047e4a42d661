package compareview

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestCompareExportPDF exports the comparison's chart as PDF from its button.
func TestCompareExportPDF(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the dialog is answered and the
		// PDF written on the test goroutine; its comparison job is
		// TestCompareFillsTable's.
		t.Skip("race form: a file dialog and a PDF on one goroutine; make test-short and make test-full run it")
	}
	_, v := runEightPuzzleComparison(t)
	if v.ExportPDF.Disabled() {
		t.Fatal("Export PDF is disabled after a comparison")
	}
	w := v.win()
	test.Tap(v.ExportPDF)
	d := uitest.TopOverlay(w)
	if d == nil {
		t.Fatal("Export PDF opened no dialog")
	}
	path := filepath.Join(t.TempDir(), "nodes.pdf")
	uitest.EntryIn(t, d, "slidelab-compare.pdf").SetText(path)
	test.Tap(uitest.ButtonIn(t, d, "Save"))
	if data, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(data, []byte("%PDF")) {
		t.Fatalf("PDF export to %s: %v, %.20q", path, err, data)
	}
}

// TestOpenDialogSize checks that the instance file dialog covers most of the
// window.
func TestOpenDialogSize(t *testing.T) {
	_, v := newTestView(t)
	v.SetSelect.SetSelected(SetFile)
	test.Tap(v.FileButton)
	d := uitest.TopOverlay(v.win())
	if d == nil {
		t.Fatal("Open… opened no dialog")
	}
	if got, win := d.Size(), v.win().Canvas().Size(); got.Width < 0.8*win.Width || got.Height < 0.8*win.Height {
		t.Errorf("open dialog is %v in a %v window: want most of the window", got, win)
	}
}
