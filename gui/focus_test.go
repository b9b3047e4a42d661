package gui

import (
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/uitest"
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
		{"PDB speed slider", u.pdb().SpeedSlider, func() { endChange(u.pdb().SpeedSlider.OnChangeEnded, u.pdb().SpeedSlider.Value) }},
	}
	for _, tc := range uses {
		view := ViewPuzzle
		if tc.control == u.pdb().SpeedSlider {
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
	// What the steps did is in view (the counters and the event line sit
	// below the fold of the column at this size), the Step button too.
	for _, o := range []fyne.CanvasObject{s.Expanded, s.EventInfo, s.StepButton} {
		if !inView(u, o) {
			t.Errorf("after Space, the %T %q is not in view", o, uitest.LabelTexts(o))
		}
	}

	// The click that brings the window to the front (the window manager
	// passes it on) slides no tile; a later click does.
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	click := func(cell int) {
		b := u.Puzzle.Board
		pos := b.CellCenter(cell)
		b.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary})
		b.MouseUp(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary})
		test.TapAt(b, pos)
	}
	u.enteredForeground()
	click(4) // tile 5, above the blank
	if b, _ := u.Puzzle.Current(); b.Blank() != 7 {
		t.Errorf("the click that brought the window to the front slid a tile: %s", b.Line())
	}
	u.foregroundAt = time.Now().Add(-2 * foregroundClick)
	click(4)
	if b, _ := u.Puzzle.Current(); b.Blank() != 4 {
		t.Errorf("a click on a window long in front slid no tile: %s", b.Line())
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

// pressKey delivers a key as Fyne's GLFW driver does (window.go,
// processKeyPressed): to the focused widget, else to the window's handler.
func pressKey(c fyne.Canvas, n fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: n}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	} else if k := c.OnTypedKey(); k != nil {
		k(ev)
	}
}

// tab moves the focus as Tab does on a real window: the window sees the
// key go down (keyDown), the canvas moves the focus, then the window looks
// at what has it (watchFocus, queued by keyDown on a real window).
func tab(u testUI) {
	c := u.Window.Canvas()
	u.keyDown(&fyne.KeyEvent{Name: fyne.KeyTab})
	c.FocusNext()
	u.watchFocus()
}

// TestShortcutsThroughTabbedControl reaches the Step button with Tab and
// presses P: Play must start (Fyne gave the key to the button, which did
// nothing with it). Space then still presses the button Tab reached, and
// Tab moves on from it. A text entry Tab reaches still gets what is typed.
func TestShortcutsThroughTabbedControl(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	s, c := u.Search, u.Window.Canvas()
	s.SpeedSlider.SetValue(1)
	reach := func(target fyne.Focusable) {
		t.Helper()
		for range 200 {
			tab(u)
			if u.keyFocus == target || c.Focused() == target {
				return
			}
		}
		t.Fatalf("Tab never reached the %T", target)
	}

	reach(s.StepButton)
	pressKey(c, fyne.KeyP)
	if !s.Player.Playing() {
		t.Fatal("P with the Step button reached by Tab did not start playing")
	}
	pressKey(c, fyne.KeyP)
	if s.Player.Playing() {
		t.Fatal("P did not pause")
	}

	pressKey(c, fyne.KeyR)
	if s.Stepper != nil {
		t.Fatal("R did not reset")
	}
	reach(s.StepButton)
	pressKey(c, fyne.KeySpace)
	if s.Stepper == nil && s.Generated.Text == "0" {
		t.Error("Space on the Step button reached by Tab did not step")
	}

	// A click elsewhere ends it (Fyne's driver unfocuses the canvas on a
	// click outside the focused widget): the ring goes, P is the window's.
	// The holder of the keys (keyholder.go) takes no room: Fyne's driver
	// gives a click to the topmost focusable object under the pointer.
	if sz := u.keyHolder.Size(); sz.Width > 0 || sz.Height > 0 {
		t.Errorf("the key holder is %v large: clicks under it would go to it", sz)
	}
	reach(s.StepButton)
	c.Unfocus()
	if u.keyFocus != nil {
		t.Error("a click elsewhere left the Step button Tab reached with its focus ring")
	}
	pressKey(c, fyne.KeySpace)
	if u.keyFocus != nil || c.Focused() != nil {
		t.Error("a key after the click gave the focus back")
	}

	reach(s.StepButton)
	tab(u)
	if u.keyFocus == s.StepButton || c.Focused() == s.StepButton {
		t.Error("Tab did not move on from the Step button")
	}

	reach(u.Puzzle.SeedEntry)
	if c.Focused() != u.Puzzle.SeedEntry || u.keyFocus != nil {
		t.Fatal("the seed entry Tab reached does not have the canvas's focus")
	}
	u.Puzzle.SeedEntry.SetText("")
	test.Type(u.Puzzle.SeedEntry, "7")
	if u.Puzzle.SeedEntry.Text != "7" {
		t.Errorf("typing in the seed entry gave %q", u.Puzzle.SeedEntry.Text)
	}
}

// inView reports whether o lies inside the window and inside every scroll
// area around it, as drawn.
func inView(u testUI, o fyne.CanvasObject) bool {
	d := fyne.CurrentApp().Driver()
	at := d.AbsolutePositionForObject(o)
	win := u.Window.Canvas().Size()
	if at.Y < 0 || at.Y+o.Size().Height > win.Height+1 || o.Size().Height <= 0 {
		return false
	}
	for _, x := range uitest.ObjectsIn(u.Window.Content()) {
		sc, ok := x.(*container.Scroll)
		if !ok || !slices.Contains(uitest.ObjectsIn(sc.Content), o) {
			continue
		}
		top := d.AbsolutePositionForObject(sc).Y
		if at.Y < top-1 || at.Y+o.Size().Height > top+sc.Size().Height+1 {
			return false
		}
	}
	return true
}
