package gui

import (
	"context"
	"reflect"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// Shortcuts through a control that Tab reached. Fyne hands every key to
// the focused widget, and to the window's handler only while nothing has
// the focus (GLFW driver, processKeyPressed: Focused().TypedKey, else the
// canvas's OnTypedKey); nothing sees a key before the focused widget. So a
// button, check box, selector or slider reached with Tab kept P, T, N, R,
// L and the digits to itself and did nothing with them.
//
// The window therefore keeps such a control's focus itself: once Tab has
// put the focus on one (watchFocus), the canvas lets go of it and the
// control is told it has the focus (it draws its focus ring); it is the
// window's keyFocus. Keys then reach typedKey, which gives the control the
// keys it uses (Space and Enter press a button, Space ticks a check box or
// picks a radio option, the arrows move a slider or a selector) and the rest to the view's
// shortcuts. Tab from there first hands the focus back to the control, so
// the canvas moves on from it (keyDown). A text entry keeps the canvas's
// focus: what is typed goes into it.

// focusWatchEvery is how often the window looks for a control that the
// canvas focused (after Tab from a text entry); a Tab from the window's
// own keyFocus is seen at once.
const focusWatchEvery = 150 * time.Millisecond

// keyFocusable reports whether the window keeps f's focus itself: the
// controls that use only a few keys.
func keyFocusable(f fyne.Focusable) bool {
	switch f.(type) {
	case *widget.Button, *widget.Check, *widget.Select, *widget.Slider:
		return true
	}
	return isRadioOption(f)
}

// isRadioOption reports whether f is an option of a widget.RadioGroup
// (an unexported type of Fyne's; a check group's options are Checks).
func isRadioOption(f fyne.Focusable) bool {
	return reflect.TypeOf(f).String() == "*widget.radioItem"
}

// ownKey reports whether the control f uses the key n itself.
func ownKey(f fyne.Focusable, n fyne.KeyName) bool {
	arrow := n == fyne.KeyUp || n == fyne.KeyDown || n == fyne.KeyLeft || n == fyne.KeyRight
	switch f.(type) {
	case *widget.Button:
		return n == fyne.KeySpace || n == fyne.KeyReturn || n == fyne.KeyEnter
	case *widget.Check:
		return n == fyne.KeySpace
	case *widget.Select:
		return n == fyne.KeySpace || n == fyne.KeyUp || n == fyne.KeyDown
	case *widget.Slider:
		return arrow
	}
	return n == fyne.KeySpace && isRadioOption(f)
}

// watchFocus takes over the focus of a control the canvas focused (see
// above), and forgets the window's keyFocus when the canvas focused
// something else (a click in a text entry).
func (u *UI) watchFocus() {
	if u.Window == nil {
		return
	}
	c := u.Window.Canvas()
	if c.Overlays().Top() != nil {
		return // a dialog or a pop-up has the keys
	}
	f := c.Focused()
	if f == nil || f == fyne.Focusable(u.keyHolder) {
		return
	}
	u.dropKeyFocus()
	if !keyFocusable(f) {
		return
	}
	c.Unfocus()
	f.FocusGained() // the control draws its focus ring as before
	u.keyFocus = f
	u.holdKeys() // a click elsewhere now ends it (keyholder.go)
}

// dropKeyFocus forgets the window's keyFocus (the control draws itself
// unfocused).
func (u *UI) dropKeyFocus() {
	u.forgetKeyFocus()
	if u.Window != nil && u.keyHolder != nil && u.Window.Canvas().Focused() == fyne.Focusable(u.keyHolder) {
		u.Window.Canvas().Unfocus()
	}
}

// forgetKeyFocus forgets the window's keyFocus, leaving the canvas's focus
// as it is (the holder calls it as it loses that focus).
func (u *UI) forgetKeyFocus() {
	if u.keyFocus != nil {
		f := u.keyFocus
		u.keyFocus = nil
		f.FocusLost()
	}
}

// keyFocusKey gives a key the window's keyFocus uses to it, and reports
// whether it did.
func (u *UI) keyFocusKey(ev *fyne.KeyEvent) bool {
	f := u.keyFocus
	if f == nil || !ownKey(f, ev.Name) {
		return false
	}
	switch w := f.(type) {
	case *widget.Button:
		w.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace}) // Enter presses it too
	case *widget.Check:
		w.TypedRune(' ')
	default:
		if isRadioOption(f) {
			f.TypedRune(' ') // picks it, as Space does in Fyne
			break
		}
		f.TypedKey(ev)
	}
	return true
}

// keyDown sees Tab before the canvas moves the focus: the canvas moves
// on from the window's keyFocus, and the control it reaches is taken over
// as soon as the move is done.
func (u *UI) keyDown(ev *fyne.KeyEvent) {
	if ev.Name != fyne.KeyTab || u.Window == nil {
		return
	}
	if f := u.keyFocus; f != nil {
		u.keyFocus = nil
		u.Window.Canvas().Focus(f)
	}
	if u.afterKey != nil {
		u.afterKey(u.watchFocus) // after the canvas has moved the focus
	}
}

// installFocusWatch hooks keyDown into the window's canvas and looks for a
// focused control every focusWatchEvery until ctx ends. A canvas that
// sends no key-down events (Fyne's test driver) gets neither: tests call
// keyDown and then watchFocus themselves.
func (u *UI) installFocusWatch(ctx context.Context, w fyne.Window) {
	dc, ok := w.Canvas().(desktop.Canvas)
	if !ok {
		return
	}
	u.afterKey = func(f func()) { go fyne.Do(f) } // queued behind the key's handling
	dc.SetOnKeyDown(u.keyDown)
	go func() {
		t := time.NewTicker(focusWatchEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				fyne.Do(u.watchFocus)
			}
		}
	}()
}
