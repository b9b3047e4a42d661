package search

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// Heuristic estimates the number of moves from a board to the goal. Every
// heuristic in this package is admissible (it never overestimates, so A* and
// IDA* return optimal solutions with it) except the heuristics that lie,
// kept for teaching (heuristic_lie.go), which say so through Overestimator
// (see Admissible). A Heuristic is bound to one board size and goal (see
// Domain) and is safe for concurrent use.
type Heuristic interface {
	// Name returns a short name for display, such as "manhattan".
	Name() string
	// Estimate returns the estimated number of moves from b to the goal: a
	// lower bound when the heuristic is admissible.
	Estimate(b board.Board) int
}

// Incremental is implemented by heuristics that can compute the estimate of
// a board from that of its parent more cheaply than from scratch.
type Incremental interface {
	Heuristic
	// Update returns Estimate(next), where next is the board after one move
	// that slid tile from cell from into cell to (the blank's old cell), and h
	// is the estimate of the board before the move.
	Update(next board.Board, h, tile, from, to int) int
}

// Domain is implemented by heuristics that work for one board size and goal
// only; the searches check it against the start board.
type Domain interface {
	// Domain returns the board size and the goal the heuristic was made for.
	Domain() (board.Size, board.Goal)
}

// checkDomain returns an error when h was made for another size or goal.
func checkDomain(h Heuristic, s board.Size, g board.Goal) error {
	d, ok := h.(Domain)
	if !ok {
		return nil
	}
	hs, hg := d.Domain()
	if hs != s || hg != g {
		return fmt.Errorf("heuristic %s is for %s boards with the %s goal, not %s with %s", h.Name(), hs, hg, s, g)
	}
	return nil
}

// geometry holds the goal cell of every tile for one size and goal.
type geometry struct {
	size     board.Size
	goal     board.Goal
	n        int
	goalCell [board.MaxCells]int
}

func newGeometry(s board.Size, g board.Goal) (geometry, error) {
	if err := s.Validate(); err != nil {
		return geometry{}, err
	}
	if g != board.BlankLast && g != board.BlankFirst {
		return geometry{}, fmt.Errorf("unknown goal %v", g)
	}
	geo := geometry{size: s, goal: g, n: s.Cells()}
	for t := 0; t < geo.n; t++ {
		geo.goalCell[t] = g.GoalCell(s, t)
	}
	return geo, nil
}

// Domain returns the size and goal.
func (geo *geometry) Domain() (board.Size, board.Goal) { return geo.size, geo.goal }

// Hamming counts the tiles (not the blank) that are not in their goal cells.
//
// Admissible: every misplaced tile must move at least once, and a move moves
// one tile.
type Hamming struct {
	geometry
}

// NewHamming returns the misplaced-tiles heuristic for size s and goal g.
func NewHamming(s board.Size, g board.Goal) (*Hamming, error) {
	geo, err := newGeometry(s, g)
	if err != nil {
		return nil, fmt.Errorf("hamming: %w", err)
	}
	return &Hamming{geo}, nil
}

// Name returns "hamming".
func (h *Hamming) Name() string { return "hamming" }

// Estimate returns the number of misplaced tiles.
func (h *Hamming) Estimate(b board.Board) int {
	if h.n > board.SmallCells {
		sum := 0
		for p := 0; p < h.n; p++ {
			if t := b.At(p); t != 0 && h.goalCell[t] != p {
				sum++
			}
		}
		return sum
	}
	c := b.Cells()
	sum := 0
	for p := 0; p < h.n; p++ {
		if t := int(c>>(4*p)) & 0xF; t != 0 && h.goalCell[t] != p {
			sum++
		}
	}
	return sum
}

// Update adjusts h for one tile moving from one cell to another.
func (h *Hamming) Update(_ board.Board, v, tile, from, to int) int {
	if h.goalCell[tile] == from {
		v++
	}
	if h.goalCell[tile] == to {
		v--
	}
	return v
}

// Manhattan sums, over the tiles, the number of rows plus columns between a
// tile's cell and its goal cell.
//
// Admissible: a move slides one tile by one row or one column, so it reduces
// the sum by at most one.
type Manhattan struct {
	geometry
	dist [board.MaxCells][board.MaxCells]int8 // [tile][cell]; 0 for the blank
}

// NewManhattan returns the Manhattan-distance heuristic for size s and goal g.
func NewManhattan(s board.Size, g board.Goal) (*Manhattan, error) {
	geo, err := newGeometry(s, g)
	if err != nil {
		return nil, fmt.Errorf("manhattan: %w", err)
	}
	m := &Manhattan{geometry: geo}
	for t := 1; t < geo.n; t++ {
		gc := geo.goalCell[t]
		for p := 0; p < geo.n; p++ {
			m.dist[t][p] = int8(abs(s.Row(p)-s.Row(gc)) + abs(s.Col(p)-s.Col(gc)))
		}
	}
	return m, nil
}

