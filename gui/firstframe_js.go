//go:build js

package gui

import "syscall/js"

// deferStartWork is true in a browser: the preset pattern database's
// tables are loaded (fetched and checked, on the page's one thread) after
// the window's first frame, not before it (LoadUI, AfterFirstFrame).
const deferStartWork = true

// modalBlur is false in a browser: Fyne blurs the whole window behind a
// dialog, again at each frame the dialog is up, and where the browser
// draws WebGL in software (SwiftShader: no GPU, or a blocked one) that
// made each such frame cost over a second (docs/performance.md).
const modalBlur = false

// frameShownWait bounds the wait of frameShown: a page in a background
// tab gets no animation frames.
const frameShownWait = 1000 // milliseconds

// frameShown returns once the browser has shown what the page drew before
// the call: it waits for the next animation frame (the browser then
// composites the canvas drawn in the task before) and for a task after it,
// or for frameShownWait.
func frameShown() {
	done := make(chan struct{})
	closed := false // the callbacks run on the page's one thread
	var after, raf js.Func
	after = js.FuncOf(func(js.Value, []js.Value) any {
		if !closed {
			closed = true
			close(done)
		}
		return nil
	})
	raf = js.FuncOf(func(js.Value, []js.Value) any {
		js.Global().Call("setTimeout", after, 0)
		return nil
	})
	js.Global().Call("requestAnimationFrame", raf)
	timer := js.Global().Call("setTimeout", after, frameShownWait)
	<-done
	js.Global().Call("clearTimeout", timer)
	// Neither function is released: one of them may still be pending (the
	// timer came first), and calling a released one throws. They are two
	// small closures per call, and AfterFirstFrame is called at the start.
}
