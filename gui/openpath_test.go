package gui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestOpenStartsInTheLastFolderAndTakesAPath: the Open dialog starts in the
// working folder, then in the folder of the file opened last; File > Open
// path… opens a typed path (issue 25).
func TestOpenStartsInTheLastFolderAndTakesAPath(t *testing.T) {
	u := newTestUI(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Files.openFolder(); got != wd {
		t.Errorf("before any file the Open dialog starts in %q, want the working folder %q", got, wd)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "boards.txt")
	if err := os.WriteFile(path, []byte("8 6 7 / 2 5 4 / 3 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u.Files.OpenPath.Action()
	d := topOverlay(u.Window)
	if d == nil || u.Files.PathEntry == nil || u.Window.Canvas().Focused() != u.Files.PathEntry {
		t.Fatal("Open path… shows no focused path field")
	}
	if got := u.Files.PathEntry.Text; got != wd+string(os.PathSeparator) {
		t.Errorf("the path field starts with %q, want the working folder", got)
	}
	// A name typed goes after the folder; Enter opens it.
	u.Files.PathEntry.SetText(dir + string(os.PathSeparator))
	u.Files.PathEntry.CursorColumn = len([]rune(u.Files.PathEntry.Text))
	test.Type(u.Files.PathEntry, "boards.txt")
	if got := u.Files.PathEntry.Text; got != path {
		t.Fatalf("typed into the path field: %q", got)
	}
	u.Files.PathEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if b := u.Session.Board().Line(); b != "8 6 7 / 2 5 4 / 3 0 1" || topOverlay(u.Window) == d {
		t.Fatalf("Enter in the path field opened nothing: board %s", b)
	}
	u.Files.OpenPath.Action()
	d = topOverlay(u.Window)
	if got := u.Files.PathEntry; got.CursorColumn != len([]rune(got.Text)) {
		t.Errorf("the cursor of %q is at %d, not after the folder", got.Text, got.CursorColumn)
	}
	test.Tap(buttonIn(t, d, "Cancel"))
	if got := u.Files.openFolder(); got != dir {
		t.Errorf("after opening %s the Open dialog starts in %q", path, got)
	}
	u.Files.Open.Action()
	if u.Files.Dialog == nil {
		t.Fatal("Open… showed no dialog")
	}
}
