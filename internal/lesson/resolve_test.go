package lesson

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
)

// resolveOne parses a one-part lesson and resolves it.
func resolveOne(t *testing.T, r *Resolver, text string) *State {
	t.Helper()
	l, err := Parse("t.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	s, err := r.Resolve(context.Background(), l.Parts[len(l.Parts)-1])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// solve runs search.Solve with the configuration a lesson uses.
func solve(t *testing.T, b board.Board, alg search.Algorithm, heur string) search.Result {
	t.Helper()
	return solveWith(t, b, search.Config{Algorithm: alg}, heur)
}

// solveWith is solve for cfg's algorithm and parameters.
func solveWith(t *testing.T, b board.Board, cfg search.Config, heur string) search.Result {
	t.Helper()
	cfg.Goal, cfg.Workers = board.BlankLast, 1
	if cfg.Algorithm.UsesHeuristic() {
		h, err := search.NewHeuristic(context.Background(), heur, b.Size(), board.BlankLast, search.HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Heuristic = h
	}
	res, err := search.Solve(context.Background(), b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestResolveGoalAgreesWithSolve: a part run to the goal shows the counts
// and the length that solve reports, for every algorithm.
func TestResolveGoalAgreesWithSolve(t *testing.T) {
	r := NewResolver()
	b, _, _ := board.RandomWalk(board.NewRand(3), board.Solved(board.Size3x3, board.BlankLast), 40)
	for _, alg := range search.ClassicAlgorithms {
		s := resolveOne(t, r, block(fmt.Sprintf("board: %s\nalgorithm: %s\nheuristic: lc\nat: goal", b.Line(), alg))+
			"\n{{expanded}} {{generated}} {{length}} {{moves}}\n")
		res := solve(t, b, alg, "linear-conflict")
		w := fmt.Sprintf("%s %s %d %s", num(res.Expanded), num(res.Generated), res.Length(), board.FormatMoves(res.Moves))
		if !strings.Contains(s.Text, w) {
			t.Errorf("%s: text %q, want %q", alg, s.Text, w)
		}
	}
}

// TestResolveStep: "at: step N" takes exactly N events, and its counts
// are those of a stepper stepped N times by hand.
func TestResolveStep(t *testing.T) {
	r := NewResolver()
	b, _, _ := board.RandomWalk(board.NewRand(5), board.Solved(board.Size3x3, board.BlankLast), 30)
	for _, alg := range search.ClassicAlgorithms {
		for _, n := range []int{1, 2, 7, 40} {
			s := resolveOne(t, r, block(fmt.Sprintf("board: %s\nalgorithm: %s\nat: step %d", b.Line(), alg, n)))
			h, _ := search.NewManhattan(b.Size(), board.BlankLast)
			st, err := search.NewStepper(b, search.Config{Algorithm: alg, Heuristic: h, Goal: board.BlankLast})
			if err != nil {
				t.Fatal(err)
			}
			var ev search.Event
			for i := 0; i < n && !st.Done(); i++ {
				if ev, err = st.Step(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			if s.Run.Steps != n || s.Run.Stats != st.Stats() || s.Board != ev.Node.Board {
				t.Errorf("%s step %d: %d steps, %+v, board %s; by hand %+v, board %s", alg, n, s.Run.Steps, s.Run.Stats, s.Board.Line(), st.Stats(), ev.Node.Board.Line())
			}
		}
	}
}

// TestResolveIteration: after IDA*'s K-th pass the bound is the (K+1)-th
// pass's bound of a full solve.
func TestResolveIteration(t *testing.T) {
	r := NewResolver()
	b, _, _ := board.RandomWalk(board.NewRand(11), board.Solved(board.Size3x3, board.BlankLast), 60)
	res := solve(t, b, search.IDAStar, "manhattan")
	if len(res.Iterations) < 3 {
		t.Fatalf("%d passes: choose a harder board", len(res.Iterations))
	}
	for k := 1; k < len(res.Iterations); k++ {
		s := resolveOne(t, r, block(fmt.Sprintf("board: %s\nalgorithm: ida*\nat: iteration %d", b.Line(), k)))
		var expanded uint64
		for _, it := range res.Iterations[:k] {
			expanded += it.Expanded
		}
		if s.Run.Bound != res.Iterations[k].Bound || s.Run.Stats.Expanded != expanded {
			t.Errorf("iteration %d: bound %d, expanded %d; solve: bound %d, expanded %d", k, s.Run.Bound, s.Run.Stats.Expanded, res.Iterations[k].Bound, expanded)
		}
	}
}

// TestResolveF: "at: f X" stops at the first expansion that puts a node
// with f = X on the open list; no event before it did.
func TestResolveF(t *testing.T) {
	r := NewResolver()
	b, _, _ := board.RandomWalk(board.NewRand(8), board.Solved(board.Size3x3, board.BlankLast), 60)
	h, _ := search.NewManhattan(b.Size(), board.BlankLast)
	h0 := h.Estimate(b)
	s := resolveOne(t, r, block(fmt.Sprintf("board: %s\nalgorithm: a*\nat: f %d", b.Line(), h0+2)))
	st, _ := search.NewStepper(b, search.Config{Algorithm: search.AStar, Heuristic: h, Goal: board.BlankLast})
	for i := 1; i <= s.Run.Steps; i++ {
		ev, err := st.Step(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range ev.Children {
			found = found || (c.F() == h0+2 && c.Status == search.ChildNew)
		}
		if found != (i == s.Run.Steps) {
			t.Fatalf("step %d of %d: a child with f = %d: %v", i, s.Run.Steps, h0+2, found)
		}
	}
	if _, err := Parse("t.md", []byte(block(fmt.Sprintf("board: %s\nalgorithm: a*\nat: f %d", b.Line(), h0+1)))); err != nil {
		t.Fatal(err)
	}
	l, _ := Parse("t.md", []byte(block(fmt.Sprintf("board: %s\nalgorithm: a*\nat: f %d", b.Line(), h0+1))))
	if _, err := r.Resolve(context.Background(), l.Parts[0]); err == nil || !strings.Contains(err.Error(), "never holds") {
		t.Errorf("f of the wrong parity: %v", err)
	}
}

// TestBoardPlaceholders cross-checks the board's numbers against their
// definitions.
func TestBoardPlaceholders(t *testing.T) {
	r := NewResolver()
	rnd := board.NewRand(1)
	for i := 0; i < 20; i++ {
		b, _ := board.Random(rnd, board.Size3x3, board.BlankLast)
		s := resolveOne(t, r, "# A\n\n```slidelab\nboard: "+b.Line()+"\n```\n{{inversions}}|{{solvable}}|{{h lc}}|{{lc-tutorial}}|{{lc-pairs}}|{{h}}|{{misplaced}}\n")
		f := strings.Split(lastLine(s.Text), "|")
		inv, md, lc, tut, pairs := atoi(f[0]), atoi(f[5]), atoi(f[2]), atoi(f[3]), atoi(f[4])
		if (inv%2 == 0) != (f[1] == "yes") {
			t.Errorf("%s: %d inversions, solvable %s", b.Line(), inv, f[1])
		}
		if tut != md+2*pairs || lc < md || lc > tut {
			t.Errorf("%s: md %d, lc %d, pairs %d, tutorial %d", b.Line(), md, lc, pairs, tut)
		}
	}
}

func lastLine(s string) string { return s[strings.LastIndexByte(s, '\n')+1:] }

func atoi(s string) int {
	n := 0
	fmt.Sscan(strings.ReplaceAll(s, ",", ""), &n)
	return n
}

// TestTutorialFormulaOverestimates: on the board with a reversed row of
// three the pair formula exceeds the true distance; linear conflict does not.
func TestTutorialFormulaOverestimates(t *testing.T) {
	s := resolveOne(t, NewResolver(), block("board: 8 7 0 / 6 5 4 / 3 2 1\nalgorithm: a*\nheuristic: lc\nat: goal")+"{{lc-tutorial}} {{h lc}} {{length}}\n")
	f := strings.Fields(lastLine(s.Text))
	if tut, lc, n := atoi(f[0]), atoi(f[1]), atoi(f[2]); tut <= n || lc > n {
		t.Errorf("pair formula %d, linear conflict %d, distance %d", tut, lc, n)
	}
}

// TestStatesPlaceholder: {{states}} equals the number of boards the
// quality lab reaches by BFS.
func TestStatesPlaceholder(t *testing.T) {
	for _, size := range []string{"3x2", "2x2"} {
		s := resolveOne(t, NewResolver(), block("size: "+size)+"{{states}}\n")
		sz, _ := board.ParseSize(size)
		sample, err := quality.Exhaustive(context.Background(), sz, board.BlankLast, nil)
		if err != nil {
			t.Fatal(err)
		}
		if lastLine(s.Text) != num(sample.States()) {
			t.Errorf("%s: %q, want %d states", size, s.Text, sample.States())
		}
	}
}

// TestChoiceAnswer: the answer is the choice with the fewest expansions
// by search.Solve.
func TestChoiceAnswer(t *testing.T) {
	b, _, _ := board.RandomWalk(board.NewRand(6), board.Solved(board.Size3x3, board.BlankLast), 60)
	s := resolveOne(t, NewResolver(), block("board: "+b.Line()+"\nalgorithm: a*\nat: goal\nquestion: Q?\nchoices: hamming | manhattan\nanswer: most expanded"))
	a := s.Answers[0]
	hm, md := solve(t, b, search.AStar, "hamming"), solve(t, b, search.AStar, "manhattan")
	w := "hamming"
	if md.Expanded > hm.Expanded {
		w = "manhattan"
	}
	if a.Answer != w || a.Options[a.Correct] != w {
		t.Errorf("answer %s (%v), want %s", a.Answer, a.Values, w)
	}
}

// TestNextAnswer: the next node is the first of the open list.
func TestNextAnswer(t *testing.T) {
	b, _, _ := board.RandomWalk(board.NewRand(6), board.Solved(board.Size3x3, board.BlankLast), 60)
	for _, at := range []int{2, 3, 10} {
		s := resolveOne(t, NewResolver(), block(fmt.Sprintf("board: %s\nalgorithm: a*\nat: step %d\nquestion: next", b.Line(), at)))
		a := s.Answers[0]
		if a.Correct < 0 || !strings.HasPrefix(a.Answer, a.Options[a.Correct]+" (") {
			t.Errorf("step %d: answer %s, options %v", at, a.Answer, a.Options)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name string
		r    *Resolver
		text string
		err  string
	}{
		{"node limit", &Resolver{NodeLimit: 100}, block("size: 4x4\nboard: random walk 200 seed 1\nalgorithm: bfs\nat: goal"), "line 7: the search stopped: node limit"},
		{"table memory", &Resolver{TableMemory: 1 << 10}, block("heuristic: pdb:44\nalgorithm: a*\nat: goal"), "more than a lesson may use"},
		{"total nodes", &Resolver{TotalNodes: 50}, block("board: random walk 30 seed 2\nalgorithm: bfs\nat: goal") + "{{expanded a*}} {{expanded ida*}}\n", "line 6: the search stopped: node limit"},
		{"too many heuristics", NewResolver(), "# A\n" + manyHeuristics(MaxMade+1) + "\n", "more than 64 heuristics"},
		{"7-8 tables", NewResolver(), block("size: 4x4\nheuristic: pdb:78\nalgorithm: ida*\nat: goal"), "line 7: heuristic pdb:78: building its tables takes about"},
		{"tie", NewResolver(), block("board: 1 2 3 / 4 5 6 / 7 0 8\nalgorithm: a*\nquestion: Q?\nchoices: md | lc\nanswer: fewest expanded"), "line 6: question: manhattan and linear-conflict tie"},
		{"placeholder fails", &Resolver{NodeLimit: 100}, "# A\n```slidelab\nsize: 4x4\nboard: random walk 200 seed 1\nalgorithm: a*\n```\n\n{{length bfs}}\n", "line 8: {{length bfs}}: the search stopped"},
		{"next at the goal", NewResolver(), block("algorithm: a*\nat: goal\nquestion: next"), "line 6: question: next: the search has ended"},
		{"quality too large", NewResolver(), block("size: 5x5") + "{{mean-h}}\n", "line 8: {{mean-h}}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Parse("t.md", []byte(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			_, err = tc.r.ResolveAll(context.Background(), l)
			var list ErrorList
			if !errors.As(err, &list) || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("error %v, want an ErrorList with %q", err, tc.err)
			}
		})
	}
}

func TestResolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	l, err := Parse("t.md", []byte(block("algorithm: a*\nat: goal")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewResolver().ResolveAll(ctx, l); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

func TestEscapedPlaceholder(t *testing.T) {
	s := resolveOne(t, NewResolver(), "# A\n\nWrite \\{{cells}} for {{cells}}.\n")
	if !strings.Contains(s.Text, "Write {{cells}} for 9.") {
		t.Errorf("%q", s.Text)
	}
}

// manyHeuristics writes n placeholders that each need a different heuristic.
func manyHeuristics(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		base := []string{"md", "lc", "hamming"}[i%3]
		a, b := 1+(i/3)%8, 1+(i/24+(i/3)%8+1)%8
		fmt.Fprintf(&sb, "{{h max(%s,pdb:%d/%d)}} ", base, a, b)
	}
	return sb.String()
}

// TestTotalNodes: once the lesson's searches have generated TotalNodes
// nodes together, the next search is refused with a line.
func TestTotalNodes(t *testing.T) {
	text := "# A\n```slidelab\nboard: random walk 30 seed 2\nalgorithm: bfs\nat: goal\n```\n\n{{generated}}\n\n## B\n\n{{length a*}}\n"
	l, err := Parse("t.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	first, err := NewResolver().Resolve(context.Background(), l.Parts[0])
	if err != nil {
		t.Fatal(err)
	}
	r := &Resolver{TotalNodes: first.Run.Stats.Generated}
	_, err = r.ResolveAll(context.Background(), l)
	if err == nil || !strings.Contains(err.Error(), "line 12: {{length a*}}: the lesson's searches together have generated") {
		t.Errorf("got %v", err)
	}
}

// TestBoardPlaceholdersShowTheBlank: {{board}} and {{goal-board}} write the
// blank as the app shows it ("_", not 0), and the line parses back to the
// same board.
func TestBoardPlaceholdersShowTheBlank(t *testing.T) {
	for _, tc := range []struct{ start, goal, wantStart, wantGoal string }{
		{"3 1 4 / 8 7 2 / 5 6 0", "blank-last", "3 1 4 / 8 7 2 / 5 6 _", "1 2 3 / 4 5 6 / 7 8 _"},
		{"1 2 3 / 4 0 5 / 6 7 8", "blank-first", "1 2 3 / 4 _ 5 / 6 7 8", "_ 1 2 / 3 4 5 / 6 7 8"},
		{"1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 0 15", "blank-last", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 _ 15", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 _"},
	} {
		s := resolveOne(t, NewResolver(), block("goal: "+tc.goal+"\nboard: "+tc.start)+"{{board}}|{{goal-board}}\n")
		f := strings.Split(lastLine(s.Text), "|")
		if len(f) != 2 || f[0] != tc.wantStart || f[1] != tc.wantGoal {
			t.Errorf("%s: got %q, want %q|%q", tc.start, lastLine(s.Text), tc.wantStart, tc.wantGoal)
			continue
		}
		want, _ := board.Parse(tc.start, board.Size{})
		if b, err := board.Parse(f[0], want.Size()); err != nil || b.Line() != tc.start {
			t.Errorf("%q does not parse back to %s: %v", f[0], tc.start, err)
		}
	}
}