// Name returns "manhattan".
func (m *Manhattan) Name() string { return "manhattan" }

// Estimate returns the sum of the tiles' Manhattan distances.
func (m *Manhattan) Estimate(b board.Board) int {
	if m.n > board.SmallCells {
		sum := 0
		for p := 0; p < m.n; p++ {
			sum += int(m.dist[b.At(p)][p])
		}
		return sum
	}
	c := b.Cells()
	sum := 0
	for p := 0; p < m.n; p++ {
		sum += int(m.dist[int(c>>(4*p))&0xF][p])
	}
	return sum
}

// Update adds the change of one tile's distance (always +1 or -1).
func (m *Manhattan) Update(_ board.Board, h, tile, from, to int) int {
	return h + int(m.dist[tile][to]) - int(m.dist[tile][from])
}

// LinearConflict is Manhattan distance plus, for every row and every column,
// twice the least number of tiles that must leave the line so that the tiles
// left in it are in goal order. Only tiles whose goal cell lies in the line
// count ("in-line" tiles).
//
// Admissible (Hansson, Mayer and Yung, 1992): in-line tiles cannot pass one
// another without one of them leaving the line, and the smallest set of tiles
// that must leave is the in-line count minus the longest increasing
// subsequence of their goal positions. Each tile that leaves its goal row has
// to step out and back: two vertical moves that Manhattan distance does not
// count. Row conflicts are paid with vertical moves of tiles in their goal
// row and column conflicts with horizontal moves of tiles in their goal
// column, so no move is counted twice.
//
// The common shortcut of adding 2 per conflicting pair overestimates: three
// in-line tiles in reverse order form three conflicting pairs (+6), yet
// moving two of them out of the line lets the third pass (+4). This type uses
// the exact per-line minimum.
type LinearConflict struct {
	Manhattan
	// goalRow[t] and goalCol[t] locate tile t's goal cell.
	goalRow, goalCol [board.MaxCells]int
}

// NewLinearConflict returns the linear-conflict heuristic for size s and goal g.
func NewLinearConflict(s board.Size, g board.Goal) (*LinearConflict, error) {
	m, err := NewManhattan(s, g)
	if err != nil {
		return nil, fmt.Errorf("linear conflict: %w", err)
	}
	lc := &LinearConflict{Manhattan: *m}
	for t := 0; t < lc.n; t++ {
		lc.goalRow[t] = s.Row(lc.goalCell[t])
		lc.goalCol[t] = s.Col(lc.goalCell[t])
	}
	return lc, nil
}

// Name returns "linear-conflict".
func (lc *LinearConflict) Name() string { return "linear-conflict" }

// Estimate returns Manhattan distance plus the line penalties.
func (lc *LinearConflict) Estimate(b board.Board) int {
	h := lc.Manhattan.Estimate(b)
	if lc.n > board.SmallCells {
		var cells [board.MaxCells]uint8
		unpack(b, lc.n, &cells)
		return h + lc.penalties(&cells)
	}
	c := b.Cells()
	for r := 0; r < lc.size.H; r++ {
		h += lc.rowPenalty(c, r)
	}
	for col := 0; col < lc.size.W; col++ {
		h += lc.colPenalty(c, col)
	}
	return h
}

// Update adds the Manhattan change and recomputes the lines the move touched:
// a horizontal move changes the tile's column (its row keeps the same order),
// a vertical move its row.
func (lc *LinearConflict) Update(next board.Board, h, tile, from, to int) int {
	s := lc.size
	h = lc.Manhattan.Update(next, h, tile, from, to)
	if lc.n > board.SmallCells {
		return h + lc.updateLarge(next, tile, from, to)
	}
	now := next.Cells()
	// Before the move the tile was in from and the blank in to.
	before := now&^(0xF<<(4*to)) | uint64(tile)<<(4*from)
	if s.Row(from) == s.Row(to) {
		h += lc.colPenalty(now, s.Col(from)) + lc.colPenalty(now, s.Col(to))
		h -= lc.colPenalty(before, s.Col(from)) + lc.colPenalty(before, s.Col(to))
	} else {
		h += lc.rowPenalty(now, s.Row(from)) + lc.rowPenalty(now, s.Row(to))
		h -= lc.rowPenalty(before, s.Row(from)) + lc.rowPenalty(before, s.Row(to))
	}
	return h
}

// rowPenalty returns 2 x (in-line tiles - LIS of their goal columns) for row
// r of the packed cells c.
func (lc *LinearConflict) rowPenalty(c uint64, r int) int {
	var goals [board.MaxCells]int
	k := 0
	for col := 0; col < lc.size.W; col++ {
		t := int(c>>(4*(r*lc.size.W+col))) & 0xF
		if t != 0 && lc.goalRow[t] == r {
			goals[k] = lc.goalCol[t]
			k++
		}
	}
	return 2 * (k - longestIncreasing(goals[:k]))
}

