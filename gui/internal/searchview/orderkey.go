package searchview

import (
	"fmt"
	"math"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/treecard"
)

// The number each algorithm orders its nodes by, as the badges on the
// board, the tree's cards, the counters and the narration write it: f =
// g + h for A*, IDA*, RBFS and SMA*; f = g + w·h for weighted A*, with the
// weight in view ("f = 4 + 3·7 = 25"), since that is what it orders by; h
// for greedy search; g (the depth, or the path cost) for the uninformed
// searches, which have no f.

// orderKey is an algorithm with weighted A*'s weight.
type orderKey struct {
	alg search.Algorithm
	// w10 is weighted A*'s weight in tenths (1.5: 15); weighted A* orders
	// by 10g + w10·h, exactly, as core/search does. 0 for the others.
	w10 int
}

// orderKey returns the order of the panel's search.
func (p *SearchPanel) orderKey() orderKey {
	k := orderKey{alg: p.Algorithm()}
	if k.alg == search.WAStar {
		k.w10 = int(math.Round(p.Params.Values().Weight * 10))
	}
	return k
}

// weighted reports whether k is weighted A*'s order, f = g + w·h.
func (k orderKey) weighted() bool { return k.alg == search.WAStar && k.w10 > 0 }

// f10 returns f in tenths: 10(g + h), or 10g + w10·h for weighted A*.
func (k orderKey) f10(g, h int) int {
	if k.weighted() {
		return 10*g + k.w10*h
	}
	return 10 * (g + h)
}

// uninformed reports whether k's algorithm orders by g (or the depth) alone.
func (k orderKey) uninformed() bool { return !k.alg.UsesHeuristic() }

// badge is the short text of a node's number, for the board's badges:
// "f 25", "h 7" (greedy) or "g 4" (uninformed).
func (k orderKey) badge(g, h int) string {
	switch {
	case k.uninformed():
		return fmt.Sprintf("g %d", g)
	case k.alg == search.Greedy:
		return fmt.Sprintf("h %d", h)
	}
	return "f " + treecard.Tenths(k.f10(g, h))
}

// sum writes weighted A*'s f = g + w·h as "4 + 3·7 = 25" (weighted), else
// A*'s f = g + h as "11 = 4 + 7".
func (k orderKey) sum(g, h int) string {
	if k.weighted() {
		return fmt.Sprintf("%d + %s·%d = %s", g, treecard.Tenths(k.w10), h, treecard.Tenths(k.f10(g, h)))
	}
	return fmt.Sprintf("%d = %d + %d", g+h, g, h)
}

// key returns the order of the tree model's search, for its cards.
func (t *searchTree) key() orderKey { return orderKey{alg: t.alg, w10: t.w10} }
