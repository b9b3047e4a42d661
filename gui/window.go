package gui

import (
	"fyne.io/fyne/v2"
)

// Preference keys of the window's geometry.
const (
	prefWindowWidth  = "window.width"
	prefWindowHeight = "window.height"
	prefWindowX      = "window.x"
	prefWindowY      = "window.y"
	prefWindowPlaced = "window.placed"
)

// Bounds of a saved window size, in Fyne units: smaller is unusable, larger
// is no screen's.
const (
	minWindowSide = 320
	maxWindowSide = 16384
)

// WindowGeometry is the window's size and place, saved when it closes and
// restored when the app starts again.
type WindowGeometry struct {
	// Size is the content's size in Fyne units.
	Size fyne.Size
	// X and Y are the top-left corner in the screen's pixels; Placed says
	// whether they are known (the window system may not tell).
	X, Y   int
	Placed bool
}

// SavedGeometry returns the geometry the last run saved; ok is false when
// there is none or it is out of range.
func (u *UI) SavedGeometry() (g WindowGeometry, ok bool) {
	p := u.App.Preferences()
	w := float32(p.Float(prefWindowWidth))
	h := float32(p.Float(prefWindowHeight))
	if w < minWindowSide || h < minWindowSide || w > maxWindowSide || h > maxWindowSide {
		return WindowGeometry{}, false
	}
	g.Size = fyne.NewSize(w, h)
	if p.Bool(prefWindowPlaced) {
		x, y := p.Int(prefWindowX), p.Int(prefWindowY)
		if x > -maxWindowSide && x < maxWindowSide && y > -maxWindowSide && y < maxWindowSide {
			g.X, g.Y, g.Placed = x, y, true
		}
	}
	return g, true
}

// SaveGeometry remembers g for the next run. A size out of range is not
// saved.
func (u *UI) SaveGeometry(g WindowGeometry) {
	if g.Size.Width < minWindowSide || g.Size.Height < minWindowSide ||
		g.Size.Width > maxWindowSide || g.Size.Height > maxWindowSide {
		return
	}
	p := u.App.Preferences()
	p.SetFloat(prefWindowWidth, float64(g.Size.Width))
	p.SetFloat(prefWindowHeight, float64(g.Size.Height))
	if g.Placed { // an unknown place keeps the one saved before
		p.SetBool(prefWindowPlaced, true)
		p.SetInt(prefWindowX, g.X)
		p.SetInt(prefWindowY, g.Y)
	}
}

// Geometry returns the window's size now, with the place that where
// reports (nil, or ok false: unknown). In presentation mode it is the size
// the window had before going full screen.
func (u *UI) Geometry(where func() (x, y int, ok bool)) WindowGeometry {
	g := WindowGeometry{Size: u.Window.Canvas().Size()}
	if u.Presenting() && u.present.windowed.Width > 0 {
		g.Size = u.present.windowed
	}
	if where != nil && !u.Presenting() {
		g.X, g.Y, g.Placed = where()
	}
	return g
}
