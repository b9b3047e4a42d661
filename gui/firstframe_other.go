//go:build !js

package gui

// deferStartWork is false outside a browser: the preset pattern database
// loads in the background from the start (its goroutine has a thread of
// its own and the cache's tables are used in place).
const deferStartWork = false

// modalBlur is true outside a browser: a dialog blurs the window behind it,
// as Fyne draws it.
const modalBlur = true

// frameShown returns at once: a desktop window's frame is on screen once
// drawn.
func frameShown() {}
