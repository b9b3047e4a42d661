package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// A dialog blurs the window behind it as Fyne draws it, except in a
// browser (modalBlur): there the theme's blur radius is 0, the shade alone.
func TestModalBlurRadius(t *testing.T) {
	th := newClassroomTheme(ThemeLight, 1.5, func() fyne.ThemeVariant { return theme.VariantLight })
	want := float32(0)
	if modalBlur {
		want = theme.DefaultTheme().Size(theme.SizeNameModalBlurRadius) * 1.5
	}
	if got := th.Size(theme.SizeNameModalBlurRadius); got != want {
		t.Errorf("modal blur radius %v, want %v (modalBlur %v)", got, want, modalBlur)
	}
	if got, want := th.Size(theme.SizeNameText), theme.DefaultTheme().Size(theme.SizeNameText)*1.5; got != want {
		t.Errorf("text size %v, want %v", got, want)
	}
}

// AfterFirstFrame waits for the window to be drawn: the test driver draws
// it only when asked (Capture), so f runs after the capture, not before.
func TestAfterFirstFrameWaitsForTheWindowToBeDrawn(t *testing.T) {
	u := newTestUI(t)
	ran := false
	u.AfterFirstFrame(func() { ran = true })
	u.q.Drain()
	select {
	case <-u.painted.drawn:
		t.Fatal("the window counts as drawn before anything drew it")
	default:
	}
	if ran {
		t.Fatal("AfterFirstFrame ran f before the window was drawn")
	}
	u.Window.Canvas().Capture() // draws the window
	u.q.Until(t, func() bool { return ran })

	// Once drawn, later calls run f (on the Fyne goroutine) without a wait.
	again := false
	u.AfterFirstFrame(func() { again = true })
	u.q.Until(t, func() bool { return again })
}

// Without LoadUI there is no window to wait for: f runs at once.
func TestAfterFirstFrameWithoutAWindow(t *testing.T) {
	u := &UI{}
	ran := false
	u.do = func(f func()) { f() }
	u.AfterFirstFrame(func() { ran = true })
	if !ran {
		t.Error("AfterFirstFrame did not run f for a UI without a window")
	}
}
