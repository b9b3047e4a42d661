package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// eightPuzzle sets a 3x3 board that needs a few moves.
func eightPuzzle(t *testing.T, u testUI, text string) board.Board {
	t.Helper()
	u.Puzzle.BoardEntry.SetText(text)
	test.Tap(u.Puzzle.ApplyButton)
	b, _ := u.Puzzle.Current()
	if u.Puzzle.Error.Visible() {
		t.Fatalf("board %q refused: %s", text, u.Puzzle.Error.Text)
	}
	return b
}

// TestRunGoesOnAcrossViews: leaving the view does not cancel a run (issue
// 12, item 4): it goes on until Cancel.
func TestRunGoesOnAcrossViews(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	if err := u.Puzzle.LoadKorf(1); err != nil { // far too hard for BFS
		t.Fatal(err)
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	test.Tap(s.RunButton)
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	if !s.Running() {
		t.Fatal("leaving the view stopped the run")
	}
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton) // cancel
	u.q.Wait(t, s.RunDone)
	if s.Running() || !strings.Contains(s.Status.Text, "Cancelled") {
		t.Errorf("after Cancel: running %v, status %q", s.Running(), s.Status.Text)
	}
}

func TestPlayPauseKeys(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	eightPuzzle(t, u, "1 2 3 / 4 5 6 / 0 7 8")
	key := u.Window.Canvas().OnTypedKey()
	key(&fyne.KeyEvent{Name: fyne.KeySpace})
	if s.Generated.Text == "0" && s.Stepper == nil {
		t.Fatal("space did not step")
	}
	s.SpeedSlider.SetValue(1)
	key(&fyne.KeyEvent{Name: fyne.KeyP})
	if !s.Player.Playing() || s.PlayButton.Text != "Pause (P)" {
		t.Fatal("P did not start playing")
	}
	u.q.Until(t, func() bool { return !s.Player.Playing() })
	if !s.Stepper.Done() || len(s.SolutionMoves) != 2 {
		t.Errorf("playing to the end: done %v, solution %v", s.Stepper.Done(), s.SolutionMoves)
	}
	key(&fyne.KeyEvent{Name: fyne.KeyR})
	if s.Stepper != nil || s.Generated.Text != "0" {
		t.Error("R did not reset")
	}
}

// TestPDBHeuristicsAreSearchs checks that the pattern-database heuristics
// are core/search's (so IDA* uses its fast kernels) and that a run gives
// the counts search.Solve gives, for the preset and for a database built
// from any partition.
func TestPDBHeuristicsAreSearchs(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	start := eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	putDatabase(t, u, "1,2,3/4,5,6/7,8") // sessionview_test.go
	u.pdbChanged()
	cases := []struct {
		label, short string
		reflect      bool
	}{
		{"4-4 pattern database", "pdb:44", false},
		{"4-4 PDB + reflected lookup", "pdb:44+reflect", true},
		{"1,2,3/4,5,6/7,8 pattern database", "pdb:1,2,3/4,5,6/7,8", false},
		{"1,2,3/4,5,6/7,8 PDB + reflected lookup", "pdb:1,2,3/4,5,6/7,8+reflect", true},
	}
	opts := u.heuristicOptions(board.Size3x3)
	for _, c := range cases {
		t.Run(c.short, func(t *testing.T) {
			var opt *catalog.HeuristicOption
			for i := range opts {
				if opts[i].Label == c.label {
					opt = &opts[i]
				}
			}
			if opt == nil || opt.Short != c.short {
				t.Fatalf("option %q (short %q) not offered: %+v", c.label, c.short, opts)
			}
			h, err := opt.Build()
			if err != nil {
				t.Fatal(err)
			}
			inner := h
			if c.reflect {
				r, ok := h.(*search.Reflected)
				if !ok {
					t.Fatalf("%s is a %T, want *search.Reflected", c.short, h)
				}
				inner = r.Inner()
			}
			if _, ok := inner.(*search.PDB); !ok {
				t.Fatalf("%s is a %T, want *search.PDB", c.short, inner)
			}
			name := strings.TrimSuffix(c.short, "+reflect")
			want, err := search.NewHeuristic(context.Background(), name, board.Size3x3, goal, search.HeuristicOptions{Reflect: c.reflect})
			if err != nil {
				t.Fatal(err)
			}
			res, err := search.Solve(context.Background(), start, search.Config{Heuristic: want, Goal: goal})
			if err != nil {
				t.Fatal(err)
			}
			s.AlgorithmSelect.SetSelected("IDA*")
			s.HeuristicSelect.SetSelected(c.label)
			test.Tap(s.RunButton)
			u.q.Wait(t, s.RunDone)
			if s.Generated.Text != toolkit.FormatCount(res.Generated) || s.Expanded.Text != toolkit.FormatCount(res.Expanded) || len(s.SolutionMoves) != res.Length() {
				t.Errorf("GUI: %s expanded, %s generated, %d moves; search.Solve: %d, %d, %d",
					s.Expanded.Text, s.Generated.Text, len(s.SolutionMoves), res.Expanded, res.Generated, res.Length())
			}
		})
	}
}
