package a11y

import (
	"fmt"
	"image/color"
	"math"
)

// Deficiency is a kind of colour-vision deficiency to simulate.
type Deficiency int

// The three dichromacies: a missing long-, medium- or short-wavelength cone.
const (
	Protanopia Deficiency = iota
	Deuteranopia
	Tritanopia
)

// Deficiencies lists every Deficiency, for tests that check them all.
var Deficiencies = [...]Deficiency{Protanopia, Deuteranopia, Tritanopia}

// String names d.
func (d Deficiency) String() string {
	switch d {
	case Protanopia:
		return "protanopia"
	case Deuteranopia:
		return "deuteranopia"
	case Tritanopia:
		return "tritanopia"
	}
	return fmt.Sprintf("Deficiency(%d)", int(d))
}

// machado holds the simulation matrices of Machado, Oliveira and Fernandes,
// "A Physiologically-based Model for Simulation of Color Vision
// Deficiency" (IEEE TVCG 2009), severity 1.0, applied to linear RGB.
var machado = [...][3][3]float64{
	Protanopia: {
		{0.152286, 1.052583, -0.204868},
		{0.114503, 0.786281, 0.099216},
		{-0.003882, -0.048116, 1.051998},
	},
	Deuteranopia: {
		{0.367322, 0.860646, -0.227968},
		{0.280085, 0.672501, 0.047413},
		{-0.011820, 0.042940, 0.968881},
	},
	Tritanopia: {
		{1.255528, -0.076749, -0.178779},
		{-0.078411, 0.930809, 0.147602},
		{0.004733, 0.691367, 0.303900},
	},
}

// Simulate returns c as a person with deficiency d sees it (opaque).
func Simulate(c color.Color, d Deficiency) color.NRGBA {
	if d < 0 || int(d) >= len(machado) {
		d = Protanopia
	}
	r, g, b, _ := rgb(c)
	in := [3]float64{linear(r), linear(g), linear(b)}
	m := machado[d]
	var out [3]uint8
	for i := range out {
		v := m[i][0]*in[0] + m[i][1]*in[1] + m[i][2]*in[2]
		out[i] = uint8(math.Round(gamma(v) * 255))
	}
	return color.NRGBA{R: out[0], G: out[1], B: out[2], A: 0xff}
}
