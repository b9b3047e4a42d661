package board

import (
	"fmt"
	"strings"
)

// Goal names the solved arrangement of a board.
type Goal uint8

const (
	// BlankLast is 1 2 ... N-1 in row-major order with the blank in the last
	// cell (bottom-right). It is the default.
	BlankLast Goal = iota
	// BlankFirst is Korf's goal: the blank in the first cell (top-left), then
	// 1 2 ... N-1, so tile t sits in cell t.
	BlankFirst
)

// String returns "blank-last" or "blank-first".
func (g Goal) String() string {
	switch g {
	case BlankLast:
		return "blank-last"
	case BlankFirst:
		return "blank-first"
	}
	return fmt.Sprintf("Goal(%d)", uint8(g))
}

// ParseGoal parses "blank-last" or "blank-first" (also "last", "first", "korf").
func ParseGoal(text string) (Goal, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "blank-last", "last", "":
		return BlankLast, nil
	case "blank-first", "first", "korf":
		return BlankFirst, nil
	}
	return 0, fmt.Errorf("goal %q: want blank-last or blank-first", text)
}

// GoalCell returns the cell where tile t (0 for the blank) sits in goal g on a board of s.Cells() cells.
func (g Goal) GoalCell(s Size, t int) int {
	n := s.Cells()
	if g == BlankFirst {
		return t
	}
	if t == 0 {
		return n - 1
	}
	return t - 1
}

// GoalTile returns the tile (0 for the blank) that sits in cell p in goal g.
func (g Goal) GoalTile(s Size, p int) int {
	n := s.Cells()
	if g == BlankFirst {
		return p
	}
	if p == n-1 {
		return 0
	}
	return p + 1
}

// ConvertGoal turns a board meant for one goal convention into the equivalent
// board for the other: it rotates the board 180 degrees and relabels each tile
// t as N-t (the blank stays 0), where N = W*H. The map is its own inverse and
// sends moves to moves (see ConvertMoves), so optimal solution lengths do not
// change. It converts Korf's blank-first instances to blank-last ones.
func ConvertGoal(b Board) Board {
	s := b.Size()
	n := s.Cells()
	out := Board{shape: b.shape}
	for p := 0; p < n; p++ {
		t := b.At(n - 1 - p)
		if t != 0 {
			t = n - t
		} else {
			out.blank = uint8(p)
		}
		out.set(p, t)
	}
	return out
}

// ConvertMoves maps a move sequence through ConvertGoal: a 180-degree rotation
// turns every direction into its opposite.
func ConvertMoves(moves []Dir) []Dir {
	out := make([]Dir, len(moves))
	for i, d := range moves {
		out[i] = d.Inverse()
	}
	return out
}
