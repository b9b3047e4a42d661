package widgets

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// What a large BoardView draws over its tiles: the search's latest expansion
// (an outline on each tile whose move made a child, a badge with the
// child's f, an arrow into the blank) and the h overlay (each tile's share
// of the heuristic in a corner badge, linear conflict's extra moves in the
// other corner). Mini boards draw none of it.

// MoveKind says how a tile next to the blank is marked after an expansion.
type MoveKind uint8

const (
	// MoveChild: the move made a child the search keeps (queued, or
	// within IDA*'s bound).
	MoveChild MoveKind = iota
	// MoveDropped: the move made a child that was dropped (pruned by
	// IDA*'s bound, or a duplicate): drawn greyed.
	MoveDropped
	// MoveBack: the move back to the parent, which the search skips:
	// greyed.
	MoveBack
)

// MoveMark marks one tile whose move made a child.
type MoveMark struct {
	Cell int
	Kind MoveKind
	Text string // "f 46", "f 48 > 46", "back"
}

// BoardOverlay is what a large board draws over its tiles. It belongs to one
// arrangement (cells): a board showing another draws nothing of it.
type BoardOverlay struct {
	Cells []int
	// Share[p] is the badge in the top right corner of cell p: the tile's
	// share of h ("" for none).
	Share []string
	// Extra[p] is the badge in the top left corner: the moves linear
	// conflict adds for the tile ("+2"), or "".
	Extra []string
	// Moves mark the tiles whose moves made the children of an expansion.
	Moves []MoveMark
	// Node are badges about the board as a whole ("g 3", "f 17",
	// "open 12"), stacked in the blank's cell.
	Node []string
	// Path[p] is the badge in the bottom left corner of cell p: the number
	// of the move after which the blank was last in p ("0" for where it
	// started), or "".
	Path []string
	// Ghost[p] is a faint number in the bottom right corner of cell p: the
	// tile the goal has there, where the board has another, or "".
	Ghost []string
	// Plain draws every tile in one colour: no pattern groups.
	Plain bool
}

// Colours of the overlay. The badges are dark pills with light text, which
// read on every tile colour; the board's frame is dark in both themes, so
// the arrows in the blank cell read in both too.
var (
	badgeFill     = color.NRGBA{R: 0x12, G: 0x12, B: 0x12, A: 0xd8}
	badgeText     = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	conflictText  = color.NRGBA{R: 0xff, G: 0xd7, B: 0x40, A: 0xff} // amber
	childRing     = color.NRGBA{R: 0x00, G: 0xe6, B: 0x76, A: 0xff} // green
	droppedRing   = color.NRGBA{R: 0xb0, G: 0xb0, B: 0xb0, A: 0xff}
	DroppedVeil   = color.NRGBA{R: 0x30, G: 0x30, B: 0x30, A: 0x9c}
	droppedBadge  = color.NRGBA{R: 0x42, G: 0x42, B: 0x42, A: 0xf0}
	droppedTextFg = color.NRGBA{R: 0xd8, G: 0xd8, B: 0xd8, A: 0xff}
)

// Sizes, as fractions of a cell's side. The tile numbers are 0.42 of the
// side; badge numbers stay above a quarter of that.
const (
	shareTextSize = 0.17
	markTextSize  = 0.15
	minBadgeText  = 0.42 / 4
)

// Badge is a pill with a number or a few words.
type Badge struct {
	Bg   *canvas.Rectangle
	Text *canvas.Text
}

func newBadge() Badge {
	t := canvas.NewText("", badgeText)
	t.TextStyle = fyne.TextStyle{Bold: true}
	t.Alignment = fyne.TextAlignCenter
	b := Badge{Bg: canvas.NewRectangle(badgeFill), Text: t}
	b.hide()
	return b
}

func (b Badge) hide() {
	b.Bg.Hide()
	b.Text.Hide()
}

// set shows text (hidden when empty) in the given colours.
func (b Badge) set(text string, fg, bg color.Color) {
	b.Text.Text = text
	if text == "" {
		b.hide()
		return
	}
	b.Text.Color = fg
	b.Bg.FillColor = bg
	b.Bg.Show()
	b.Text.Show()
}

