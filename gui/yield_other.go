//go:build !js

package gui

// yieldToBrowser does nothing outside the browser (see yield_js.go).
func yieldToBrowser() {}
