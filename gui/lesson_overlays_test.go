package gui

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/internal/lesson"
)

// checkBuiltinOverlays applies, for each built-in lesson, its first part
// that names overlays, and checks that the toggles and the board show
// them (checkOverlaysShown).
func checkBuiltinOverlays(t *testing.T, u testUI, settle func()) {
	t.Helper()
	r := lesson.NewResolver()
	all, err := lesson.Parse("all.md", []byte("# All\n\n```slidelab\nview: search\nboard: 3 1 2 / 6 4 5 / 7 8 0\nmoves: U L\nalgorithm: a*\n"+
		"overlays: "+strings.Join(lesson.Overlays, ", ")+"\n```\n\nEvery overlay.\n"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.Resolve(context.Background(), all.Parts[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := u.ApplyPart(st); err != nil {
		t.Fatal(err)
	}
	settle()
	checkOverlaysShown(t, u, "all", st)
	for _, b := range lesson.Builtins() {
		l, err := lesson.LoadBuiltin(b.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, part := range l.Parts {
			st, err := r.Resolve(context.Background(), part)
			if err != nil {
				t.Fatalf("%s part %d: %v", b.Name, part.Index+1, err)
			}
			if len(st.Settings.Overlays) == 0 {
				continue
			}
			if err := u.ApplyPart(st); err != nil {
				t.Fatalf("%s part %d: %v", b.Name, part.Index+1, err)
			}
			settle()
			checkOverlaysShown(t, u, b.Name, st)
			break
		}
	}
}

// checkOverlaysShown checks that the part's overlays, and no others, are
// on, and that the board (or the line under the toggles, where the
// algorithm has no use for one) shows each.
func checkOverlaysShown(t *testing.T, u testUI, name string, st *lesson.State) {
	t.Helper()
	s := st.Settings
	var want []string
	for _, o := range append([]string{searchview.OverlayH}, searchview.ShowOverlays...) {
		if slices.Contains(s.Overlays, o) {
			want = append(want, o)
		}
	}
	at := st.Part.Index + 1
	if got := u.Search.Overlays(); !slices.Equal(got, want) {
		t.Errorf("%s part %d: overlays on %q, want %q", name, at, got, want)
	}
	if tree := s.View == "tree" || slices.Contains(s.Overlays, "tree"); u.Tree.Shown != tree {
		t.Errorf("%s part %d: tree shown %v, want %v", name, at, u.Tree.Shown, tree)
	}
	ov := u.Puzzle.Board.Overlay()
	info := u.Search.HInfo.Text
	badge := func(prefix string) bool {
		return slices.ContainsFunc(ov.Node, func(b string) bool { return strings.HasPrefix(b, prefix) })
	}
	shown := map[string]bool{
		"groups": !ov.Plain,
		// Nothing has moved yet at the start of a board no "moves:" line
		// made (moved is on from the start, as in the app).
		"moved":     u.Puzzle.Board.Mark >= 0 || (s.Board != s.Moved && (st.Run == nil || st.Run.Steps == 0)),
		"g":         badge("g "),
		"f":         badge("f ") || strings.Contains(info, "uses no h"),
		"open":      badge("open ") || strings.Contains(info, "keeps none") || strings.Contains(info, "next step"),
		"path":      slices.ContainsFunc(ov.Path, func(p string) bool { return p != "" }),
		"goal":      slices.ContainsFunc(ov.Ghost, func(p string) bool { return p != "" }) || strings.Contains(info, "every tile is home"),
		"conflicts": strings.Contains(info, "Conflicts"),
		"h":         slices.ContainsFunc(ov.Share, func(p string) bool { return p != "" }) || strings.Contains(info, "h = "),
		"tree":      u.Tree.Shown,
	}
	for _, o := range s.Overlays {
		if !shown[o] {
			t.Errorf("%s part %d: overlay %s is on but the board shows nothing of it (%+v; line %q)", name, at, o, ov, info)
		}
	}
}

// checkUploadedLesson opens a lesson as the browser hands over a file the
// teacher picked (Lessons > Open lesson…: a name and its bytes, no
// folder): a bad one changes nothing and names its line; a good one opens
// at its first part.
func checkUploadedLesson(t *testing.T, u testUI, settle func()) {
	t.Helper()
	before := u.Session.Board()
	err := u.openUploadedLesson("typo.md", []byte("# Typo\n\n```slidelab\noverlays: h, gruops\n```\n"))
	if err == nil || !strings.Contains(err.Error(), "line 4") || !strings.Contains(err.Error(), "did you mean groups") || u.Session.Board() != before {
		t.Errorf("a bad uploaded lesson: %v (board changed: %v)", err, u.Session.Board() != before)
	}
	src, ok := lesson.BuiltinSource("puzzle")
	if !ok {
		t.Fatal("no built-in lesson puzzle")
	}
	if err := u.openUploadedLesson("week1.md", src); err != nil {
		t.Fatalf("an uploaded lesson: %v", err)
	}
	settle()
	if !u.LessonOpen() || u.Lesson.Index() != 0 || u.lesson.name != "week1.md" {
		t.Errorf("the uploaded lesson is not open at its first part (open %v, part %d)", u.LessonOpen(), u.Lesson.Index())
	}
}
