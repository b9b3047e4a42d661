package gui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
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
}

// newClassroomTheme returns the theme for a mode and zoom. system reports the
// variant the desktop prefers; it is used when mode is ThemeSystem.
func newClassroomTheme(mode string, zoom float32, system func() fyne.ThemeVariant) *classroomTheme {
	if zoom <= 0 {
		zoom = 1
	}
	return &classroomTheme{base: theme.DefaultTheme(), mode: mode, zoom: zoom, variant: system}
}

// lightInputBorder is the border of entries and unchecked check boxes in
// the light variant: Fyne's own (#e3e3e3 on white) vanishes on a projector.
var lightInputBorder = color.NRGBA{R: 0x8c, G: 0x8c, B: 0x8c, A: 0xff}

// Color returns the base colour for the forced variant, with input borders
// that a projector still shows in the light variant.
func (t *classroomTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	rv := t.resolve(v)
	if n == theme.ColorNameInputBorder && rv == theme.VariantLight {
		return lightInputBorder
	}
	return t.base.Color(n, rv)
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

// Size scales the base size by the zoom factor.
func (t *classroomTheme) Size(n fyne.ThemeSizeName) float32 {
	return t.base.Size(n) * t.zoom
}
