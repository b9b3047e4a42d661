//go:build js

package pdb

import "time"

// yieldEvery is how long a table build computes before it hands the browser
// a turn. Go's WebAssembly port runs every goroutine on the page's one
// thread, and the page repaints (a progress bar) and answers input only
// while no goroutine is runnable.
const yieldEvery = 30 * time.Millisecond

// yielder lets the browser run between stretches of work: its maybe sleeps
// a millisecond (time to paint and handle events) once yieldEvery has
// passed since it last did.
type yielder struct{ last time.Time }

// maybe yields to the browser if the last yield is yieldEvery ago.
func (y *yielder) maybe() {
	if now := time.Now(); now.Sub(y.last) >= yieldEvery {
		time.Sleep(time.Millisecond)
		y.last = time.Now()
	}
}
