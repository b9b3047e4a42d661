package gui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// TestOpenTraceChecksIt is the check view's wiring: a .jsonl trace dropped
// on the window (or opened with File > Open or on the command line, which
// call the same Open) shows the check view, which checks it; the view's
// keys press its buttons; a session file saved from it still opens as one.
func TestOpenTraceChecksIt(t *testing.T) {
	u := newTestUI(t)
	path, err := filepath.Abs(filepath.Join("internal", "checkview", "testdata", "no-closed.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	web, err := storage.ParseURI("https://example.com/trace.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	u.dropped(fyne.Position{}, []fyne.URI{web, storage.NewFileURI(path)})
	if u.CurrentView() != ViewCheck {
		t.Fatalf("a trace opened the %q view", u.CurrentView())
	}
	c := u.Check
	u.q.Until(t, func() bool { return !c.Runs.Running() && strings.HasPrefix(c.Verdict.Text, "FAIL") })
	if !strings.Contains(c.Verdict.Text, "expansion 7 (line 8)") {
		t.Errorf("verdict %q", c.Verdict.Text)
	}
	key := func(k fyne.KeyName) { u.typedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyD)
	key(fyne.KeySpace)
	key(fyne.KeyBackspace)
	if !strings.HasSuffix(c.Position.Text, "the first difference") {
		t.Errorf("D, Space, Backspace: %q, want the first difference", c.Position.Text)
	}
	session := filepath.Join(t.TempDir(), "lesson.slidelab")
	if err := u.SaveSessionFile(session); err != nil {
		t.Fatal(err)
	}
	if err := u.OpenFile(session); err != nil {
		t.Errorf("a session file after a trace: %v", err)
	}
}
