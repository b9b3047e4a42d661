package pdbview

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestExportPDFButtons checks that the view exports its chart as PDF from
// a button, like PNG and SVG, through a file dialog that covers most of
// the window, and that a name typed as an absolute path is saved there.
func TestExportPDFButtons(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the dialogs are answered and
		// the PDF written on the test goroutine; its layer step job is
		// TestPDBStepUpdatesChart's.
		t.Skip("race form: file dialogs and a PDF on one goroutine; make test-short and make test-full run it")
	}
	q, v := viewOn(t, "1,2,3,4/5,6,7,8")
	test.Tap(v.StepButton)
	q.Wait(t, v.LastDone)
	w := v.Win()

	dir := t.TempDir()
	test.Tap(v.ExportPDF)
	d := uitest.TopOverlay(w)
	if d == nil {
		t.Fatal("Export PDF opened no dialog")
	}
	if got, win := d.Size(), w.Canvas().Size(); got.Width < 0.8*win.Width || got.Height < 0.8*win.Height {
		t.Errorf("save dialog is %v in a %v window: want most of the window", got, win)
	}
	name := uitest.EntryIn(t, d, "slidelab-pdb-frontier.pdf")
	// An absolute path typed as the name is where the file goes, not a
	// path under the folder the dialog shows.
	path := filepath.Join(dir, "sub", "frontier.pdf")
	if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	// The suggested name is selected: what is typed replaces it (typing
	// went in front of it: "/tmp/x.pdfslidelab-pdb-frontier.pdf").
	test.Type(name, path)
	if name.Text != path {
		t.Fatalf("typed %q into the name field, it reads %q", path, name.Text)
	}
	test.Tap(uitest.ButtonIn(t, d, "Save"))
	if data, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(data, []byte("%PDF")) {
		t.Fatalf("PDF export to %s: %v, %.20q", path, err, data)
	}
	if !strings.Contains(v.Status.Text, path) {
		t.Errorf("status %q does not name %s", v.Status.Text, path)
	}

	// An existing file is replaced only once the teacher agrees.
	for _, agree := range []string{"No", "Yes"} {
		if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		test.Tap(v.ExportPDF)
		d = uitest.TopOverlay(w)
		uitest.EntryIn(t, d, "slidelab-pdb-frontier.pdf").SetText(path)
		test.Tap(uitest.ButtonIn(t, d, "Save"))
		ask := uitest.TopOverlay(w)
		if ask == nil || !strings.Contains(uitest.LabelTexts(ask), path) {
			t.Fatalf("no question before replacing %s", path)
		}
		test.Tap(uitest.ButtonIn(t, ask, agree))
		data, _ := os.ReadFile(path)
		if replaced := bytes.HasPrefix(data, []byte("%PDF")); replaced != (agree == "Yes") {
			t.Errorf("answer %s: file replaced %v", agree, replaced)
		}
	}

	// A folder that does not exist is refused with a clear message.
	test.Tap(v.ExportPDF)
	d = uitest.TopOverlay(w)
	missing := filepath.Join(dir, "no-such-folder", "x.pdf")
	uitest.EntryIn(t, d, "slidelab-pdb-frontier.pdf").SetText(missing)
	test.Tap(uitest.ButtonIn(t, d, "Save"))
	msg := uitest.TopOverlay(w)
	if msg == nil || !strings.Contains(uitest.LabelTexts(msg), "folder "+filepath.Dir(missing)+" does not exist") {
		t.Errorf("saving into a missing folder: dialog %q", uitest.LabelTexts(msg))
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("a file was written into a missing folder")
	}
}
