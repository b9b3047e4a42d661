package gui

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestSessionKeepsPositionAndView: a saved session keeps the search's
// position, the tab, the search tree and predict mode, and opening it
// brings them back (issue 25); opening it is one Undo.
func TestSessionKeepsPositionAndView(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	for range 7 {
		test.Tap(u.Search.StepButton)
	}
	test.Tap(u.Search.BackButton)
	u.q.Drain()
	if u.Search.Position() != 6 {
		t.Fatalf("position after 7 steps and one back: %d", u.Search.Position())
	}
	shown := slices.Clone(u.Puzzle.Board.Cells())
	u.Tree.ToggleShown()
	u.Predict.Toggle.SetChecked(true)
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "lesson.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if text := string(data); !strings.Contains(text, `"event": 6`) || !strings.Contains(text, `"tab": "pdb"`) || !strings.Contains(text, `"version": 2`) {
		t.Fatalf("saved:\n%s", text)
	}

	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	fresh.q.Drain()
	if fresh.Search.Position() != 6 || !slices.Equal(fresh.Puzzle.Board.Cells(), shown) {
		t.Errorf("opened at event %d showing %v; saved at 6 showing %v", fresh.Search.Position(), fresh.Puzzle.Board.Cells(), shown)
	}
	if fresh.CurrentView() != ViewPDB || !fresh.Tree.Shown || !fresh.Predict.On() || fresh.Search.AlgorithmSelect.Selected != "A*" {
		t.Errorf("opened on tab %q, tree %v, predict %v, %s", fresh.CurrentView(), fresh.Tree.Shown, fresh.Predict.On(), fresh.Search.AlgorithmSelect.Selected)
	}
	if fresh.Edit.Undo.Label != "Undo session opened" {
		t.Errorf("after opening, the Edit menu says %q", fresh.Edit.Undo.Label)
	}
}

// TestSessionRebuildsCustomPartition: a session's custom partition is
// built when the session opens, with the view's progress, not left
// unbuilt (issue 25).
func TestSessionRebuildsCustomPartition(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	u.pdb().SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	u.pdb().PartitionEntry.SetText("1,2,5/3,4,6,7,8")
	u.pdb().Apply()
	u.q.Drain()
	path := filepath.Join(t.TempDir(), "custom.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	if got := fresh.pdb().Partition().String(); got != "1,2,5/3,4,6,7,8" {
		t.Fatalf("opened partition %s", got)
	}
	if !fresh.pdb().Busy() {
		t.Error("opening the session started no build of its partition")
	}
	fresh.q.Until(t, func() bool {
		return len(fresh.pdb().Built) == 2 && fresh.pdb().Built[0] != nil && fresh.pdb().Built[1] != nil && !fresh.pdb().Busy()
	})
}

// TestSessionPositionAfterItsDatabase: a session whose heuristic waits for
// its pattern database, saved in predict mode, still opens at its search
// position once the database is ready (predict mode asks nothing on the
// way there).
func TestSessionPositionAfterItsDatabase(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	putDatabase(t, u, "1,2,3/4,5,6,7,8")
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("pdb:1,2,3/4,5,6,7,8"); err != nil {
		t.Fatal(err)
	}
	want := u.Search.HeuristicSelect.Selected
	for range 5 {
		test.Tap(u.Search.StepButton)
	}
	u.Predict.Toggle.SetChecked(true)
	path := filepath.Join(t.TempDir(), "waits.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	fresh.q.Until(t, func() bool { return fresh.Search.HeuristicSelect.Selected == want })
	if fresh.Search.Position() != 5 || !fresh.Predict.On() {
		t.Errorf("opened at event %d (want 5), predict mode %v", fresh.Search.Position(), fresh.Predict.On())
	}
}

// putDatabase builds the 8-puzzle's pattern database of groups and makes it
// loaded, as if built in the view.
func putDatabase(t *testing.T, u testUI, groups string) {
	t.Helper()
	p, err := pdb.ParsePartition(groups, board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	db, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	u.pdbs.Put(db)
	u.q.Drain()
}
