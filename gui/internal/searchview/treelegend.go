package searchview

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// treeLegend names the colours of the tree's cards and lines.
func treeLegend() fyne.CanvasObject {
	var items []fyne.CanvasObject
	for _, s := range []treeStatus{TreeCurrent, treeOpen, treeClosed, treeDuplicate, TreePruned, treeReplaced, TreeGoal} {
		c := treeColors[s]
		items = append(items, newLegendItem(s.String(), c[0], c[1], false))
	}
	items = append(items, newLegendItem("path", treePathCol, nil, true), newLegendItem("solution", treeSolCol, nil, true))
	return toolkit.NewFlow(items...)
}

// legendItem is one entry of the tree's legend: a swatch (a card's fill
// and outline, or a short thick line) and its word in the caption size.
// It reads the theme's foreground colour and text size each time it is
// drawn, so it follows a change of theme or zoom: a colour captured once
// stayed near-white on white after a switch from the dark theme.
type legendItem struct {
	widget.BaseWidget
	word   string
	fill   color.Color
	stroke color.Color // nil: no outline
	line   bool        // a line swatch rather than a card
}

// newLegendItem returns an entry for word drawn with fill (and stroke).
func newLegendItem(word string, fill, stroke color.Color, line bool) *legendItem {
	it := &legendItem{word: word, fill: fill, stroke: stroke, line: line}
	it.ExtendBaseWidget(it)
	return it
}

// CreateRenderer draws the swatch and the word.
func (it *legendItem) CreateRenderer() fyne.WidgetRenderer {
	r := &legendRenderer{it: it, swatch: canvas.NewRectangle(it.fill), text: canvas.NewText(it.word, nil)}
	if it.stroke != nil {
		r.swatch.StrokeColor = it.stroke
	}
	r.Refresh()
	return r
}

type legendRenderer struct {
	it     *legendItem
	swatch *canvas.Rectangle
	text   *canvas.Text
}

// swatchSize is the swatch's size at the current text size.
func (r *legendRenderer) swatchSize() fyne.Size {
	side := theme.SizeForWidget(theme.SizeNameCaptionText, r.it)
	if r.it.line {
		return fyne.NewSize(side, max(3, side/4))
	}
	return fyne.NewSize(side, side)
}

func (r *legendRenderer) Layout(size fyne.Size) {
	sw := r.swatchSize()
	r.swatch.Resize(sw)
	r.swatch.Move(fyne.NewPos(0, (size.Height-sw.Height)/2))
	ts := r.text.MinSize()
	r.text.Resize(ts)
	r.text.Move(fyne.NewPos(sw.Width+theme.SizeForWidget(theme.SizeNamePadding, r.it), (size.Height-ts.Height)/2))
}

func (r *legendRenderer) MinSize() fyne.Size {
	sw, ts := r.swatchSize(), r.text.MinSize()
	pad := theme.SizeForWidget(theme.SizeNamePadding, r.it)
	return fyne.NewSize(sw.Width+pad+ts.Width, max(sw.Height, ts.Height)+pad)
}

func (r *legendRenderer) Refresh() {
	caption := theme.SizeForWidget(theme.SizeNameCaptionText, r.it)
	r.text.Color = theme.ColorForWidget(theme.ColorNameForeground, r.it)
	r.text.TextSize = caption
	r.swatch.StrokeWidth = 0
	if r.it.stroke != nil {
		r.swatch.StrokeWidth = max(2, caption/6)
	}
	r.Layout(r.it.Size())
	r.swatch.Refresh()
	r.text.Refresh()
}

func (r *legendRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.swatch, r.text} }
func (r *legendRenderer) Destroy()                     {}
