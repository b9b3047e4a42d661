// Command icongen draws Slidelab's application icon (Icon.png): a rounded
// square holding a 3x3 sliding puzzle with one empty cell. The tiles carry
// the digits 1-8 and three colours, one per pattern-database group.
//
// Usage (from the repository root):
//
//	go run ./tools/icongen -o Icon.png
//
// It uses only the standard library; shapes are drawn as signed distance
// fields, which gives anti-aliased edges without a rasteriser.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
)

// canvas is a premultiplied RGBA float buffer.
type canvas struct {
	size int
	pix  []float64 // r, g, b, a per pixel, premultiplied, 0..1
}

func newCanvas(size int) *canvas {
	return &canvas{size: size, pix: make([]float64, 4*size*size)}
}

// rgb is a straight (non-premultiplied) colour with components in 0..1.
type rgb struct{ r, g, b float64 }

func hex(v uint32) rgb {
	return rgb{float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255}
}

func (c rgb) mix(o rgb, t float64) rgb {
	return rgb{c.r + (o.r-c.r)*t, c.g + (o.g-c.g)*t, c.b + (o.b-c.b)*t}
}

// paint composites colour col at pixel (x, y) with coverage alpha, "over".
func (cv *canvas) paint(x, y int, col rgb, alpha float64) {
	if alpha <= 0 {
		return
	}
	if alpha > 1 {
		alpha = 1
	}
	i := 4 * (y*cv.size + x)
	p := cv.pix[i : i+4]
	k := 1 - alpha
	p[0] = col.r*alpha + p[0]*k
	p[1] = col.g*alpha + p[1]*k
	p[2] = col.b*alpha + p[2]*k
	p[3] = alpha + p[3]*k
}

// fill paints every pixel whose centre-distance d (from sdf) is inside the
// shape, softening the edge over soft pixels. shade gives the colour at a
// pixel, so fills can carry gradients.
func (cv *canvas) fill(sdf func(x, y float64) float64, soft float64, opacity float64, shade func(x, y float64) rgb) {
	for y := 0; y < cv.size; y++ {
		for x := 0; x < cv.size; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			d := sdf(px, py)
			cov := clamp(0.5-d/soft, 0, 1)
			if soft > 1 {
				cov = smooth(cov)
			}
			if cov > 0 {
				cv.paint(x, y, shade(px, py), cov*opacity)
			}
		}
	}
}

func (cv *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, cv.size, cv.size))
	for i := 0; i < cv.size*cv.size; i++ {
		p := cv.pix[4*i : 4*i+4]
		a := p[3]
		if a <= 0 {
			continue
		}
		img.Pix[4*i+0] = to8(p[0] / a)
		img.Pix[4*i+1] = to8(p[1] / a)
		img.Pix[4*i+2] = to8(p[2] / a)
		img.Pix[4*i+3] = to8(a)
	}
	return img
}

func to8(v float64) uint8 { return uint8(math.Round(clamp(v, 0, 1) * 255)) }

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

func smooth(t float64) float64 { return t * t * (3 - 2*t) }

// roundRect returns the signed distance to a rectangle with corner radius r.
func roundRect(x0, y0, x1, y1, r float64) func(x, y float64) float64 {
	cx, cy := (x0+x1)/2, (y0+y1)/2
	hw, hh := (x1-x0)/2-r, (y1-y0)/2-r
	return func(x, y float64) float64 {
		qx, qy := math.Abs(x-cx)-hw, math.Abs(y-cy)-hh
		out := math.Hypot(math.Max(qx, 0), math.Max(qy, 0))
		in := math.Min(math.Max(qx, qy), 0)
		return out + in - r
	}
}

// vgrad shades from top colour to bottom colour between y0 and y1.
func vgrad(top, bottom rgb, y0, y1 float64) func(x, y float64) rgb {
	return func(_, y float64) rgb { return top.mix(bottom, clamp((y-y0)/(y1-y0), 0, 1)) }
}

func solid(c rgb) func(x, y float64) rgb { return func(_, _ float64) rgb { return c } }

type pt struct{ x, y float64 }

// strokes returns the signed distance to a set of polylines drawn with
// round caps and half-width w.
func strokes(lines [][]pt, w float64) func(x, y float64) float64 {
	return func(x, y float64) float64 {
		best := math.Inf(1)
		for _, l := range lines {
			for i := 0; i+1 < len(l); i++ {
				best = math.Min(best, segDist(x, y, l[i], l[i+1]))
			}
			if len(l) == 1 {
				best = math.Min(best, math.Hypot(x-l[0].x, y-l[0].y))
			}
		}
		return best - w
	}
}

func segDist(x, y float64, a, b pt) float64 {
	dx, dy := b.x-a.x, b.y-a.y
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = clamp(((x-a.x)*dx+(y-a.y)*dy)/l2, 0, 1)
	}
	return math.Hypot(x-(a.x+t*dx), y-(a.y+t*dy))
}

// arc approximates an elliptical arc (angles in degrees, 0 = east,
// clockwise in screen coordinates) by a polyline.
func arc(cx, cy, rx, ry, from, to float64) []pt {
	const n = 48
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		a := (from + (to-from)*float64(i)/n) * math.Pi / 180
		out = append(out, pt{cx + rx*math.Cos(a), cy + ry*math.Sin(a)})
	}
	return out
}

