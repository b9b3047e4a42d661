package exercise

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// idaPass is one pass of IDA*: its bound, its expansions (with their
// children) and the f-values of the children it pruned.
type idaPass struct {
	bound    int
	expanded []search.Event
	pruned   []int
}

// maxIDAEvents bounds the events an IDA* question steps through.
const maxIDAEvents = 60000

// idaPasses runs IDA* with Manhattan on b, event by event, and returns its
// passes, the last one the pass that found the goal; errRetry when the search
// takes more than maxIDAEvents events.
func idaPasses(b board.Board) ([]idaPass, error) {
	h, err := search.NewManhattan(b.Size(), goal)
	if err != nil {
		return nil, err
	}
	st, err := search.NewStepper(b, search.Config{Algorithm: search.IDAStar, Heuristic: h, Goal: goal})
	if err != nil {
		return nil, err
	}
	var passes []idaPass
	for i := 0; i < maxIDAEvents; i++ {
		ev, err := st.Step(context.Background())
		if err != nil {
			return nil, err
		}
		switch ev.Kind {
		case search.IterationStarted:
			passes = append(passes, idaPass{bound: ev.Bound})
		case search.NodeExpanded:
			p := &passes[len(passes)-1]
			p.expanded = append(p.expanded, ev)
			for _, c := range ev.Children {
				if c.Status == search.ChildPruned {
					p.pruned = append(p.pruned, c.F())
				}
			}
		case search.SolutionFound:
			return passes, nil
		}
	}
	return nil, errRetry
}

// idaBoard draws a board whose IDA* search takes at least two passes.
func idaBoard(r *rand.Rand, level int) (board.Board, []idaPass, error) {
	for try := 0; try < 100; try++ {
		b, err := walk(r, sizeFor(level), 8+4*level, 14+8*level)
		if err != nil {
			return board.Board{}, nil, err
		}
		passes, err := idaPasses(b)
		if errors.Is(err, errRetry) || (err == nil && len(passes) < 2) {
			continue
		}
		return b, passes, err
	}
	return board.Board{}, nil, fmt.Errorf("no board with two IDA* passes found")
}

const idaRule = "IDA* runs depth-first passes from the start; a pass visits a child only when f = g + h is at most the pass's bound and prunes the others " +
	"(it never generates the move straight back to a node's parent). The first bound is h(start); each next bound is the least f of the children pruned in the pass before."

func genIDABound(_ *Generator, r *rand.Rand, level int) (Question, error) {
	b, passes, err := idaBoard(r, level)
	if err != nil {
		return Question{}, err
	}
	i := r.IntN(len(passes) - 1)
	p := passes[i]
	next := passes[i+1].bound
	if len(p.pruned) == 0 || slices.Min(p.pruned) != next {
		return Question{}, fmt.Errorf("pass %d: the next bound %d is not the least pruned f", i+1, next)
	}
	q := Question{
		Title: fmt.Sprintf("IDA*'s next bound (%s)", puzzleName(b.Size())),
		Text: fmt.Sprintf("%s\nIDA* with the Manhattan distance solves the board below. Its pass with bound %d does not reach the goal. What is the bound of the next pass?",
			idaRule, p.bound),
		Boards: []Picture{{Caption: "Start", Board: b}},
		Goal:   goal,
		Given:  map[string]string{"bound": fmt.Sprint(p.bound), "heuristic": "manhattan"},
	}
	numeric(&q, next)
	q.Explanation = fmt.Sprintf("The pass with bound %d expands %s and prunes %s, with f-values %s. The least is %d: the next bound.",
		p.bound, plural(len(p.expanded), "node", "nodes"), plural(len(p.pruned), "child", "children"), countValues(p.pruned), next)
	return q, nil
}

// countValues lists distinct values with their counts: "13 (x4), 15 (x2)".
func countValues(xs []int) string {
	s := slices.Clone(xs)
	slices.Sort(s)
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] == s[i] {
			j++
		}
		parts = append(parts, fmt.Sprintf("%d (x%d)", s[i], j-i))
		i = j
	}
	return strings.Join(parts, ", ")
}

func genIDAPrune(_ *Generator, r *rand.Rand, level int) (Question, error) {
	b, passes, err := idaBoard(r, level)
	if err != nil {
		return Question{}, err
	}
	// Expansions (not of the start) with a pruned child, in every pass.
	var cands []search.Event
	for _, p := range passes {
		for _, ev := range p.expanded {
			if !ev.Node.Root && len(ev.Children) > 1 && slices.ContainsFunc(ev.Children, func(c search.Child) bool { return c.Status == search.ChildPruned }) {
				cands = append(cands, ev)
			}
		}
	}
	if len(cands) == 0 {
		return Question{}, fmt.Errorf("no expansion with a pruned child")
	}
	ev := cands[r.IntN(len(cands))]
	n := ev.Node
	q := Question{
		Title: fmt.Sprintf("IDA* pruning (%s)", puzzleName(b.Size())),
		Text: fmt.Sprintf("%s\nIn its pass with bound %d, IDA* with the Manhattan distance expands the node below (g = %d; it was reached by the move %v, so the move back, %v, is not generated). "+
			"Which of its children does it prune? Moves name the direction the blank travels. Pick every pruned child.",
			idaRule, ev.Bound, n.G, n.Move, n.Move.Inverse()),
		Boards: []Picture{{Caption: fmt.Sprintf("g=%d", n.G), Board: n.Board}},
		Goal:   goal, Answer: MultipleChoice,
		Given: map[string]string{"bound": fmt.Sprint(ev.Bound), "g": fmt.Sprint(n.G), "move": n.Move.String(), "heuristic": "manhattan"},
	}
	var parts []string
	for _, c := range ev.Children {
		pruned := c.Status == search.ChildPruned
		verdict := fmt.Sprintf("f = %d + %d = %d is at most %d: visited", c.G, c.H, c.F(), ev.Bound)
		if pruned {
			verdict = fmt.Sprintf("f = %d + %d = %d is more than %d: pruned", c.G, c.H, c.F(), ev.Bound)
		}
		q.Choices = append(q.Choices, Choice{Text: moveName(c.Move), Correct: pruned, Feedback: verdict + "."})
		parts = append(parts, fmt.Sprintf("%v: %s", c.Move, verdict))
	}
	q.Explanation = fmt.Sprintf("Each child has g = %d and its own Manhattan distance h. %s.", n.G+1, strings.Join(parts, "; "))
	return q, nil
}
