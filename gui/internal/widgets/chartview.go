package widgets

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
)

// chartTextScale is how much larger than charts.Render's default the text of
// a chart in the window is at zoom 100%: a chart squeezed into a panel would
// otherwise have smaller text than the labels around it.
const chartTextScale = 1.25

// ChartRoom is the least room, in pixels at text scale 1, that a chart is
// laid out on (see render).
var ChartRoom = struct{ Width, Height float64 }{400, 180}

// chartQuantum rounds chart sizes, so a window being resized re-renders the
// chart every few dozen pixels rather than on every frame.
const chartQuantum = 48

// ChartView shows a chart of the charts package, rendered to an image at the
// widget's size, its text scaled with the theme's (the zoom setting). It
// re-renders when the data changes (SetChart), the size changes noticeably or
// the zoom changes, on the Fyne goroutine.
type ChartView struct {
	widget.BaseWidget

	chart    charts.Chart
	img      *canvas.Image
	Rendered fyne.Size // size of the image, in pixels
	Scale    float64   // text scale of the image
	dirty    bool
	Renders  int
	err      error
}

// NewChartView returns a view of c (nil: empty).
func NewChartView(c charts.Chart) *ChartView {
	v := &ChartView{chart: c, dirty: true}
	v.img = canvas.NewImageFromImage(nil)
	v.img.FillMode = canvas.ImageFillContain
	v.img.ScaleMode = canvas.ImageScaleSmooth
	v.img.Hidden = true // until the first render
	v.ExtendBaseWidget(v)
	return v
}

// SetChart replaces the data and redraws.
func (v *ChartView) SetChart(c charts.Chart) {
	v.chart = c
	v.dirty = true
	v.render(v.Size())
}

// Chart returns the data shown.
func (v *ChartView) Chart() charts.Chart { return v.chart }

// Image returns the last rendered image (nil before the first render).
func (v *ChartView) Image() image.Image { return v.img.Image }

// Err returns the error of the last render, if any.
func (v *ChartView) Err() error { return v.err }

// MinSize is small; the chart fills what its container gives it.
func (v *ChartView) MinSize() fyne.Size { return fyne.NewSize(240, 160) }

// render draws the chart for a widget of size s when the data or the
// (rounded) size changed.
func (v *ChartView) render(s fyne.Size) {
	if v.chart == nil || s.Width < 1 || s.Height < 1 {
		return
	}
	scale := float32(1)
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		scale = c.Scale()
	}
	w := quantize(s.Width*scale, chartQuantum)
	h := quantize(s.Height*scale, chartQuantum)
	w, h = min(max(w, charts.MinSize), charts.MaxSize), min(max(h, charts.MinSize), charts.MaxSize)
	px := fyne.NewSize(float32(w), float32(h))
	// The text follows the zoom, but a chart squeezed into little room keeps
	// its plot: the text shrinks so the chart is laid out on at least
	// chartRoom pixels of its own.
	zoom := chartTextScale * float64(theme.TextSize()/theme.DefaultTheme().Size(theme.SizeNameText))
	zoom = max(0.25, min(zoom, float64(w)/ChartRoom.Width, float64(h)/ChartRoom.Height))
	if !v.dirty && px == v.Rendered && zoom == v.Scale {
		return
	}
	img, err := charts.RenderScaled(v.chart, w, h, zoom)
	v.err = err
	if err != nil {
		return
	}
	v.dirty = false
	v.Rendered = px
	v.Scale = zoom
	v.Renders++
	v.img.Image = img
	v.img.Hidden = false
	v.img.Refresh()
}

// quantize rounds x to the nearest multiple of q (at least q).
func quantize(x float32, q int) int {
	n := int(x+float32(q)/2) / q * q
	return max(n, q)
}

// CreateRenderer builds the renderer.
func (v *ChartView) CreateRenderer() fyne.WidgetRenderer {
	return &chartRenderer{v: v}
}

type chartRenderer struct{ v *ChartView }

// Layout places the objects.
func (r *chartRenderer) Layout(s fyne.Size) {
	r.v.img.Resize(s)
	r.v.img.Move(fyne.NewPos(0, 0))
	r.v.render(s)
	// Nothing to draw before a chart is rendered, or without room (Fyne's
	// software painter fails on an image object without an image or with
	// a negative size, which a layout short of room can hand out).
	r.v.img.Hidden = r.v.img.Image == nil || s.Width < 1 || s.Height < 1
}

// MinSize is the widget's minimum size.
func (r *chartRenderer) MinSize() fyne.Size { return r.v.MinSize() }

// Refresh redraws.
func (r *chartRenderer) Refresh() {
	r.Layout(r.v.Size())
	r.v.img.Refresh()
}

// Objects returns the objects drawn.
func (r *chartRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.v.img} }

// Destroy releases nothing.
func (r *chartRenderer) Destroy() {}
