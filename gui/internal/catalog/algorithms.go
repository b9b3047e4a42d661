package catalog

import (
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/search"
)

// Limits of the searches the GUI runs, so that a class never waits on a
// frozen or swapping machine: A*, greedy search and BFS stop with a clear
// message before they use more memory than this.
const SearchMemoryLimit = 768 << 20

// AlgorithmLabels names the algorithms in the selector.
var AlgorithmLabels = []struct {
	Alg   search.Algorithm
	Label string
}{
	{search.IDAStar, "IDA*"},
	{search.AStar, "A*"},
	{search.BFS, "Breadth-first"},
	{search.Greedy, "Greedy best-first"},
}

// SelectedAlgorithm returns the algorithm a selector built from
// algorithmLabels shows, by the option's index (IDA* when none is).
func SelectedAlgorithm(s *widget.Select) search.Algorithm {
	if i := s.SelectedIndex(); i >= 0 && i < len(AlgorithmLabels) {
		return AlgorithmLabels[i].Alg
	}
	return search.IDAStar
}
