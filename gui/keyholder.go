package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// While the window keeps a Tab-reached control's focus (keyfocus.go), the
// canvas's own focus sits on a keyHolder: an invisible widget that passes
// every key on to the window's handlers, as the canvas does when nothing
// has the focus. What it adds is that the canvas now tells when the focus
// leaves: a mouse click anywhere (Fyne's GLFW driver unfocuses the canvas
// on a click outside the focused widget) calls FocusLost, and the
// control's focus ring goes with it, where before it stayed until the next
// Tab. The holder is disabled, so Tab never stops on it (the focus chain
// skips disabled widgets), and it has a SelectedText, so that the canvas
// still focuses it when asked (FocusManager.Focus).
type keyHolder struct {
	widget.BaseWidget
	u *UI
}

// newKeyHolder returns the holder for u's window; it is put in the window's
// content and in presentation mode's.
func newKeyHolder(u *UI) *keyHolder {
	h := &keyHolder{u: u}
	h.ExtendBaseWidget(h)
	return h
}

// CreateRenderer draws nothing.
func (h *keyHolder) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(&fyne.Container{})
}

// MinSize is none: the holder takes no room.
func (h *keyHolder) MinSize() fyne.Size { return fyne.Size{} }

// Disabled keeps the holder out of the Tab chain.
func (h *keyHolder) Disabled() bool { return true }

// SelectedText lets the canvas focus the holder although it is disabled.
func (h *keyHolder) SelectedText() string { return "" }

// FocusGained does nothing: the control draws the ring.
func (h *keyHolder) FocusGained() {}

// FocusLost forgets the control the window kept: a click elsewhere (or
// anything else that moved the canvas's focus) ends it.
func (h *keyHolder) FocusLost() { h.u.forgetKeyFocus() }

// TypedKey goes to the window's shortcuts.
func (h *keyHolder) TypedKey(ev *fyne.KeyEvent) { h.u.typedKey(ev) }

// TypedRune does nothing: the window has no rune handler.
func (h *keyHolder) TypedRune(rune) {}

// KeyDown goes to the window's key-down handler (Tab, keyDown).
func (h *keyHolder) KeyDown(ev *fyne.KeyEvent) { h.u.keyDown(ev) }

// KeyUp does nothing, as the window has no key-up handler.
func (h *keyHolder) KeyUp(*fyne.KeyEvent) {}

// holdKeys puts the canvas's focus on the holder (if it is in the
// window's content; otherwise nothing has the canvas's focus, as before).
func (u *UI) holdKeys() {
	if u.Window == nil || u.keyHolder == nil {
		return
	}
	u.Window.Canvas().Focus(u.keyHolder)
}

// withKeyHolder returns content with the holder in it, for a content that
// replaces the window's (presentation mode, a class vote).
func (u *UI) withKeyHolder(content fyne.CanvasObject) fyne.CanvasObject {
	if u.keyHolder == nil {
		return content
	}
	// Without a layout, the holder keeps its size of nothing: in a stack it
	// would cover the window, and Fyne's driver gives a click to the
	// topmost focusable object under the pointer, the holder (a click on
	// the board slid no tile).
	// The first frame's probe (firstframe.go) sits in the same layer.
	layer := container.NewWithoutLayout(u.keyHolder)
	if u.painted != nil {
		layer.Add(u.painted.raster)
	}
	return container.NewStack(content, layer)
}
