package catalog

import (
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/search"
)

// Limits of the searches the GUI runs, so that a class never waits on a
// frozen or swapping machine: A*, greedy search and BFS stop with a clear
// message before they use more memory than this.
const SearchMemoryLimit = 768 << 20

// AlgorithmLabel names an algorithm in a selector.
type AlgorithmLabel struct {
	Alg   search.Algorithm
	Label string
}

// AlgorithmLabels names the four classic algorithms (IDA*, A*, BFS,
// greedy), with their labels in SearchAlgorithms; the views offer all
// twelve (SearchAlgorithms), the search view's tests loop over these.
var AlgorithmLabels = []AlgorithmLabel{
	{search.IDAStar, "IDA*"},
	{search.AStar, "A*"},
	{search.BFS, "Breadth-first"},
	{search.Greedy, "Greedy best-first"},
}

// SearchAlgorithms names every algorithm the search view steps, grouped as
// search.AlgorithmInfos groups them (uninformed, informed, memory-bounded).
// The four classic ones keep their labels.
var SearchAlgorithms = []AlgorithmLabel{
	{search.BFS, "Breadth-first"},
	{search.UCS, "Uniform-cost"},
	{search.DFS, "Depth-first"},
	{search.DLS, "Depth-limited"},
	{search.IDDFS, "Iterative deepening"},
	{search.BiBFS, "Bidirectional BFS"},
	{search.Greedy, "Greedy best-first"},
	{search.AStar, "A*"},
	{search.WAStar, "Weighted A*"},
	{search.IDAStar, "IDA*"},
	{search.SMAStar, "SMA*"},
	{search.RBFS, "RBFS"},
}

// SearchAlgorithmOptions returns the labels of SearchAlgorithms, in order.
func SearchAlgorithmOptions() []string {
	out := make([]string, len(SearchAlgorithms))
	for i, a := range SearchAlgorithms {
		out[i] = a.Label
	}
	return out
}

// AlgorithmByLabel returns the algorithm a selector's label names (IDA*,
// false when none does).
func AlgorithmByLabel(label string) (search.Algorithm, bool) {
	for _, a := range SearchAlgorithms {
		if a.Label == label {
			return a.Alg, true
		}
	}
	return search.IDAStar, false
}

// LabelOf returns the label that names alg in a selector.
func LabelOf(alg search.Algorithm) string {
	for _, a := range SearchAlgorithms {
		if a.Alg == alg {
			return a.Label
		}
	}
	return alg.String()
}

// SelectedAlgorithm returns the algorithm a selector built from
// AlgorithmLabels or SearchAlgorithms shows, by its label (IDA* when none
// is selected).
func SelectedAlgorithm(s *widget.Select) search.Algorithm {
	a, _ := AlgorithmByLabel(s.Selected)
	return a
}

// HonoursCost reports whether alg counts g under the tile-weighted cost
// model (search.Config.Cost); breadth-first, bidirectional and the
// depth-first searches count moves whatever the model.
func HonoursCost(alg search.Algorithm) bool {
	switch alg {
	case search.UCS, search.AStar, search.WAStar, search.IDAStar, search.RBFS, search.SMAStar, search.Greedy:
		return true
	}
	return false
}
