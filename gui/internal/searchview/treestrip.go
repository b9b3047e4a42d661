package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// passStrip draws IDA*'s passes under the tree, one row per pass (the
// latest stripRows): the bound, the nodes visited, and a bar per depth of
// the nodes visited at that depth (heights on a log scale, so the deep
// levels of a late pass still show next to the first).
type passStrip struct {
	widget.BaseWidget
	model *searchTree
}

// stripRows is the number of passes drawn.
const stripRows = 5

// stripRowH is a row's height at zoom 1.
const stripRowH = 24

func newPassStrip(m *searchTree) *passStrip {
	s := &passStrip{model: m}
	s.ExtendBaseWidget(s)
	return s
}

// rows returns the passes drawn, oldest first, and the number of the first.
func (s *passStrip) rows() ([]passInfo, int) {
	ps := s.model.Passes
	first := max(0, len(ps)-stripRows)
	return ps[first:], first + 1
}

// MinSize fits the rows drawn (at least one).
func (s *passStrip) MinSize() fyne.Size {
	rows, _ := s.rows()
	return fyne.NewSize(110, float32(max(1, len(rows)))*stripRowH*textScale()+4)
}

// textScale is the theme's text size relative to Fyne's default.
func textScale() float32 { return theme.TextSize() / 14 }

// CreateRenderer draws the rows.
func (s *passStrip) CreateRenderer() fyne.WidgetRenderer {
	r := &stripRenderer{s: s}
	r.Refresh()
	return r
}

type stripRenderer struct {
	s       *passStrip
	objects []fyne.CanvasObject
}

func (r *stripRenderer) Layout(fyne.Size)             { r.Refresh() }
func (r *stripRenderer) MinSize() fyne.Size           { return r.s.MinSize() }
func (r *stripRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *stripRenderer) Destroy()                     {}

func (r *stripRenderer) Refresh() {
	s := r.s
	rows, first := s.rows()
	size := s.Size()
	k := textScale()
	rowH := stripRowH * k
	fg := theme.Color(theme.ColorNameForeground)
	var objs []fyne.CanvasObject
	if len(rows) == 0 {
		t := canvas.NewText("IDA*'s passes (none yet)", fg)
		t.TextSize = theme.CaptionTextSize()
		t.Move(fyne.NewPos(0, 2))
		objs = append(objs, t)
	}
	labelW := 150 * k
	for i, p := range rows {
		y := float32(i) * rowH
		label := fmt.Sprintf("pass %d (bound %d): %s %s", first+i, p.bound, toolkit.FormatCount(uint64(p.visited)), toolkit.Plural(p.visited, "node", "nodes"))
		t := canvas.NewText(label, fg)
		t.TextSize = theme.CaptionTextSize()
		t.Move(fyne.NewPos(0, y+rowH/2-t.TextSize*0.7))
		objs = append(objs, t)
		peak := 1
		for _, c := range p.perDep {
			peak = max(peak, c)
		}
		room := size.Width - labelW
		if room <= 10 || len(p.perDep) == 0 {
			continue
		}
		bw := min(room/float32(len(p.perDep)), 16*k)
		for d, c := range p.perDep {
			if c == 0 {
				continue
			}
			h := (rowH - 4) * float32(math.Log1p(float64(c))/math.Log1p(float64(peak)))
			bar := canvas.NewRectangle(color.NRGBA{0x3b, 0x7d, 0xd8, 0xff})
			if i == len(rows)-1 {
				bar.FillColor = color.NRGBA{0xe0, 0x70, 0x00, 0xff} // the current pass
			}
			bar.Move(fyne.NewPos(labelW+float32(d)*bw, y+rowH-2-h))
			bar.Resize(fyne.NewSize(max(1, bw-1), h))
			objs = append(objs, bar)
		}
	}
	r.objects = objs
	canvas.Refresh(s)
}
