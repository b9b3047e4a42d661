package gui

import (
	"errors"

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
