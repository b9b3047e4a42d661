package toolkit

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Hover tips. Fyne 2.8 has no tooltips, and a pop-up will not do: an
// overlay takes the keyboard (the canvas sends keys to the top overlay's
// focus) and a click outside a pop-up only closes it. So a tip is drawn in
// a layer above the window's content (WithTips) that takes no events, and
// a control gets a tip by WithTip: a transparent area over it that takes
// only the pointer's hover, passing it on to the control (a button still
// lights up), while clicks, drags, scrolls and the keyboard go to the
// control as before.

// TipDelay is how long the pointer rests on a control before its tip shows.
const TipDelay = 700 * time.Millisecond

// tipMaxEms is the widest a tip's text runs before it wraps, in text sizes.
const tipMaxEms = 22

// WithTips returns content under a layer that draws the tips of the
// controls in it (WithTip). The window's content (and presentation mode's)
// is wrapped once.
func WithTips(content fyne.CanvasObject) *fyne.Container {
	return container.NewStack(content, newTipLayer())
}

// WithTip returns o with text as its hover tip, shown after TipDelay while
// the pointer rests on o, in the layer of WithTips around the window's
// content (none: no tip). o is laid out as before; it keeps its clicks,
// focus and keys.
func WithTip(o fyne.CanvasObject, text string) *fyne.Container {
	a := &tipArea{target: o, text: text, after: afterOnMain}
	a.ExtendBaseWidget(a)
	return container.NewStack(o, a)
}

// TipOf returns the tip WithTip gave o's wrapper w, if it is one.
func TipOf(w fyne.CanvasObject) (string, bool) {
	c, ok := w.(*fyne.Container)
	if !ok || len(c.Objects) != 2 {
		return "", false
	}
	a, ok := c.Objects[1].(*tipArea)
	if !ok {
		return "", false
	}
	return a.text, true
}

// HasTipLayer reports whether o (a window's content) has the layer of
// WithTips that its controls' tips are drawn in.
func HasTipLayer(o fyne.CanvasObject) bool { return findTipLayer(o) != nil }

// afterOnMain calls f on the Fyne goroutine after d.
func afterOnMain(d time.Duration, f func()) { time.AfterFunc(d, func() { fyne.Do(f) }) }

// tipArea is the hover target of WithTip. Its fields are used on the Fyne
// goroutine only: the timer's call comes back there (after).
type tipArea struct {
	widget.BaseWidget
	target fyne.CanvasObject
	text   string
	after  func(time.Duration, func())
	gen    int  // counts MouseIn and MouseOut: a late timer sees it moved on
	in     bool // the pointer is over the area
	layer  *tipLayer
	// at is where the area was when the pointer came in: a click that
	// folds or moves the control (Start folds the Practice set-up away)
	// leaves the pointer elsewhere, with no MouseOut until it moves.
	at fyne.Position
}

// MouseIn starts the delay and lets the control know.
func (a *tipArea) MouseIn(e *desktop.MouseEvent) {
	if h, ok := a.target.(desktop.Hoverable); ok {
		h.MouseIn(e)
	}
	a.in = true
	a.gen++
	gen := a.gen
	if app := fyne.CurrentApp(); app != nil {
		a.at = app.Driver().AbsolutePositionForObject(a)
	}
	a.after(TipDelay, func() {
		if a.in && a.gen == gen {
			a.show()
		}
	})
}

// MouseMoved lets the control know.
func (a *tipArea) MouseMoved(e *desktop.MouseEvent) {
	if h, ok := a.target.(desktop.Hoverable); ok {
		h.MouseMoved(e)
	}
}

// MouseOut hides the tip and lets the control know.
func (a *tipArea) MouseOut() {
	if h, ok := a.target.(desktop.Hoverable); ok {
		h.MouseOut()
	}
	a.in = false
	a.gen++
	if a.layer != nil {
		a.layer.hide(a)
		a.layer = nil
	}
}

// show draws the tip in the layer of the window the area is in, under the
// control (above it when there is no room below).
func (a *tipArea) show() {
	app := fyne.CurrentApp()
	if app == nil || !a.Visible() || !a.target.Visible() {
		return
	}
	c := app.Driver().CanvasForObject(a)
	if c == nil || c.Content() == nil {
		return
	}
	if c.Overlays().Top() != nil {
		return // a selector's list or a dialog opened over the control: its tip would show beside it
	}
	if app.Driver().AbsolutePositionForObject(a) != a.at {
		return // the control moved or went away from under the pointer
	}
	l := findTipLayer(c.Content())
	if l == nil {
		return
	}
	a.layer = l
	d := app.Driver()
	at := d.AbsolutePositionForObject(a).Subtract(d.AbsolutePositionForObject(l))
	l.show(a, a.text, at, a.Size())
}

