package main

import (
	"os"
	"strconv"

	"fyne.io/fyne/v2"
)

// A window's size is in Fyne's units, a screen's in pixels: at a scale of
// 1.5 (FYNE_SCALE, Fyne's settings, a screen of high density) the default
// 1280x800 took 1920x1200 pixels, and clamped to a 1024x768 screen's
// numbers it still took 1536x1152. The screen is therefore measured in
// units before the size is clamped, and again once the window is on
// screen and its canvas knows its real scale.

// fitToScreen returns size no larger than a screen of sw x sh pixels at
// scale pixels a unit (a scale of 0 or less counts as 1).
func fitToScreen(size fyne.Size, sw, sh int, scale float32) fyne.Size {
	if scale <= 0 {
		scale = 1
	}
	return fyne.NewSize(min(size.Width, float32(sw)/scale), min(size.Height, float32(sh)/scale))
}

// userScale is the scale the user asked for, as Fyne's driver reads it:
// FYNE_SCALE when it is a number, else the settings' scale, else 1.
func userScale(env string, setting float32) float32 {
	if env != "" && env != "auto" {
		if s, err := strconv.ParseFloat(env, 32); err == nil && s > 0 {
			return float32(s)
		}
	}
	if env != "auto" && setting > 0 {
		return setting
	}
	return 1
}

// startScale is the scale the window will have, as far as it is known
// before it is shown (the screen's own density is known only after).
func startScale(a fyne.App) float32 {
	return userScale(os.Getenv("FYNE_SCALE"), a.Settings().Scale())
}

// refitWindow shrinks w to the screen once it is shown and its canvas
// knows its scale.
func refitWindow(w fyne.Window) {
	sw, sh, ok := screenSize()
	if !ok {
		return
	}
	size := w.Canvas().Size()
	if fit := fitToScreen(size, sw, sh, w.Canvas().Scale()); fit != size {
		w.Resize(fit)
	}
}
