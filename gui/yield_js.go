//go:build js

package gui

import "time"

// yieldToBrowser gives the browser a turn to repaint and handle input. Go's
// WebAssembly port runs every goroutine on the page's one thread and hands
// it back to the browser only when no goroutine is runnable, so a job that
// computes without pause would freeze the page; a job's post (a progress
// report, a few times a second) sleeps a millisecond.
func yieldToBrowser() { time.Sleep(time.Millisecond) }
