//go:build !windows && (!linux || wayland || !cgo)

package main

import "fyne.io/fyne/v2"

// windowPlace returns nil: where the window is cannot be asked here (the
// size is still remembered).
func windowPlace(fyne.Window) func() (x, y int, ok bool) { return nil }

// screenSize reports that the screen's size is unknown.
func screenSize() (w, h int, ok bool) { return 0, 0, false }
