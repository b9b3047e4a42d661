package exercise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// named is a heuristic of a property question: the app's heuristics, and
// sums and multiples of them that teach what breaks admissibility or
// consistency.
type named struct {
	name     string
	label    string
	estimate func(board.Board) int
}

// PDBPartition is the additive partition of the "pdb" heuristic of property
// questions on a board of size s.
func PDBPartition(s board.Size) string {
	if s.Cells() <= 9 {
		return "1,2,3,4/5,6,7,8"
	}
	return "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15"
}

// heuristic returns the named heuristic of a property question on size s.
func (g *Generator) heuristic(name string, s board.Size) (named, error) {
	md, err := search.NewManhattan(s, goal)
	if err != nil {
		return named{}, err
	}
	ham, err := search.NewHamming(s, goal)
	if err != nil {
		return named{}, err
	}
	lc, err := search.NewLinearConflict(s, goal)
	if err != nil {
		return named{}, err
	}
	switch name {
	case "manhattan":
		return named{name, "the Manhattan distance", md.Estimate}, nil
	case "hamming":
		return named{name, "the Hamming distance (misplaced tiles)", ham.Estimate}, nil
	case "linear-conflict":
		return named{name, "the linear-conflict heuristic", lc.Estimate}, nil
	case "2*manhattan":
		return named{name, "twice the Manhattan distance", func(b board.Board) int { return 2 * md.Estimate(b) }}, nil
	case "2*hamming":
		return named{name, "twice the Hamming distance", func(b board.Board) int { return 2 * ham.Estimate(b) }}, nil
	case "manhattan+hamming":
		return named{name, "the Manhattan distance plus the Hamming distance", func(b board.Board) int { return md.Estimate(b) + ham.Estimate(b) }}, nil
	case "pdb":
		db, err := g.additive(s)
		if err != nil {
			return named{}, err
		}
		return named{name, "the additive pattern databases " + PDBPartition(s) + " (sum of the tables' entries)", db.Heuristic}, nil
	}
	return named{}, fmt.Errorf("unknown heuristic %q", name)
}

// additive returns the additive pattern databases of PDBPartition(s).
func (g *Generator) additive(s board.Size) (*pdb.DB, error) {
	p, err := pdb.ParsePartition(PDBPartition(s), s, goal)
	if err != nil {
		return nil, err
	}
	tables := make([]*pdb.Table, len(p.Groups))
	for i, grp := range p.Groups {
		if tables[i], err = g.table(s, grp); err != nil {
			return nil, err
		}
	}
	return pdb.NewDB(p, tables)
}

// propSetup draws a heuristic of pool and n boards a few moves from the
// goal for a property question.
func (g *Generator) propSetup(r *rand.Rand, level int, pool []string, n int) (named, []board.Board, error) {
	h, err := g.heuristic(pool[r.IntN(len(pool))], sizeFor(level))
	if err != nil {
		return named{}, nil, err
	}
	out := make([]board.Board, n)
	for i := range out {
		if out[i], err = walk(r, sizeFor(level), 3+level, 6+4*level); err != nil {
			return named{}, nil, err
		}
	}
	return h, out, nil
}

// Distance returns the least number of moves from b to the goal (IDA* with
// linear conflict).
func Distance(b board.Board) (int, error) {
	lc, err := search.NewLinearConflict(b.Size(), goal)
	if err != nil {
		return 0, err
	}
	res, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.IDAStar, Heuristic: lc, Goal: goal})
	if err != nil {
		return 0, err
	}
	return len(res.Moves), nil
}

