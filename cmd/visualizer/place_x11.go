//go:build linux && !wayland && cgo

package main

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>

// slidelab_place finds the top-left corner of window win on its screen.
static int slidelab_place(unsigned long win, int *x, int *y) {
	Display *d = XOpenDisplay(NULL);
	if (d == NULL) return 0;
	Window child;
	int ok = XTranslateCoordinates(d, (Window)win, DefaultRootWindow(d), 0, 0, x, y, &child);
	XCloseDisplay(d);
	return ok;
}

// slidelab_screen finds the size of the default screen.
static int slidelab_screen(int *w, int *h) {
	Display *d = XOpenDisplay(NULL);
	if (d == NULL) return 0;
	*w = DisplayWidth(d, DefaultScreen(d));
	*h = DisplayHeight(d, DefaultScreen(d));
	XCloseDisplay(d);
	return 1;
}
*/
import "C"

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
)

// windowPlace returns a function that asks the X server where w is; nil
// when w is no X11 window.
func windowPlace(w fyne.Window) func() (x, y int, ok bool) {
	nw, isNative := w.(driver.NativeWindow)
	if !isNative {
		return nil
	}
	return func() (x, y int, ok bool) {
		nw.RunNative(func(ctx any) {
			xc, isX11 := ctx.(driver.X11WindowContext)
			if !isX11 || xc.WindowHandle == 0 {
				return
			}
			var cx, cy C.int
			if C.slidelab_place(C.ulong(xc.WindowHandle), &cx, &cy) != 0 {
				x, y, ok = int(cx), int(cy), true
			}
		})
		return x, y, ok
	}
}

// screenSize returns the size of the X server's default screen in pixels.
func screenSize() (w, h int, ok bool) {
	var cw, ch C.int
	if C.slidelab_screen(&cw, &ch) == 0 {
		return 0, 0, false
	}
	return int(cw), int(ch), true
}
