package pdb

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// stats makes the report of the last completed layer.
func (b *Builder) stats() LayerStats {
	return LayerStats{
		Group:        b.group,
		Tiles:        b.Tiles(),
		Layer:        b.layers[len(b.layers)-1],
		TotalStates:  b.totalStates,
		TotalEntries: b.totalEntries,
		Entries:      b.Entries(),
		Elapsed:      b.elapsed,
	}
}

// Step completes the next cost layer and returns its statistics with ok true.
// The first Step makes layer 0: the goal placement with the blank anywhere it
// can reach for free. When the last layer has no successors, Step finishes the
// table and returns ok false. If ctx is already cancelled, Step returns its
// error and changes nothing. If ctx is cancelled during a Step (it checks
// every millisecond or so) the Step returns ctx's error, the half-made layer is
// discarded and the builder becomes unusable (ErrBuilderFailed): no partial
// table is ever returned.
func (b *Builder) Step(ctx context.Context) (LayerStats, bool, error) {
	if b.failed {
		return LayerStats{}, false, ErrBuilderFailed
	}
	if b.done {
		return LayerStats{}, false, nil
	}
	if err := ctx.Err(); err != nil {
		return LayerStats{}, false, err // nothing was changed: the builder stays usable
	}
	start := time.Now()
	if b.cost < 0 {
		b.seed()
		b.elapsed += time.Since(start)
		return b.stats(), true, nil
	}
	if b.cost+1 >= Unreached {
		b.fail()
		return LayerStats{}, false, fmt.Errorf("pdb: costs above %d do not fit in a table entry", Unreached-1)
	}
	states, fresh, err := b.expand(ctx)
	if err != nil {
		b.fail()
		return LayerStats{}, false, err
	}
	if states == 0 {
		b.elapsed += time.Since(start)
		b.finish()
		return LayerStats{}, false, nil
	}
	// In the bit-set layout expand cleared cur as it went: it becomes the
	// empty next layer. In the code layout the next layer's code becomes
	// the current one's with the cost.
	b.cur, b.next = b.next, b.cur
	b.cost++
	b.curStates = states
	b.curEntries = 0 // counted when Frontier needs it
	b.totalStates += states
	b.totalEntries += fresh
	b.layers = append(b.layers, Layer{Cost: b.cost, States: states, New: fresh})
	b.elapsed += time.Since(start)
	return b.stats(), true, nil
}

// seed makes layer 0.
func (b *Builder) seed() {
	var cells [board.MaxCells]uint8
	var occ uint32
	for i, t := range b.table.tiles {
		c := b.goal.GoalCell(b.size, t)
		cells[i] = uint8(c)
		occ |= 1 << c
	}
	r := rankCells(&cells, b.k, b.n)
	ci, states := b.componentOf(occ, b.goal.GoalCell(b.size, 0))
	switch {
	case b.coh != nil:
		b.coh.seed(&cells, occ, ci)
	default:
		bit := uint32(1) << ci << (8 * (r & 3))
		b.visited[r>>2] |= bit
		b.cur[r>>2] |= bit
	}
	b.table.values[r] = 0
	b.cost = 0
	b.curStates = states
	b.curEntries = 1
	b.totalStates = states
	b.totalEntries = 1
	b.layers = append(b.layers, Layer{Cost: 0, States: states, New: 1})
}

func (b *Builder) fail() {
	b.failed = true
	b.coh = nil
	b.visited, b.cur, b.next = nil, nil, nil
	b.comp = compTables{}
	b.table = newTable(b.size, b.goal, b.table.tiles) // drop the partial values
}

func (b *Builder) finish() {
	b.done = true
	b.coh = nil
	b.visited, b.cur, b.next = nil, nil, nil
	b.comp = compTables{}
	b.table.layers = slices.Clone(b.layers)
	b.table.seconds = b.elapsed.Seconds()
}
