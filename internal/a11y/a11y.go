// Package a11y holds the colour arithmetic behind Slidelab's accessibility
// checks: WCAG 2 relative luminance and contrast ratios, the choice of a
// readable text colour on a fill, simulation of the three kinds of
// dichromacy (Machado, Oliveira and Fernandes 2009, severity 1), and the
// CIEDE2000 colour difference that says whether two colours still look
// different. It imports no GUI toolkit, so the app, the off-screen renderer
// and tests all share one definition.
package a11y

import (
	"image/color"
	"math"
)

// AA is the least contrast ratio WCAG 2 level AA asks of normal text.
const AA = 4.5

// Light and Dark are the two text colours TextOn chooses from.
var (
	Light = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	Dark  = color.NRGBA{R: 0x10, G: 0x10, B: 0x10, A: 0xff}
)

// linear converts one sRGB channel (0..1) to linear light.
func linear(s float64) float64 {
	if s <= 0.04045 {
		return s / 12.92
	}
	return math.Pow((s+0.055)/1.055, 2.4)
}

// gamma converts one linear channel (0..1) back to sRGB, clamped.
func gamma(l float64) float64 {
	l = min(max(l, 0), 1)
	if l <= 0.0031308 {
		return 12.92 * l
	}
	return 1.055*math.Pow(l, 1/2.4) - 0.055
}

// rgb returns c's non-premultiplied sRGB channels in 0..1 and its alpha.
func rgb(c color.Color) (r, g, b, a float64) {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return float64(n.R) / 255, float64(n.G) / 255, float64(n.B) / 255, float64(n.A) / 255
}

// Over returns fg composited over an opaque bg (sRGB blending, as a
// renderer does), so that translucent text can be measured.
func Over(fg, bg color.Color) color.NRGBA {
	fr, fgc, fb, fa := rgb(fg)
	br, bgc, bb, _ := rgb(bg)
	mix := func(f, b float64) uint8 { return uint8(math.Round((f*fa + b*(1-fa)) * 255)) }
	return color.NRGBA{R: mix(fr, br), G: mix(fgc, bgc), B: mix(fb, bb), A: 0xff}
}

// Luminance is the WCAG 2 relative luminance of c (its alpha is ignored).
func Luminance(c color.Color) float64 {
	r, g, b, _ := rgb(c)
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}

// Contrast is the WCAG 2 contrast ratio of two opaque colours, from 1 (the
// same luminance) to 21 (black on white).
func Contrast(a, b color.Color) float64 {
	la, lb := Luminance(a), Luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TextOn returns Light or Dark, whichever contrasts more with fill.
func TextOn(fill color.Color) color.NRGBA {
	if Contrast(Light, fill) >= Contrast(Dark, fill) {
		return Light
	}
	return Dark
}
