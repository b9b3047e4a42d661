package gui

import (
	"context"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestGoalSwitch switches every view to the blank-first goal and back.
func TestGoalSwitch(t *testing.T) {
	u := newTestUI(t)
	if err := u.Puzzle.LoadKorf(1); err != nil {
		t.Fatal(err)
	}
	lastKorf1, _ := u.Puzzle.Current()
	u.SetGoal(board.BlankFirst)

	// Korf's instance 1 as he wrote it, same length.
	want, err := board.Parse("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", board.Size4x4)
	if err != nil {
		t.Fatal(err)
	}
	if b, opt := u.Puzzle.Current(); b != want || opt != 57 || u.Puzzle.Title.Text != "Korf #1, optimal 57 moves" {
		t.Errorf("Korf #1 for the blank-first goal: %s (optimal %d, title %q), want %s", b.Line(), opt, u.Puzzle.Title.Text, want.Line())
	}
	if u.Search.Session.Goal() != board.BlankFirst || u.pdb().Part.Goal != board.BlankFirst || u.compare().Session.Goal() != board.BlankFirst ||
		u.GoalSelect.Selected != goalLabels[board.BlankFirst] {
		t.Errorf("goals: search %v, pdb %v, compare %v, selector %q", u.Search.Session.Goal(), u.pdb().Part.Goal, u.compare().Session.Goal(), u.GoalSelect.Selected)
	}
	// The 6-6-3 groups keep their cells of the goal: tile 1 of blank-last
	// sits where tile 15 of blank-first does.
	if g := u.Puzzle.Groups(); g.Of(15) != 0 || g.Of(1) != 1 {
		t.Errorf("colour groups for blank-first: tile 15 in %d, tile 1 in %d", g.Of(15), g.Of(1))
	}

	// An 8-puzzle is kept (it can reach both goals) and solved towards _ 1 2 ... 8.
	start := eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	bfs, err := search.Solve(context.Background(), start, search.Config{Algorithm: search.BFS, Goal: board.BlankFirst})
	if err != nil {
		t.Fatal(err)
	}
	s := u.Search
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton)
	u.q.Wait(t, s.RunDone)
	end, err := start.Apply(s.SolutionMoves)
	if err != nil || !end.IsGoal(board.BlankFirst) || len(s.SolutionMoves) != bfs.Length() {
		t.Errorf("IDA* towards blank-first: %d moves ending at %v (%v); breadth-first search needs %d", len(s.SolutionMoves), end, err, bfs.Length())
	}
	// Typed boards are checked against the new goal.
	u.Puzzle.BoardEntry.SetText("_ 1 2 / 3 4 5 / 6 7 8")
	test.Tap(u.Puzzle.ApplyButton)
	if b, _ := u.Puzzle.Current(); u.Puzzle.Error.Visible() || !b.IsGoal(board.BlankFirst) {
		t.Errorf("typed goal board: %v, error %q", b, u.Puzzle.Error.Text)
	}

	// The setting persists.
	again := NewWithOptions(u.App, Options{CacheDir: t.TempDir(), NoPreload: true})
	if again.Settings.Goal != board.BlankFirst {
		t.Errorf("goal after restart: %v", again.Settings.Goal)
	}

	// And back: Korf's instance 1 for the blank-last goal again.
	if err := u.Puzzle.LoadKorf(1); err != nil {
		t.Fatal(err)
	}
	u.SetGoal(board.BlankLast)
	if b, _ := u.Puzzle.Current(); b != lastKorf1 || u.Search.Session.Goal() != board.BlankLast {
		t.Errorf("back to blank-last: %s, search goal %v", b.Line(), u.Search.Session.Goal())
	}
}
