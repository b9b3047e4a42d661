package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/treecard"
)

// TreePanel is the search-tree view with its controls: the tree, the zoom
// and fold buttons, a line saying what is drawn, the colours' legend and,
// for IDA*, a strip of the nodes visited per depth in every pass. Toggle
// (in the puzzle tab) shows it beside the board.
type TreePanel struct {
	View *TreeView
	// Toggle shows and hides the panel (T).
	Toggle *widget.Button
	// ZoomIn, ZoomOut and Fit zoom; Follow keeps the current node in view;
	// FoldAll folds what the teacher unfolded.
	// Follow is highlighted while on; dragging or scrolling turns it off.
	ZoomIn, ZoomOut, Fit, FoldAll, Follow *widget.Button
	// Info says what is drawn (and why nothing is, after a full-speed run).
	Info *widget.Label
	// Strip shows IDA*'s passes: the bound and the nodes visited per depth.
	Strip *passStrip
	// Content is the panel placed beside the board.
	Content *fyne.Container

	Model  *searchTree
	search *SearchPanel
	// chapterLegend names the colours only some algorithms use
	// (bidirectional BFS's goal side, SMA*'s dropped nodes).
	chapterLegend *fyne.Container
	// Shown: the panel is on; onToggle runs after Toggle (the tab lays out again).
	Shown    bool
	onToggle func()
}

// NewTreePanel returns the tree view following the search panel s; show
// draws a board on the big board.
func NewTreePanel(s *SearchPanel, show func(board.Board, int)) *TreePanel {
	m := newSearchTree(treeMaxNodes)
	t := &TreePanel{Model: m, search: s, chapterLegend: container.NewStack()}
	t.View = newTreeView(m)
	t.View.onPick = func(n *treeNode) {
		if show != nil && n.Board.IsValid() {
			show(n.Board, -1)
		}
	}
	t.View.onChange = func() {
		t.refreshInfo()
		t.showFollow()
	}
	t.Toggle = widget.NewButton("Search tree (T)", t.ToggleShown)
	t.ZoomIn = widget.NewButton("+", func() { t.View.zoom(1.25) })
	t.ZoomOut = widget.NewButton("−", func() { t.View.zoom(1 / 1.25) })
	t.Fit = widget.NewButton("Fit", t.View.fit)
	t.FoldAll = widget.NewButton("Fold", func() {
		m.foldAll()
		t.View.relayout()
		t.View.Refresh()
		t.refreshInfo()
	})
	t.Follow = widget.NewButton("Follow", func() {
		t.View.Follow = !t.View.Follow
		if t.View.Follow {
			t.View.centreOn(t.View.Lay.Cur)
			t.View.Refresh()
		}
		t.showFollow()
	})
	t.showFollow()
	t.Info = widget.NewLabel("")
	t.Info.Wrapping = fyne.TextWrapWord
	t.Strip = newPassStrip(m)
	t.Strip.Hide()
	top := container.NewVBox(
		toolkit.NewFlow(t.ZoomOut, t.ZoomIn, t.Fit, t.Follow, t.FoldAll),
		treeLegend(),
		t.chapterLegend,
	)
	// The scroll never scrolls (the view pans itself); it clips the cards
	// to the view.
	clip := container.NewScroll(t.View)
	clip.Direction = container.ScrollNone
	t.Content = container.NewBorder(top, container.NewVBox(t.Strip, t.Info), nil, nil, clip)
	t.Content.Hide()

	s.OnTrace(t.traced)
	s.OnRender(t.rendered)
	s.OnReset(t.reset)
	t.reset()
	return t
}

// showFollow highlights Follow while the view follows the current node.
func (t *TreePanel) showFollow() {
	imp := widget.MediumImportance
	if t.View.Follow {
		imp = widget.HighImportance
	}
	if t.Follow.Importance != imp {
		t.Follow.Importance = imp
		t.Follow.Refresh()
	}
}

// toggle shows or hides the panel.
func (t *TreePanel) ToggleShown() {
	t.Shown = !t.Shown
	if t.Shown {
		t.Toggle.Importance = widget.HighImportance
		t.Content.Show()
		t.View.show(t.View.At, t.View.cur)
		t.Strip.Refresh()
		t.refreshInfo()
	} else {
		t.Toggle.Importance = widget.MediumImportance
		t.Content.Hide()
	}
	t.Toggle.Refresh()
	if t.onToggle != nil {
		t.onToggle()
	}
}

// reset empties the tree for a new search.
func (t *TreePanel) reset() {
	t.Model.reset(t.search.Algorithm())
	t.Model.w10 = t.search.orderKey().w10
	t.View.At, t.View.cur = 0, -1
	t.View.relayout()
	t.View.Off = fyne.Position{}
	t.View.Refresh()
	t.Strip.Refresh()
	if t.Model.alg == search.IDAStar {
		t.Strip.Show()
	} else {
		t.Strip.Hide()
	}
	t.chapterLegend.Objects = chapterLegendItems(t.Model.alg)
	t.chapterLegend.Refresh()
	t.refreshInfo()
}

// traced grows the model by the trace events of an event the search made.
// Every event reaches it, in order, also those a jump passes over without
// drawing: the model is the same whichever way the search was advanced
// (one step at a time, N, F, G), and so is its eviction.
func (t *TreePanel) traced(es []search.TraceEvent) {
	for _, e := range es {
		t.Model.apply(e)
	}
}

