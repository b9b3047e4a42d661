package catalog

import (
	"fyne.io/fyne/v2/widget"
)

// SetHeuristicOptions makes opts the check boxes of g, keeping those checked
// that still are offered.
func SetHeuristicOptions(g *widget.CheckGroup, opts []HeuristicOption) {
	keep := g.Selected
	var labels []string
	for _, o := range opts {
		labels = append(labels, o.Label)
	}
	g.Options = labels
	g.SetSelected(keep)
}
