//go:build !js

package pdb

// yielder does nothing outside the browser, where the builder's goroutines
// run on threads of their own (see yield_js.go).
type yielder struct{}

// maybe does nothing.
func (*yielder) maybe() {}