// rendered shows the tree as it stood at the event the search panel shows
// (the model already holds it: traced).
func (t *TreePanel) rendered(s SearchSnap) {
	if len(s.Trace) == 0 {
		// A full-speed run's end: no trace.
		if s.Kind == search.SolutionFound || s.Event > 0 {
			t.Model.Untraced = true
		}
		t.refreshInfo()
		return
	}
	last := s.Trace[len(s.Trace)-1]
	cur := s.Trace[0].Node
	if s.Kind == search.SolutionFound {
		cur = last.Node
	}
	if !t.Shown {
		t.View.At, t.View.cur = last.Seq+1, cur
		return
	}
	t.View.show(last.Seq+1, cur)
	if t.Model.alg == search.IDAStar {
		t.Strip.Refresh()
	}
	t.refreshInfo()
}

// refreshInfo says what is drawn.
func (t *TreePanel) refreshInfo() {
	m, v := t.Model, t.View
	var parts []string
	switch {
	case m.Untraced:
		parts = append(parts, "A full-speed run (Run to end) records no trace: the tree stops where stepping stopped. Reset, then Step or Play to grow it.")
	case m.Len() == 0 && m.alg == search.IDAStar && len(m.Passes) > 0:
		parts = append(parts, "This pass's tree is not kept any more; the strip shows every pass.")
	case m.Len() == 0:
		parts = append(parts, "Step (Space) or Play (P) to grow the tree.")
	}
	if m.Len() > 0 {
		if r := m.nodes[m.root]; r != nil && v.At != 0 && !r.bornBy(v.At) {
			parts = append(parts, "Stepped back into an earlier IDA* pass: only the current pass's tree is kept; the strip shows every pass.")
		}
		hid := 0
		for _, n := range v.Lay.Nodes {
			hid += n.hidden
		}
		s := fmt.Sprintf("%s drawn, %s folded (tap a +N card to unfold), %s kept", toolkit.FormatCount(uint64(len(v.Lay.Nodes))),
			toolkit.FormatCount(uint64(hid)), toolkit.FormatCount(uint64(m.Len())))
		if m.Evicted > 0 {
			s += fmt.Sprintf("; %s older ones dropped (the tree keeps at most %s)", toolkit.FormatCount(uint64(m.Evicted)), toolkit.FormatCount(uint64(m.Max)))
		}
		parts = append(parts, s+fmt.Sprintf(". Zoom %d %%. A card: #expansion number, %s, the board.", int(v.Scale*100+0.5), cardKey(m.key())))
		if more := chapterInfo(m.alg); more != "" {
			parts = append(parts, more)
		}
	}
	t.Info.SetText(strings.Join(parts, " "))
}

// cardKey says what the second line of a card holds.
func cardKey(k orderKey) string {
	if k.weighted() {
		return "f = g + w·h with w = " + treecard.Tenths(k.w10)
	}
	switch k.alg {
	case search.BFS, search.BiBFS, search.DFS, search.DLS, search.IDDFS:
		return "g (the depth)"
	case search.UCS:
		return "g (the path cost)"
	case search.Greedy:
		return "h and g"
	}
	return "f = g + h"
}

// treeBeside lays the board out with the tree panel to its right when the
// panel is shown (the board gets share of the width); else the board alone.
type treeBeside struct{ share float32 }

// Below narrowBeside text sizes of width the board takes at least
// narrowShare of it: the tree is the smaller of the two.
const (
	narrowBeside = 24
	narrowShare  = 0.58
)

// Layout places the board and, when shown, the panel.
func (l treeBeside) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) != 2 {
		return
	}
	b, t := objs[0], objs[1]
	b.Move(fyne.Position{})
	if !t.Visible() {
		b.Resize(size)
		return
	}
	pad := theme.Padding()
	share := l.share
	if size.Width < narrowBeside*theme.TextSize() {
		// Beside a lesson at 1024x768 and 150 %: the board first.
		share = max(share, narrowShare)
	}
	bw := max(b.MinSize().Width, size.Width*share)
	bw = min(bw, max(0, size.Width-pad-t.MinSize().Width))
	b.Resize(fyne.NewSize(bw, size.Height))
	t.Move(fyne.NewPos(bw+pad, 0))
	t.Resize(fyne.NewSize(max(0, size.Width-bw-pad), size.Height))
}

// MinSize is the board's, plus the panel's width when shown.
func (treeBeside) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) != 2 {
		return fyne.Size{}
	}
	b, t := objs[0].MinSize(), objs[1]
	if !t.Visible() {
		return b
	}
	ts := t.MinSize()
	return fyne.NewSize(b.Width+theme.Padding()+ts.Width, max(b.Height, ts.Height))
}

// Beside returns board with the panel to its right (shown by Toggle).
func (t *TreePanel) Beside(board fyne.CanvasObject) *fyne.Container {
	c := container.New(treeBeside{share: 0.42}, board, t.Content)
	t.onToggle = c.Refresh
	return c
}

// NewBeside returns board with an empty place for the panel to its right,
// the board taking share of the width: MoveBeside moves the panel there
// (the lecture layout borrows the panel as it borrows the board).
func NewBeside(board fyne.CanvasObject, share float32) *fyne.Container {
	empty := container.NewStack()
	empty.Hide()
	return container.New(treeBeside{share: share}, board, empty)
}

// SetCompact hides the panel's explanation line (what is drawn, folded,
// the zoom) or shows it again: the lecture layout gives its height to the
// cards.
func (t *TreePanel) SetCompact(on bool) {
	t.Info.Hidden = on
	t.Content.Refresh()
}

// MoveBeside moves the panel from one container of Beside or NewBeside to
// another, leaving an empty place behind.
func (t *TreePanel) MoveBeside(from, to *fyne.Container) {
	if from == to || len(from.Objects) != 2 || len(to.Objects) != 2 {
		return
	}
	empty := container.NewStack()
	empty.Hide()
	from.Objects[1], to.Objects[1] = empty, t.Content
	t.onToggle = to.Refresh
	from.Refresh()
	to.Refresh()
}
