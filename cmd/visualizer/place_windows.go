//go:build windows

package main

import (
	"syscall"
	"unsafe"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
)

// windowPlace returns a function that asks Windows where w's client area
// starts on the screen (ClientToScreen of its top-left corner, the point
// desktop.Window.RequestPosition places); nil when w has no native handle.
func windowPlace(w fyne.Window) func() (x, y int, ok bool) {
	nw, isNative := w.(driver.NativeWindow)
	if !isNative {
		return nil
	}
	clientToScreen := syscall.NewLazyDLL("user32.dll").NewProc("ClientToScreen")
	return func() (x, y int, ok bool) {
		nw.RunNative(func(ctx any) {
			wc, isWin := ctx.(driver.WindowsWindowContext)
			if !isWin || wc.HWND == 0 || clientToScreen.Find() != nil {
				return
			}
			var pt struct{ X, Y int32 } // POINT
			if r, _, _ := clientToScreen.Call(wc.HWND, uintptr(unsafe.Pointer(&pt))); r != 0 {
				x, y, ok = int(pt.X), int(pt.Y), true
			}
		})
		return x, y, ok
	}
}

// screenSize returns the size of the primary monitor in pixels
// (GetSystemMetrics SM_CXSCREEN and SM_CYSCREEN).
func screenSize() (w, h int, ok bool) {
	metrics := syscall.NewLazyDLL("user32.dll").NewProc("GetSystemMetrics")
	if metrics.Find() != nil {
		return 0, 0, false
	}
	const smCXScreen, smCYScreen = 0, 1
	cw, _, _ := metrics.Call(smCXScreen)
	ch, _, _ := metrics.Call(smCYScreen)
	if int32(cw) <= 0 || int32(ch) <= 0 {
		return 0, 0, false
	}
	return int(int32(cw)), int(int32(ch)), true
}
