package a11y

import (
	"image/color"
	"math"
)

// Lab is a colour in CIE L*a*b* (D65 white).
type Lab struct{ L, A, B float64 }

// ToLab converts an sRGB colour (alpha ignored) to CIE L*a*b* under D65.
func ToLab(c color.Color) Lab {
	r, g, b, _ := rgb(c)
	lr, lg, lb := linear(r), linear(g), linear(b)
	x := (0.4124564*lr + 0.3575761*lg + 0.1804375*lb) / 0.95047
	y := 0.2126729*lr + 0.7151522*lg + 0.0721750*lb
	z := (0.0193339*lr + 0.1191920*lg + 0.9503041*lb) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return Lab{L: 116*fy - 16, A: 500 * (fx - fy), B: 200 * (fy - fz)}
}

// Difference is the CIEDE2000 colour difference of two sRGB colours: about
// 1 is just noticeable side by side, above 10 is plainly a different colour.
func Difference(a, b color.Color) float64 { return DeltaE2000(ToLab(a), ToLab(b)) }

// DeltaE2000 is the CIEDE2000 difference of two L*a*b* colours (kL = kC =
// kH = 1), as specified by Sharma, Wu and Dalal (2005).
func DeltaE2000(p, q Lab) float64 {
	rad := math.Pi / 180
	c1, c2 := math.Hypot(p.A, p.B), math.Hypot(q.A, q.B)
	cm := (c1 + c2) / 2
	cm7 := math.Pow(cm, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1, a2 := (1+g)*p.A, (1+g)*q.A
	c1p, c2p := math.Hypot(a1, p.B), math.Hypot(a2, q.B)
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / rad
		if h < 0 {
			h += 360
		}
		return h
	}
	h1, h2 := hue(p.B, a1), hue(q.B, a2)
	dL, dC := q.L-p.L, c2p-c1p
	var dh float64
	switch {
	case c1p*c2p == 0:
		dh = 0
	case math.Abs(h2-h1) <= 180:
		dh = h2 - h1
	case h2-h1 > 180:
		dh = h2 - h1 - 360
	default:
		dh = h2 - h1 + 360
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh/2*rad)
	lm, cmp := (p.L+q.L)/2, (c1p+c2p)/2
	var hm float64
	switch {
	case c1p*c2p == 0:
		hm = h1 + h2
	case math.Abs(h1-h2) <= 180:
		hm = (h1 + h2) / 2
	case h1+h2 < 360:
		hm = (h1 + h2 + 360) / 2
	default:
		hm = (h1 + h2 - 360) / 2
	}
	t := 1 - 0.17*math.Cos((hm-30)*rad) + 0.24*math.Cos(2*hm*rad) +
		0.32*math.Cos((3*hm+6)*rad) - 0.20*math.Cos((4*hm-63)*rad)
	dTheta := 30 * math.Exp(-math.Pow((hm-275)/25, 2))
	cmp7 := math.Pow(cmp, 7)
	rc := 2 * math.Sqrt(cmp7/(cmp7+math.Pow(25, 7)))
	l50 := (lm - 50) * (lm - 50)
	sl := 1 + 0.015*l50/math.Sqrt(20+l50)
	sc := 1 + 0.045*cmp
	sh := 1 + 0.015*cmp*t
	rt := -math.Sin(2*dTheta*rad) * rc
	return math.Sqrt((dL/sl)*(dL/sl) + (dC/sc)*(dC/sc) + (dH/sh)*(dH/sh) + rt*(dC/sc)*(dH/sh))
}