// place sizes the pill around its text at textSize and puts its top left
// corner at pos.
func (b Badge) place(pos fyne.Position, textSize float32) fyne.Size {
	b.Text.TextSize = textSize
	ms := b.Text.MinSize()
	padX := textSize * 0.35
	sz := fyne.NewSize(ms.Width+2*padX, ms.Height)
	b.Bg.Move(pos)
	b.Bg.Resize(sz)
	b.Bg.CornerRadius = sz.Height / 2
	b.Text.Move(pos)
	b.Text.Resize(sz)
	return sz
}

// arrow is a shaft and a two-line head.
type arrow struct {
	lines [3]*canvas.Line
}

func newArrow() arrow {
	var a arrow
	for i := range a.lines {
		a.lines[i] = canvas.NewLine(childRing)
		a.lines[i].Hide()
	}
	return a
}

func (a arrow) hide() {
	for _, l := range a.lines {
		l.Hide()
	}
}

// draw points the arrow from (x0,y0) to (x1,y1), axis-parallel.
func (a arrow) draw(x0, y0, x1, y1, width float32, c color.Color) {
	head := width * 2.2
	dx, dy := sign(x1-x0), sign(y1-y0)
	ends := [3][4]float32{
		{x0, y0, x1, y1},
		{x1, y1, x1 - dx*head - dy*head, y1 - dy*head - dx*head},
		{x1, y1, x1 - dx*head + dy*head, y1 - dy*head + dx*head},
	}
	for i, l := range a.lines {
		l.StrokeColor = c
		l.StrokeWidth = width
		l.Position1 = fyne.NewPos(ends[i][0], ends[i][1])
		l.Position2 = fyne.NewPos(ends[i][2], ends[i][3])
		l.Show()
	}
}

func sign(x float32) float32 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// overlayObjects are the renderer's objects for the overlay.
type overlayObjects struct {
	Share, Extra, Mark []Badge
	Path, Ghost        []Badge
	Node               [maxNodeBadges]Badge
	Rings              []*canvas.Rectangle
	arrows             [4]arrow
}

func newOverlayObjects(n int) *overlayObjects {
	o := &overlayObjects{}
	for range n {
		ring := canvas.NewRectangle(color.Transparent)
		ring.Hide()
		o.Rings = append(o.Rings, ring)
		o.Share = append(o.Share, newBadge())
		o.Extra = append(o.Extra, newBadge())
		o.Mark = append(o.Mark, newBadge())
		o.Path = append(o.Path, newBadge())
		o.Ghost = append(o.Ghost, newBadge())
	}
	for i := range o.Node {
		o.Node[i] = newBadge()
	}
	for i := range o.arrows {
		o.arrows[i] = newArrow()
	}
	return o
}

// objects lists them in drawing order: rings and veils, then badges, then
// the arrows.
func (o *overlayObjects) objects() []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, r := range o.Rings {
		out = append(out, r)
	}
	for i := range o.Rings {
		for _, b := range []Badge{o.Ghost[i], o.Path[i], o.Share[i], o.Extra[i], o.Mark[i]} {
			out = append(out, b.Bg, b.Text)
		}
	}
	for _, b := range o.Node {
		out = append(out, b.Bg, b.Text)
	}
	for _, a := range o.arrows {
		for _, l := range a.lines {
			out = append(out, l)
		}
	}
	return out
}

// activeOverlay returns the overlay v draws: none on mini boards or when the
// overlay belongs to another arrangement.
func (v *BoardView) activeOverlay() BoardOverlay {
	if v.mini || !slices.Equal(v.overlay.Cells, v.cells) {
		return BoardOverlay{}
	}
	return v.overlay
}

