package gui

import (
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// objectsIn returns every object under o, widgets' renderer objects included.
func objectsIn(o fyne.CanvasObject) []fyne.CanvasObject { return uitest.ObjectsIn(o) }

// The shell's tests reach dialogs through uitest's helpers, under the
// short names the session-file tests use.
var (
	topOverlay = uitest.TopOverlay
	buttonIn   = uitest.ButtonIn
	labelTexts = uitest.LabelTexts
	entryIn    = uitest.EntryIn
)

// TestSaveDialogKeepsTheKeys checks that the save dialog's name field keeps
// the focus the dialog gives it, and that keys typed meanwhile are no
// shortcuts for the view behind (gui/internal/pdbview tests the export).
func TestSaveDialogKeepsTheKeys(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	test.Tap(v.StepButton)
	u.q.Wait(t, v.LastDone)
	w := u.Window
	test.Tap(v.ExportPDF)
	d := topOverlay(w)
	if d == nil {
		t.Fatal("Export PDF opened no dialog")
	}
	name := entryIn(t, d, "slidelab-pdb-frontier.pdf")
	// The name field keeps the focus the dialog gives it (a button press
	// hands the focus back to the window's shortcuts otherwise), and keys
	// typed meanwhile are no shortcuts for the view behind: the "p" of
	// ".pdf" started playing the build.
	if f := w.Canvas().Focused(); f != name {
		t.Errorf("the dialog's name field lost the focus to %T", f)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyP})
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if v.Busy() {
		t.Error("keys typed into the save dialog built layers behind it")
	}
}
