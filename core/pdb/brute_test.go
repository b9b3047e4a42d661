package pdb

import (
	"slices"

	"github.com/slidelab/slidelab/core/board"
)

// bruteAbstract computes, independently of the Builder, the abstract distance
// of every (group placement, blank cell) reachable from the goal: a 0-1 BFS
// over full board states (map-based), where a move costs 1 when the moved tile
// is in the group, minimised over the full states with the same projection.
// Keys are placement strings of the group tiles' cells plus the blank cell.
type abstractKey struct {
	cells [board.MaxCells]uint8 // cells[i]: cell of the i-th group tile (ascending tile order)
	blank uint8
}

func bruteAbstract(size board.Size, goal board.Goal, tiles []int) map[abstractKey]int {
	inGroup := map[int]int{}
	for i, t := range slices.Sorted(slices.Values(tiles)) {
		inGroup[t] = i
	}
	start := board.Solved(size, goal)
	dist := map[board.Board]int{start: 0}
	done := map[board.Board]bool{}
	// Dial's buckets: bucket d holds boards at tentative cost d.
	buckets := [][]board.Board{{start}}
	out := map[abstractKey]int{}
	var buf []board.Dir
	for d := 0; d < len(buckets); d++ {
		for len(buckets[d]) > 0 {
			last := len(buckets[d]) - 1
			b := buckets[d][last]
			buckets[d] = buckets[d][:last]
			if done[b] || dist[b] != d {
				continue
			}
			done[b] = true
			var key abstractKey
			for p := 0; p < size.Cells(); p++ {
				if i, ok := inGroup[b.At(p)]; ok {
					key.cells[i] = uint8(p)
				}
			}
			key.blank = uint8(b.Blank())
			if old, ok := out[key]; !ok || d < old {
				out[key] = d
			}
			for _, m := range b.LegalMoves(buf[:0]) {
				nb, _ := b.Move(m)
				// The tile that moves is the one now in the blank's old cell.
				cost := 0
				if _, ok := inGroup[nb.At(b.Blank())]; ok {
					cost = 1
				}
				if old, ok := dist[nb]; ok && old <= d+cost {
					continue
				}
				dist[nb] = d + cost
				for len(buckets) <= d+cost {
					buckets = append(buckets, nil)
				}
				buckets[d+cost] = append(buckets[d+cost], nb)
			}
		}
	}
	return out
}

// bruteEntries minimises bruteAbstract over blank cells.
func bruteEntries(abs map[abstractKey]int) map[[board.MaxCells]uint8]int {
	out := map[[board.MaxCells]uint8]int{}
	for k, d := range abs {
		if old, ok := out[k.cells]; !ok || d < old {
			out[k.cells] = d
		}
	}
	return out
}

// bruteDistances returns the true distance of every state reachable from the goal.
func bruteDistances(size board.Size, goal board.Goal) map[board.Board]int {
	start := board.Solved(size, goal)
	dist := map[board.Board]int{start: 0}
	queue := []board.Board{start}
	var buf []board.Dir
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, m := range b.LegalMoves(buf[:0]) {
			nb, _ := b.Move(m)
			if _, ok := dist[nb]; !ok {
				dist[nb] = dist[b] + 1
				queue = append(queue, nb)
			}
		}
	}
	return dist
}
