package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// painter draws filled shapes on one image with anti-aliased edges. It
// keeps a rasterizer between shapes; each shape is rasterized over its own
// bounding box only.
type painter struct {
	dst *image.RGBA
	ras vector.Rasterizer
}

// newPainter returns a painter on a new w x h image filled with bg.
func newPainter(w, h int, bg color.Color) *painter {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return &painter{dst: dst}
}

// rect is a rectangle in pixels, in floating point.
type rect struct{ x, y, w, h float64 }

// inset returns r shrunk by d on every side.
func (r rect) inset(d float64) rect { return rect{r.x + d, r.y + d, r.w - 2*d, r.h - 2*d} }

// box returns the pixels r touches, within b.
func (r rect) box(b image.Rectangle) image.Rectangle {
	return image.Rect(int(math.Floor(r.x)), int(math.Floor(r.y)), int(math.Ceil(r.x+r.w)), int(math.Ceil(r.y+r.h))).Intersect(b)
}

// fill runs path (in image coordinates) over the pixels of box and paints
// what it encloses with c.
func (p *painter) fill(box image.Rectangle, c color.Color, path func(ras *vector.Rasterizer, ox, oy float32)) {
	box = box.Intersect(p.dst.Bounds())
	if box.Empty() {
		return
	}
	p.ras.Reset(box.Dx(), box.Dy())
	p.ras.DrawOp = draw.Over
	path(&p.ras, float32(box.Min.X), float32(box.Min.Y))
	p.ras.Draw(p.dst, box, image.NewUniform(c), image.Point{})
}

// roundRect fills r, its corners rounded with radius rad.
func (p *painter) roundRect(r rect, rad float64, c color.Color) {
	if r.w <= 0 || r.h <= 0 {
		return
	}
	rad = max(0, min(rad, r.w/2, r.h/2))
	p.fill(r.box(p.dst.Bounds()), c, func(ras *vector.Rasterizer, ox, oy float32) {
		x0, y0 := float32(r.x)-ox, float32(r.y)-oy
		x1, y1 := x0+float32(r.w), y0+float32(r.h)
		k := float32(rad)
		q := k * 0.4477 // 1 - 0.5523: where a cubic's control points sit for a quarter circle
		ras.MoveTo(x0+k, y0)
		ras.LineTo(x1-k, y0)
		ras.CubeTo(x1-q, y0, x1, y0+q, x1, y0+k)
		ras.LineTo(x1, y1-k)
		ras.CubeTo(x1, y1-q, x1-q, y1, x1-k, y1)
		ras.LineTo(x0+k, y1)
		ras.CubeTo(x0+q, y1, x0, y1-q, x0, y1-k)
		ras.LineTo(x0, y0+k)
		ras.CubeTo(x0, y0+q, x0+q, y0, x0+k, y0)
		ras.ClosePath()
	})
}

// card fills r with fill and outlines it inside with a stroke of width sw
// (none when sw <= 0), corners rounded with radius rad.
func (p *painter) card(r rect, rad float64, fill, stroke color.Color, sw float64) {
	if sw <= 0 {
		p.roundRect(r, rad, fill)
		return
	}
	p.roundRect(r, rad, stroke)
	p.roundRect(r.inset(sw), max(0, rad-sw), fill)
}

// line draws a segment from (x0, y0) to (x1, y1), width wd pixels.
func (p *painter) line(x0, y0, x1, y1, wd float64, c color.Color) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 || wd <= 0 {
		return
	}
	nx, ny := -dy/l*wd/2, dx/l*wd/2
	b := rect{min(x0, x1) - wd, min(y0, y1) - wd, math.Abs(dx) + 2*wd, math.Abs(dy) + 2*wd}
	p.fill(b.box(p.dst.Bounds()), c, func(ras *vector.Rasterizer, ox, oy float32) {
		pt := func(x, y float64) (float32, float32) { return float32(x) - ox, float32(y) - oy }
		ras.MoveTo(pt(x0+nx, y0+ny))
		ras.LineTo(pt(x1+nx, y1+ny))
		ras.LineTo(pt(x1-nx, y1-ny))
		ras.LineTo(pt(x0-nx, y0-ny))
		ras.ClosePath()
	})
}
