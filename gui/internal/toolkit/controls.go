package toolkit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Press returns a shortcut that taps b as a click does: nothing happens
// while b is disabled.
func Press(b *widget.Button) func() {
	return func() { b.Tapped(&fyne.PointEvent{}) }
}

// Enable enables or disables a widget.
func Enable(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// ShowIf shows o when on and hides it otherwise, and does nothing when it
// already is so (no needless relayout).
func ShowIf(o fyne.CanvasObject, on bool) {
	switch {
	case on && !o.Visible():
		o.Show()
	case !on && o.Visible():
		o.Hide()
	}
}
