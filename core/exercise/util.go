package exercise

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// goal is the goal of every question: the app's default, blank last.
const goal = board.BlankLast

// sizeFor returns the board of a level: 3x3 at level 1, 4x4 above.
func sizeFor(level int) board.Size {
	if level <= 1 {
		return board.Size{W: 3, H: 3}
	}
	return board.Size{W: 4, H: 4}
}

// puzzleName names the puzzle of size s ("8-puzzle").
func puzzleName(s board.Size) string {
	if s.W == s.H {
		return fmt.Sprintf("%d-puzzle", s.Cells()-1)
	}
	return s.String() + " puzzle"
}

// walk returns the goal scrambled by a random walk of lo to hi moves (no
// immediate backtracking).
func walk(r *rand.Rand, s board.Size, lo, hi int) (board.Board, error) {
	k := lo + r.IntN(hi-lo+1)
	b, _, err := board.RandomWalk(r, board.Solved(s, goal), k)
	return b, err
}

// walkConfig draws a walk of lo to hi moves on size s and returns it with a
// search configuration of alg and the Manhattan distance.
func walkConfig(r *rand.Rand, s board.Size, lo, hi int, alg search.Algorithm) (board.Board, search.Config, error) {
	b, err := walk(r, s, lo, hi)
	if err != nil {
		return board.Board{}, search.Config{}, err
	}
	h, err := search.NewManhattan(s, goal)
	if err != nil {
		return board.Board{}, search.Config{}, err
	}
	return b, search.Config{Algorithm: alg, Heuristic: h, Goal: goal}, nil
}

// walkStepper is walkConfig with a Stepper of the search.
func walkStepper(r *rand.Rand, s board.Size, lo, hi int, alg search.Algorithm) (board.Board, *search.Stepper, error) {
	b, cfg, err := walkConfig(r, s, lo, hi, alg)
	if err != nil {
		return board.Board{}, nil, err
	}
	st, err := search.NewStepper(b, cfg)
	return b, st, err
}

// shuffled returns the choices in a random order.
func shuffled(r *rand.Rand, cs []Choice) []Choice {
	out := append([]Choice(nil), cs...)
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// ints formats numbers separated by ", ".
func ints(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// plural returns "1 tile", "2 tiles".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// moveName names a move of the blank.
func moveName(d board.Dir) string {
	return [4]string{"U (blank up)", "D (blank down)", "L (blank left)", "R (blank right)"}[d]
}

// cellName names cell p of size s by row and column, counted from 1.
func cellName(s board.Size, p int) string {
	return fmt.Sprintf("row %d, column %d", s.Row(p)+1, s.Col(p)+1)
}

// numeric fills the answer of a numeric question with tolerance 0.
func numeric(q *Question, v int) {
	q.Answer, q.Number, q.Tolerance = Numeric, float64(v), 0
}

// addChoice appends c unless a choice with the same text is there already.
func addChoice(cs []Choice, c Choice) []Choice {
	for _, o := range cs {
		if o.Text == c.Text {
			return cs
		}
	}
	return append(cs, c)
}
