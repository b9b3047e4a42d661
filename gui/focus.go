package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Keyboard shortcuts reach the window only while no widget has the focus:
// Fyne hands keys to the focused widget. Sliders and selectors take the
// focus when used, and an entry keeps it after Enter, so after touching the
// speed slider or typing a board, Space and P went dead until the teacher
// clicked an empty spot. keepShortcuts hands the focus back after each use
// of a control: a slider after its change ends, a selector or a check box
// after a choice, an entry after Enter, and anything after a button press.
// A text entry that is being typed in keeps its focus when something else
// changes under it.

// keepShortcuts installs the focus release on every control under obj.
func (u *UI) keepShortcuts(obj fyne.CanvasObject) {
	switch o := obj.(type) {
	case *fyne.Container:
		for _, c := range o.Objects {
			u.keepShortcuts(c)
		}
	case *container.Scroll:
		u.keepShortcuts(o.Content)
	case *container.Split:
		u.keepShortcuts(o.Leading)
		u.keepShortcuts(o.Trailing)
	case *container.AppTabs:
		for _, it := range o.Items {
			u.keepShortcuts(it.Content)
		}
	case *widget.Slider:
		after(&o.OnChangeEnded, func() { u.releaseFocus(false) })
	case *widget.Select:
		after(&o.OnChanged, func() { u.releaseFocus(false) })
	case *widget.Check:
		after(&o.OnChanged, func() { u.releaseFocus(false) })
	case *widget.CheckGroup:
		after(&o.OnChanged, func() { u.releaseFocus(false) })
	case *widget.RadioGroup:
		after(&o.OnChanged, func() { u.releaseFocus(false) }) // a click focuses the option
	case *widget.Entry:
		after(&o.OnSubmitted, func() { u.releaseFocus(true) })
	case *widget.Button:
		f := o.OnTapped
		o.OnTapped = func() {
			if f != nil {
				f()
			}
			u.releaseFocus(true)
		}
	}
}

// after makes the callback *f run then once it has run.
func after[T any](f *func(T), then func()) {
	old := *f
	*f = func(v T) {
		if old != nil {
			old(v)
		}
		then()
	}
}

// releaseFocus gives the keyboard back to the window's shortcuts. Unless
// evenEntry, a text entry keeps its focus (it may be typed in while a
// selector changes under it).
func (u *UI) releaseFocus(evenEntry bool) {
	if u.Window == nil {
		return
	}
	u.dropKeyFocus() // the control Tab reached has been used (keyfocus.go)
	c := u.Window.Canvas()
	f := c.Focused()
	if f == nil {
		return
	}
	if _, isEntry := f.(*widget.Entry); isEntry && (!evenEntry || c.Overlays().Top() != nil) {
		return // being typed in, or the name field of a dialog the button opened
	}
	c.Unfocus()
}
