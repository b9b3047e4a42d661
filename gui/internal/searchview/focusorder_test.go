package searchview

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestTabReachesEveryControl: Tab (the canvas's FocusNext) moves through
// every control of the puzzle tab that is on screen and enabled, each once
// a round, in reading order within each column (top to bottom, left to
// right within a row), the board's column (the tree's controls, when it is
// shown) before the column of settings, and comes round to the first
// again.
func TestTabReachesEveryControl(t *testing.T) {
	for _, tree := range []bool{false, true} {
		t.Run(fmt.Sprintf("tree=%v", tree), func(t *testing.T) {
			v := newTestView(t)
			if tree {
				v.tree.ToggleShown()
			}
			v.q.Drain()
			c := v.w.Canvas()
			want := focusable(v.w.Content())
			var order []fyne.Focusable
			seen := map[fyne.Focusable]bool{}
			for range len(want) + 1 {
				c.FocusNext()
				f := c.Focused()
				if f == nil || seen[f] {
					if len(order) == 0 || f != order[0] {
						t.Errorf("Tab after the last control went to %T, not back to the first", f)
					}
					break
				}
				seen[f] = true
				order = append(order, f)
			}
			for _, f := range want {
				if !seen[f] {
					t.Errorf("Tab never reaches %s", name(f.(fyne.CanvasObject)))
				}
			}
			checkReadingOrder(t, v, order)
		})
	}
}

// focusable returns the controls under o that take the keyboard: visible
// (with every container above them) and not disabled.
func focusable(o fyne.CanvasObject) []fyne.Focusable {
	if !o.Visible() {
		return nil
	}
	var out []fyne.Focusable
	if f, ok := o.(fyne.Focusable); ok {
		if d, ok := o.(fyne.Disableable); !ok || !d.Disabled() {
			out = append(out, f)
		}
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, focusable(c)...)
		}
	case fyne.Widget:
		if _, ok := o.(fyne.Focusable); ok {
			return out // a control's own parts are not Tab stops of their own
		}
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, focusable(c)...)
		}
	}
	return out
}

// checkReadingOrder fails unless order visits the board's column first and
// each column in reading order.
func checkReadingOrder(t *testing.T, v *testView, order []fyne.Focusable) {
	t.Helper()
	d := fyne.CurrentApp().Driver()
	side := v.w.Content().(*fyne.Container).Objects[0].(*fyne.Container).Objects[1] // the settings column
	split := d.AbsolutePositionForObject(side).X
	const tol = 2 // rounding in layouts
	var prev fyne.CanvasObject
	for _, f := range order {
		o := f.(fyne.CanvasObject)
		if prev == nil {
			prev = o
			continue
		}
		a, b := d.AbsolutePositionForObject(prev), d.AbsolutePositionForObject(o)
		leftA, leftB := a.X < split, b.X < split
		switch {
		case !leftA && leftB:
			t.Errorf("Tab goes back from %s in the settings to %s beside the board", name(prev), name(o))
		case leftA != leftB:
			// into the settings column
		case b.Y < a.Y-tol, b.Y <= a.Y+tol && b.X <= a.X:
			t.Errorf("Tab goes from %s at %v up or left to %s at %v", name(prev), a, name(o), b)
		}
		prev = o
	}
}
