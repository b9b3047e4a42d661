package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Relayout lays out o and everything visible under it again at their
// present sizes, top down, as the desktop driver does after a minimum size
// changed (Fyne's test canvas does not): a container's layout, a widget's
// renderer. A test that asks whether something moved while the content
// changed calls it before it measures.
func Relayout(o fyne.CanvasObject) {
	if !o.Visible() {
		return
	}
	switch x := o.(type) {
	case *fyne.Container:
		if x.Layout != nil {
			x.Layout.Layout(x.Objects, x.Size())
		}
		for _, c := range x.Objects {
			Relayout(c)
		}
	case fyne.Widget:
		r := test.WidgetRenderer(x)
		r.Layout(x.Size())
		for _, c := range r.Objects() {
			Relayout(c)
		}
	}
}
