package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
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

// TestExportPDFButtons checks that both views export their charts as PDF
// from a button, like PNG and SVG, through a file dialog that covers most of
// the window, and that a name typed as an absolute path is saved there.
func TestExportPDFButtons(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	test.Tap(v.StepButton)
	u.q.Wait(t, v.LastDone)
	w := u.Window

	dir := t.TempDir()
	test.Tap(v.ExportPDF)
	d := topOverlay(w)
	if d == nil {
		t.Fatal("Export PDF opened no dialog")
	}
	if got, win := d.Size(), w.Canvas().Size(); got.Width < 0.8*win.Width || got.Height < 0.8*win.Height {
		t.Errorf("save dialog is %v in a %v window: want most of the window", got, win)
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
	test.Tap(buttonIn(t, d, "Save"))
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
		d = topOverlay(w)
		entryIn(t, d, "slidelab-pdb-frontier.pdf").SetText(path)
		test.Tap(buttonIn(t, d, "Save"))
		ask := topOverlay(w)
		if ask == nil || !strings.Contains(labelTexts(ask), path) {
			t.Fatalf("no question before replacing %s", path)
		}
		test.Tap(buttonIn(t, ask, agree))
		data, _ := os.ReadFile(path)
		if replaced := bytes.HasPrefix(data, []byte("%PDF")); replaced != (agree == "Yes") {
			t.Errorf("answer %s: file replaced %v", agree, replaced)
		}
	}

	// A folder that does not exist is refused with a clear message.
	test.Tap(v.ExportPDF)
	d = topOverlay(w)
	missing := filepath.Join(dir, "no-such-folder", "x.pdf")
	entryIn(t, d, "slidelab-pdb-frontier.pdf").SetText(missing)
	test.Tap(buttonIn(t, d, "Save"))
	msg := topOverlay(w)
	if msg == nil || !strings.Contains(labelTexts(msg), "folder "+filepath.Dir(missing)+" does not exist") {
		t.Errorf("saving into a missing folder: dialog %q", labelTexts(msg))
	}
	if _, err := os.Stat(missing); err == nil {
		t.Error("a file was written into a missing folder")
	}
}

// TestCompareExportPDF exports the comparison's chart as PDF from its button.
func TestCompareExportPDF(t *testing.T) {
	u, v := runEightPuzzleComparison(t)
	if v.ExportPDF.Disabled() {
		t.Fatal("Export PDF is disabled after a comparison")
	}
	w := u.Window
	test.Tap(v.ExportPDF)
	d := topOverlay(w)
	if d == nil {
		t.Fatal("Export PDF opened no dialog")
	}
	path := filepath.Join(t.TempDir(), "nodes.pdf")
	entryIn(t, d, "slidelab-compare.pdf").SetText(path)
	test.Tap(buttonIn(t, d, "Save"))
	if data, err := os.ReadFile(path); err != nil || !bytes.HasPrefix(data, []byte("%PDF")) {
		t.Fatalf("PDF export to %s: %v, %.20q", path, err, data)
	}
}

// TestOpenDialogSize checks that the instance file dialog covers most of the
// window.
func TestOpenDialogSize(t *testing.T) {
	u := newTestUI(t)
	v := u.Compare
	v.SetSelect.SetSelected(compareview.SetFile)
	test.Tap(v.FileButton)
	d := topOverlay(u.Window)
	if d == nil {
		t.Fatal("Open… opened no dialog")
	}
	if got, win := d.Size(), u.Window.Canvas().Size(); got.Width < 0.8*win.Width || got.Height < 0.8*win.Height {
		t.Errorf("open dialog is %v in a %v window: want most of the window", got, win)
	}
}

// TestSavePath checks how the path to write is made from what Fyne's save
// dialog hands over and the name typed.
func TestSavePath(t *testing.T) {
	dir := t.TempDir()
	writer := func(p string) fyne.URIWriteCloser {
		w, err := storage.Writer(storage.NewFileURI(p))
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	notExist := &fs.PathError{Op: "open", Path: "/root" + dir + "/x.png", Err: fs.ErrNotExist}
	for _, c := range []struct {
		name    string
		uc      func() fyne.URIWriteCloser
		err     error
		typed   string
		want    string
		made    bool
		wantErr string
	}{
		{name: "cancelled", uc: func() fyne.URIWriteCloser { return nil }, typed: "x.png"},
		{name: "a plain name", uc: func() fyne.URIWriteCloser { return writer(filepath.Join(dir, "a.png")) }, typed: "a.png",
			want: filepath.Join(dir, "a.png"), made: true},
		{name: "an error", uc: func() fyne.URIWriteCloser { return nil }, err: errors.New("disk full"), typed: "a.png", wantErr: "disk full"},
		{name: "an absolute path Fyne could not create", uc: func() fyne.URIWriteCloser { return nil }, err: notExist,
			typed: filepath.Join(dir, "x.png"), want: filepath.Join(dir, "x.png")},
		{name: "an absolute path in a missing folder", uc: func() fyne.URIWriteCloser { return nil }, err: notExist,
			typed: filepath.Join(dir, "none", "x.png"), wantErr: "the folder " + filepath.Join(dir, "none") + " does not exist"},
		{name: "an absolute path Fyne joined to an existing folder", uc: func() fyne.URIWriteCloser {
			if err := os.MkdirAll(filepath.Join(dir, "shown", dir), 0o755); err != nil {
				t.Fatal(err)
			}
			return writer(filepath.Join(dir, "shown", dir, "y.png"))
		}, typed: filepath.Join(dir, "y.png"), want: filepath.Join(dir, "y.png")},
		{name: "an absolute path typed in /", uc: func() fyne.URIWriteCloser { return writer(filepath.Join(dir, "z.png")) },
			typed: filepath.Join(dir, "z.png"), want: filepath.Join(dir, "z.png"), made: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, made, err := toolkit.SavePath(c.uc(), c.err, c.typed)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("error %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want || made != c.made {
				t.Errorf("savePath = %q, %v, %v; want %q, %v", got, made, err, c.want, c.made)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "shown", dir, "y.png")); err == nil {
		t.Error("the empty file Fyne made at the joined path was left behind")
	}
}
