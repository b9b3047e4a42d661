package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// The search-tree view: the tree the search grows (searchtree.go) drawn as
// compact cards (expansion number, f = g + h, the board), coloured by
// status, the path to the current node and the solution path drawn bold;
// zoom (buttons, Ctrl+scroll), pan (drag, scroll), tap a folded card to
// unfold it (tap again to fold), tap any card to show its board on the big
// board. It sits to the right of the board when the Tree button is on.

// treeMaxNodes bounds the nodes the tree keeps (see searchtree.go).
const treeMaxNodes = 4000

// Card geometry at zoom 1, in pixels.
const (
	treeCardW    = 96
	treeGapX     = 10
	treeGapY     = 26
	treeLineH    = 13
	treePad      = 12
	treeMinScale = 0.25
	treeMaxScale = 3
)

// Colours of the statuses: fill and outline; the text is always dark, on
// light fills, so the cards read the same in both themes.
var treeColors = map[treeStatus][2]color.NRGBA{
	treeOpen:      {{0xdc, 0xeb, 0xff, 0xff}, {0x3b, 0x7d, 0xd8, 0xff}},
	TreeCurrent:   {{0xff, 0xd3, 0x8f, 0xff}, {0xe0, 0x70, 0x00, 0xff}},
	treeClosed:    {{0xe4, 0xe4, 0xe4, 0xff}, {0x80, 0x80, 0x80, 0xff}},
	treeDuplicate: {{0xf0, 0xe2, 0xf7, 0xff}, {0x9b, 0x59, 0xb6, 0xff}},
	TreePruned:    {{0xfb, 0xd6, 0xd6, 0xff}, {0xc0, 0x39, 0x2b, 0xff}},
	treeReplaced:  {{0xf4, 0xf4, 0xf4, 0xff}, {0xb8, 0xb8, 0xb8, 0xff}},
	TreeGoal:      {{0xc4, 0xf0, 0xc4, 0xff}, {0x1e, 0x8e, 0x3e, 0xff}},
	treeDropped:   {{0xf4, 0xf4, 0xf4, 0xff}, {0xc0, 0x39, 0x2b, 0xff}},
}

// treeGoalSide colours the cards of bidirectional BFS's goal side (fill
// and outline) where the start side's keep the status colours.
var treeGoalSide = [2]color.NRGBA{{0xd6, 0xf3, 0xef, 0xff}, {0x00, 0x79, 0x6b, 0xff}}

var (
	treeText     = color.NRGBA{0x1a, 0x1a, 0x1a, 0xff}
	treeFaint    = color.NRGBA{0x55, 0x55, 0x55, 0xff} // 4.5:1 or more on every card fill
	treePathCol  = color.NRGBA{0xe0, 0x70, 0x00, 0xff}
	treeSolCol   = color.NRGBA{0x1e, 0x8e, 0x3e, 0xff}
	treeEdgeCol  = color.NRGBA{0x90, 0x90, 0x90, 0xff}
	treeFoldFill = color.NRGBA{0x44, 0x44, 0x44, 0xff}
)

// TreeView draws the search tree; it is a widget that pans, zooms and
// answers taps.
type TreeView struct {
	widget.BaseWidget

	Model *searchTree
	Lay   treeLayout
	// At is the event shown (seq+1), cur its node.
	At  uint64
	cur int64
	// Scale is the zoom; off the content point at the top-left corner.
	Scale float32
	Off   fyne.Position
	// Follow keeps the current node in view after each event.
	Follow bool
	// onPick runs when a card is tapped (its board goes on the big board);
	// onChange after the zoom or the folds changed.
	onPick   func(*treeNode)
	onChange func()
}

// newTreeView returns a view of m.
func newTreeView(m *searchTree) *TreeView {
	v := &TreeView{Model: m, Scale: 1, Follow: true, cur: -1}
	v.ExtendBaseWidget(v)
	return v
}

// cardH is a card's height at zoom 1: two lines (three for the
// algorithms with an extra line: chapterLine) and the board's rows.
func (v *TreeView) cardH() float32 {
	rows := 0
	if r := v.Model.nodes[v.Model.root]; r != nil && r.Board.IsValid() {
		rows = r.Board.Size().H
	}
	return float32(2+chapterLines(v.Model.alg)+rows)*treeLineH + 8
}

// nodeRect returns a node's card in content coordinates at zoom 1.
func (v *TreeView) nodeRect(n VisNode) (fyne.Position, fyne.Size) {
	h, k := v.cardH(), textScale()
	return fyne.NewPos(k*(treePad+n.x*(treeCardW+treeGapX)), k*(treePad+float32(n.N.depth-v.rootDepth())*(h+treeGapY))),
		fyne.NewSize(k*treeCardW, k*h)
}

