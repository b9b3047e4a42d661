package gui

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"errors"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// selectedSpec returns the heuristic selected, as the registry names it.
func (p *SearchPanel) selectedSpec() (search.HeuristicSpec, error) {
	for _, o := range p.heuristicOpts {
		if o.Label == p.HeuristicSelect.Selected {
			return search.ParseHeuristic(o.Short)
		}
	}
	return search.HeuristicSpec{}, errors.New("no heuristic selected")
}

// ShowPartition shows partition p (its size and groups), as choosing a
// preset or typing the groups does.
func (v *PDBView) ShowPartition(p pdb.Partition) {
	if v.selectedSize() != p.Size {
		v.SizeSelect.SetSelected(toolkit.SizeLabel(p.Size)) // shows the size's first preset
	}
	v.PartitionEntry.SetText(p.String())
	v.Apply()
}
