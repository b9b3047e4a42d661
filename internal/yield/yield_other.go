//go:build !js

// Package yield lets long computations hand the browser a turn when Slidelab
// runs as WebAssembly in a page (see yield_js.go). Outside a browser, goroutines
// run on threads of their own and every function here does nothing.
package yield

// A Yielder yields to the browser now and then (never here).
type Yielder struct{}

// Start returns a Yielder.
func Start() Yielder { return Yielder{} }

// Maybe does nothing outside a browser.
func (*Yielder) Maybe() {}

// Now does nothing outside a browser.
func Now() {}
