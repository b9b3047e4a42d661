package gui

import (
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// setHeuristicOptions makes opts the check boxes of g, keeping those checked
// that still are offered.
func setHeuristicOptions(g *widget.CheckGroup, opts []catalog.HeuristicOption) {
	keep := g.Selected
	var labels []string
	for _, o := range opts {
		labels = append(labels, o.Label)
	}
	g.Options = labels
	g.SetSelected(keep)
}
