package gui

import (
	"image"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// The first frame. In a browser the app runs on the page's one thread and
// the page shows nothing new until Go hands the thread back, so work done
// before the window's first frame (a dialog to lay out, pattern database
// tables to check) keeps the class looking at a blank page. What can wait
// for the first frame waits for it: AfterFirstFrame runs it once the
// window has been drawn (docs/performance.md, "The first frame").

// framePainted tells when the window is first drawn: a one-pixel raster
// in the window's top left corner (transparent, under the key holder's
// layer: nothing to see or click), whose image the painter asks for only
// when it draws the window. Layout and size computations never ask for it.
type framePainted struct {
	raster *canvas.Raster
	once   sync.Once
	drawn  chan struct{}
}

// newFramePainted returns the probe, not yet drawn.
func newFramePainted() *framePainted {
	p := &framePainted{drawn: make(chan struct{})}
	p.raster = canvas.NewRaster(func(w, h int) image.Image {
		p.once.Do(func() { close(p.drawn) })
		return image.NewNRGBA(image.Rect(0, 0, 1, 1)) // transparent
	})
	p.raster.Resize(fyne.NewSize(1, 1))
	return p
}

// AfterFirstFrame runs f on the Fyne goroutine once the window's first
// frame has been drawn and (in a browser) shown: at once when it already
// has been. It does not wait for a window that is never drawn (the test
// driver draws only when asked): without LoadUI, or under the test driver,
// f waits until something draws the window.
func (u *UI) AfterFirstFrame(f func()) {
	if u.painted == nil {
		u.do(f)
		return
	}
	go func() {
		select {
		case <-u.painted.drawn:
		case <-u.ctx.Done():
			return
		}
		frameShown() // firstframe_js.go: the browser has put the frame on screen
		u.do(f)
	}()
}
