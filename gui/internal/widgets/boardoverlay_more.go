package widgets

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
)

// The lesson overlays' part of a large board's overlay: the node's badges
// (g, f, the open list's size) in the blank's cell, the path's move numbers
// in the bottom left corner of the cells the blank went through, the goal's
// tile as a faint number in the bottom right corner, and plain tiles.

// maxNodeBadges is the most badges the blank's cell holds.
const maxNodeBadges = 3

// Colours of the lesson overlays.
var (
	pathText  = color.NRGBA{R: 0x80, G: 0xd8, B: 0xff, A: 0xff} // sky blue
	nodeFill  = color.NRGBA{R: 0x0d, G: 0x47, B: 0xa1, A: 0xf0} // deep blue
	ghostText = color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xc8}
	ghostFill = color.NRGBA{R: 0x00, G: 0x00, B: 0x00, A: 0x60}
)

// hasNode reports whether the overlay has node badges.
func (o BoardOverlay) hasNode() bool {
	return slices.ContainsFunc(o.Node, func(s string) bool { return s != "" })
}

// layoutCorners places cell i's path number (bottom left) and goal ghost
// (bottom right).
func (o *overlayObjects) layoutCorners(i int, side float32, pos fyne.Position, sz fyne.Size) {
	inset := side * 0.04
	ts := side * shareTextSize
	if b := o.Path[i]; b.Text.Visible() {
		b.Text.TextSize = ts
		h := b.Text.MinSize().Height
		b.place(fyne.NewPos(pos.X+inset, pos.Y+sz.Height-inset-h), ts)
	}
	if b := o.Ghost[i]; b.Text.Visible() {
		b.Text.TextSize = ts
		ms := b.Text.MinSize()
		w := ms.Width + 2*ts*0.35
		b.place(fyne.NewPos(pos.X+sz.Width-inset-w, pos.Y+sz.Height-inset-ms.Height), ts)
	}
}

// layoutNode stacks the node's badges in the middle of the blank's cell.
func (o *overlayObjects) layoutNode(v *BoardView, side float32, tile func(int) (fyne.Position, fyne.Size)) {
	blank := slices.Index(v.cells, 0)
	if blank < 0 {
		for _, b := range o.Node {
			b.hide()
		}
		return
	}
	pos, sz := tile(blank)
	ts := side * shareTextSize
	var shown []Badge
	for _, b := range o.Node {
		if b.Text.Visible() {
			shown = append(shown, b)
		}
	}
	if len(shown) == 0 {
		return
	}
	b0 := shown[0]
	b0.Text.TextSize = ts
	h := b0.Text.MinSize().Height
	gap := h * 0.12
	y := pos.Y + (sz.Height-float32(len(shown))*h-float32(len(shown)-1)*gap)/2
	for _, b := range shown {
		b.Text.TextSize = ts
		w := b.Text.MinSize().Width + 2*ts*0.35
		b.place(fyne.NewPos(pos.X+(sz.Width-w)/2, y), ts)
		y += h + gap
	}
}
