package gui

import (
	"image/color"
	"math"
	"slices"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/internal/a11y"
)

// Theme modes offered in the settings.
const (
	ThemeSystem = "system"
	ThemeLight  = "light"
	ThemeDark   = "dark"
)

// Zoom levels offered in the settings: 1 is the normal desktop size, the
// larger ones are for a projector at the front of a classroom.
var zoomLevels = []float32{1, 1.25, 1.5, 2}

// classroomTheme wraps Fyne's default theme: it forces a light or dark
// variant when asked to and multiplies every size (text, padding, icons) by a
// zoom factor, so a whole window can be read from the back of a room.
type classroomTheme struct {
	base    fyne.Theme
	mode    string  // ThemeSystem, ThemeLight or ThemeDark
	zoom    float32 // 1 = normal
	variant func() fyne.ThemeVariant
	// readableCache keeps what readable computed, by colourKey: Color is
	// called for every text drawn.
	readableCache sync.Map
}

// colourKey names a colour of one variant.
type colourKey struct {
	name    fyne.ThemeColorName
	variant fyne.ThemeVariant
}

// newClassroomTheme returns the theme for a mode and zoom. system reports the
// variant the desktop prefers; it is used when mode is ThemeSystem.
func newClassroomTheme(mode string, zoom float32, system func() fyne.ThemeVariant) *classroomTheme {
	if zoom <= 0 {
		zoom = 1
	}
	return &classroomTheme{base: theme.DefaultTheme(), mode: mode, zoom: zoom, variant: system}
}

// textColors are the theme colours drawn as text or as lines that carry
// meaning (input borders, the disabled state); Color raises each to at
// least contrastTarget against every background in readableOn. Fyne's own
// fall far short in places: #e3e3e3 borders and disabled text on white, a
// #888 placeholder, orange warnings.
var textColors = []fyne.ThemeColorName{
	theme.ColorNameForeground, theme.ColorNameDisabled, theme.ColorNamePlaceHolder,
	theme.ColorNameHyperlink, theme.ColorNamePrimary, theme.ColorNameError,
	theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameInputBorder,
}

// readableOn are the backgrounds text and lines are drawn on.
var readableOn = []fyne.ThemeColorName{
	theme.ColorNameBackground, theme.ColorNameInputBackground, theme.ColorNameButton,
	theme.ColorNameMenuBackground, theme.ColorNameOverlayBackground,
	theme.ColorNameHeaderBackground, theme.ColorNameDisabledButton,
}

// onColors pairs each "foreground on" colour with the fill it is drawn on.
var onColors = map[fyne.ThemeColorName]fyne.ThemeColorName{
	theme.ColorNameForegroundOnPrimary: theme.ColorNamePrimary,
	theme.ColorNameForegroundOnError:   theme.ColorNameError,
	theme.ColorNameForegroundOnSuccess: theme.ColorNameSuccess,
	theme.ColorNameForegroundOnWarning: theme.ColorNameWarning,
}

// contrastTarget is a little above WCAG AA (4.5:1), so rounding to 8-bit
// channels never drops a colour below it.
const contrastTarget = a11y.AA + 0.1

// Color returns the base colour for the forced variant; text and line
// colours are made readable (see textColors), and text on a coloured fill
// is whichever of light and dark reads better on it.
func (t *classroomTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	rv := t.resolve(v)
	if slices.Contains(textColors, n) {
		return t.readable(n, rv)
	}
	if fill, ok := onColors[n]; ok {
		return a11y.TextOn(t.readable(fill, rv))
	}
	return t.base.Color(n, rv)
}

// readable returns colour n of variant v, darkened (light variant) or
// lightened (dark variant) in small steps until it reaches contrastTarget
// against every background in readableOn.
func (t *classroomTheme) readable(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	key := colourKey{n, v}
	if c, ok := t.readableCache.Load(key); ok {
		return c.(color.Color)
	}
	c := t.raise(n, v)
	t.readableCache.Store(key, c)
	return c
}

// raise computes readable's colour.
func (t *classroomTheme) raise(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	bg := t.base.Color(theme.ColorNameBackground, v)
	var grounds []color.NRGBA
	for _, g := range readableOn {
		grounds = append(grounds, a11y.Over(t.base.Color(g, v), bg))
	}
	var y uint8 // mixed in: black on light grounds, white on dark ones
	if v == theme.VariantDark {
		y = 0xff
	}
	tint := color.NRGBA{R: y, G: y, B: y, A: 0x10}
	c := a11y.Over(t.base.Color(n, v), grounds[0])
	for step := 0; step < 40 && worstContrast(c, grounds) < contrastTarget; step++ {
		c = a11y.Over(tint, c)
	}
	return c
}

// worstContrast is c's least contrast against the grounds.
func worstContrast(c color.Color, grounds []color.NRGBA) float64 {
	worst := math.Inf(1)
	for _, g := range grounds {
		worst = min(worst, a11y.Contrast(c, g))
	}
	return worst
}

// resolve returns the variant to draw with.
func (t *classroomTheme) resolve(v fyne.ThemeVariant) fyne.ThemeVariant {
	switch t.mode {
	case ThemeLight:
		return theme.VariantLight
	case ThemeDark:
		return theme.VariantDark
	}
	if t.variant != nil {
		return t.variant()
	}
	return v
}

// Dark reports whether the theme draws dark backgrounds.
func (t *classroomTheme) Dark() bool {
	return t.resolve(theme.VariantLight) == theme.VariantDark
}

// Font returns the base font.
func (t *classroomTheme) Font(s fyne.TextStyle) fyne.Resource { return t.base.Font(s) }

// Icon returns the base icon.
func (t *classroomTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }

// Size scales the base size by the zoom factor. In a browser a dialog
// does not blur the window behind it (modalBlur, firstframe_js.go).
func (t *classroomTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameModalBlurRadius && !modalBlur {
		return 0 // Fyne then draws the shade alone
	}
	return t.base.Size(n) * t.zoom
}
