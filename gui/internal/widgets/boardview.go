package widgets

import (
	"github.com/slidelab/slidelab/gui/internal/session"

	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// Star marks a cell whose tile is not part of a pattern ("don't care") in
// the cells of a BoardView.
const Star = -1

// Frame colour of a board: a dark slate that reads as "the tray" in both the
// light and the dark theme.
var boardFrame = color.NRGBA{R: 0x3b, G: 0x42, B: 0x52, A: 0xff}

// BoardView draws a sliding-tile board: rounded tiles with large numbers,
// coloured by pattern group. It draws full boards and abstract pattern states
// (cells holding Star). Tapping a cell calls OnTapped with the cell.
type BoardView struct {
	widget.BaseWidget

	// OnTapped, when set, is called with the cell the user tapped.
	OnTapped func(cell int)
	// JustFocused, when set, reports whether the window has just come to
	// the front: a press then is the click that brought it there (a
	// window manager passes it on) and moves nothing.
	JustFocused func() bool

	size   board.Size
	cells  []int
	Groups session.Groups
	mini   bool
	Mark   int // cell drawn with an outline, or -1
	// overlay is drawn over the tiles of a large board (boardoverlay.go).
	overlay BoardOverlay

	// Geometry of the last layout, for mapping taps to cells.
	origin fyne.Position
	side   float32
	// focusOnly is set by a press while another widget had the keyboard:
	// that click only takes the keyboard back (MouseDown).
	focusOnly bool
}

// NewBoardView returns a large board view showing b, coloured by g.
func NewBoardView(b board.Board, g session.Groups) *BoardView {
	v := &BoardView{Groups: g, Mark: -1}
	v.ExtendBaseWidget(v)
	v.setBoard(b)
	return v
}

// NewMiniBoardView returns a small board view for lists of states.
func NewMiniBoardView(s board.Size, cells []int, g session.Groups) *BoardView {
	v := &BoardView{Groups: g, mini: true, Mark: -1}
	v.ExtendBaseWidget(v)
	v.size = s
	v.cells = append(v.cells[:0], cells...)
	return v
}

// SetBoard shows b.
func (v *BoardView) SetBoard(b board.Board) {
	v.setBoard(b)
	v.Refresh()
}

func (v *BoardView) setBoard(b board.Board) {
	v.size = b.Size()
	v.cells = append(v.cells[:0], b.Tiles()...)
}

// SetCells shows an arbitrary arrangement: tiles, 0 for the blank and Star
// for cells whose tile does not matter.
func (v *BoardView) SetCells(s board.Size, cells []int) {
	v.size = s
	v.cells = append(v.cells[:0], cells...)
	v.Refresh()
}

// SetGroups changes the colouring.
func (v *BoardView) SetGroups(g session.Groups) {
	v.Groups = g
	v.Refresh()
}

// SetMark outlines one cell (-1: none).
func (v *BoardView) SetMark(cell int) {
	v.Mark = cell
	v.Refresh()
}

// Cells returns a copy of the cells shown.
func (v *BoardView) Cells() []int { return append([]int(nil), v.cells...) }

// BoardSize returns the shape shown.
func (v *BoardView) BoardSize() board.Size { return v.size }

// MouseDown notes whether another widget (a text entry, say) has the
// keyboard when the board is pressed. The window takes the keyboard from
// it before the tap arrives; a click meant only to give the keyboard back
// to the board then moves nothing.
func (v *BoardView) MouseDown(*desktop.MouseEvent) {
	v.focusOnly = false
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil && c.Focused() != nil {
		v.focusOnly = true
	}
	if v.JustFocused != nil && v.JustFocused() {
		v.focusOnly = true
	}
}

// MouseUp does nothing: the tap that follows acts.
func (v *BoardView) MouseUp(*desktop.MouseEvent) {}

// Tapped maps a tap to a cell and reports it, unless the press only took
// the keyboard back (MouseDown).
func (v *BoardView) Tapped(ev *fyne.PointEvent) {
	if v.focusOnly {
		v.focusOnly = false
		return
	}
	if v.OnTapped == nil {
		return
	}
	if c, ok := v.CellAt(ev.Position); ok {
		v.OnTapped(c)
	}
}

// CellAt returns the cell under pos (relative to the widget).
func (v *BoardView) CellAt(pos fyne.Position) (int, bool) {
	if v.side <= 0 || v.size.W == 0 {
		return 0, false
	}
	x := (pos.X - v.origin.X) / v.side
	y := (pos.Y - v.origin.Y) / v.side
	if x < 0 || y < 0 || int(x) >= v.size.W || int(y) >= v.size.H {
		return 0, false
	}
	return int(y)*v.size.W + int(x), true
}

// CellCenter returns the centre of cell p (relative to the widget) after a
// layout; tests tap there.
func (v *BoardView) CellCenter(p int) fyne.Position {
	c, r := p%v.size.W, p/v.size.W
	return fyne.NewPos(v.origin.X+(float32(c)+0.5)*v.side, v.origin.Y+(float32(r)+0.5)*v.side)
}

// maxMinSide is the most cells along a side that a board's minimum size
// grows with (see MinSize).
const maxMinSide = 4

// MinSideCells is the number of cells a board of size s counts along its
// longer side when it asks for room: its longer side, at most maxMinSide.
// Grids of mini boards size their cells by it.
func MinSideCells(s board.Size) float32 {
	return float32(min(max(s.W, s.H, 1), maxMinSide))
}

// MinSize keeps the numbers legible: it grows with the theme's text size,
// so the zoom setting enlarges the board too.
func (v *BoardView) MinSize() fyne.Size {
	text := theme.SizeForWidget(theme.SizeNameText, v)
	// A tile's number is 0.42 of the cell: 2.4 text sizes a cell keeps it
	// as large as the theme's text. The board takes any room beyond that.
	per := text * 2.4
	if v.mini {
		per = text * 2
	}
	w, h := v.size.W, v.size.H
	if w == 0 {
		w, h = 1, 1
	}
	// A 5x5 board asks for no more room than a 4x4 one, so that every view
	// laid out for the 15-puzzle fits the 24-puzzle too; its numbers are
	// then 4/5 of the text size at the least, and larger wherever the board
	// gets more than its minimum (the puzzle view's board always does).
	if side := max(w, h); side > maxMinSide {
		per *= MinSideCells(v.size) / float32(side)
	}
	return fyne.NewSize(per*float32(w), per*float32(h))
}

// CreateRenderer builds the renderer.
func (v *BoardView) CreateRenderer() fyne.WidgetRenderer {
	r := &BoardRenderer{v: v, frame: canvas.NewRectangle(boardFrame)}
	r.rebuild()
	return r
}

type BoardRenderer struct {
	v       *BoardView
	frame   *canvas.Rectangle
	tiles   []*canvas.Rectangle
	Labels  []*canvas.Text
	Ov      *overlayObjects
	objects []fyne.CanvasObject
}

func (r *BoardRenderer) rebuild() {
	n := len(r.v.cells)
	r.tiles = r.tiles[:0]
	r.Labels = r.Labels[:0]
	r.objects = append(r.objects[:0], r.frame)
	for i := 0; i < n; i++ {
		t := canvas.NewRectangle(color.Transparent)
		l := canvas.NewText("", color.Black)
		l.Alignment = fyne.TextAlignCenter
		l.TextStyle = fyne.TextStyle{Bold: true}
		r.tiles = append(r.tiles, t)
		r.Labels = append(r.Labels, l)
		r.objects = append(r.objects, t, l)
	}
	r.Ov = newOverlayObjects(n)
	r.objects = append(r.objects, r.Ov.objects()...)
	r.style()
}

// style sets colours and texts from the view's cells.
func (r *BoardRenderer) style() {
	v := r.v
	groups := v.Groups
	if v.activeOverlay().Plain {
		groups = session.Groups{}
	}
	for i, t := range v.cells {
		rect, lab := r.tiles[i], r.Labels[i]
		rect.StrokeWidth = 0
		switch {
		case t == 0:
			rect.FillColor = color.Transparent
			lab.Text = ""
		case t == Star:
			rect.FillColor = session.StarTile
			lab.Text = "*"
			lab.Color = session.DarkText
		default:
			fill := session.GroupColor(groups.Of(t))
			rect.FillColor = fill
			lab.Text = strconv.Itoa(t)
			lab.Color = session.TextOn(fill)
		}
		if i == v.Mark {
			rect.StrokeColor = session.LightText
			rect.StrokeWidth = 3
			if v.mini {
				rect.StrokeWidth = 2
			}
		}
	}
	r.Ov.style(v)
}

// Layout places the objects.
func (r *BoardRenderer) Layout(size fyne.Size) {
	v := r.v
	if v.size.W == 0 {
		return
	}
	pad := float32(0.04)
	// A layout short of room may hand the board a negative size; draw
	// nothing rather than negative rectangles (Fyne's software painter
	// panics on those).
	side := max(0, min(size.Width/(float32(v.size.W)+2*pad), size.Height/(float32(v.size.H)+2*pad)))
	bw, bh := side*(float32(v.size.W)+2*pad), side*(float32(v.size.H)+2*pad)
	ox, oy := (size.Width-bw)/2, (size.Height-bh)/2
	r.frame.Move(fyne.NewPos(ox, oy))
	r.frame.Resize(fyne.NewSize(bw, bh))
	r.frame.CornerRadius = side * 0.12
	v.origin = fyne.NewPos(ox+pad*side, oy+pad*side)
	v.side = side
	gap := side * 0.05
	for i := range v.cells {
		c, row := i%v.size.W, i/v.size.W
		pos := fyne.NewPos(v.origin.X+float32(c)*side+gap, v.origin.Y+float32(row)*side+gap)
		sz := fyne.NewSize(side-2*gap, side-2*gap)
		r.tiles[i].Move(pos)
		r.tiles[i].Resize(sz)
		r.tiles[i].CornerRadius = side * 0.12
		lab := r.Labels[i]
		lab.TextSize = side * 0.42
		if v.mini {
			lab.TextSize = side * 0.55
		}
		ms := lab.MinSize()
		lab.Move(fyne.NewPos(pos.X, pos.Y+(sz.Height-ms.Height)/2))
		lab.Resize(fyne.NewSize(sz.Width, ms.Height))
	}
	r.Ov.layout(v, side, func(i int) (fyne.Position, fyne.Size) { return r.tiles[i].Position(), r.tiles[i].Size() })
}

// MinSize is the widget's minimum size.
func (r *BoardRenderer) MinSize() fyne.Size { return r.v.MinSize() }

// Refresh redraws.
func (r *BoardRenderer) Refresh() {
	if len(r.tiles) != len(r.v.cells) {
		r.rebuild()
	} else {
		r.style()
	}
	r.Layout(r.v.Size())
	for _, o := range r.objects {
		o.Refresh()
	}
}

// Objects returns the objects drawn.
func (r *BoardRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy releases nothing.
func (r *BoardRenderer) Destroy() {}
