package exercise

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// Inversions counts the pairs of tiles (the blank left out) that stand in
// the opposite order to their numbers, reading the board row by row.
func Inversions(b board.Board) int {
	tiles := b.Tiles()
	n := 0
	for i, a := range tiles {
		for _, c := range tiles[i+1:] {
			if a != 0 && c != 0 && a > c {
				n++
			}
		}
	}
	return n
}

// genSolvable asks whether a uniformly shuffled arrangement (solvable or
// not, half and half) can reach the goal.
func genSolvable(_ *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	tiles := r.Perm(s.Cells())
	b, err := board.New(s, tiles)
	if err != nil {
		return Question{}, err
	}
	ok := b.Solvable(goal)
	inv := Inversions(b)
	q := Question{
		Title:  fmt.Sprintf("Solvable? (%s)", puzzleName(s)),
		Text:   fmt.Sprintf("Can this %s board be moved to the goal (1 to %d in order, row by row, the blank last)?", puzzleName(s), s.Cells()-1),
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal, Answer: TrueFalse, Truth: ok,
	}
	verdict := map[bool]string{true: "solvable", false: "not solvable"}[ok]
	var sb strings.Builder
	fmt.Fprintf(&sb, "Read the tiles row by row, leaving out the blank: %s. ", ints(nonBlank(b)))
	fmt.Fprintf(&sb, "%s stand in the wrong order (inversions). ", plural(inv, "pair", "pairs"))
	if s.W%2 == 1 {
		fmt.Fprintf(&sb, "The width %d is odd, so a move never changes the parity of the inversions; the goal has 0, so a board is solvable exactly when its inversions are even. %d is %s: the board is %s.",
			s.W, inv, parity(inv), verdict)
	} else {
		row := s.H - s.Row(b.Blank())
		fmt.Fprintf(&sb, "The width %d is even: a move up or down changes the inversions by an odd number and the blank's row, so the parity of inversions + the blank's row counted from the bottom never changes. The goal has 0 + 1 = 1, odd. Here %d + %d = %d is %s: the board is %s.",
			s.W, inv, row, inv+row, parity(inv+row), verdict)
	}
	q.Explanation = sb.String()
	return q, nil
}

func nonBlank(b board.Board) []int {
	var out []int
	for _, t := range b.Tiles() {
		if t != 0 {
			out = append(out, t)
		}
	}
	return out
}

func parity(n int) string {
	if n%2 == 0 {
		return "even"
	}
	return "odd"
}

// heuristicBoard returns the board of a heuristic question: a random walk
// of 8 to 30 moves on the 8-puzzle, a uniform random 15-puzzle board above.
func heuristicBoard(r *rand.Rand, level int) (board.Board, error) {
	if level <= 1 {
		return walk(r, sizeFor(level), 8, 30)
	}
	return board.Random(r, sizeFor(level), goal)
}

func genHamming(_ *Generator, r *rand.Rand, level int) (Question, error) {
	b, err := heuristicBoard(r, level)
	if err != nil {
		return Question{}, err
	}
	return hammingOn(b, goal)
}

// hammingOn asks for the Hamming distance of b towards goal.
func hammingOn(b board.Board, goal board.Goal) (Question, error) {
	h, err := search.NewHamming(b.Size(), goal)
	if err != nil {
		return Question{}, err
	}
	v := h.Estimate(b)
	shares := h.Shares(b)
	var wrong []int
	for p, sh := range shares {
		if sh > 0 {
			wrong = append(wrong, b.At(p))
		}
	}
	q := Question{
		Title:  fmt.Sprintf("Hamming distance (%s)", puzzleName(b.Size())),
		Text:   "What is the Hamming distance (the number of misplaced tiles, the blank not counted) of this board?",
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal,
	}
	numeric(&q, v)
	q.Explanation = fmt.Sprintf("The tiles not on their goal cells are %s: %s. The blank is not a tile and is not counted.", orNone(wrong), plural(v, "tile", "tiles"))
	return q, nil
}

