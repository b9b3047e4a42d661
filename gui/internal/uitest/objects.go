package uitest

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// ObjectsIn returns o and every object drawn under it: a container's
// objects and a widget's renderer's, depth first.
func ObjectsIn(o fyne.CanvasObject) []fyne.CanvasObject {
	out := []fyne.CanvasObject{o}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, ObjectsIn(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, ObjectsIn(c)...)
		}
	}
	return out
}