func genAdmissible(g *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	h, boards, err := g.propSetup(r, level, []string{"manhattan", "linear-conflict", "hamming", "2*manhattan", "manhattan+hamming"}, 4)
	if err != nil {
		return Question{}, err
	}
	q := Question{
		Title: fmt.Sprintf("Admissible? %s (%s)", h.name, puzzleName(s)),
		Text: fmt.Sprintf("h is %s; its values are shown with the boards, each a few moves from the goal. "+
			"Is h admissible on these boards: on each of them, is h at most the least number of moves to the goal?", h.label),
		Goal: goal, Answer: TrueFalse, Truth: true,
		Given: map[string]string{"heuristic": h.name},
	}
	var parts []string
	counter := ""
	for i, b := range boards {
		v := h.estimate(b)
		d, err := Distance(b)
		if err != nil {
			return Question{}, err
		}
		q.Boards = append(q.Boards, Picture{Caption: fmt.Sprintf("h=%d", v), Board: b})
		parts = append(parts, fmt.Sprintf("board %d: h = %d, true distance %d", i+1, v, d))
		if v > d && counter == "" {
			q.Truth = false
			counter = fmt.Sprintf(" Counter-example: board %d (%s) is %s from the goal, but h = %d overestimates it.", i+1, b.Line(), plural(d, "move", "moves"), v)
		}
	}
	q.Explanation = strings.Join(parts, "; ") + "."
	if q.Truth {
		q.Explanation += " h never exceeds the true distance here, so it is admissible on these boards."
	} else {
		q.Explanation += counter + " One overestimate is enough: h is not admissible."
	}
	return q, nil
}

// edge is a move from a board along which h drops by more than 1.
type edge struct {
	board board.Board
	move  board.Dir
	h, hc int
}

// firstDrop returns the first move from b (in the order U, D, L, R) along
// which h drops by more than 1, and the number of moves checked.
func firstDrop(h named, b board.Board) (edge, bool, int) {
	var buf [4]board.Dir
	hb := h.estimate(b)
	moves := b.LegalMoves(buf[:0])
	for _, d := range moves {
		c, _ := b.Move(d)
		if hc := h.estimate(c); hb > 1+hc {
			return edge{b, d, hb, hc}, true, len(moves)
		}
	}
	return edge{}, false, len(moves)
}

func genConsistent(g *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	h, boards, err := g.propSetup(r, level, []string{"manhattan", "linear-conflict", "hamming", "2*hamming", "pdb"}, 3)
	if err != nil {
		return Question{}, err
	}
	if r.IntN(2) == 0 { // look for a counter-example to include, half of the time
		for try := 0; try < 300; try++ {
			b, err := walk(r, s, 6, 30)
			if err != nil {
				return Question{}, err
			}
			if _, bad, _ := firstDrop(h, b); bad {
				boards[r.IntN(len(boards))] = b
				break
			}
		}
	}
	q := Question{
		Title: fmt.Sprintf("Consistent? %s (%s)", h.name, puzzleName(s)),
		Text: fmt.Sprintf("h is %s; its values are shown with the boards. Is h consistent on these boards: for every move from one of them to a neighbour n', "+
			"is h(n) <= 1 + h(n')? (Every move costs 1.)", h.label),
		Goal: goal, Answer: TrueFalse, Truth: true,
		Given: map[string]string{"heuristic": h.name},
	}
	checked := 0
	var bad edge
	for i, b := range boards {
		q.Boards = append(q.Boards, Picture{Caption: fmt.Sprintf("h=%d", h.estimate(b)), Board: b})
		e, drop, n := firstDrop(h, b)
		checked += n
		if drop && q.Truth {
			q.Truth, bad = false, e
			bad.board = boards[i]
		}
	}
	if q.Truth {
		q.Explanation = fmt.Sprintf("All %d moves from these boards lower h by at most 1, so h is consistent on them.", checked)
	} else {
		c, _ := bad.board.Move(bad.move)
		q.Explanation = fmt.Sprintf("Counter-example: from the board %s (h = %d) the move %v leads to %s with h = %d: h drops by %d, more than the move's cost 1, so h is not consistent.",
			bad.board.Line(), bad.h, bad.move, c.Line(), bad.hc, bad.h-bad.hc)
		if h.name == "pdb" {
			q.Explanation += " Additive pattern databases are admissible but need not be consistent: A* then reopens closed nodes."
		}
	}
	return q, nil
}
