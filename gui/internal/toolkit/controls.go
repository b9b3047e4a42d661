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
