package search

import "github.com/slidelab/slidelab/core/board"

// Boards of more than board.SmallCells cells (the 24-puzzle) do not fit in
// one packed word, so the heuristics read them into a cell array first. The
// 8- and 15-puzzle keep their packed-word paths in heuristic.go.

// unpack writes the tiles of cells 0..n-1 of b into cells (cell -> tile).
func unpack(b board.Board, n int, cells *[board.MaxCells]uint8) {
	for p := 0; p < n; p++ {
		cells[p] = uint8(b.At(p))
	}
}

// penalties returns the sum of the row and column penalties of the board
// whose cells are given.
func (lc *LinearConflict) penalties(cells *[board.MaxCells]uint8) int {
	h := 0
	for r := 0; r < lc.size.H; r++ {
		h += lc.rowPenaltyOf(cells, r)
	}
	for col := 0; col < lc.size.W; col++ {
		h += lc.colPenaltyOf(cells, col)
	}
	return h
}

// updateLarge returns the change of the line penalties when tile slid from
// cell from into cell to, giving next; like Update it recomputes only the two
// lines the move touched.
func (lc *LinearConflict) updateLarge(next board.Board, tile, from, to int) int {
	s := lc.size
	// Read only the cells of the two lines the move touched.
	var cells [board.MaxCells]uint8
	if s.Row(from) == s.Row(to) {
		for _, col := range [2]int{s.Col(from), s.Col(to)} {
			for p := col; p < lc.n; p += s.W {
				cells[p] = uint8(next.At(p))
			}
		}
	} else {
		for _, r := range [2]int{s.Row(from), s.Row(to)} {
			for p := r * s.W; p < (r+1)*s.W; p++ {
				cells[p] = uint8(next.At(p))
			}
		}
	}
	line := func() int {
		if s.Row(from) == s.Row(to) {
			return lc.colPenaltyOf(&cells, s.Col(from)) + lc.colPenaltyOf(&cells, s.Col(to))
		}
		return lc.rowPenaltyOf(&cells, s.Row(from)) + lc.rowPenaltyOf(&cells, s.Row(to))
	}
	now := line()
	// Before the move the tile was in from and the blank in to.
	cells[from], cells[to] = uint8(tile), 0
	return now - line()
}

// rowPenaltyOf is rowPenalty for a cell array.
func (lc *LinearConflict) rowPenaltyOf(cells *[board.MaxCells]uint8, r int) int {
	var goals [board.MaxCells]int
	k := 0
	for col := 0; col < lc.size.W; col++ {
		t := int(cells[r*lc.size.W+col])
		if t != 0 && lc.goalRow[t] == r {
			goals[k] = lc.goalCol[t]
			k++
		}
	}
	return 2 * (k - longestIncreasing(goals[:k]))
}

// colPenaltyOf is colPenalty for a cell array.
func (lc *LinearConflict) colPenaltyOf(cells *[board.MaxCells]uint8, col int) int {
	var goals [board.MaxCells]int
	k := 0
	for r := 0; r < lc.size.H; r++ {
		t := int(cells[r*lc.size.W+col])
		if t != 0 && lc.goalCol[t] == col {
			goals[k] = lc.goalRow[t]
			k++
		}
	}
	return 2 * (k - longestIncreasing(goals[:k]))
}
