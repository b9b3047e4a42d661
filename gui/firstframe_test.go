package gui

import "testing"

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
