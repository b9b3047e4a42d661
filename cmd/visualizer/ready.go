package main

import (
	"fmt"
	"image"
	"os"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// readyState tells make screenshots when a demo's state is on screen: it
// creates the file path once the demo has reached its state, the app has
// started and the window shows a drawn frame (not one flat colour), plus a
// moment for the last frame. A fixed wait after the demo's state was not
// enough on a busy machine: the first frame came later and the screenshot
// was blank.
type readyState struct {
	path    string
	win     fyne.Window
	mu      sync.Mutex
	started bool
	reached bool
	once    sync.Once
}

// newReadyState returns nil when path is empty (no screenshot waits).
func newReadyState(path string, w fyne.Window) *readyState {
	if path == "" {
		return nil
	}
	return &readyState{path: path, win: w}
}

// demoReached is the callback the demo calls on the Fyne goroutine once its
// state is reached.
func (r *readyState) demoReached() {
	r.mu.Lock()
	r.reached = true
	both := r.started
	r.mu.Unlock()
	if both {
		r.once.Do(func() { go r.waitForFrame() })
	}
}

// appStarted is called once the app's window is up.
func (r *readyState) appStarted() {
	r.mu.Lock()
	r.started = true
	both := r.reached
	r.mu.Unlock()
	if both {
		r.once.Do(func() { go r.waitForFrame() })
	}
}

// waitForFrame polls the window's canvas until it is drawn (at most a
// minute), then writes the file after a second for the last frame.
func (r *readyState) waitForFrame() {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		var img image.Image
		fyne.DoAndWait(func() { img = r.win.Canvas().Capture() })
		if drawn(img) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(time.Second)
	if err := os.WriteFile(r.path, []byte("ready\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_READY:", err)
	}
}

// drawn reports whether img holds more than one colour (a window not yet
// painted is one flat colour, or no image at all).
func drawn(img image.Image) bool {
	if img == nil {
		return false
	}
	b := img.Bounds()
	if b.Empty() {
		return false
	}
	first := img.At(b.Min.X, b.Min.Y)
	fr, fg, fb, _ := first.RGBA()
	step := max(1, min(b.Dx(), b.Dy())/64)
	for y := b.Min.Y; y < b.Max.Y; y += step {
		for x := b.Min.X; x < b.Max.X; x += step {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r != fr || g != fg || bl != fb {
				return true
			}
		}
	}
	return false
}
