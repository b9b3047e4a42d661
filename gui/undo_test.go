package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestUndoRedoWindow makes a change of each kind in the window and takes
// them back with the Edit menu and the keys: board, size, goal, algorithm
// and heuristic come back, with the menu naming what it undoes.
func TestUndoRedoWindow(t *testing.T) {
	u := newTestUI(t)
	e := u.Edit
	if !e.Undo.Disabled || e.Undo.Label != "Undo" || !e.Redo.Disabled {
		t.Fatalf("at the start: undo %q (disabled %v), redo disabled %v", e.Undo.Label, e.Undo.Disabled, e.Redo.Disabled)
	}
	start, _ := u.Puzzle.Current()
	startTitle := u.Puzzle.Title.Text
	// The test canvas cannot type a shortcut: press the key the window
	// registered.
	keys := map[string]func(){}
	for _, k := range u.editKeys() {
		keys[k.key.ShortcutName()] = k.do
	}
	press := func(s fyne.Shortcut) {
		t.Helper()
		f, ok := keys[s.ShortcutName()]
		if !ok {
			t.Fatalf("no key %s", s.ShortcutName())
		}
		f()
	}

	// A tile slid by hand, then undone by Ctrl+Z and redone by Ctrl+Shift+Z.
	if !u.Puzzle.SlideTile(board.Down) && !u.Puzzle.SlideTile(board.Up) {
		t.Fatal("no tile slid")
	}
	edited, _ := u.Puzzle.Current()
	if e.Undo.Label != "Undo board edit" || e.Undo.Disabled {
		t.Fatalf("after a move: %q (disabled %v)", e.Undo.Label, e.Undo.Disabled)
	}
	press(&fyne.ShortcutUndo{})
	if b, _ := u.Puzzle.Current(); b != start || u.Puzzle.Title.Text != startTitle || u.Puzzle.KorfShown() == 0 {
		t.Fatalf("Ctrl+Z: board %s, title %q", b.Line(), u.Puzzle.Title.Text)
	}
	if e.Redo.Label != "Redo board edit" || e.Redo.Disabled || !e.Undo.Disabled {
		t.Fatalf("after undo: redo %q, undo disabled %v", e.Redo.Label, e.Undo.Disabled)
	}
	press(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if b, _ := u.Puzzle.Current(); b != edited {
		t.Fatalf("Ctrl+Shift+Z: board %s, want %s", b.Line(), edited.Line())
	}

	// Size, goal, algorithm and heuristic, each one step.
	u.Puzzle.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	u.SetGoal(board.BlankFirst)
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("hamming"); err != nil {
		t.Fatal(err)
	}
	heur := u.Search.HeuristicSelect.Selected
	wants := []struct {
		label      string
		size       board.Size
		goal       board.Goal
		alg, heurs string
	}{
		{"Undo heuristic change", board.Size3x3, board.BlankFirst, "A*", heur},
		{"Undo algorithm change", board.Size3x3, board.BlankFirst, "A*", ""},
		{"Undo goal change", board.Size3x3, board.BlankFirst, "", ""},
		{"Undo size change", board.Size3x3, board.BlankLast, "", ""},
	}
	for _, w := range wants {
		b, _ := u.Puzzle.Current()
		if e.Undo.Label != w.label || b.Size() != w.size || u.Session.Goal() != w.goal || u.GoalSelect.Selected != goalLabels[w.goal] ||
			(w.alg != "" && u.Search.AlgorithmSelect.Selected != w.alg) || (w.heurs != "" && u.Search.HeuristicSelect.Selected != w.heurs) {
			t.Fatalf("before %q: menu %q, size %v, goal %v (selector %q), %s / %s", w.label, e.Undo.Label, b.Size(), u.Session.Goal(),
				u.GoalSelect.Selected, u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected)
		}
		e.Undo.Action()
	}
	if b, _ := u.Puzzle.Current(); b != edited || u.Session.Goal() != board.BlankLast || u.Settings.Goal != board.BlankLast ||
		u.Puzzle.SizeSelect.Selected != toolkit.SizeLabel(board.Size4x4) || u.Search.AlgorithmSelect.Selected == "A*" || u.Search.HeuristicSelect.Selected == heur {
		t.Errorf("after undoing all but the move: %s, goal %v, size %q, %s / %s", b.Line(), u.Session.Goal(),
			u.Puzzle.SizeSelect.Selected, u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected)
	}
	for range wants {
		e.Redo.Action()
	}
	if u.Search.AlgorithmSelect.Selected != "A*" || u.Search.HeuristicSelect.Selected != heur || u.Session.Goal() != board.BlankFirst {
		t.Errorf("after redoing: %s / %s, goal %v", u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected, u.Session.Goal())
	}
	// The search runs with what the selectors show after a redo.
	test.Tap(u.Search.StepButton)
	if u.Search.Algorithm() != search.AStar {
		t.Errorf("algorithm after redo: %v", u.Search.Algorithm())
	}
}
