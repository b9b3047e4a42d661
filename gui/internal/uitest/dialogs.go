package uitest

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// TopOverlay returns the window's topmost overlay (an open dialog), or nil.
func TopOverlay(w fyne.Window) fyne.CanvasObject { return w.Canvas().Overlays().Top() }

// ButtonIn returns the button under o with the given text; it fails t when
// there is none.
func ButtonIn(t testing.TB, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	for _, c := range ObjectsIn(o) {
		if b, ok := c.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q", text)
	return nil
}

// EntryIn returns the entry under o that holds text; it fails t when there
// is none.
func EntryIn(t testing.TB, o fyne.CanvasObject, text string) *widget.Entry {
	t.Helper()
	for _, c := range ObjectsIn(o) {
		if e, ok := c.(*widget.Entry); ok && e.Text == text {
			return e
		}
	}
	t.Fatalf("no entry holding %q", text)
	return nil
}

// LabelTexts joins the text of every label under o, one a line.
func LabelTexts(o fyne.CanvasObject) string {
	var s []string
	for _, c := range ObjectsIn(o) {
		if l, ok := c.(*widget.Label); ok {
			s = append(s, l.Text)
		}
	}
	return strings.Join(s, "\n")
}
