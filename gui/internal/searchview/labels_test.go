package searchview

import (
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestPDBStatusFollowsHeuristic checks that the search panel's database line
// describes the database of the selected heuristic only, and is empty for
// heuristics without one and for breadth-first search.
func TestPDBStatusFollowsHeuristic(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 2 3 / 4 5 6 / 0 7 8")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.PDBStatus.Text, "4-4 pattern database: ready") {
		t.Errorf("with the 4-4 database selected the line reads %q", s.PDBStatus.Text)
	}
	for _, h := range []string{"manhattan", "linear-conflict"} {
		if err := s.SelectHeuristic(h); err != nil {
			t.Fatal(err)
		}
		if s.PDBStatus.Text != "" || s.PDBProgress.Visible() {
			t.Errorf("with %s selected the line reads %q (bar shown: %v)", h, s.PDBStatus.Text, s.PDBProgress.Visible())
		}
	}
	if err := s.SelectHeuristic("pdb:44+reflect"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.PDBStatus.Text, "4-4 pattern database: ready") {
		t.Errorf("with the reflected 4-4 lookup selected the line reads %q", s.PDBStatus.Text)
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	if s.PDBStatus.Text != "" {
		t.Errorf("breadth-first search: the line reads %q", s.PDBStatus.Text)
	}
}

// TestBFSDisablesHeuristic checks that the heuristic selector is disabled
// for breadth-first search, with a note saying why.
func TestBFSDisablesHeuristic(t *testing.T) {
	v := newTestView(t)
	s := v.search
	for _, c := range []struct {
		alg      string
		disabled bool
	}{{"Breadth-first", true}, {"A*", false}, {"Breadth-first", true}, {"Greedy best-first", false}, {"IDA*", false}} {
		s.AlgorithmSelect.SetSelected(c.alg)
		if s.HeuristicSelect.Disabled() != c.disabled || s.HeuristicNote.Visible() != c.disabled {
			t.Errorf("%s: heuristic selector disabled %v, note shown %v; want %v", c.alg, s.HeuristicSelect.Disabled(), s.HeuristicNote.Visible(), c.disabled)
		}
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	if !strings.Contains(s.HeuristicNote.Text, "no heuristic") {
		t.Errorf("note %q", s.HeuristicNote.Text)
	}
}

// TestGreedyCaptionsByH checks that greedy search's open list and counter
// name h, by which it orders, rather than f.
func TestGreedyCaptionsByH(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("Greedy best-first")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	for range 6 {
		test.Tap(s.StepButton)
	}
	if s.FrontierTitle.Text != "Open list, lowest h first" {
		t.Errorf("title %q", s.FrontierTitle.Text)
	}
	shown := 0
	for _, c := range s.Captions {
		if !c.Visible() {
			continue
		}
		shown++
		if !regexp.MustCompile(`^h \d+, g \d+$`).MatchString(c.Text) {
			t.Errorf("caption %q, want h first", c.Text)
		}
	}
	if shown == 0 {
		t.Error("no open-list entry shown")
	}
	if strings.Contains(s.FGHName.Text, "f") || strings.Contains(s.EventInfo.Text, "f =") {
		t.Errorf("counter %q, event %q: greedy search does not order by f", s.FGHName.Text, s.EventInfo.Text)
	}
	s.AlgorithmSelect.SetSelected("A*")
	test.Tap(s.StepButton)
	test.Tap(s.StepButton)
	if s.FGHName.Text != "f = g + h" || !strings.HasPrefix(s.FrontierTitle.Text, "Open list, lowest f") {
		t.Errorf("A*: counter %q, title %q", s.FGHName.Text, s.FrontierTitle.Text)
	}
}

// TestKorfSelectorsFollowTheBoard checks that the preset selectors name a
// Korf instance only while it is the board.
func TestKorfSelectorsFollowTheBoard(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	k55 := p.KorfLabel(55)
	pick := func() {
		t.Helper()
		p.ClassroomSelect.SetSelected(k55)
		if p.ClassroomSelect.Selected != k55 || p.KorfSelect.Selected != k55 {
			t.Fatalf("after picking Korf #55: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
		}
	}
	cleared := func(what string) {
		t.Helper()
		if p.ClassroomSelect.Selected != "" || p.KorfSelect.Selected != "" {
			t.Errorf("%s: the selectors still say %q, %q", what, p.ClassroomSelect.Selected, p.KorfSelect.Selected)
		}
	}
	pick()
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	cleared("after switching to 3x3")
	pick()
	test.Tap(p.RandomButton)
	cleared("after Random")
	pick()
	p.SlideTile(board.Left)
	p.SlideTile(board.Up)
	cleared("after sliding tiles")
	pick()
	v.sess.SetGoal(board.BlankFirst) // Korf's own form of the same instance
	if p.ClassroomSelect.Selected != k55 || p.KorfSelect.Selected != k55 {
		t.Errorf("after switching the DefaultGoal: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
	}
	p.KorfSelect.SetSelected(p.KorfLabel(3)) // not in the classroom set
	if p.ClassroomSelect.Selected != "" || p.KorfSelect.Selected != p.KorfLabel(3) {
		t.Errorf("after Korf #3: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
	}
}