// style sets texts and colours.
func (o *overlayObjects) style(v *BoardView) {
	ov := v.activeOverlay()
	for i := range o.Rings {
		o.Rings[i].Hide()
		o.Share[i].set(at(ov.Share, i), badgeText, badgeFill)
		o.Extra[i].set(at(ov.Extra, i), conflictText, badgeFill)
		o.Mark[i].hide()
		o.Path[i].set(at(ov.Path, i), pathText, badgeFill)
		o.Ghost[i].set(at(ov.Ghost, i), ghostText, ghostFill)
	}
	for i, b := range o.Node {
		b.set(at(ov.Node, i), badgeText, nodeFill)
	}
	for _, m := range ov.Moves {
		if m.Cell < 0 || m.Cell >= len(o.Rings) {
			continue
		}
		ring := o.Rings[m.Cell]
		ring.Show()
		switch m.Kind {
		case MoveChild:
			ring.FillColor = color.Transparent
			ring.StrokeColor = childRing
			o.Mark[m.Cell].set(m.Text, badgeText, badgeFill)
		default:
			ring.FillColor = DroppedVeil
			ring.StrokeColor = droppedRing
			o.Mark[m.Cell].set(m.Text, droppedTextFg, droppedBadge)
		}
	}
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return ""
}

// layout places the overlay; tile(i) returns the rectangle of cell i's tile.
func (o *overlayObjects) layout(v *BoardView, side float32, tile func(int) (fyne.Position, fyne.Size)) {
	ov := v.activeOverlay()
	inset := side * 0.04
	for i := range o.Rings {
		pos, sz := tile(i)
		o.Rings[i].Move(pos)
		o.Rings[i].Resize(sz)
		o.Rings[i].CornerRadius = side * 0.12
		o.Rings[i].StrokeWidth = max(2, side*0.055)
		if s := o.Share[i]; s.Text.Visible() {
			s.Text.TextSize = side * shareTextSize
			w := s.Text.MinSize().Width + 2*side*shareTextSize*0.35
			s.place(fyne.NewPos(pos.X+sz.Width-inset-w, pos.Y+inset), side*shareTextSize)
		}
		if e := o.Extra[i]; e.Text.Visible() {
			e.place(fyne.NewPos(pos.X+inset, pos.Y+inset), side*shareTextSize)
		}
		if m := o.Mark[i]; m.Text.Visible() {
			// As large as fits the tile's width, never below a quarter of
			// the tile number.
			ts := side * markTextSize
			m.Text.TextSize = ts
			if w := m.Text.MinSize().Width * 1.25; w > sz.Width-2*inset {
				ts = max(side*minBadgeText, ts*(sz.Width-2*inset)/w)
			}
			m.Text.TextSize = ts
			w := m.Text.MinSize().Width + 2*ts*0.35
			h := m.Text.MinSize().Height
			m.place(fyne.NewPos(pos.X+(sz.Width-w)/2, pos.Y+sz.Height-inset-h), ts)
		}
		o.layoutCorners(i, side, pos, sz)
	}
	o.layoutNode(v, side, tile)
	// One arrow per marked move, in the blank's cell, pointing from the
	// tile towards the middle of the cell: the way the tile would slide.
	for i := range o.arrows {
		o.arrows[i].hide()
	}
	blank := slices.Index(v.cells, 0)
	if blank < 0 {
		return
	}
	w := v.size.W
	cx := v.origin.X + (float32(blank%w)+0.5)*side
	cy := v.origin.Y + (float32(blank/w)+0.5)*side
	// Short arrows at the cell's edge when the node's badges fill its middle.
	from, to := float32(0.42), float32(0.1)
	if ov.hasNode() {
		from, to = 0.47, 0.36
	}
	n := 0
	for _, m := range ov.Moves {
		dx, dy := float32(m.Cell%w-blank%w), float32(m.Cell/w-blank/w)
		if n == len(o.arrows) || abs32(dx)+abs32(dy) != 1 {
			continue
		}
		c := color.Color(childRing)
		if m.Kind != MoveChild {
			c = droppedRing
		}
		o.arrows[n].draw(cx+dx*side*from, cy+dy*side*from, cx+dx*side*to, cy+dy*side*to, max(2, side*0.045), c)
		n++
	}
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}

// SetOverlay draws o over the tiles (large boards only); the zero value
// clears it.
func (v *BoardView) SetOverlay(o BoardOverlay) {
	v.overlay = o
	v.Refresh()
}

// Overlay returns the overlay drawn (the zero value: none).
func (v *BoardView) Overlay() BoardOverlay { return v.overlay }
