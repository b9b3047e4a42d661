package render

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
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
	for i, line := range cardLines(n, v.t.alg) {
		col, style := cardText, sans
		if line.faint {
			col = cardFaint
		}
		switch {
		case i == 0:
			style = sansBold
		case i >= 2:
			style = monoBold
		}
		ts.text(p.dst, rect{c.x + 2*v.u, c.y + (4+float64(i)*treeLineH)*v.u, c.w - 4*v.u, treeLineH * v.u}, line.text, style, treeText*v.u, center, col)
	}
	if n.folded {
		w := 56 * v.u
		pill := rect{c.x + (c.w-w)/2, c.y + c.h + 2*v.u, w, (treeLineH + 1) * v.u}
		p.roundRect(pill, 6*v.u, treeFoldFill)
		ts.text(p.dst, pill, "+"+digits.Group(uint64(n.hidden), ","), sansBold, treeText*0.9*v.u, center, lightText)
	}
}

// cardLine is one line of text on a card.
type cardLine struct {
	text  string
	faint bool
}

// cardLines are the lines of a card: what it is (the expansion number, or
// its status), f = g + h (for IDA*'s pruned children f > bound), then the
// board's rows.
func cardLines(n visNode, alg search.Algorithm) []cardLine {
	head := ""
	switch n.status {
	case treeDuplicate, treePruned, treeReplaced, treeOpen:
		head = n.status.String()
	case treeGoal:
		head = "GOAL"
	}
	if n.n.order > 0 {
		if head == "" || n.status == treeGoal {
			head = fmt.Sprintf("#%d", n.n.order)
			if n.status == treeGoal {
				head += " goal"
			}
		}
	} else if n.status == treeCurrent {
		head = "selected"
	}
	if n.n.reopened && n.status == treeOpen {
		head = "reopened"
	}
	nn := n.n
	var fgh string
	switch {
	case n.status == treePruned:
		fgh = fmt.Sprintf("f %d > %d", nn.f, nn.bound)
	case alg == search.BFS:
		fgh = fmt.Sprintf("g %d", nn.g)
	case alg == search.Greedy:
		fgh = fmt.Sprintf("h %d  g %d", nn.h, nn.g)
	default:
		fgh = fmt.Sprintf("%d = %d+%d", nn.f, nn.g, nn.h)
	}
	lines := []cardLine{{text: head}, {text: fgh}}
	if nn.board.IsValid() {
		for _, row := range boardRows(nn.board) {
			lines = append(lines, cardLine{text: row, faint: n.status == treeDuplicate || n.status == treeReplaced})
		}
	}
	return lines
}

// boardRows writes a board as rows of tiles, the blank as a dot.
func boardRows(b board.Board) []string {
	s := b.Size()
	wide := s.Cells() > 10
	rows := make([]string, s.H)
	for r := 0; r < s.H; r++ {
		var sb strings.Builder
		for c := 0; c < s.W; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.At(r*s.W + c)
			cell := fmt.Sprint(t)
			if t == 0 {
				cell = "·"
			}
			if wide && len(cell) < 2 {
				cell = " " + cell
			}
			sb.WriteString(cell)
		}
		rows[r] = sb.String()
	}
	return rows
}
