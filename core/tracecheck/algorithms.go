package tracecheck

import "github.com/slidelab/slidelab/core/search"

// algorithms are the searches the checker knows the rules of, in the order
// menus list them (A* first: the usual homework).
var algorithms = []search.Algorithm{search.AStar, search.IDAStar, search.BFS, search.Greedy}

// Algorithms returns the searches whose traces the checker knows the rules
// of, A* first; the command line's check and the app's trace checker offer
// exactly these.
func Algorithms() []search.Algorithm {
	return append([]search.Algorithm(nil), algorithms...)
}

// Supports reports whether the checker knows alg's rules.
func Supports(alg search.Algorithm) bool {
	for _, a := range algorithms {
		if a == alg {
			return true
		}
	}
	return false
}
