package render

import (
	"image"
	"image/color"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
	"github.com/slidelab/slidelab/internal/treecard"
)

// The search tree drawn as the app draws it (gui's treeview.go): compact
// cards (what the node is, f = g + h, the board) coloured by status, the
// path to the current node and the solution path drawn bold, folded nodes
// with a "+N" pill; the view pans itself to keep the current card in view.

// Card geometry in the app's units at zoom 1.
const (
	treeCardW = 96
	treeGapX  = 10
	treeGapY  = 26
	treeLineH = 13
	treePad   = 12
	treeText  = 11 // text size on a card
)

// treeColors are the statuses' fill and outline; the text is always dark,
// on light fills, so the cards read the same in both themes.
var treeColors = [...][2]color.NRGBA{
	treeOpen:      {nrgb(0xdc, 0xeb, 0xff), nrgb(0x3b, 0x7d, 0xd8)},
	treeCurrent:   {nrgb(0xff, 0xd3, 0x8f), nrgb(0xe0, 0x70, 0x00)},
	treeClosed:    {nrgb(0xe4, 0xe4, 0xe4), nrgb(0x80, 0x80, 0x80)},
	treeDuplicate: {nrgb(0xf0, 0xe2, 0xf7), nrgb(0x9b, 0x59, 0xb6)},
	treePruned:    {nrgb(0xfb, 0xd6, 0xd6), nrgb(0xc0, 0x39, 0x2b)},
	treeReplaced:  {nrgb(0xf4, 0xf4, 0xf4), nrgb(0xb8, 0xb8, 0xb8)},
	treeGoal:      {nrgb(0xc4, 0xf0, 0xc4), nrgb(0x1e, 0x8e, 0x3e)},
}

var (
	cardText     = nrgb(0x1a, 0x1a, 0x1a)
	cardFaint    = nrgb(0x70, 0x70, 0x70)
	treePathCol  = nrgb(0xe0, 0x70, 0x00)
	treeSolCol   = nrgb(0x1e, 0x8e, 0x3e)
	treeEdgeCol  = nrgb(0x90, 0x90, 0x90)
	treeFoldFill = nrgb(0x44, 0x44, 0x44)
)

// treeView draws a search tree in a rectangle of a frame, panning to keep
// the current card in view.
type treeView struct {
	t    *searchTree
	lay  treeLayout
	view rect    // where it is drawn, in pixels
	u    float64 // pixels per app unit (the frame's scale times the tree's zoom)
	k    float64 // pixels per app unit for lines (the frame's scale)
	// offX, offY: the content point at the view's top-left corner.
	offX, offY float64
}

// cardH is a card's height in pixels: two lines and the board's rows.
func (v *treeView) cardH() float64 {
	rows := 0
	if r := v.t.nodes[v.t.root]; r != nil && r.board.IsValid() {
		rows = r.board.Size().H
	}
	return (float64(2+rows)*treeLineH + 8) * v.u
}

// cardRect returns n's card in content pixels.
func (v *treeView) cardRect(n visNode) rect {
	h := v.cardH()
	return rect{(treePad + n.x*(treeCardW+treeGapX)) * v.u, treePad*v.u + float64(n.n.depth)*(h+treeGapY*v.u), treeCardW * v.u, h}
}

// show lays the tree out with cur the current node and pans only when the
// current card nears the view's edge: a view that stays still between
// steps keeps the GIF's frames small.
func (v *treeView) show(cur int64) {
	v.lay = v.t.layout(cur)
	i, ok := v.lay.index[v.lay.cur]
	if !ok {
		return
	}
	c := v.cardRect(v.lay.nodes[i])
	x, y := c.x+c.w/2-v.offX, c.y+c.h/2-v.offY
	mx, my := v.view.w*0.2, v.view.h*0.2
	if x < mx || x > v.view.w-mx || y < my || y > v.view.h-my {
		v.centreOn(c)
	}
}

