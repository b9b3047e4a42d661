package toolkit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// NewErrorLabel returns a hidden, wrapping label in the danger colour, for a
// view's input errors.
func NewErrorLabel() *widget.Label {
	l := widget.NewLabel("")
	l.Importance = widget.DangerImportance
	l.Wrapping = fyne.TextWrapWord
	l.Hide()
	return l
}

// SetError shows msg in l, or hides l when msg is empty.
func SetError(l *widget.Label, msg string) {
	l.SetText(msg)
	if msg == "" {
		l.Hide()
	} else {
		l.Show()
	}
}
