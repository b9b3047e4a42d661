package uitest

import "github.com/slidelab/slidelab/core/board"

// ManhattanOf is the Manhattan distance of b towards goal g, computed here
// from the tiles' cells (not by core/search): a lower bound on any
// solution, for tests to check a search's answer against.
func ManhattanOf(b board.Board, g board.Goal) int {
	s := b.Size()
	goalCell := make([]int, s.Cells())
	for p, t := range board.Solved(s, g).Tiles() {
		goalCell[t] = p
	}
	sum := 0
	for p, t := range b.Tiles() {
		if t == 0 {
			continue
		}
		q := goalCell[t]
		sum += abs(s.Row(p)-s.Row(q)) + abs(s.Col(p)-s.Col(q))
	}
	return sum
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
