package exercise

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// tieRules states each algorithm's selection rule as the app's pseudocode does.
var tieRules = map[search.Algorithm]string{
	search.AStar:  "A* selects the node of OPEN with the lowest f = g + h; ties go to the larger g, then to the node put on OPEN last (the larger number).",
	search.Greedy: "Greedy best-first search selects the node of OPEN with the lowest h; ties go to the node put on OPEN last (the larger number).",
	search.BFS:    "Breadth-first search selects the node put on OPEN first (the smallest number): OPEN is a first-in, first-out queue.",
}

// algTitle names an algorithm in a question.
func algTitle(a search.Algorithm) string {
	switch a {
	case search.AStar:
		return "A*"
	case search.Greedy:
		return "greedy best-first search"
	case search.BFS:
		return "breadth-first search"
	}
	return a.String()
}

// errRetry marks a draw that makes no good question; the generator draws again.
var errRetry = errors.New("no question from this draw")

// stepTo steps st until it has expanded n nodes; errRetry if the search
// ends first.
func stepTo(st *search.Stepper, n int) error {
	for done := 0; done < n; {
		ev, err := st.Step(context.Background())
		if err != nil || ev.Kind == search.SolutionFound {
			return errRetry
		}
		if ev.Kind == search.NodeExpanded {
			done++
		}
	}
	return nil
}

// NodeCaption is how a node of OPEN is captioned: its number (the order it
// was generated in), g, h and f ("#7 g=2 h=5 f=7"); for breadth-first
// search, which computes no h, the number and g ("#7 g=2").
func NodeCaption(alg search.Algorithm, n search.Node) string {
	if alg == search.BFS {
		return fmt.Sprintf("#%d g=%d", n.ID, n.G)
	}
	return fmt.Sprintf("#%d g=%d h=%d f=%d", n.ID, n.G, n.H, n.F())
}

func genNextNode(_ *Generator, r *rand.Rand, level int) (Question, error) {
	alg := []search.Algorithm{search.AStar, search.Greedy, search.BFS}[r.IntN(3)]
	s := sizeFor(level)
	for try := 0; try < 100; try++ {
		q, err := nextNodeFrom(r, s, alg, level)
		if errors.Is(err, errRetry) {
			continue
		}
		return q, err
	}
	return Question{}, fmt.Errorf("no open list found")
}

func nextNodeFrom(r *rand.Rand, s board.Size, alg search.Algorithm, level int) (Question, error) {
	b, st, err := walkStepper(r, s, 6+4*level, 12+8*level, alg)
	if err != nil {
		return Question{}, err
	}
	if err := stepTo(st, 2+r.IntN(5)); err != nil {
		return Question{}, err
	}
	all := len(st.Open(1000))
	open := st.Open(5)
	if len(open) < 3 {
		return Question{}, errRetry
	}
	ev, err := st.Step(context.Background())
	if err != nil || ev.Kind != search.NodeSelected || ev.Node.ID != open[0].ID {
		return Question{}, fmt.Errorf("the open list's first node #%d is not the node selected next (%v)", open[0].ID, err)
	}
	hText := " (h: Manhattan distance)"
	if alg == search.BFS {
		hText = ""
	}
	q := Question{
		Title: fmt.Sprintf("Next node of %s (%s)", algTitle(alg), puzzleName(s)),
		Text: fmt.Sprintf("%s%s is solving the board below. OPEN holds %d nodes; the %d offered below are the first ones in its selection order, shuffled "+
			"(a node's number says when it was put on OPEN: a larger number, later). Which node does it select next?\n%s",
			capitalise(algTitle(alg)), hText, all, len(open), tieRules[alg]),
		Boards: []Picture{{Caption: "Start", Board: b}},
		Goal:   goal,
		Answer: SingleChoice,
		Given:  map[string]string{"algorithm": alg.String(), "heuristic": "manhattan"},
	}
	first := open[0]
	shown := append([]search.Node(nil), open...)
	r.Shuffle(len(shown), func(i, j int) { shown[i], shown[j] = shown[j], shown[i] })
	var cs []Choice
	for _, n := range shown {
		q.Boards = append(q.Boards, Picture{Caption: NodeCaption(alg, n), Board: n.Board})
		c := Choice{Text: fmt.Sprintf("#%d (g=%d, h=%d, f=%d)", n.ID, n.G, n.H, n.F()), Correct: n.ID == first.ID}
		if alg == search.BFS {
			c.Text = fmt.Sprintf("#%d (g=%d)", n.ID, n.G)
		}
		if c.Correct {
			c.Feedback = "Right: " + whyFirst(alg, n)
		} else {
			c.Feedback = fmt.Sprintf("No: #%d comes first. %s", open[0].ID, whyBefore(alg, open[0], n))
		}
		cs = append(cs, c)
	}
	q.Choices = cs
	q.Explanation = fmt.Sprintf("%s Here that is #%d: %s", tieRules[alg], first.ID, whyFirst(alg, first))
	return q, nil
}

