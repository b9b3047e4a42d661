package gui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/lesson"
)

// TestLessonThroughViews is the shell's lesson test: a bad lesson file is
// refused with its line and changes nothing; the built-in IDA* lesson is
// stepped through with Page Down, every part reaching, in the real views,
// the board, position and counters Resolve promises; Page Up goes back,
// and one Undo takes that back;
// Copy link needs an address and then links the lesson's part; a link
// with a bad heuristic opens the rest of its state and says what it
// ignored.
func TestLessonThroughViews(t *testing.T) {
	u := newTestUI(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.md")
	if err := os.WriteFile(bad, []byte("# Bad\n\n```slidelab\nheuristic: manhatan\n```\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	before := u.Session.Board()
	if err := u.OpenFile(bad); err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "did you mean manhattan") {
		t.Errorf("bad lesson: %v, want line 4 and a did-you-mean", err)
	}
	if u.LessonOpen() || u.Session.Board() != before {
		t.Fatal("a bad lesson changed the window")
	}
	notes := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notes, []byte("hello world\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := u.OpenFile(notes); err == nil || !strings.Contains(err.Error(), "neither a lesson (.md), a session file (.slidelab) nor an instance file") {
		t.Errorf("a text file that is neither: %v", err)
	}

	const name = "idastar"
	l, err := lesson.LoadBuiltin(name)
	if err != nil {
		t.Fatal(err)
	}
	want, err := lesson.NewResolver().ResolveAll(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	settle := func() {
		u.q.Until(t, func() bool { return !u.Lesson.Busy() && !u.Search.Running() && !u.Code.Jumping() })
	}
	u.showLesson(l, openLesson{name: name, link: name}, 0) // from the first part, whatever was remembered
	settle()
	for i, st := range want {
		if u.Lesson.Index() != i {
			t.Fatalf("part %d shown, want %d (status %q)", u.Lesson.Index(), i, u.Lesson.Status.Text)
		}
		checkPartShown(t, u, st)
		checkOverlaysShown(t, u, name, st)
		if i < len(want)-1 {
			u.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
			settle()
		}
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageUp})
	settle()
	if u.Lesson.Index() != len(want)-2 {
		t.Errorf("Page Up: part %d, want %d", u.Lesson.Index(), len(want)-2)
	}
	if last, prev := want[len(want)-1].Settings.Board, want[len(want)-2].Settings.Board; last != prev {
		u.undo() // one Undo takes the part back
		if u.Session.Board() != last {
			t.Errorf("Undo after Page Up: board %s, want the last part's %s", u.Session.Board().Line(), last.Line())
		}
		u.redo()
		settle()
	}
	checkPresenting(t, u)
	checkLinks(t, u, name, len(want)-1) // part numbers count from 1
	checkBuiltinOverlays(t, u, settle)
	checkUploadedLesson(t, u, settle)
}

// checkPresenting: presentation mode shows the lesson panel beside its
// board and side, Page Down still steps the lesson, and leaving gives the
// panel back to the window.
func checkPresenting(t *testing.T, u testUI) {
	t.Helper()
	u.EnterPresentation()
	if !u.Presenting() || !holds(u.present.body, u.Lesson.Content) || holds(u.lessonArea, u.Lesson.Content) {
		t.Fatal("presentation mode does not show the lesson panel")
	}
	at := u.Lesson.Index()
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
	u.q.Until(t, func() bool { return !u.Lesson.Busy() && !u.Search.Running() && !u.Code.Jumping() })
	if u.Lesson.Index() != at+1 {
		t.Errorf("Page Down while presenting: part %d, want %d", u.Lesson.Index(), at+1)
	}
	u.LeavePresentation()
	if !holds(u.lessonArea, u.Lesson.Content) || holds(u.present.body, u.Lesson.Content) {
		t.Error("the lesson panel is not back beside the views")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageUp})
	u.q.Until(t, func() bool { return !u.Lesson.Busy() && !u.Search.Running() && !u.Code.Jumping() })
}

// holds reports whether o is c or inside it (containers and splits).
func holds(c fyne.CanvasObject, o fyne.CanvasObject) bool {
	if c == o {
		return true
	}
	switch c := c.(type) {
	case *fyne.Container:
		for _, k := range c.Objects {
			if holds(k, o) {
				return true
			}
		}
	case *container.Split:
		return holds(c.Leading, o) || holds(c.Trailing, o)
	}
	return false
}

// checkPartShown checks that the views show a resolved part.
func checkPartShown(t *testing.T, u testUI, st *lesson.State) {
	t.Helper()
	s := st.Settings
	at := st.Part.Index + 1
	if u.Session.Board() != s.Board || u.Session.Goal() != s.Goal {
		t.Errorf("part %d: board %s, want %s", at, u.Session.Board().Line(), s.Board.Line())
	}
	if v := lessonViews[s.View]; u.CurrentView() != v {
		t.Errorf("part %d: view %s, want %s", at, u.CurrentView(), v)
	}
	if st.Run == nil {
		return
	}
	if u.Search.Algorithm() != s.Algorithm {
		t.Errorf("part %d: algorithm %v, want %v", at, u.Search.Algorithm(), s.Algorithm)
	}
	if h, err := u.Search.SelectedSpec(); err != nil || h.String() != s.Heuristic {
		t.Errorf("part %d: heuristic %v (%v), want %s", at, h, err, s.Heuristic)
	}
	if s.At.Kind != lesson.AtGoal && s.At.Kind != lesson.AtStart && u.Search.Position() != st.Run.Steps {
		t.Errorf("part %d (%s): position %d, want %d", at, s.At, u.Search.Position(), st.Run.Steps)
	}
	if got, want := u.Search.Expanded.Text, toolkit.FormatCount(st.Run.Stats.Expanded); got != want {
		t.Errorf("part %d (%s): expanded %s, the lesson says %s", at, s.At, got, want)
	}
	if got, want := u.Search.Generated.Text, toolkit.FormatCount(st.Run.Stats.Generated); got != want {
		t.Errorf("part %d (%s): generated %s, the lesson says %s", at, s.At, got, want)
	}
}

// checkLinks checks Copy link's address and a link opened in the app.
func checkLinks(t *testing.T, u testUI, name string, part int) {
	t.Helper()
	if !u.Lessons.CopyLink.Disabled || !strings.Contains(u.Lessons.CopyLink.Label, "Link address") {
		t.Errorf("Copy link without an address: disabled %v, %q", u.Lessons.CopyLink.Disabled, u.Lessons.CopyLink.Label)
	}
	if err := u.SetLinkBase("ftp://school.example/"); err == nil {
		t.Error("an ftp address accepted")
	}
	if err := u.SetLinkBase("https://school.example/slidelab/"); err != nil {
		t.Fatal(err)
	}
	link, err := u.CurrentLink().URL(u.LinkBase())
	if err != nil || u.Lessons.CopyLink.Disabled {
		t.Fatalf("link: %v (Copy link disabled %v)", err, u.Lessons.CopyLink.Disabled)
	}
	if back, ignored := lesson.ParseLink(link); back.Lesson != name || back.Part != part || len(ignored) > 0 {
		t.Errorf("link %s reads back as lesson %q part %d, ignored %v", link, back.Lesson, back.Part, ignored)
	}
	if u.Lessons.SaveAs.Disabled {
		t.Error("Save lesson as… disabled with a lesson open")
	}
	u.CloseLesson()
	if !u.Lessons.SaveAs.Disabled || u.LessonOpen() {
		t.Error("Save lesson as… enabled after the lesson closed")
	}
	ignored := u.OpenLink("https://school.example/slidelab/?board=1,2,3/4,0,6/7,5,8&algorithm=a*&heuristic=manhatan&step=2", nil)
	u.q.Until(t, func() bool { return !u.Code.Jumping() })
	if len(ignored) != 1 || !strings.Contains(ignored[0], "manhatan") {
		t.Errorf("ignored %q, want the heuristic alone", ignored)
	}
	b, err := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size{})
	if err != nil {
		t.Fatal(err)
	}
	if u.Session.Board() != b || u.Search.Position() != 2 {
		t.Errorf("link opened %s at step %d, want %s at step 2", u.Session.Board().Line(), u.Search.Position(), b.Line())
	}
}