// colPenalty returns 2 x (in-line tiles - LIS of their goal rows) for column
// col of the packed cells c.
func (lc *LinearConflict) colPenalty(c uint64, col int) int {
	var goals [board.MaxCells]int
	k := 0
	for r := 0; r < lc.size.H; r++ {
		t := int(c>>(4*(r*lc.size.W+col))) & 0xF
		if t != 0 && lc.goalCol[t] == col {
			goals[k] = lc.goalRow[t]
			k++
		}
	}
	return 2 * (k - longestIncreasing(goals[:k]))
}

// longestIncreasing returns the length of the longest strictly increasing
// subsequence of xs (xs is short: at most one line of a board).
func longestIncreasing(xs []int) int {
	var best [board.MaxCells]int
	longest := 0
	for i, x := range xs {
		best[i] = 1
		for j := 0; j < i; j++ {
			if xs[j] < x && best[j]+1 > best[i] {
				best[i] = best[j] + 1
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}

// Max combines heuristics by taking the largest estimate. The maximum of
// admissible heuristics is admissible, since each is a lower bound.
type Max struct {
	parts []Heuristic
}

// NewMax returns the maximum of the given heuristics; they must all be for
// the same size and goal.
func NewMax(parts ...Heuristic) (*Max, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("max: no heuristics given")
	}
	var first Domain
	for _, p := range parts {
		if p == nil {
			return nil, fmt.Errorf("max: nil heuristic")
		}
		d, ok := p.(Domain)
		if !ok {
			continue
		}
		if first == nil {
			first = d
			continue
		}
		s1, g1 := first.Domain()
		if s2, g2 := d.Domain(); s1 != s2 || g1 != g2 {
			return nil, fmt.Errorf("max: heuristics for different boards (%s %s and %s %s)", s1, g1, s2, g2)
		}
	}
	return &Max{parts: append([]Heuristic(nil), parts...)}, nil
}

// Name returns "max(a,b,...)".
func (m *Max) Name() string {
	names := make([]string, len(m.parts))
	for i, p := range m.parts {
		names[i] = p.Name()
	}
	return "max(" + strings.Join(names, ",") + ")"
}

// Estimate returns the largest of the parts' estimates.
func (m *Max) Estimate(b board.Board) int {
	best := 0
	for _, p := range m.parts {
		best = max(best, p.Estimate(b))
	}
	return best
}

// Domain returns the size and goal of the first part that has one.
func (m *Max) Domain() (board.Size, board.Goal) {
	for _, p := range m.parts {
		if d, ok := p.(Domain); ok {
			return d.Domain()
		}
	}
	return board.Size{}, 0
}

// Parts returns the combined heuristics.
func (m *Max) Parts() []Heuristic { return append([]Heuristic(nil), m.parts...) }

// Reflected evaluates a heuristic on a board and on its mirror image about
// the main diagonal and returns the larger value (Korf and Felner's reflected
// lookup, most useful with pattern databases).
//
// Admissible when the goal lies on the diagonal, as both goals here do:
// board.Mirror maps moves to moves and fixes the goal, so a board and its
// mirror are equally far from the goal, and the heuristic's value on the
// mirror is a lower bound for both.
type Reflected struct {
	inner Heuristic
	size  board.Size
	goal  board.Goal
}

// NewReflected wraps h with the reflected lookup; the board must be square.
func NewReflected(h Heuristic, s board.Size, g board.Goal) (*Reflected, error) {
	if h == nil {
		return nil, fmt.Errorf("reflected: nil heuristic")
	}
	if s.W != s.H {
		return nil, fmt.Errorf("reflected lookup needs a square board, not %s", s)
	}
	if err := checkDomain(h, s, g); err != nil {
		return nil, fmt.Errorf("reflected: %w", err)
	}
	// The mirror fixes the goal exactly when the goal blank is on the diagonal.
	if gb := g.GoalCell(s, 0); s.Row(gb) != s.Col(gb) {
		return nil, fmt.Errorf("reflected lookup needs the goal blank on the diagonal")
	}
	return &Reflected{inner: h, size: s, goal: g}, nil
}

// Name returns the inner name followed by "+reflect".
func (r *Reflected) Name() string { return r.inner.Name() + "+reflect" }

// Estimate returns max(h(b), h(mirror of b)).
func (r *Reflected) Estimate(b board.Board) int {
	m, err := b.Mirror(r.goal)
	if err != nil {
		return r.inner.Estimate(b)
	}
	return max(r.inner.Estimate(b), r.inner.Estimate(m))
}

// Inner returns the wrapped heuristic.
func (r *Reflected) Inner() Heuristic { return r.inner }

// Domain returns the size and goal the reflection was made for.
func (r *Reflected) Domain() (board.Size, board.Goal) { return r.size, r.goal }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