// rootDepth is the depth of the root (0; kept for clarity of nodeRect).
func (v *TreeView) rootDepth() int {
	if r := v.Model.nodes[v.Model.root]; r != nil {
		return r.depth
	}
	return 0
}

// contentSize is the laid-out tree's size at zoom 1.
func (v *TreeView) contentSize() fyne.Size {
	h, k := v.cardH(), textScale()
	return fyne.NewSize(k*(2*treePad+v.Lay.width*(treeCardW+treeGapX)),
		k*(2*treePad+float32(v.Lay.depth+1)*(h+treeGapY)))
}

// show lays the tree out as it stood at event at (seq+1) with cur the
// current node, and keeps the current node in view when following.
func (v *TreeView) show(at uint64, cur int64) {
	v.At, v.cur = at, cur
	v.relayout()
	if v.Follow {
		v.centreOn(v.Lay.Cur)
	}
	v.Refresh()
}

// relayout folds and lays the tree out again.
func (v *TreeView) relayout() { v.Lay = v.Model.layoutAt(v.At, v.cur) }

// centreOn pans so that the node id is in the middle of the view
// horizontally, with the row of its children in view and as much of the
// tree above it as fits (the root's row at the top when it can be).
func (v *TreeView) centreOn(id int64) {
	i, ok := v.Lay.Index[id]
	if !ok {
		return
	}
	pos, sz := v.nodeRect(v.Lay.Nodes[i])
	vs := v.Size()
	k := textScale()
	below := (pos.Y + 2*sz.Height + (treeGapY+treeLineH+8)*k) * v.Scale // the children's row and their fold markers
	v.Off = fyne.NewPos((pos.X+sz.Width/2)*v.Scale-vs.Width/2, max(0, below-vs.Height))
	v.clampOffset()
}

// clampOffset keeps some of the tree in view.
func (v *TreeView) clampOffset() {
	cs, vs := v.contentSize(), v.Size()
	maxX := max(0, cs.Width*v.Scale-vs.Width/2)
	maxY := max(0, cs.Height*v.Scale-vs.Height/2)
	v.Off.X = min(max(v.Off.X, -vs.Width/2), maxX)
	v.Off.Y = min(max(v.Off.Y, -vs.Height/2), maxY)
}

// setScale zooms to s (clamped) keeping the point p of the view still.
func (v *TreeView) setScale(s float32, p fyne.Position) {
	s = min(max(s, treeMinScale), treeMaxScale)
	if s == v.Scale {
		return
	}
	cx, cy := (v.Off.X+p.X)/v.Scale, (v.Off.Y+p.Y)/v.Scale
	v.Scale = s
	v.Off = fyne.NewPos(cx*s-p.X, cy*s-p.Y)
	v.clampOffset()
	v.Refresh()
	if v.onChange != nil {
		v.onChange()
	}
}

// zoom multiplies the scale by f around the middle of the view.
func (v *TreeView) zoom(f float32) {
	sz := v.Size()
	v.setScale(v.Scale*f, fyne.NewPos(sz.Width/2, sz.Height/2))
}

// fit zooms so that the whole drawn tree is in view (within the zoom
// limits) and stops following the current node.
func (v *TreeView) fit() {
	cs, vs := v.contentSize(), v.Size()
	if cs.Width <= 0 || cs.Height <= 0 || vs.Width <= 0 {
		return
	}
	v.Scale = min(max(min(vs.Width/cs.Width, vs.Height/cs.Height), treeMinScale), treeMaxScale)
	// Centred across; following would pan away from the overview.
	v.Follow = false
	v.Off = fyne.NewPos(min(0, (cs.Width*v.Scale-vs.Width)/2), 0)
	v.clampOffset()
	v.Refresh()
	if v.onChange != nil {
		v.onChange()
	}
}

// nodeAt returns the drawn node under the point p of the view.
func (v *TreeView) nodeAt(p fyne.Position) (VisNode, bool) {
	cx, cy := (v.Off.X+p.X)/v.Scale, (v.Off.Y+p.Y)/v.Scale
	for _, n := range v.Lay.Nodes {
		pos, sz := v.nodeRect(n)
		// The fold marker under a folded card counts as the card.
		extra := float32(0)
		if n.Folded {
			extra = (treeLineH + 4) * textScale()
		}
		if cx >= pos.X && cx <= pos.X+sz.Width && cy >= pos.Y && cy <= pos.Y+sz.Height+extra {
			return n, true
		}
	}
	return VisNode{}, false
}