// centreOn pans so that card c is in the middle of the view across, with
// the row of its children in view and as much of the tree above as fits.
func (v *treeView) centreOn(c rect) {
	below := c.y + 2*c.h + (treeGapY+treeLineH+8)*v.u
	v.offX, v.offY = c.x+c.w/2-v.view.w/2, max(0, below-v.view.h)
	cw := (2*treePad + v.lay.width*(treeCardW+treeGapX)) * v.u
	ch := treePad*2*v.u + float64(v.lay.depth+1)*(v.cardH()+treeGapY*v.u)
	v.offX = min(max(v.offX, -v.view.w/2), max(0, cw-v.view.w/2))
	v.offY = min(max(v.offY, -v.view.h/2), max(0, ch-v.view.h/2))
}

// draw paints the view: its panel, the edges, then the cards.
func (v *treeView) draw(p *painter, ts *typesetter, panel color.Color) {
	p.roundRect(v.view, 4*v.k, panel)
	clip := &painter{dst: p.dst.SubImage(v.view.box(p.dst.Bounds())).(*image.RGBA)}
	toView := func(r rect) rect { return rect{r.x - v.offX + v.view.x, r.y - v.offY + v.view.y, r.w, r.h} }
	for _, n := range v.lay.nodes {
		pi, ok := v.lay.index[n.n.parent]
		if !ok || n.n.id == v.t.root {
			continue
		}
		par := v.lay.nodes[pi]
		a, b := toView(v.cardRect(par)), toView(v.cardRect(n))
		col, wd := treeEdgeCol, 1.0
		switch {
		case n.onSolution && par.onSolution:
			col, wd = treeSolCol, 4
		case n.onPath && par.onPath:
			col, wd = treePathCol, 3
		}
		clip.line(a.x+a.w/2, a.y+a.h, b.x+b.w/2, b.y, max(1, wd*v.k), col)
	}
	for _, n := range v.lay.nodes {
		c := toView(v.cardRect(n))
		if c.x+c.w < v.view.x || c.x > v.view.x+v.view.w || c.y > v.view.y+v.view.h || c.y+c.h+(treeLineH+4)*v.u < v.view.y {
			continue
		}
		v.drawCard(clip, ts, n, c)
	}
}

// drawCard paints one card at c (frame pixels).
func (v *treeView) drawCard(p *painter, ts *typesetter, n visNode, c rect) {
	cols := treeColors[n.status]
	stroke, sw := color.Color(cols[1]), 1.0
	switch {
	case n.status == treeCurrent || n.status == treeGoal:
		sw = 3
	case n.onSolution:
		stroke, sw = treeSolCol, 2.5
	case n.onPath:
		stroke, sw = treePathCol, 2
	}
	p.card(c, 4*v.u, cols[0], stroke, max(1, sw*v.k))
	for i, line := range cardLines(n, v.t.alg, v.t.w10) {
		col, style := cardText, sans
		if line.Faint {
			col = cardFaint
		}
		switch {
		case i == 0:
			style = sansBold
		case i >= 2:
			style = monoBold
		}
		ts.text(p.dst, rect{c.x + 2*v.u, c.y + (4+float64(i)*treeLineH)*v.u, c.w - 4*v.u, treeLineH * v.u}, line.Text, style, treeText*v.u, center, col)
	}
	if n.folded {
		w := 56 * v.u
		pill := rect{c.x + (c.w-w)/2, c.y + c.h + 2*v.u, w, (treeLineH + 1) * v.u}
		p.roundRect(pill, 6*v.u, treeFoldFill)
		ts.text(p.dst, pill, "+"+digits.Group(uint64(n.hidden), ","), sansBold, treeText*0.9*v.u, center, lightText)
	}
}

// cardLines are the lines of n's card, as package treecard writes them for
// the app's tree view and these pictures alike.
func cardLines(n visNode, alg search.Algorithm, w10 int) []treecard.Line {
	nn := n.n
	return treecard.Lines(treecard.Card{Status: treecard.Status(n.status), Order: nn.order, Reopened: nn.reopened,
		F: nn.f, G: nn.g, H: nn.h, Bound: nn.bound, Board: nn.board, Weight10: w10}, alg)
}
