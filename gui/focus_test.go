package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestShortcutsSurviveControls uses each kind of control the way a teacher
// does, with the control holding the keyboard focus as it does on a real
// screen, and checks that the focus comes back to the window, so Space and P
// reach the shortcuts again. An entry being typed in keeps its focus when a
// selector changes under it.
func TestShortcutsSurviveControls(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	s, c := u.Search, u.Window.Canvas()
	uses := []struct {
		name    string
		control fyne.Focusable
		use     func()
	}{
		{"speed slider", s.SpeedSlider, func() { endChange(s.SpeedSlider.OnChangeEnded, s.SpeedSlider.Value) }},
		{"algorithm selector", s.AlgorithmSelect, func() { s.AlgorithmSelect.SetSelected("A*") }},
		{"heuristic selector", s.HeuristicSelect, func() { _ = s.SelectHeuristic("manhattan") }},
		{"board entry, Enter", u.Puzzle.BoardEntry, func() {
			u.Puzzle.BoardEntry.SetText("1 2 3 / 4 5 6 / 0 7 8")
			u.Puzzle.BoardEntry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		}},
		{"seed entry, then Random", u.Puzzle.SeedEntry, func() { test.Tap(u.Puzzle.RandomButton) }},
		{"PDB speed slider", u.PDB.SpeedSlider, func() { endChange(u.PDB.SpeedSlider.OnChangeEnded, u.PDB.SpeedSlider.Value) }},
	}
	for _, tc := range uses {
		view := ViewPuzzle
		if tc.control == u.PDB.SpeedSlider {
			view = ViewPDB
		}
		if err := u.ShowView(view); err != nil {
			t.Fatal(err)
		}
		c.Focus(tc.control)
		if c.Focused() != tc.control {
			t.Fatalf("%s: could not focus it", tc.name)
		}
		tc.use()
		if f := c.Focused(); f != nil {
			t.Errorf("after using the %s, %T still has the focus: shortcuts would go to it", tc.name, f)
		}
	}

	// Space steps again once nothing holds the focus.
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	before := s.Generated.Text + s.Status.Text
	for range 6 {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	}
	if s.Generated.Text+s.Status.Text == before {
		t.Error("Space did not step after the controls were used")
	}

	// Typing in an entry is not interrupted by a selector changing.
	c.Focus(u.Puzzle.BoardEntry)
	s.AlgorithmSelect.SetSelected("IDA*")
	if c.Focused() != u.Puzzle.BoardEntry {
		t.Errorf("a selector's change took the focus from the entry being typed in")
	}
}

// endChange calls a slider's OnChangeEnded, as the end of a drag or a tap does.
func endChange(f func(float64), v float64) {
	if f != nil {
		f(v)
	}
}