// screenPos returns where the card of id is drawn in the view, and whether
// it is drawn.
func (v *TreeView) screenPos(id int64) (fyne.Position, bool) {
	i, ok := v.Lay.Index[id]
	if !ok {
		return fyne.Position{}, false
	}
	pos, sz := v.nodeRect(v.Lay.Nodes[i])
	return fyne.NewPos((pos.X+sz.Width/2)*v.Scale-v.Off.X, (pos.Y+sz.Height/2)*v.Scale-v.Off.Y), true
}

// Tapped unfolds or folds a card that has children and shows the card's
// board on the big board.
func (v *TreeView) Tapped(e *fyne.PointEvent) {
	n, ok := v.nodeAt(e.Position)
	if !ok {
		return
	}
	if n.Folded || v.Model.unfolded[n.N.Id] {
		v.Model.toggleFold(n.N.Id)
		v.relayout()
		v.Refresh()
		if v.onChange != nil {
			v.onChange()
		}
	}
	if v.onPick != nil {
		v.onPick(n.N)
	}
}

// Dragged pans.
func (v *TreeView) Dragged(e *fyne.DragEvent) {
	v.Follow = false
	v.Off = v.Off.Subtract(fyne.NewPos(e.Dragged.DX, e.Dragged.DY))
	v.clampOffset()
	v.Refresh()
	if v.onChange != nil {
		v.onChange()
	}
}

// DragEnd ends a pan.
func (v *TreeView) DragEnd() {}

// Scrolled pans, or zooms around the pointer while Ctrl is held.
func (v *TreeView) Scrolled(e *fyne.ScrollEvent) {
	if ctrlHeld() {
		f := float32(1.1)
		if e.Scrolled.DY < 0 {
			f = 1 / f
		}
		v.setScale(v.Scale*f, e.Position)
		return
	}
	v.Follow = false
	v.Off = v.Off.Subtract(fyne.NewPos(e.Scrolled.DX, e.Scrolled.DY))
	v.clampOffset()
	v.Refresh()
	if v.onChange != nil {
		v.onChange()
	}
}

// ctrlHeld reports whether Ctrl is held (desktop drivers only).
func ctrlHeld() bool {
	a := fyne.CurrentApp()
	if a == nil {
		return false
	}
	if d, ok := a.Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()&fyne.KeyModifierControl != 0
	}
	return false
}

// MinSize is small: the tree pans.
func (v *TreeView) MinSize() fyne.Size { return fyne.NewSize(110, 160) }

// CreateRenderer draws the tree.
func (v *TreeView) CreateRenderer() fyne.WidgetRenderer {
	r := &treeRenderer{v: v, bg: canvas.NewRectangle(theme.Color(theme.ColorNameInputBackground))}
	r.Refresh()
	return r
}

type treeRenderer struct {
	v       *TreeView
	bg      *canvas.Rectangle
	objects []fyne.CanvasObject
}

func (r *treeRenderer) Layout(s fyne.Size) {
	r.bg.Resize(s)
	if r.v.Follow {
		r.v.centreOn(r.v.Lay.Cur)
	}
	r.Refresh()
}

func (r *treeRenderer) MinSize() fyne.Size { return r.v.MinSize() }

func (r *treeRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *treeRenderer) Destroy() {}

// Refresh rebuilds the drawing of the cards in view.
func (r *treeRenderer) Refresh() {
	v := r.v
	r.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	f := treeFrame{scale: v.Scale, off: v.Off, size: v.Size()}
	objs := []fyne.CanvasObject{r.bg}
	objs = v.appendEdges(objs, f) // edges first, under the cards
	k := textScale()
	for _, n := range v.Lay.Nodes {
		pos, sz := v.nodeRect(n)
		if !f.inView(pos, fyne.NewSize(sz.Width, sz.Height+(treeLineH+4)*k)) {
			continue
		}
		objs = v.appendCard(objs, n, f.toScreen(pos), sz, f.scale, k)
	}
	r.objects = objs
	canvas.Refresh(v)
}

// treeFrame maps tree coordinates to the widget's: scaled, then offset.
type treeFrame struct {
	scale float32
	off   fyne.Position
	size  fyne.Size // the widget's
}

func (f treeFrame) toScreen(p fyne.Position) fyne.Position {
	return fyne.NewPos(p.X*f.scale-f.off.X, p.Y*f.scale-f.off.Y)
}

// inView reports whether a rectangle in tree coordinates shows at all.
func (f treeFrame) inView(p fyne.Position, s fyne.Size) bool {
	q := f.toScreen(p)
	return q.X+s.Width*f.scale >= 0 && q.Y+s.Height*f.scale >= 0 && q.X <= f.size.Width && q.Y <= f.size.Height
}

