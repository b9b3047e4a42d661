package searchview

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// CodeListing is a compact pseudocode listing for the lecture layout: one
// text line per line of pseudocode, cut with "…" to the width it gets
// (the current line is also shown whole elsewhere), and the current line
// on a highlight. Its height is fixed by the number of lines, its width
// asks for little, so nothing beside it moves while a search plays.
type CodeListing struct {
	widget.BaseWidget
	alg     search.Algorithm
	lines   []string
	current int // 1-based; 0: none
}

// NewCodeListing returns an empty listing.
func NewCodeListing() *CodeListing {
	c := &CodeListing{}
	c.ExtendBaseWidget(c)
	return c
}

// SetLine lists alg's pseudocode with line current (1-based; 0: none) marked.
func (c *CodeListing) SetLine(alg search.Algorithm, current int) {
	if c.lines != nil && c.alg == alg && c.current == current {
		return
	}
	c.alg, c.current = alg, current
	c.lines = search.Pseudocode(alg)
	c.Refresh()
}

// Current returns the line marked (1-based; 0: none).
func (c *CodeListing) Current() int { return c.current }

// LineRect returns line i's (1-based) position and size in the listing.
func (c *CodeListing) LineRect(i int) (fyne.Position, fyne.Size) {
	h := listingLineHeight(c)
	return fyne.NewPos(0, float32(i-1)*h), fyne.NewSize(c.Size().Width, h)
}

// listingTextSize is the listing's text size: the caption size of the
// theme c is drawn with (the lecture layout's is larger than the window's).
func listingTextSize(c fyne.Widget) float32 { return theme.SizeForWidget(theme.SizeNameCaptionText, c) }

// listingLineHeight is the height of one line.
func listingLineHeight(c fyne.Widget) float32 {
	return fyne.MeasureText("Mg", listingTextSize(c), fyne.TextStyle{Monospace: true}).Height + 2
}

// CreateRenderer draws the lines.
func (c *CodeListing) CreateRenderer() fyne.WidgetRenderer {
	r := &listingRenderer{c: c, mark: canvas.NewRectangle(theme.Color(theme.ColorNameSelection))}
	r.Refresh()
	return r
}

type listingRenderer struct {
	c     *CodeListing
	mark  *canvas.Rectangle
	texts []*canvas.Text
}

func (r *listingRenderer) MinSize() fyne.Size {
	return fyne.NewSize(10*listingTextSize(r.c), float32(len(r.c.lines))*listingLineHeight(r.c))
}

func (r *listingRenderer) Layout(size fyne.Size) {
	h := listingLineHeight(r.c)
	for i, t := range r.texts {
		t.Text = fitText(listingText(r.c.lines[i], i+1, i+1 == r.c.current), size.Width, t.TextSize, t.TextStyle)
		t.Move(fyne.NewPos(0, float32(i)*h+1))
		t.Resize(fyne.NewSize(size.Width, h))
	}
	r.mark.Hidden = r.c.current < 1 || r.c.current > len(r.texts)
	r.mark.Move(fyne.NewPos(0, float32(r.c.current-1)*h))
	r.mark.Resize(fyne.NewSize(size.Width, h))
}

func (r *listingRenderer) Refresh() {
	if len(r.texts) != len(r.c.lines) {
		r.texts = make([]*canvas.Text, len(r.c.lines))
		for i := range r.texts {
			r.texts[i] = canvas.NewText("", nil)
		}
	}
	r.mark.FillColor = theme.ColorForWidget(theme.ColorNameSelection, r.c)
	for i, t := range r.texts {
		t.TextSize = listingTextSize(r.c)
		t.TextStyle = fyne.TextStyle{Monospace: true, Bold: i+1 == r.c.current}
		t.Color = theme.ColorForWidget(theme.ColorNameForeground, r.c)
	}
	r.Layout(r.c.Size())
	canvas.Refresh(r.c)
}

func (r *listingRenderer) Objects() []fyne.CanvasObject {
	objs := []fyne.CanvasObject{r.mark}
	for _, t := range r.texts {
		objs = append(objs, t)
	}
	return objs
}

func (r *listingRenderer) Destroy() {}

// listingText is line n of the pseudocode with its number and indent, and
// an arrow when it is the current one.
func listingText(line string, n int, current bool) string {
	trimmed := strings.TrimLeft(line, " ")
	mark := ' '
	if current {
		mark = '▶'
	}
	return lineNumber(n, (len(line)-len(trimmed))/2, mark) + trimmed
}

// fitText cuts s with "…" so that it is at most width wide.
func fitText(s string, width, size float32, style fyne.TextStyle) string {
	if fyne.MeasureText(s, size, style).Width <= width {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs)
	for lo < hi { // the longest prefix that fits with the ellipsis
		mid := (lo + hi + 1) / 2
		if fyne.MeasureText(string(rs[:mid])+"…", size, style).Width <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(rs[:lo]) + "…"
}
