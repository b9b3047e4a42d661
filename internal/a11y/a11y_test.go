package a11y

import (
	"fmt"
	"image/color"
	"math"
	"testing"
)

func gray(v uint8) color.NRGBA { return color.NRGBA{R: v, G: v, B: v, A: 0xff} }

func TestContrast(t *testing.T) {
	black, white := gray(0), gray(0xff)
	cases := []struct {
		a, b color.Color
		want float64
	}{
		{black, white, 21},
		{white, black, 21},
		{white, white, 1},
		// WCAG's own examples: #777 on white just fails AA, #767676 passes.
		{gray(0x77), white, 4.48},
		{gray(0x76), white, 4.54},
		{color.NRGBA{R: 0xff, A: 0xff}, white, 4.00},
	}
	for _, c := range cases {
		if got := Contrast(c.a, c.b); math.Abs(got-c.want) > 0.01 {
			t.Errorf("Contrast(%v, %v) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
}

func TestTextOn(t *testing.T) {
	for _, c := range []struct {
		fill color.NRGBA
		want color.NRGBA
	}{
		{gray(0), Light}, {gray(0xff), Dark}, {color.NRGBA{R: 0xff, G: 0xb0, A: 0xff}, Dark},
		{color.NRGBA{R: 0x20, G: 0x30, B: 0x90, A: 0xff}, Light},
	} {
		if got := TextOn(c.fill); got != c.want {
			t.Errorf("TextOn(%v) = %v, want %v", c.fill, got, c.want)
		}
	}
}

func TestOver(t *testing.T) {
	half := color.NRGBA{A: 0x80}
	got := Over(half, gray(0xff))
	if got.R < 0x7e || got.R > 0x80 || got.A != 0xff {
		t.Errorf("half-transparent black over white = %v, want about #7f7f7f", got)
	}
	if got := Over(gray(0x12), gray(0xff)); got != gray(0x12) {
		t.Errorf("opaque over = %v", got)
	}
}

// TestDeltaE2000Sharma checks pairs from the test data published with the
// CIEDE2000 implementation notes of Sharma, Wu and Dalal (2005).
func TestDeltaE2000Sharma(t *testing.T) {
	cases := []struct {
		p, q Lab
		want float64
	}{
		{Lab{50, 2.6772, -79.7751}, Lab{50, 0, -82.7485}, 2.0425},
		{Lab{50, 3.1571, -77.2803}, Lab{50, 0, -82.7485}, 2.8615},
		{Lab{50, 2.8361, -74.0200}, Lab{50, 0, -82.7485}, 3.4412},
		{Lab{50, 0, 0}, Lab{50, -1, 2}, 2.3669},
		{Lab{50, 2.5, 0}, Lab{73, 25, -18}, 27.1492},
		{Lab{50, 2.5, 0}, Lab{61, -5, 29}, 22.8977},
		{Lab{50, 2.5, 0}, Lab{56, -27, -3}, 31.9030},
		{Lab{50, 2.5, 0}, Lab{58, 24, 15}, 19.4535},
		{Lab{60.2574, -34.0099, 36.2677}, Lab{60.4626, -34.1751, 39.4387}, 1.2644},
	}
	for i, c := range cases {
		for _, swap := range []bool{false, true} {
			p, q := c.p, c.q
			if swap {
				p, q = q, p
			}
			if got := DeltaE2000(p, q); math.Abs(got-c.want) > 1e-4 {
				t.Errorf("pair %d (swap %v): DeltaE2000 = %.4f, want %.4f", i+1, swap, got, c.want)
			}
		}
	}
}

func TestToLab(t *testing.T) {
	for _, c := range []struct {
		c    color.Color
		want Lab
	}{
		{gray(0xff), Lab{100, 0, 0}},
		{gray(0), Lab{0, 0, 0}},
		{color.NRGBA{R: 0xff, A: 0xff}, Lab{53.24, 80.09, 67.20}},
	} {
		got := ToLab(c.c)
		if math.Abs(got.L-c.want.L) > 0.05 || math.Abs(got.A-c.want.A) > 0.05 || math.Abs(got.B-c.want.B) > 0.05 {
			t.Errorf("ToLab(%v) = %+v, want %+v", c.c, got, c.want)
		}
	}
}

func TestSimulate(t *testing.T) {
	red := color.NRGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
	green := color.NRGBA{R: 0x30, G: 0xa0, B: 0x30, A: 0xff}
	blue := color.NRGBA{R: 0x30, G: 0x30, B: 0xd0, A: 0xff}
	for _, d := range Deficiencies {
		t.Run(d.String(), func(t *testing.T) {
			// Neutral colours stay neutral: each matrix row sums to one.
			for _, v := range []uint8{0, 0x40, 0x80, 0xc0, 0xff} {
				got := Simulate(gray(v), d)
				for _, ch := range []uint8{got.R, got.G, got.B} {
					if int(ch) < int(v)-1 || int(ch) > int(v)+1 {
						t.Errorf("%s turns gray %#x into %v", d, v, got)
					}
				}
			}
		})
	}
	// Red and green move much closer for the red-green dichromacies and
	// stay apart for tritanopes.
	normal := Difference(red, green)
	for _, c := range []struct {
		d      Deficiency
		lo, hi float64 // bounds on the simulated difference / the normal one
	}{
		{Protanopia, 0, 0.5},
		{Deuteranopia, 0, 0.5},
		{Tritanopia, 0.6, 1.5},
	} {
		got := Difference(Simulate(red, c.d), Simulate(green, c.d)) / normal
		if got < c.lo || got > c.hi {
			t.Errorf("%s: red/green difference is %.2f of the normal one, want in [%g, %g]", c.d, got, c.lo, c.hi)
		}
	}
	if normal, tri := Difference(blue, green), Difference(Simulate(blue, Tritanopia), Simulate(green, Tritanopia)); tri >= normal {
		t.Errorf("tritanopia does not bring blue and green closer: %.1f >= %.1f", tri, normal)
	}
	if got := fmt.Sprint(Deficiency(7)); got != "Deficiency(7)" {
		t.Errorf("String of an unknown deficiency = %q", got)
	}
}