func capitalise(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

func whyFirst(alg search.Algorithm, n search.Node) string {
	switch alg {
	case search.AStar:
		return fmt.Sprintf("#%d has f = %d + %d = %d, the lowest, and wins every tie by the rule.", n.ID, n.G, n.H, n.F())
	case search.Greedy:
		return fmt.Sprintf("#%d has h = %d, the lowest, and wins every tie by the rule.", n.ID, n.H)
	}
	return fmt.Sprintf("#%d was put on OPEN first.", n.ID)
}

// whyBefore says why a is selected before b.
func whyBefore(alg search.Algorithm, a, b search.Node) string {
	switch {
	case alg == search.AStar && a.F() != b.F():
		return fmt.Sprintf("Its f = %d is lower than f = %d.", a.F(), b.F())
	case alg == search.AStar && a.G != b.G:
		return fmt.Sprintf("Both have f = %d; the tie goes to the larger g (%d > %d).", a.F(), a.G, b.G)
	case alg == search.Greedy && a.H != b.H:
		return fmt.Sprintf("Its h = %d is lower than h = %d.", a.H, b.H)
	case alg == search.BFS:
		return fmt.Sprintf("It was put on OPEN earlier (#%d before #%d).", a.ID, b.ID)
	}
	return fmt.Sprintf("They tie; the tie goes to the node put on OPEN last (#%d after #%d).", a.ID, b.ID)
}

func genChildF(_ *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	for try := 0; try < 100; try++ {
		_, st, err := walkStepper(r, s, 8+4*level, 14+8*level, search.AStar)
		if err != nil {
			return Question{}, err
		}
		if err := stepTo(st, r.IntN(4)); err != nil {
			continue
		}
		var ev search.Event
		for ev.Kind != search.NodeExpanded {
			if ev, err = st.Step(context.Background()); err != nil || ev.Kind == search.SolutionFound {
				break
			}
		}
		if ev.Kind != search.NodeExpanded || len(ev.Children) < 2 {
			continue
		}
		return childFQuestion(r, ev, s)
	}
	return Question{}, fmt.Errorf("no expansion found")
}

// fList formats children's values as "U: 7, L: 9" using val.
func fList(ch []search.Child, val func(search.Child) int) string {
	parts := make([]string, len(ch))
	for i, c := range ch {
		parts[i] = fmt.Sprintf("%v: %d", c.Move, val(c))
	}
	return strings.Join(parts, ", ")
}

func childFQuestion(r *rand.Rand, ev search.Event, s board.Size) (Question, error) {
	n := ev.Node
	ham, err := search.NewHamming(s, goal)
	if err != nil {
		return Question{}, err
	}
	reached := "it is the start"
	given := map[string]string{"g": fmt.Sprint(n.G), "heuristic": "manhattan", "algorithm": "a*"}
	if !n.Root {
		reached = fmt.Sprintf("it was reached by the move %v, so the move back (%v) is not generated", n.Move, n.Move.Inverse())
		given["move"] = n.Move.String()
	}
	q := Question{
		Title: fmt.Sprintf("f-values of children (%s)", puzzleName(s)),
		Text: fmt.Sprintf("A* with the Manhattan distance expands the node below: g = %d, h = %d; %s. What are the f = g + h values of its children, by the blank's move (U, D, L, R: the direction the blank travels)?",
			n.G, n.H, reached),
		Boards: []Picture{{Caption: fmt.Sprintf("g=%d h=%d", n.G, n.H), Board: n.Board}},
		Goal:   goal, Answer: SingleChoice, Given: given,
	}
	right := fList(ev.Children, func(c search.Child) int { return c.F() })
	cs := []Choice{{Text: right, Correct: true, Feedback: "Right: each child has g = " + fmt.Sprint(n.G+1) + " and its own Manhattan distance."}}
	wrong := []struct {
		val func(search.Child) int
		why string
	}{
		{func(c search.Child) int { return c.H }, "These are the h-values alone: add g = " + fmt.Sprint(n.G+1) + "."},
		{func(c search.Child) int { return n.G + c.H }, "A child's g is its parent's g plus 1."},
		{func(c search.Child) int { return c.G + ham.Estimate(c.Board) }, "These use the Hamming distance, not the Manhattan distance."},
		{func(c search.Child) int { return c.G + n.H }, "Each child needs its own h, not its parent's."},
		{func(c search.Child) int { return c.F() + 2 }, "Each f is 2 too large."},
	}
	for _, w := range wrong {
		if len(cs) == 4 {
			break
		}
		cs = addChoice(cs, Choice{Text: fList(ev.Children, w.val), Feedback: "No. " + w.why})
	}
	q.Choices = shuffled(r, cs)
	parts := make([]string, len(ev.Children))
	for i, c := range ev.Children {
		parts[i] = fmt.Sprintf("%v: %d + %d = %d", c.Move, c.G, c.H, c.F())
	}
	q.Explanation = "Each child is one move deeper (g = " + fmt.Sprint(n.G+1) + ") and has its own Manhattan distance h: " + strings.Join(parts, "; ") + "."
	return q, nil
}

func genOptimalMoves(_ *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	b, err := walk(r, s, 3+2*level, 6+4*level)
	if err != nil {
		return Question{}, err
	}
	lc, err := search.NewLinearConflict(s, goal)
	if err != nil {
		return Question{}, err
	}
	res, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.IDAStar, Heuristic: lc, Goal: goal})
	if err != nil {
		return Question{}, err
	}
	if len(res.Moves) == 0 {
		return Question{}, fmt.Errorf("the walk came back to the goal")
	}
	opt := len(res.Moves)
	right := board.FormatMoves(res.Moves)
	q := Question{
		Title: fmt.Sprintf("Optimal solution (%s)", puzzleName(s)),
		Text: "Which move sequence solves this board in the fewest moves? Moves name the direction the blank travels " +
			"(U: the blank swaps with the tile above it).",
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal, Answer: SingleChoice,
	}
	cs := []Choice{{Text: right, Correct: true, Feedback: fmt.Sprintf("Right: %s reach the goal, and no shorter sequence does.", plural(opt, "move", "moves"))}}
	for try := 0; try < 200 && len(cs) < 4; try++ {
		m := mutate(r, res.Moves)
		why := judgeMoves(b, m, opt)
		if why == "" || len(m) == 0 {
			continue // another optimal solution: not a wrong answer
		}
		cs = addChoice(cs, Choice{Text: board.FormatMoves(m), Feedback: "No: " + why})
	}
	q.Choices = shuffled(r, cs)
	q.Explanation = fmt.Sprintf("%s (%s) is optimal: IDA* with the linear-conflict heuristic (h = %d at the start, admissible) finds no solution shorter than %s.",
		right, describeMoves(res.Moves), lc.Estimate(b), plural(opt, "move", "moves"))
	return q, nil
}

