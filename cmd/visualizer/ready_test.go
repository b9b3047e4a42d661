package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestReadyState: the ready file is written once both the app has started
// and the demo has reached its state, in either order, and not before.
func TestReadyState(t *testing.T) {
	for _, order := range []string{"started first", "demo first"} {
		path := filepath.Join(t.TempDir(), "ready")
		r := newReadyState(path)
		r.settle = 0
		first, second := r.appStarted, r.demoReached
		if order == "demo first" {
			first, second = r.demoReached, r.appStarted
		}
		first()
		select {
		case <-r.done:
			t.Fatalf("%s: signalled after one of the two events", order)
		case <-time.After(50 * time.Millisecond):
		}
		if _, err := os.Stat(path); err == nil {
			t.Fatalf("%s: the file exists after one of the two events", order)
		}
		second()
		second() // a repeated event writes nothing more
		select {
		case <-r.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no signal after both events", order)
		}
		if b, err := os.ReadFile(path); err != nil || string(b) != "ready\n" {
			t.Errorf("%s: file %q, %v", order, b, err)
		}
	}
	if newReadyState("") != nil {
		t.Error("an empty path gives a ready state")
	}
}
