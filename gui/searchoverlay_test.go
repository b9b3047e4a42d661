package gui

import "testing"

// TestShowHGivesBackTheKeys checks that ticking "Show h per tile" hands the
// keyboard back to the window (the shell's keepShortcuts), so Space steps
// again at once.
func TestShowHGivesBackTheKeys(t *testing.T) {
	u := newTestUI(t)
	c := u.Window.Canvas()
	c.Focus(u.Search.ShowH)
	if c.Focused() != u.Search.ShowH {
		t.Fatal("could not focus the check box")
	}
	u.Search.ShowH.SetChecked(true)
	if f := c.Focused(); f != nil {
		t.Errorf("after ticking Show h per tile, %T keeps the focus", f)
	}
}
