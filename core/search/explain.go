package search

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// Taking a heuristic's value for one board apart, for teaching: each tile's
// share of Hamming and Manhattan distance, the tiles that linear conflict
// makes leave a line, and each pattern database group's table value. The
// parts always add up to the heuristic's Estimate.

// Shares returns, for every cell of b, 1 when the tile there is not in its
// goal cell and 0 otherwise (0 for the blank). The shares sum to Estimate(b).
func (h *Hamming) Shares(b board.Board) []int {
	out := make([]int, h.n)
	for p := 0; p < h.n && p < b.Size().Cells(); p++ {
		if t := b.At(p); t != 0 && h.goalCell[t] != p {
			out[p] = 1
		}
	}
	return out
}

// Shares returns, for every cell of b, the Manhattan distance of the tile
// there to its goal cell (0 for the blank). The shares sum to Estimate(b).
func (m *Manhattan) Shares(b board.Board) []int {
	out := make([]int, m.n)
	for p := 0; p < m.n && p < b.Size().Cells(); p++ {
		out[p] = int(m.dist[b.At(p)][p])
	}
	return out
}

// LineConflict names the tiles of one row or column that the linear conflict
// heuristic makes leave the line so that the others can pass.
type LineConflict struct {
	// Column is true for a column, false for a row; Index counts rows (or
	// columns) from 0 at the top (left).
	Column bool
	Index  int
	// Removed lists the tiles (not cells) that leave the line, in the order
	// they stand in it: the in-line tiles outside one longest run whose goal
	// positions increase. Each adds two moves.
	Removed []int
}

// String names the line and its removed tiles, counting lines from 1:
// "row 2: 7, 5".
func (l LineConflict) String() string {
	what := "row"
	if l.Column {
		what = "column"
	}
	s := fmt.Sprintf("%s %d:", what, l.Index+1)
	for i, t := range l.Removed {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" %d", t)
	}
	return s
}

// ConflictBreakdown is the linear conflict heuristic's value for one board
// taken apart: the Manhattan distance of every tile and, per line, the tiles
// that must leave it.
type ConflictBreakdown struct {
	// Manhattan[p] is the Manhattan distance of the tile in cell p to its
	// goal cell (0 for the blank).
	Manhattan []int
	// Lines lists the lines with at least one removed tile: the rows from
	// the top, then the columns from the left.
	Lines []LineConflict
}

// Extra returns the moves the conflicts add for tile t: 2 for each line that
// t must leave (a tile in its goal cell may have to leave both its row and
// its column).
func (c ConflictBreakdown) Extra(t int) int {
	n := 0
	for _, l := range c.Lines {
		for _, r := range l.Removed {
			if r == t {
				n += 2
			}
		}
	}
	return n
}

// Total returns the heuristic's value: the Manhattan distances plus two per
// removed tile.
func (c ConflictBreakdown) Total() int {
	sum := 0
	for _, d := range c.Manhattan {
		sum += d
	}
	for _, l := range c.Lines {
		sum += 2 * len(l.Removed)
	}
	return sum
}

// Explain takes Estimate(b) apart: Total() of the result equals
// Estimate(b). Within a line, the tiles kept are one longest run in goal
// order (the leftmost such run when there are several), so the removed tiles
// are a least set.
func (lc *LinearConflict) Explain(b board.Board) ConflictBreakdown {
	out := ConflictBreakdown{Manhattan: lc.Manhattan.Shares(b)}
	s := lc.size
	for r := 0; r < s.H; r++ {
		var tiles, goals []int
		for col := 0; col < s.W; col++ {
			if t := b.At(r*s.W + col); t != 0 && lc.goalRow[t] == r {
				tiles = append(tiles, t)
				goals = append(goals, lc.goalCol[t])
			}
		}
		if removed := outsideLongestRun(tiles, goals); len(removed) > 0 {
			out.Lines = append(out.Lines, LineConflict{Index: r, Removed: removed})
		}
	}
	for col := 0; col < s.W; col++ {
		var tiles, goals []int
		for r := 0; r < s.H; r++ {
			if t := b.At(r*s.W + col); t != 0 && lc.goalCol[t] == col {
				tiles = append(tiles, t)
				goals = append(goals, lc.goalRow[t])
			}
		}
		if removed := outsideLongestRun(tiles, goals); len(removed) > 0 {
			out.Lines = append(out.Lines, LineConflict{Column: true, Index: col, Removed: removed})
		}
	}
	return out
}

// ExplainLinearConflict takes the linear conflict heuristic's value of b for
// goal g apart (see LinearConflict.Explain).
func ExplainLinearConflict(b board.Board, g board.Goal) (ConflictBreakdown, error) {
	lc, err := NewLinearConflict(b.Size(), g)
	if err != nil {
		return ConflictBreakdown{}, err
	}
	return lc.Explain(b), nil
}

// outsideLongestRun returns the tiles that are not in one longest strictly
// increasing subsequence of goals (tiles[i] has goal position goals[i]); it
// keeps the subsequence that ends earliest, preferring earlier tiles.
func outsideLongestRun(tiles, goals []int) []int {
	k := len(goals)
	if k < 2 {
		return nil
	}
	best := make([]int, k) // length of the longest run ending at i
	prev := make([]int, k) // the element before i in that run, or -1
	end := 0
	for i, x := range goals {
		best[i], prev[i] = 1, -1
		for j := 0; j < i; j++ {
			if goals[j] < x && best[j]+1 > best[i] {
				best[i], prev[i] = best[j]+1, j
			}
		}
		if best[i] > best[end] {
			end = i
		}
	}
	keep := make([]bool, k)
	for i := end; i >= 0; i = prev[i] {
		keep[i] = true
	}
	var out []int
	for i, t := range tiles {
		if !keep[i] {
			out = append(out, t)
		}
	}
	return out
}

// GroupValues returns each table's value for b, in the order of DB().Tables
// (and of DB().Partition.Groups). They sum to Estimate(b).
func (h *PDB) GroupValues(b board.Board) []int {
	out := make([]int, len(h.db.Tables))
	for i, t := range h.db.Tables {
		out[i] = t.Lookup(b)
	}
	return out
}
