//go:build js

// Package yield lets long computations hand the browser a turn when Slidelab
// runs as WebAssembly in a page (make web). Go's WebAssembly port runs every
// goroutine on the page's one thread and gives the thread back to the
// browser only when no goroutine is runnable, so a table build or a search
// that computes without pause would freeze the page (no repaint of its
// progress bar, no input) until it ends. Outside a browser every function
// here does nothing.
package yield

import (
	"sync/atomic"
	"syscall/js"
	"time"
)

// Every is how long work runs between two turns of the browser: ten
// repaints a second, at a cost of a few per cent.
const Every = 100 * time.Millisecond

// lastTurn is when the browser last had, or was last offered, a turn
// (UnixNano), whichever goroutine gave it. It is process-wide on purpose:
// the page has one thread, so two computations share one budget of Every,
// and neither yields when the other just did (each turn costs a repaint).
// The browser takes the turn offered once no goroutine is runnable.
var lastTurn atomic.Int64

// A Yielder yields to the browser when Every has passed since the browser's
// last turn. Its zero value is ready to use; it is for one goroutine.
type Yielder struct{}

// Start returns a Yielder.
func Start() Yielder { return Yielder{} }

// Maybe yields to the browser if Every has passed since its last turn. Call
// it often (it reads the clock) from a long loop.
func (*Yielder) Maybe() {
	if time.Since(time.Unix(0, lastTurn.Load())) >= Every {
		Now()
	}
}

// Now yields to the browser: it blocks until the browser has run a task of
// its own, so the page repaints and handles input in between. A sleep would
// not do when two computations run at once (a table build and a search): Go
// wakes a sleeper itself while the other goroutine runs, so the browser
// never gets the thread. A message through a MessageChannel arrives only
// when the browser runs its event loop, and, unlike setTimeout, is not
// slowed down in a background tab.
func Now() {
	lastTurn.Store(time.Now().UnixNano())
	defer func() { lastTurn.Store(time.Now().UnixNano()) }()
	mc := js.Global().Get("MessageChannel")
	if mc.IsUndefined() {
		time.Sleep(time.Millisecond)
		return
	}
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		return nil
	})
	ch := mc.New()
	port := ch.Get("port1")
	port.Set("onmessage", f)
	ch.Get("port2").Call("postMessage", nil)
	<-done
	port.Call("close")
	f.Release()
}
