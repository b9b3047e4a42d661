package toolkit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// flowLayout places its objects in rows, left to right, starting a new row
// when the next object would not fit: a row of buttons that wraps instead of
// pushing the window wider at a large zoom. Each row is stretched to the
// full width (the room left over is shared equally among its objects), or,
// with an alignment, placed at the objects' minimum widths on the right or
// in the middle.
//
// Its minimum width is its widest object's, so a parent can always make it
// narrower; its minimum height is that of the rows at the width it was last
// laid out at. When a new width changes the number of rows, the minimum
// height changes: the flow then asks for the window's content to be laid
// out again (Fyne checks minimum sizes only on frames that redraw, one level
// a frame, which left stale gaps).
type flowLayout struct {
	align FlowAlign
	width float32 // width of the last layout; 0 before the first
	// owner is the container the layout belongs to; rows the number of
	// rows of the last layout.
	owner *fyne.Container
	rows  int
	// pending is set while a relayout it asked for has not run.
	pending bool
}

// FlowAlign says where a row that does not fill the width goes.
type FlowAlign int

const (
	FlowStretch FlowAlign = iota // share the room left over
	FlowEnd                      // to the right
	FlowCenter                   // in the middle
)

// NewFlow returns a container whose objects flow into rows.
func NewFlow(objects ...fyne.CanvasObject) *fyne.Container {
	return NewFlowAligned(FlowStretch, objects...)
}

// NewFlowAligned is newFlow with the rows at their minimum widths, aligned
// to the right (flowEnd) or in the middle (flowCenter).
func NewFlowAligned(a FlowAlign, objects ...fyne.CanvasObject) *fyne.Container {
	l := &flowLayout{align: a}
	c := &fyne.Container{Layout: l, Objects: objects}
	l.owner = c
	return c
}

// rows splits the visible objects into rows that fit width.
func (f *flowLayout) split(objects []fyne.CanvasObject, width float32) [][]fyne.CanvasObject {
	pad := theme.Padding()
	var rows [][]fyne.CanvasObject
	var row []fyne.CanvasObject
	used := float32(0)
	for _, o := range objects {
		if !o.Visible() {
			continue
		}
		w := o.MinSize().Width
		if len(row) > 0 && width > 0 && used+pad+w > width {
			rows = append(rows, row)
			row, used = nil, 0
		}
		if len(row) > 0 {
			used += pad
		}
		row = append(row, o)
		used += w
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// rowHeight is the tallest minimum height in a row.
func rowHeight(row []fyne.CanvasObject) float32 {
	h := float32(0)
	for _, o := range row {
		h = max(h, o.MinSize().Height)
	}
	return h
}

// Layout places the rows.
func (f *flowLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	f.width = size.Width
	pad := theme.Padding()
	y := float32(0)
	rows := f.split(objects, size.Width)
	if len(rows) != f.rows && f.rows > 0 {
		f.relayoutWindow()
	}
	f.rows = len(rows)
	for _, row := range rows {
		h := rowHeight(row)
		used := pad * float32(len(row)-1)
		for _, o := range row {
			used += o.MinSize().Width
		}
		extra := max(0, size.Width-used)
		x, share := float32(0), extra/float32(len(row))
		switch f.align {
		case FlowEnd:
			x, share = extra, 0
		case FlowCenter:
			x, share = extra/2, 0
		}
		for _, o := range row {
			w := o.MinSize().Width + share
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w, h))
			x += w + pad
		}
		y += h + pad
	}
}

// MinSize is the widest object's width by the height of the rows at the
// last layout's width.
func (f *flowLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	var s fyne.Size
	rows := f.split(objects, f.width)
	for i, row := range rows {
		for _, o := range row {
			s.Width = max(s.Width, o.MinSize().Width)
		}
		s.Height += rowHeight(row)
		if i > 0 {
			s.Height += pad
		}
	}
	return s
}

// relayoutWindow lays the whole window out again, after this layout pass:
// the flow's minimum height changed.
func (f *flowLayout) relayoutWindow() {
	app := fyne.CurrentApp()
	if f.owner == nil || app == nil {
		return
	}
	c := app.Driver().CanvasForObject(f.owner)
	if c == nil {
		return
	}
	if f.pending {
		return // a relayout this one started (the test driver runs it at once)
	}
	f.pending = true
	fyne.Do(func() {
		if content := c.Content(); content != nil {
			content.Refresh()
		}
		f.pending = false
	})
}

// columnsLayout places its visible objects in equal columns, as many as fit
// the width side by side at the widest object's minimum width, at most max
// of them: a grid of counters or of small boards that keeps three columns
// where there is room and falls to two or one at a large zoom, instead of
// pushing the window wider. Like the flow, its minimum width is one
// column's and its minimum height that of the rows at the last width.
type columnsLayout struct {
	max   int
	width float32    // width of the last layout; 0 before the first
	rows  int        // rows of the last layout
	flow  flowLayout // its owner and relayoutWindow
}

// NewColumns returns a container whose objects are laid out in at most max
// equal columns.
func NewColumns(max int, objects ...fyne.CanvasObject) *fyne.Container {
	l := &columnsLayout{max: max}
	c := &fyne.Container{Layout: l, Objects: objects}
	l.flow.owner = c
	return c
}

// grid returns the visible objects, the widest minimum width among them
// and the number of columns at width (the most, before the first layout).
func (l *columnsLayout) grid(objects []fyne.CanvasObject, width float32) (vis []fyne.CanvasObject, cell float32, cols int) {
	for _, o := range objects {
		if o.Visible() {
			vis = append(vis, o)
			cell = max(cell, o.MinSize().Width)
		}
	}
	cols = max(l.max, 1)
	if width > 0 && cell > 0 {
		pad := theme.Padding()
		cols = min(cols, max(1, int((width+pad)/(cell+pad))))
	}
	return vis, cell, cols
}

// Layout places the rows of equal cells.
func (l *columnsLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	vis, _, cols := l.grid(objects, size.Width)
	rows := (len(vis) + cols - 1) / cols
	if rows != l.rows && l.rows > 0 {
		l.flow.relayoutWindow()
	}
	l.rows = rows
	pad := theme.Padding()
	w := (size.Width - pad*float32(cols-1)) / float32(cols)
	y := float32(0)
	for r := 0; r < rows; r++ {
		row := vis[r*cols : min(len(vis), (r+1)*cols)]
		h := rowHeight(row)
		for i, o := range row {
			o.Move(fyne.NewPos(float32(i)*(w+pad), y))
			o.Resize(fyne.NewSize(w, h))
		}
		y += h + pad
	}
}

// MinSize is one column's width by the height of the rows at the last
// layout's width.
func (l *columnsLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	vis, cell, cols := l.grid(objects, l.width)
	var s fyne.Size
	s.Width = cell
	for r := 0; r*cols < len(vis); r++ {
		if r > 0 {
			s.Height += theme.Padding()
		}
		s.Height += rowHeight(vis[r*cols : min(len(vis), (r+1)*cols)])
	}
	return s
}
