package search

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// TileManhattan is the tile-weighted Manhattan distance: the sum over the
// tiles of each tile's row and column distance to its goal cell times its
// number.
//
// Admissible under the tile-weighted cost model (TileCost: moving tile t
// costs t): tile t needs at least its Manhattan distance of moves, each
// costing t, and a move moves one tile. Under unit costs it over-estimates.
type TileManhattan struct {
	geometry
	cost [board.MaxCells][board.MaxCells]int16 // [tile][cell]: distance times tile
}

// NewTileManhattan returns the tile-weighted Manhattan distance for size s
// and goal g.
func NewTileManhattan(s board.Size, g board.Goal) (*TileManhattan, error) {
	m, err := NewManhattan(s, g)
	if err != nil {
		return nil, fmt.Errorf("tile-manhattan: %w", err)
	}
	tm := &TileManhattan{geometry: m.geometry}
	for t := 1; t < tm.n; t++ {
		for p := 0; p < tm.n; p++ {
			tm.cost[t][p] = int16(int(m.dist[t][p]) * t)
		}
	}
	return tm, nil
}

// Name returns "tile-manhattan".
func (m *TileManhattan) Name() string { return "tile-manhattan" }

// MayOverestimate reports true: under unit costs (the cost the registry's
// guarantees are stated for) a tile's distance times its number exceeds the
// number of moves; under --cost tile it is admissible.
func (m *TileManhattan) MayOverestimate() bool { return true }

// Estimate returns the sum of the tiles' Manhattan distances times their numbers.
func (m *TileManhattan) Estimate(b board.Board) int {
	sum := 0
	for p := 0; p < m.n; p++ {
		sum += int(m.cost[b.At(p)][p])
	}
	return sum
}

// Update adds the moved tile's change.
func (m *TileManhattan) Update(_ board.Board, h, tile, from, to int) int {
	return h + int(m.cost[tile][to]) - int(m.cost[tile][from])
}
