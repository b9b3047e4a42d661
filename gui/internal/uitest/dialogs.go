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
	b, ok := firstIn(o, func(b *widget.Button) bool { return b.Text == text })
	if !ok {
		t.Fatalf("no button %q", text)
	}
	return b
}

// EntryIn returns the entry under o that holds text; it fails t when there
// is none.
func EntryIn(t testing.TB, o fyne.CanvasObject, text string) *widget.Entry {
	t.Helper()
	e, ok := firstIn(o, func(e *widget.Entry) bool { return e.Text == text })
	if !ok {
		t.Fatalf("no entry holding %q", text)
	}
	return e
}

// firstIn returns the first object of type W under o that match accepts.
func firstIn[W fyne.CanvasObject](o fyne.CanvasObject, match func(W) bool) (W, bool) {
	for _, c := range ObjectsIn(o) {
		if w, ok := c.(W); ok && match(w) {
			return w, true
		}
	}
	var zero W
	return zero, false
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
