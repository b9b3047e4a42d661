package tracecheck

import (
	"testing"

	"github.com/slidelab/slidelab/core/search"
)

// TestAlgorithms checks that Supports agrees with Algorithms over every
// algorithm of the registry, that the list is a copy, and that the searches
// whose rules the checker applies (best-first order, IDA* passes, BFS
// layers) are listed.
func TestAlgorithms(t *testing.T) {
	listed := map[search.Algorithm]bool{}
	for _, a := range Algorithms() {
		listed[a] = true
	}
	for _, in := range search.AlgorithmInfos() {
		if got := Supports(in.Algorithm); got != listed[in.Algorithm] {
			t.Errorf("Supports(%v) = %v, listed %v", in.Algorithm, got, listed[in.Algorithm])
		}
	}
	for _, want := range []search.Algorithm{search.AStar, search.IDAStar, search.BFS, search.Greedy} {
		if !listed[want] {
			t.Errorf("%v missing from Algorithms()", want)
		}
	}
	if Supports(search.DFS) || Supports(search.RBFS) {
		t.Error("the checker claims rules it does not apply (dfs, rbfs)")
	}
	a := Algorithms()
	a[0] = search.DFS
	if Algorithms()[0] == search.DFS {
		t.Error("Algorithms returns the package's own slice")
	}
}