// CreateRenderer draws nothing.
func (a *tipArea) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewWithoutLayout())
}

// findTipLayer returns the layer of WithTips in o (depth first), or nil.
func findTipLayer(o fyne.CanvasObject) *tipLayer {
	switch x := o.(type) {
	case *tipLayer:
		return x
	case *fyne.Container:
		for _, c := range x.Objects {
			if l := findTipLayer(c); l != nil {
				return l
			}
		}
	}
	return nil
}

// tipLayer draws one tip at a time, above the content, taking no events.
type tipLayer struct {
	widget.BaseWidget
	owner  *tipArea // whose tip is shown; nil: none
	text   *widget.Label
	back   *canvas.Rectangle
	at     fyne.Position // the control's top left corner, in the layer
	ctlSiz fyne.Size     // the control's size
}

func newTipLayer() *tipLayer {
	l := &tipLayer{text: widget.NewLabel(""), back: canvas.NewRectangle(nil)}
	l.text.Wrapping = fyne.TextWrapWord
	l.ExtendBaseWidget(l)
	return l
}

// show shows text for the control owner at pos, size.
func (l *tipLayer) show(owner *tipArea, text string, pos fyne.Position, size fyne.Size) {
	l.owner, l.at, l.ctlSiz = owner, pos, size
	l.text.SetText(text)
	l.Refresh()
}

// hide hides owner's tip, if it is the one shown.
func (l *tipLayer) hide(owner *tipArea) {
	if l.owner == owner {
		l.owner = nil
		l.Refresh()
	}
}

// shown returns the text of the tip shown ("" for none).
func (l *tipLayer) shown() string {
	if l.owner == nil {
		return ""
	}
	return l.text.Text
}

// CreateRenderer draws the tip's background and text.
func (l *tipLayer) CreateRenderer() fyne.WidgetRenderer { return &tipRenderer{l: l} }

type tipRenderer struct{ l *tipLayer }

// Layout places the tip under its control, inside the window.
func (r *tipRenderer) Layout(size fyne.Size) {
	l := r.l
	if l.owner == nil {
		return
	}
	th := l.Theme()
	pad := th.Size(theme.SizeNamePadding)
	maxW := min(size.Width-2*pad, tipMaxEms*th.Size(theme.SizeNameText))
	one := fyne.MeasureText(l.text.Text, th.Size(theme.SizeNameText), fyne.TextStyle{})
	w := min(maxW, one.Width+2*th.Size(theme.SizeNameInnerPadding))
	l.text.Resize(fyne.NewSize(w, l.text.MinSize().Height))
	h := l.text.MinSize().Height // at the width just given
	x := min(max(0, l.at.X), size.Width-w)
	y := l.at.Y + l.ctlSiz.Height + pad
	if y+h > size.Height {
		y = max(0, l.at.Y-pad-h)
	}
	l.back.Move(fyne.NewPos(x, y))
	l.back.Resize(fyne.NewSize(w, h))
	l.text.Move(fyne.NewPos(x, y))
	l.text.Resize(fyne.NewSize(w, h))
}

// MinSize is nothing: the layer takes the content's size.
func (r *tipRenderer) MinSize() fyne.Size { return fyne.Size{} }

// Refresh restyles the tip and shows or hides it.
func (r *tipRenderer) Refresh() {
	l := r.l
	th := l.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	l.back.FillColor = th.Color(theme.ColorNameOverlayBackground, v)
	l.back.StrokeColor = th.Color(theme.ColorNameForeground, v)
	l.back.StrokeWidth = 1
	l.back.CornerRadius = th.Size(theme.SizeNameInputRadius)
	on := l.owner != nil
	l.back.Hidden, l.text.Hidden = !on, !on
	r.Layout(l.Size())
	l.back.Refresh()
	l.text.Refresh()
}

// Objects are the background and the text.
func (r *tipRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.back, r.l.text} }

// Destroy does nothing.
func (r *tipRenderer) Destroy() {}