func describeMoves(ms []board.Dir) string {
	parts := make([]string, len(ms))
	for i, d := range ms {
		parts[i] = moveName(d)
	}
	return strings.Join(parts, ", ")
}

// mutate returns a small change of ms: two neighbours swapped, one move
// changed, the last move dropped or a pair of moves added.
func mutate(r *rand.Rand, ms []board.Dir) []board.Dir {
	m := append([]board.Dir(nil), ms...)
	i := r.IntN(len(m))
	switch r.IntN(4) {
	case 0:
		if i+1 < len(m) {
			m[i], m[i+1] = m[i+1], m[i]
		}
	case 1:
		m[i] = board.Dirs[r.IntN(4)]
	case 2:
		m = m[:len(m)-1]
	default:
		d := board.Dirs[r.IntN(4)]
		m = append(m[:i:i], append([]board.Dir{d, d.Inverse()}, m[i:]...)...)
	}
	return m
}

// judgeMoves says why ms is not an optimal solution of b ("" when it is one).
func judgeMoves(b board.Board, ms []board.Dir, opt int) string {
	for i, d := range ms {
		next, ok := b.Move(d)
		if !ok {
			return fmt.Sprintf("move %d (%v) would take the blank off the board.", i+1, d)
		}
		b = next
	}
	if !b.IsGoal(goal) {
		return "the moves do not end at the goal."
	}
	if len(ms) > opt {
		return fmt.Sprintf("the moves reach the goal in %d moves, but %d are enough.", len(ms), opt)
	}
	return ""
}