// appendEdges appends a line from each drawn node's parent to it, thicker
// and coloured on the solution and on the current path.
func (v *TreeView) appendEdges(objs []fyne.CanvasObject, f treeFrame) []fyne.CanvasObject {
	vs := f.size
	for _, n := range v.Lay.Nodes {
		pi, ok := v.Lay.Index[n.N.parent]
		if !ok || n.N.Id == v.Model.root {
			continue
		}
		pp, ps := v.nodeRect(v.Lay.Nodes[pi])
		cp, cs := v.nodeRect(n)
		a := f.toScreen(fyne.NewPos(pp.X+ps.Width/2, pp.Y+ps.Height))
		b := f.toScreen(fyne.NewPos(cp.X+cs.Width/2, cp.Y))
		if max(a.X, b.X) < 0 || min(a.X, b.X) > vs.Width || b.Y < 0 || a.Y > vs.Height {
			continue
		}
		l := canvas.NewLine(treeEdgeCol)
		l.StrokeWidth = 1
		switch {
		case n.onSolution && v.Lay.Nodes[pi].onSolution:
			l.StrokeColor, l.StrokeWidth = treeSolCol, 4
		case n.OnPath && v.Lay.Nodes[pi].OnPath:
			l.StrokeColor, l.StrokeWidth = treePathCol, 3
		}
		l.Position1, l.Position2 = a, b
		objs = append(objs, l)
	}
	return objs
}

// appendCard appends node n's card at screen position p (size sz in tree
// units, scale sc, text scale k): its frame, its lines when big enough to
// read, and the pill counting the hidden children of a folded node.
func (v *TreeView) appendCard(objs []fyne.CanvasObject, n VisNode, p fyne.Position, sz fyne.Size, sc, k float32) []fyne.CanvasObject {
	textSize := 11 * sc * k
	cols := treeColors[n.Status]
	if n.N.goalSide() && (n.Status == treeOpen || n.Status == treeClosed) {
		cols = treeGoalSide
	}
	rect := canvas.NewRectangle(cols[0])
	rect.StrokeColor = cols[1]
	rect.StrokeWidth = 1
	switch {
	case n.Status == TreeCurrent || n.Status == TreeGoal || n.N.chapter.meet:
		rect.StrokeWidth = 3
	case n.onSolution:
		rect.StrokeColor, rect.StrokeWidth = treeSolCol, 2.5
	case n.OnPath:
		rect.StrokeColor, rect.StrokeWidth = treePathCol, 2
	}
	rect.CornerRadius = 4 * sc * k
	rect.Move(p)
	rect.Resize(fyne.NewSize(sz.Width*sc, sz.Height*sc))
	objs = append(objs, rect)
	if textSize < 4 {
		return objs // too small to read: colours only
	}
	for i, line := range cardLines(n, v.Model.key()) {
		t := canvas.NewText(line.Text, treeText)
		if line.Faint {
			t.Color = treeFaint
		}
		t.TextSize = textSize
		t.TextStyle = fyne.TextStyle{Bold: i == 0, Monospace: i >= 2}
		t.Alignment = fyne.TextAlignCenter
		t.Move(fyne.NewPos(p.X, p.Y+(4+float32(i)*treeLineH)*sc*k))
		t.Resize(fyne.NewSize(sz.Width*sc, treeLineH*sc*k))
		objs = append(objs, t)
	}
	if n.Folded {
		pill := canvas.NewRectangle(treeFoldFill)
		pill.CornerRadius = 6 * sc * k
		w := 56 * k
		pill.Move(fyne.NewPos(p.X+(sz.Width-w)/2*sc, p.Y+sz.Height*sc+2*sc*k))
		pill.Resize(fyne.NewSize(w*sc, (treeLineH+1)*sc*k))
		t := canvas.NewText(fmt.Sprintf("+%s", toolkit.FormatCount(uint64(n.hidden))), color.White)
		t.TextSize = textSize * 0.9
		t.TextStyle.Bold = true
		t.Alignment = fyne.TextAlignCenter
		t.Move(pill.Position())
		t.Resize(pill.Size())
		objs = append(objs, pill, t)
	}
	return objs
}

// cardHead returns the first line of node id's card as drawn at the event
// shown ("#5" for the 5th expansion, "open", "selected"), or "" when the
// node is not drawn.
func (v *TreeView) cardHead(id int64) string {
	i, ok := v.Lay.Index[id]
	if !ok {
		return ""
	}
	return cardLines(v.Lay.Nodes[i], v.Model.key())[0].Text
}
