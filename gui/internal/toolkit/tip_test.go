package toolkit

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// tipWindow is a window with a tipped button above an entry, the tip's
// delay in the test's hands: fire calls what the last delay would.
type tipWindow struct {
	w       fyne.Window
	button  *widget.Button
	entry   *widget.Entry
	area    *tipArea
	taps    int
	pending []func()
}

func newTipWindow(t *testing.T) *tipWindow {
	t.Helper()
	test.NewTempApp(t)
	tw := &tipWindow{}
	tw.button = widget.NewButton("Step (Space)", func() { tw.taps++ })
	tw.entry = widget.NewEntry()
	tipped := WithTip(tw.button, "Show the next event of the search.")
	tw.area = tipped.Objects[1].(*tipArea)
	tw.area.after = func(d time.Duration, f func()) {
		if d != TipDelay {
			t.Errorf("tip delay %v, want %v", d, TipDelay)
		}
		tw.pending = append(tw.pending, f)
	}
	tw.w = test.NewTempWindow(t, WithTips(container.NewVBox(tipped, tw.entry, widget.NewLabel("below"))))
	tw.w.Resize(fyne.NewSize(300, 200))
	return tw
}

// fire runs the delays that ran out.
func (tw *tipWindow) fire() {
	p := tw.pending
	tw.pending = nil
	for _, f := range p {
		f()
	}
}

func (tw *tipWindow) layer() *tipLayer { return findTipLayer(tw.w.Content()) }

// center is the middle of o in the window.
func center(o fyne.CanvasObject) fyne.Position {
	p := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
	return p.Add(fyne.NewPos(o.Size().Width/2, o.Size().Height/2))
}

// TestTipShowsAfterDelay: the tip shows only once the delay ran out with
// the pointer still on the control, drawn under it (markup golden), and
// goes when the pointer leaves; the entry keeps the keyboard and a click
// on the control still presses it.
func TestTipShowsAfterDelay(t *testing.T) {
	tw := newTipWindow(t)
	c := tw.w.Canvas()
	c.Focus(tw.entry)
	test.MoveMouse(c, center(tw.button))
	if got := tw.layer().shown(); got != "" {
		t.Fatalf("tip %q shown before the delay", got)
	}
	tw.fire()
	if got := tw.layer().shown(); got != "Show the next event of the search." {
		t.Fatalf("tip after the delay = %q", got)
	}
	test.AssertRendersToMarkup(t, "tip_shown.xml", c)
	if tip := tw.layer().text; tip.Position().Y < tw.button.Position().Y+tw.button.Size().Height {
		t.Errorf("tip at y %.0f, over the button (to %.0f)", tip.Position().Y, tw.button.Size().Height)
	}
	if c.Focused() != tw.entry {
		t.Errorf("the tip took the keyboard: focused %v", c.Focused())
	}
	test.TapCanvas(c, center(tw.button))
	if tw.taps != 1 {
		t.Errorf("a click on the tipped button pressed it %d times, want 1", tw.taps)
	}
	test.MoveMouse(c, center(tw.entry))
	if got := tw.layer().shown(); got != "" {
		t.Errorf("tip %q still shown after the pointer left", got)
	}
}

// TestTipLateTimer: a delay that runs out after the pointer left (or left
// and came back) shows nothing, or only the last one's tip.
func TestTipLateTimer(t *testing.T) {
	tw := newTipWindow(t)
	c := tw.w.Canvas()
	test.MoveMouse(c, center(tw.button))
	test.MoveMouse(c, center(tw.entry))
	tw.fire()
	if got := tw.layer().shown(); got != "" {
		t.Fatalf("tip %q shown after the pointer left before the delay", got)
	}
	test.MoveMouse(c, center(tw.button))
	test.MoveMouse(c, center(tw.entry))
	test.MoveMouse(c, center(tw.button))
	if len(tw.pending) != 2 {
		t.Fatalf("%d delays pending, want 2", len(tw.pending))
	}
	tw.pending[0]()
	if got := tw.layer().shown(); got != "" {
		t.Errorf("the first of two hovers showed its tip %q", got)
	}
	tw.pending[1]()
	if got := tw.layer().shown(); got == "" {
		t.Error("the last hover's delay showed no tip")
	}
}

// TestNoTipOverPopUp: a delay that runs out once a pop-up opened over the
// window (the list of a selector just clicked) shows no tip beside it.
func TestNoTipOverPopUp(t *testing.T) {
	tw := newTipWindow(t)
	c := tw.w.Canvas()
	test.MoveMouse(c, center(tw.button))
	pop := widget.NewPopUp(widget.NewLabel("Light theme"), c)
	pop.Show()
	tw.fire()
	if got := tw.layer().shown(); got != "" {
		t.Errorf("tip %q shown beside an open pop-up", got)
	}
	pop.Hide()
}

// TestNoTipOnceMoved: a delay that runs out once the control went away
// from under the pointer (a click folded it, with no MouseOut until the
// pointer moves) shows no tip where the control is no longer.
func TestNoTipOnceMoved(t *testing.T) {
	tw := newTipWindow(t)
	c := tw.w.Canvas()
	test.MoveMouse(c, center(tw.button))
	box := tw.w.Content().(*fyne.Container).Objects[0].(*fyne.Container)
	box.Objects[0].Hide() // the button's tipped wrapper
	box.Refresh()
	tw.fire()
	if got := tw.layer().shown(); got != "" {
		t.Errorf("tip %q shown for a control folded away", got)
	}
}

// TestTipOf reads a tip back and says no to anything else.
func TestTipOf(t *testing.T) {
	b := widget.NewButton("x", nil)
	if got, ok := TipOf(WithTip(b, "tip")); !ok || got != "tip" {
		t.Errorf("TipOf(WithTip(b, tip)) = %q, %v", got, ok)
	}
	for _, o := range []fyne.CanvasObject{b, container.NewStack(b, widget.NewLabel("")), container.NewStack(b)} {
		if _, ok := TipOf(o); ok {
			t.Errorf("TipOf(%T) found a tip", o)
		}
	}
}
