package searchview

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
)

// ReplayTree is the search tree widget for a run that was not searched
// here but recorded: a trace file's run (a student's) or a reference run a
// view steps beside it. The view feeds it the run's trace events in order
// (Apply) and shows the tree as it stood at any of them (ShowAt), going
// back and forth as a built-in run does. It keeps at most as many nodes as
// the search tab's tree.
type ReplayTree struct {
	view    *TreeView
	model   *searchTree
	content fyne.CanvasObject
}

// NewReplayTree returns an empty tree for a search with A* (Reset sets
// the algorithm).
func NewReplayTree() *ReplayTree {
	m := newSearchTree(treeMaxNodes)
	r := &ReplayTree{model: m, view: newTreeView(m)}
	fit := widget.NewButton("Fit", r.view.fit)
	zoomIn := widget.NewButton("+", func() { r.view.zoom(1.25) })
	zoomOut := widget.NewButton("−", func() { r.view.zoom(1 / 1.25) })
	clip := container.NewScroll(r.view) // clips the cards; the view pans itself
	clip.Direction = container.ScrollNone
	r.content = container.NewBorder(nil, nil, container.NewVBox(zoomIn, zoomOut, fit), nil, clip) // the buttons beside: the height goes to the cards
	return r
}

// Reset empties the tree for a run of alg.
func (r *ReplayTree) Reset(alg search.Algorithm) {
	r.model.reset(alg)
	r.view.At, r.view.cur = 0, -1
	r.view.Off = fyne.Position{}
	r.view.relayout()
	r.view.Refresh()
}

// Apply adds trace events, in order; events already applied are skipped.
func (r *ReplayTree) Apply(es []search.TraceEvent) {
	for _, e := range es {
		r.model.apply(e)
	}
}

// ShowAt draws the tree as it stood after the event numbered seq (its Seq),
// with node cur as the current node.
func (r *ReplayTree) ShowAt(seq uint64, cur int64) { r.view.show(seq+1, cur) }

// Nodes returns the number of nodes the tree keeps and draws now.
func (r *ReplayTree) Nodes() (kept, drawn int) { return r.model.Len(), len(r.view.Lay.Nodes) }

// Object is the tree with its zoom buttons, to place in a view.
func (r *ReplayTree) Object() fyne.CanvasObject { return r.content }
