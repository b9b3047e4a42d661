package predict

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// MaxDepth is the deepest tree Tree counts: beyond it the counts of a 4x4
// tree leave float64's range.
const MaxDepth = 600

// noMove is the "move" of the root: it has no parent to undo.
const noMove = 4

// Tree counts the nodes of IDA*'s brute-force search tree (every legal move
// except the one undoing the previous move) from a start with the blank in
// one cell, per depth, by the blank's cell and the move that led there. The
// counts are exact (float64 holds them exactly up to 2^53, and to 16
// significant digits beyond). A Tree grows on demand, so it is not safe for
// concurrent use.
type Tree struct {
	size  board.Size
	blank int
	// at[i][c][m]: nodes at depth i with the blank in cell c, reached by
	// move m (noMove only at the root).
	at [][board.MaxCells][noMove + 1]float64
	// branch[c][m]: children of such a node.
	branch [board.MaxCells][noMove + 1]int
	next   [board.MaxCells][noMove + 1][4]int // the child's cell per move, -1 when illegal or pruned
}

// NewTree counts the tree of boards of size s from a start with the blank in
// cell blank, to depth.
func NewTree(s board.Size, blank, depth int) (*Tree, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("brute-force tree: %w", err)
	}
	if blank < 0 || blank >= s.Cells() {
		return nil, fmt.Errorf("brute-force tree: blank cell %d is not on a %s board", blank, s)
	}
	if depth < 0 || depth > MaxDepth {
		return nil, fmt.Errorf("brute-force tree: depth %d is not in 0..%d", depth, MaxDepth)
	}
	t := &Tree{size: s, blank: blank}
	for c := 0; c < s.Cells(); c++ {
		for m := 0; m <= noMove; m++ {
			for _, d := range board.Dirs {
				t.next[c][m][d] = -1
				if m != noMove && d == board.Dir(m).Inverse() {
					continue
				}
				if n, ok := s.Neighbor(c, d); ok {
					t.next[c][m][d] = n
					t.branch[c][m]++
				}
			}
		}
	}
	t.at = make([][board.MaxCells][noMove + 1]float64, 1, depth+1)
	t.at[0][blank][noMove] = 1
	t.grow(depth)
	return t, nil
}

// grow extends the counts to depth (at most MaxDepth).
func (t *Tree) grow(depth int) {
	depth = min(depth, MaxDepth)
	cells := t.size.Cells()
	for len(t.at) <= depth {
		prev := &t.at[len(t.at)-1]
		var cur [board.MaxCells][noMove + 1]float64
		for c := 0; c < cells; c++ {
			for m := 0; m <= noMove; m++ {
				n := prev[c][m]
				if n == 0 {
					continue
				}
				for d, to := range t.next[c][m] {
					if to >= 0 {
						cur[to][d] += n
					}
				}
			}
		}
		t.at = append(t.at, cur)
	}
}

// Size returns the board size of the tree.
func (t *Tree) Size() board.Size { return t.size }

// Blank returns the start's blank cell.
func (t *Tree) Blank() int { return t.blank }

// Depth returns the deepest level counted.
func (t *Tree) Depth() int { return len(t.at) - 1 }

// NodesAt returns the number of nodes at depth i with the blank in cell c
// (0 beyond the depth counted).
func (t *Tree) NodesAt(i, c int) float64 {
	if i < 0 || i >= len(t.at) || c < 0 || c >= t.size.Cells() {
		return 0
	}
	s := 0.0
	for _, n := range t.at[i][c] {
		s += n
	}
	return s
}

// Nodes returns N_i, the number of nodes at depth i.
func (t *Tree) Nodes(i int) float64 {
	s := 0.0
	for c := 0; c < t.size.Cells(); c++ {
		s += t.NodesAt(i, c)
	}
	return s
}

// ChildrenAt returns the number of children of the nodes at depth i with the
// blank in cell c: the nodes at depth i+1 they generate.
func (t *Tree) ChildrenAt(i, c int) float64 {
	if i < 0 || i >= len(t.at) || c < 0 || c >= t.size.Cells() {
		return 0
	}
	s := 0.0
	for m, n := range t.at[i][c] {
		s += n * float64(t.branch[c][m])
	}
	return s
}

// BlankShares returns, per cell, the share of the tree's nodes with the
// blank there, averaged over depths depth-1 and depth (the blank alternates
// between the two colours of the board's chequerboard): for a deep level,
// the asymptotic weights KRE give the heuristic's distribution per blank
// position.
func (t *Tree) BlankShares(depth int) []float64 {
	t.grow(max(depth, 1))
	depth = min(max(depth, 1), t.Depth())
	out := make([]float64, t.size.Cells())
	for _, i := range []int{depth - 1, depth} {
		n := t.Nodes(i)
		for c := range out {
			out[c] += t.NodesAt(i, c) / n / 2
		}
	}
	return out
}

// BranchingFactor returns N_depth / N_(depth-1), the tree's growth at depth.
func (t *Tree) BranchingFactor(depth int) float64 {
	t.grow(depth)
	depth = min(max(depth, 1), t.Depth())
	return t.Nodes(depth) / t.Nodes(depth-1)
}
