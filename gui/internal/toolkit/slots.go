package toolkit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Fixed room for lines that come and go, so that the layout does not jump
// when a progress bar appears or a line wraps.

// SlotLayout lays its objects out one under the other (or, stacked, on top
// of each other), keeping the room of hidden ones: its size does not change
// when an object is shown or hidden.
type SlotLayout struct{ Stacked bool }

// MinSize is the room of every object, hidden or not.
func (l SlotLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for i, o := range objects {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		if l.Stacked {
			s.Height = max(s.Height, m.Height)
			continue
		}
		if i > 0 {
			s.Height += theme.Padding()
		}
		s.Height += m.Height
	}
	return s
}

// Layout gives every object its room, at its place whether hidden or not.
func (l SlotLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		if l.Stacked {
			o.Move(fyne.NewPos(0, 0))
			o.Resize(size)
			continue
		}
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + theme.Padding()
	}
}

// ReserveWidth returns l in a slot at least as wide as the widest of
// samples drawn as l draws its text (style, size, zoom and theme), so that
// the slot keeps its width while l's text changes within them: a counter
// that grows while a search steps does not push the column it is in wider.
// The samples are hidden labels the slot keeps the room of (SlotLayout).
func ReserveWidth(l *widget.Label, samples ...string) *fyne.Container {
	objs := make([]fyne.CanvasObject, 0, len(samples)+1)
	for _, s := range samples {
		r := widget.NewLabelWithStyle(s, l.Alignment, l.TextStyle)
		r.SizeName = l.SizeName
		r.Hide()
		objs = append(objs, r)
	}
	return container.New(SlotLayout{Stacked: true}, append(objs, l)...)
}

// EmsWide gives its visible objects at least ems text sizes of width (a
// progress bar beside a line of text), so the width follows the zoom; with
// none visible it takes no room.
type EmsWide struct{ Ems float32 }

// MinSize is the widest visible object, at least ems text sizes wide.
func (l EmsWide) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		if o.Visible() {
			s = s.Max(o.MinSize()).Max(fyne.NewSize(l.Ems*theme.TextSize(), 0))
		}
	}
	return s
}

// Layout gives every object the whole room.
func (EmsWide) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// PathLabel shows a line such as "Path to the current node, 57 moves: ULDR…"
// in two lines of fixed height: the text before the first ": " (cut with an
// ellipsis at its end when too long), then what follows it, cut at its
// front ("…RDLU") so that the latest moves stay in view.
type PathLabel struct {
	widget.BaseWidget
	// Text is the whole line.
	Text string

	Head, Tail *widget.Label
	width      float32 // the width the tail was cut for
}

// NewPathLabel returns an empty PathLabel.
func NewPathLabel() *PathLabel {
	l := &PathLabel{Head: widget.NewLabel(""), Tail: widget.NewLabel("")}
	l.Head.Truncation = fyne.TextTruncateEllipsis
	l.Tail.Truncation = fyne.TextTruncateClip
	l.Tail.TextStyle = fyne.TextStyle{Monospace: true}
	l.ExtendBaseWidget(l)
	return l
}

// SetText shows s.
func (l *PathLabel) SetText(s string) {
	l.Text = s
	l.Refresh()
}

// split returns the two lines of s.
func splitPath(s string) (head, tail string) {
	if i := strings.Index(s, ": "); i >= 0 {
		return s[:i+1], s[i+2:]
	}
	return s, ""
}

// fitFront returns the longest end of s that, after an ellipsis, fits in
// width when measured by fits; s itself when it fits.
func fitFront(s string, fits func(string) bool) string {
	if fits(s) {
		return s
	}
	r := []rune(s)
	lo, hi := 0, len(r) // drop lo..hi runes: the fewest dropped that fit
	for lo < hi {
		mid := (lo + hi) / 2
		if fits("…" + string(r[mid:])) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return "…" + string(r[lo:])
}

// show lays the text out for width w.
func (l *PathLabel) show(w float32) {
	head, tail := splitPath(l.Text)
	l.Head.SetText(head)
	room := w - 2*theme.InnerPadding()
	size := theme.TextSize()
	style := l.Tail.TextStyle
	l.Tail.SetText(fitFront(tail, func(s string) bool {
		return fyne.MeasureText(s, size, style).Width <= room
	}))
	l.width = w
}

// CreateRenderer lays out the two lines; it is part of fyne.Widget.
func (l *PathLabel) CreateRenderer() fyne.WidgetRenderer { return &pathRenderer{l: l} }

type pathRenderer struct{ l *PathLabel }

func (r *pathRenderer) Layout(s fyne.Size) {
	r.l.show(s.Width)
	h := r.l.Head.MinSize().Height
	r.l.Head.Move(fyne.NewPos(0, 0))
	r.l.Head.Resize(fyne.NewSize(s.Width, h))
	r.l.Tail.Move(fyne.NewPos(0, h))
	r.l.Tail.Resize(fyne.NewSize(s.Width, s.Height-h))
}

// MinSize is two lines high, whatever the text.
func (r *pathRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.l.Head.MinSize().Width, r.l.Head.MinSize().Height+r.l.Tail.MinSize().Height)
}

func (r *pathRenderer) Refresh() {
	r.Layout(r.l.Size())
	r.l.Head.Refresh()
	r.l.Tail.Refresh()
}

func (r *pathRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.Head, r.l.Tail} }

func (r *pathRenderer) Destroy() {}