func orNone(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	return ints(xs)
}

func genManhattan(_ *Generator, r *rand.Rand, level int) (Question, error) {
	b, err := heuristicBoard(r, level)
	if err != nil {
		return Question{}, err
	}
	return manhattanOn(b, goal)
}

// manhattanOn asks for the Manhattan distance of b towards goal.
func manhattanOn(b board.Board, goal board.Goal) (Question, error) {
	m, err := search.NewManhattan(b.Size(), goal)
	if err != nil {
		return Question{}, err
	}
	v := m.Estimate(b)
	q := Question{
		Title:  fmt.Sprintf("Manhattan distance (%s)", puzzleName(b.Size())),
		Text:   "What is the Manhattan distance of this board (the sum over the tiles of the rows plus columns between each tile and its goal cell)?",
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal,
	}
	numeric(&q, v)
	q.Explanation = "Per tile: " + shareList(b, m.Shares(b)) + fmt.Sprintf(". Sum: %d.", v)
	return q, nil
}

// shareList lists the tiles with a non-zero share, in tile order: "1: 2, 5: 1".
func shareList(b board.Board, shares []int) string {
	byTile := make([]int, b.Size().Cells())
	for p, sh := range shares {
		byTile[b.At(p)] = sh
	}
	var parts []string
	for t := 1; t < len(byTile); t++ {
		if byTile[t] > 0 {
			parts = append(parts, fmt.Sprintf("tile %d: %d", t, byTile[t]))
		}
	}
	if len(parts) == 0 {
		return "every tile is home"
	}
	return strings.Join(parts, ", ")
}

func genLinearConflict(_ *Generator, r *rand.Rand, level int) (Question, error) {
	var b board.Board
	var cb search.ConflictBreakdown
	for try := 0; try < 50; try++ {
		var err error
		if b, err = heuristicBoard(r, level); err != nil {
			return Question{}, err
		}
		if cb, err = search.ExplainLinearConflict(b, goal); err != nil {
			return Question{}, err
		}
		if len(cb.Lines) > 0 {
			break // prefer boards with a conflict
		}
	}
	return linearConflictOn(b, goal)
}

// linearConflictOn asks for the linear-conflict value of b towards goal.
func linearConflictOn(b board.Board, goal board.Goal) (Question, error) {
	cb, err := search.ExplainLinearConflict(b, goal)
	if err != nil {
		return Question{}, err
	}
	lc, err := search.NewLinearConflict(b.Size(), goal)
	if err != nil {
		return Question{}, err
	}
	v := lc.Estimate(b)
	if v != cb.Total() {
		return Question{}, fmt.Errorf("linear conflict %d but its breakdown sums to %d", v, cb.Total())
	}
	md := 0
	for _, d := range cb.Manhattan {
		md += d
	}
	q := Question{
		Title: fmt.Sprintf("Linear conflict (%s)", puzzleName(b.Size())),
		Text: "What is the linear-conflict heuristic of this board? (Manhattan distance plus, in each row and column, 2 for each tile " +
			"that must leave the line so that the tiles whose goal is in that line can pass: 2 x the least number of tiles to remove so the rest are in goal order.)",
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal,
	}
	numeric(&q, v)
	var sb strings.Builder
	fmt.Fprintf(&sb, "Manhattan distance: %d. ", md)
	if len(cb.Lines) == 0 {
		sb.WriteString("No row or column holds two tiles of that line in the wrong order, so nothing is added")
	} else {
		removed := 0
		var lines []string
		for _, l := range cb.Lines {
			removed += len(l.Removed)
			lines = append(lines, l.String())
		}
		fmt.Fprintf(&sb, "Tiles that must leave their line (one least set): %s; %s x 2 = %d more moves", strings.Join(lines, "; "), plural(removed, "tile", "tiles"), 2*removed)
	}
	fmt.Fprintf(&sb, ". Total: %d.", v)
	q.Explanation = sb.String()
	return q, nil
}
