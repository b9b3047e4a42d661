package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

// readyState tells make screenshots when a demo's state is reached: it
// creates the file path once the demo has reached its state and the app has
// started, plus a moment (settle) for the frame that shows it.
//
// Whether that frame is on the screen is checked by make screenshots
// itself: it grabs the X screen until the grab is not one flat colour.
// The app cannot tell: under Xvfb, Canvas().Capture() of the GLFW driver
// returns one flat colour even after the window is drawn (it was polled
// for a minute in every shot, 271 grabs, none drawn), so a check here only
// ever timed out.
type readyState struct {
	path    string
	settle  time.Duration
	mu      sync.Mutex
	started bool
	reached bool
	once    sync.Once
	done    chan struct{} // closed once the file is written (or failed)
}

// newReadyState returns nil when path is empty (no screenshot waits).
func newReadyState(path string) *readyState {
	if path == "" {
		return nil
	}
	return &readyState{path: path, settle: time.Second, done: make(chan struct{})}
}

// demoReached is the callback the demo calls on the Fyne goroutine once its
// state is reached.
func (r *readyState) demoReached() {
	r.mu.Lock()
	r.reached = true
	both := r.started
	r.mu.Unlock()
	if both {
		r.once.Do(func() { go r.signal() })
	}
}

// appStarted is called once the app's window is up.
func (r *readyState) appStarted() {
	r.mu.Lock()
	r.started = true
	both := r.reached
	r.mu.Unlock()
	if both {
		r.once.Do(func() { go r.signal() })
	}
}

// signal writes the file after the settle time.
func (r *readyState) signal() {
	defer close(r.done)
	time.Sleep(r.settle)
	if err := os.WriteFile(r.path, []byte("ready\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "visualizer: SLIDELAB_READY:", err)
	}
}