func join(parts ...[]pt) []pt {
	var out []pt
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// glyph returns the strokes of digit d in a unit box: x in 0..0.6, y in 0..1.
func glyph(d int) [][]pt {
	switch d {
	case 1:
		return [][]pt{{{0.12, 0.2}, {0.34, 0.02}, {0.34, 1}}}
	case 2:
		return [][]pt{join(arc(0.3, 0.27, 0.27, 0.25, 200, 360+20), []pt{{0.03, 1}, {0.58, 1}})}
	case 3:
		return [][]pt{
			arc(0.3, 0.25, 0.26, 0.23, 200, 360+90),
			arc(0.3, 0.73, 0.29, 0.27, -90, 165),
		}
	case 4:
		return [][]pt{{{0.44, 1}, {0.44, 0}, {0.02, 0.7}, {0.6, 0.7}}}
	case 5:
		return [][]pt{join([]pt{{0.55, 0}, {0.1, 0}, {0.06, 0.45}}, arc(0.3, 0.69, 0.29, 0.31, -135, 165))}
	case 6:
		return [][]pt{
			arc(0.62, 0.62, 0.58, 0.62, 250, 180),
			arc(0.31, 0.69, 0.28, 0.31, 0, 360),
		}
	case 7:
		return [][]pt{{{0.02, 0}, {0.58, 0}, {0.22, 1}}}
	case 8:
		return [][]pt{
			arc(0.3, 0.25, 0.23, 0.24, 0, 360),
			arc(0.3, 0.74, 0.28, 0.26, 0, 360),
		}
	}
	return nil
}

func draw(size int) *canvas {
	cv := newCanvas(size)
	s := float64(size) / 512 // all coordinates below are on a 512 grid

	// Drop shadow and body of the rounded square.
	cv.fill(roundRect(28*s, 40*s, 484*s, 496*s, 104*s), 22*s, 0.35, solid(hex(0x0b1020)))
	cv.fill(roundRect(24*s, 24*s, 488*s, 488*s, 104*s), 1, 1, vgrad(hex(0x2c3a5e), hex(0x18213a), 24*s, 488*s))

	// The board: a 3x3 grid; blank at row 2, column 1 (0-based).
	const (
		board0 = 64.0
		board1 = 448.0
		gap    = 14.0
	)
	cell := (board1 - board0 - 2*gap) / 3
	// Tiles in reading order; 0 is the blank. Colours follow three
	// pattern-database groups: {1,2,3}, {4,5,6}, {7,8}.
	layout := []int{
		1, 2, 3,
		4, 5, 6,
		7, 0, 8,
	}
	groups := map[int]rgb{
		1: hex(0xef6f6c), 2: hex(0xef6f6c), 3: hex(0xef6f6c),
		4: hex(0xf4b942), 5: hex(0xf4b942), 6: hex(0xf4b942),
		7: hex(0x3cc3b0), 8: hex(0x3cc3b0),
	}
	white := hex(0xffffff)
	for i, t := range layout {
		r, c := i/3, i%3
		x0 := (board0 + float64(c)*(cell+gap)) * s
		y0 := (board0 + float64(r)*(cell+gap)) * s
		x1, y1 := x0+cell*s, y0+cell*s
		rad := 20 * s
		if t == 0 {
			// The empty cell: a recessed slot with a faint rim.
			cv.fill(roundRect(x0, y0, x1, y1, rad), 1, 1, solid(hex(0x111830)))
			cv.fill(roundRect(x0+3*s, y0+3*s, x1-3*s, y1-3*s, rad-3*s), 1, 1, solid(hex(0x141c36)))
			continue
		}
		base := groups[t]
		dark := base.mix(hex(0x000000), 0.35)
		// Contact shadow, side face, then the tile top with a soft gradient.
		cv.fill(roundRect(x0+2*s, y0+10*s, x1+2*s, y1+10*s, rad), 8*s, 0.45, solid(hex(0x05080f)))
		cv.fill(roundRect(x0, y0+7*s, x1, y1+7*s, rad), 1, 1, solid(dark))
		cv.fill(roundRect(x0, y0, x1, y1, rad), 1, 1, vgrad(base.mix(white, 0.18), base, y0, y1))
		// A thin highlight along the top edge.
		cv.fill(roundRect(x0+10*s, y0+5*s, x1-10*s, y0+9*s, 2*s), 1, 0.35, solid(white))

		// The digit, centred on the tile.
		gh := 56 * s
		gw := 0.6 * gh
		ox := (x0+x1)/2 - gw/2
		oy := (y0+y1)/2 - gh/2
		var lines [][]pt
		for _, l := range glyph(t) {
			m := make([]pt, len(l))
			for j, p := range l {
				m[j] = pt{ox + p.x*gh, oy + p.y*gh}
			}
			lines = append(lines, m)
		}
		cv.fill(strokes(lines, 5.5*s), 1, 0.95, solid(hex(0xfdfcf8)))
	}
	return cv
}

func main() {
	out := flag.String("o", "Icon.png", "output PNG file")
	size := flag.Int("size", 512, "width and height in pixels")
	flag.Parse()

	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
	img := draw(*size).image()
	if err := png.Encode(f, img); err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
}
