package searchview

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// predictUI returns a test UI in predict mode with alg (and heuristic h
// unless empty) on the 8-puzzle board text.
func predictUI(t *testing.T, text, alg, h string) (*testView, *Predictor) {
	t.Helper()
	u := newTestView(t)
	u.eightPuzzle(t, text)
	u.search.AlgorithmSelect.SetSelected(alg)
	if h != "" {
		if err := u.search.SelectHeuristic(h); err != nil {
			t.Fatal(err)
		}
	}
	test.Tap(u.predict.Toggle)
	if !u.predict.On() {
		t.Fatal("the toggle did not turn predict mode on")
	}
	return u, u.predict
}

// key presses what the shortcut key k presses in the shell's puzzle view
// (gui/views.go): Step, Play, Back, Reset and predict mode's options; the
// shell's tests check the keys themselves.
func key(u *testView, k fyne.KeyName) {
	buttons := map[fyne.KeyName]*widget.Button{fyne.KeySpace: u.search.StepButton, fyne.KeyP: u.search.PlayButton,
		fyne.KeyBackspace: u.search.BackButton, fyne.KeyR: u.search.ResetButton}
	for i, b := range u.predict.Options {
		buttons[uitest.NumberKey(i)] = b
	}
	if b := buttons[k]; b != nil {
		toolkit.Press(b)()
	}
}

// TestPredictAgreesWithTheSearch drives every algorithm through thousands of
// steps on many 8-puzzle boards, answering right and wrong in turn: the
// option the question counts as right is always the node the next select
// event names (IDA*: the children the expansion prunes), the verdict and
// the score follow the answers, and the options are not shown in selection
// order.
func TestPredictAgreesWithTheSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of steps")
	}
	s3, s4 := board.Size3x3, board.Size4x4
	cases := []struct {
		alg, h string
		size   board.Size
	}{
		{"A*", "manhattan", s3}, {"A*", "pdb:44", s3}, {"A*", "misplaced", s3},
		{"Greedy best-first", "manhattan", s3}, {"Greedy best-first", "linear-conflict", s3},
		{"Breadth-first", "", s3},
		{"IDA*", "manhattan", s3}, {"IDA*", "linear-conflict", s3}, {"IDA*", "pdb:44", s3},
		// The 15-puzzle, a few hundred steps into each search.
		{"A*", "linear-conflict", s4}, {"Greedy best-first", "manhattan", s4},
		{"Breadth-first", "", s4}, {"IDA*", "manhattan", s4},
	}
	// Steps per board and boards per size; the race detector gets fewer.
	// Its race form (raceForm) keeps the smallest case of each kind of
	// question: A* (which node is selected next) and IDA* (which children
	// are pruned), with Manhattan distance on the 8-puzzle's two boards
	// (a new board clears the score), 60 steps each. The questions and
	// answers are the test goroutine's alone (predict mode's play, the
	// one that stops a goroutine, is TestPredictPlayStopsAtTheQuestion's).
	limits := map[board.Size]int{s3: 300, s4: 150}
	counts := map[board.Size]int{s3: 4, s4: 2}
	if uitest.RaceEnabled {
		limits = map[board.Size]int{s3: 100, s4: 60}
		counts = map[board.Size]int{s3: 2, s4: 1}
	}
	if raceForm() {
		limits = map[board.Size]int{s3: 60}
		counts = map[board.Size]int{s3: 2}
		keep := cases[:0]
		for _, c := range cases {
			if c.size == s3 && c.h == "manhattan" && (c.alg == "A*" || c.alg == "IDA*") {
				keep = append(keep, c)
			}
		}
		cases = keep
	}
	r := board.NewRand(13)
	boards := map[board.Size][]board.Board{}
	for _, size := range []board.Size{s3, s4} {
		for i := 0; i < counts[size]; i++ {
			b, _, err := board.RandomWalk(r, board.Solved(size, board.BlankLast), 8+4*i+(size.Cells()-9)) // 15-puzzle: longer walks
			if err != nil {
				t.Fatal(err)
			}
			boards[size] = append(boards[size], b)
		}
	}
	steps := 0
	for _, c := range cases {
		t.Run(fmt.Sprint(c.size, " ", c.alg, " ", c.h), func(t *testing.T) {
			boards := boards[c.size]
			u, pr := predictUI(t, boards[0].String(), c.alg, c.h)
			s := u.search
			asked, right, total, shuffled, solved := 0, 0, 0, 0, 0
			for bi, b := range boards {
				if bi > 0 {
					u.eightPuzzle(t, b.String())
				}
				if pr.Asked != 0 || pr.Q != nil {
					t.Fatalf("board %d: a new board kept the score (%d asked) or the question", bi, pr.Asked)
				}
				for i := 0; i < limits[c.size] && (s.Stepper == nil || !s.Stepper.Done()); i++ {
					key(u, fyne.KeySpace)
					steps++
					q := pr.Q
					if q == nil {
						continue
					}
					if !pr.AskBox.Visible() || s.FrontierBox.Visible() {
						t.Fatal("a question is asked but not shown, or the open list (in selection order) shows beside it")
					}
					events := s.Events
					wantRight := asked%3 != 2
					if q.Alg == search.IDAStar {
						// Right: mark the pruned children; wrong: the same
						// but the first child's mark flipped.
						for j, ch := range q.Children {
							if ch.Pruned != (!wantRight && j == 0) {
								key(u, uitest.NumberKey((j)))
							}
						}
						for j, ch := range q.Children {
							if q.Marks[j] != (ch.Pruned != (!wantRight && j == 0)) {
								t.Fatalf("mark %d not toggled by its key", j+1)
							}
						}
						key(u, fyne.KeySpace)
						last, _ := s.Timeline.Current()
						if last.Kind != search.NodeExpanded || last.Node.ID != q.Parent.ID {
							t.Fatalf("checking the marks showed %v of node %d, want the expansion of node %d", last.Kind, last.Node.ID, q.Parent.ID)
						}
						for j, ch := range last.Children {
							if (ch.Status == search.ChildPruned) != q.Children[j].Pruned || ch.F() != q.Children[j].Node.F() {
								t.Fatalf("child %d: predicted f %d pruned %v, the search: f %d %v", j, q.Children[j].Node.F(), q.Children[j].Pruned, ch.F(), ch.Status)
							}
						}
					} else {
						a := uitest.AnswerIndex(t, q.Options, q.Answer)
						if a != 0 {
							shuffled++
						}
						pick := a
						if !wantRight {
							pick = (a + 1) % len(q.Options)
						}
						key(u, uitest.NumberKey((pick)))
						last, _ := s.Timeline.Current()
						if last.Kind != search.NodeSelected || last.Node.ID != q.Answer.ID {
							t.Fatalf("the question's answer is node %d; the search selected node %d (%v)", q.Answer.ID, last.Node.ID, last.Kind)
						}
						if sel, ok := selectedIn(last); !ok || sel.ID != q.Answer.ID {
							t.Fatalf("the select trace event names node %d, want %d", sel.ID, q.Answer.ID)
						}
					}
					if s.Events != events+1 {
						t.Fatalf("answering made %d events, want 1", s.Events-events)
					}
					asked++
					total++
					if wantRight {
						right++
					}
					if pr.Asked != asked || pr.Right != right {
						t.Fatalf("score %d of %d, want %d of %d (verdict %q)", pr.Right, pr.Asked, right, asked, pr.Verdict.Text)
					}
					prefix := map[bool]string{true: "Right", false: "Wrong"}[wantRight]
					if !strings.HasPrefix(pr.Verdict.Text, prefix) {
						t.Fatalf("verdict %q, want %s", pr.Verdict.Text, prefix)
					}
					if pr.Q != nil || pr.AskBox.Visible() || !s.FrontierBox.Visible() {
						t.Fatal("the question is still shown after the answer")
					}
				}
				if s.Stepper != nil && s.Stepper.Done() {
					solved++
				}
				if pr.Mismatches != 0 {
					t.Fatalf("board %d: %d steps did not do what the question expected", bi, pr.Mismatches)
				}
				asked, right = 0, 0
			}
			if total < 10 {
				t.Fatalf("%d questions asked, want many", total)
			}
			if c.alg != "IDA*" && shuffled == 0 {
				t.Error("the right answer was always the first option: the options give the answer away")
			}
			if solved == 0 && c.size == s3 && !uitest.RaceEnabled {
				t.Error("no board solved within the steps allowed")
			}
		})
	}
	t.Logf("%d steps", steps)
}

// TestPredictIDAStarMarks marks IDA*'s children with the keys, checks with
// Space, and reads the verdict: each child with its f against the bound.
func TestPredictIDAStarMarks(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "IDA*", "manhattan")
	var q *Question
	// The first expansions are all within the bound (h is exact near the
	// start of the first pass); find one that prunes.
	for i := 0; i < 200; i++ {
		key(u, fyne.KeySpace)
		if pr.Q == nil {
			continue
		}
		pruned := false
		for _, c := range pr.Q.Children {
			pruned = pruned || c.Pruned
		}
		if pruned {
			q = pr.Q
			break
		}
		key(u, fyne.KeySpace) // check with no marks
	}
	if q == nil {
		t.Fatal("no IDA* expansion with a pruned child")
	}
	if !pr.CheckButton.Visible() || !strings.Contains(pr.Question.Text, fmt.Sprintf("bound %d", q.Bound)) {
		t.Errorf("question %q, Check shown %v", pr.Question.Text, pr.CheckButton.Visible())
	}
	for j := range q.Children {
		if pr.Options[j].Text != fmt.Sprintf("%d: visited", j+1) {
			t.Errorf("button %d reads %q before any mark", j+1, pr.Options[j].Text)
		}
	}
	key(u, fyne.Key1)
	key(u, fyne.Key1)
	key(u, fyne.Key1) // three presses: marked pruned
	if !q.Marks[0] || pr.Options[0].Text != "1: pruned" {
		t.Fatalf("key 1 three times: mark %v, button %q", q.Marks[0], pr.Options[0].Text)
	}
	for j := 1; j < len(q.Children); j++ {
		if q.Children[j].Pruned {
			key(u, uitest.NumberKey((j)))
		}
	}
	asked, right := pr.Asked, pr.Right
	test.Tap(pr.CheckButton)
	if q.Children[0].Pruned {
		right++ // every mark is right
	}
	if pr.Asked != asked+1 || pr.Right != right {
		t.Fatalf("score %d of %d after checking, want %d of %d", pr.Right, pr.Asked, right, asked+1)
	}
	wantHead := "Right: all"
	if !q.Children[0].Pruned {
		wantHead = "Wrong: 1 of"
	}
	if !strings.HasPrefix(pr.Verdict.Text, wantHead) {
		t.Errorf("verdict %q, want it to start %q", pr.Verdict.Text, wantHead)
	}
	for _, c := range q.Children {
		n := c.Node
		want := fmt.Sprintf("f = %d = %d + %d ≤ bound %d: within the bound, visited", n.F(), n.G, n.H, q.Bound)
		if c.Pruned {
			want = fmt.Sprintf("f = %d = %d + %d > bound %d: pruned", n.F(), n.G, n.H, q.Bound)
		}
		if !strings.Contains(pr.Verdict.Text, want) {
			t.Errorf("verdict %q lacks %q", pr.Verdict.Text, want)
		}
	}
}

// TestPredictRunDropsTheQuestion: Run to end drops a question asked and,
// once the search is over, no question is asked.
func TestPredictRunDropsTheQuestion(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "Greedy best-first", "manhattan")
	s := u.search
	for i := 0; i < 10 && pr.Q == nil; i++ {
		key(u, fyne.KeySpace)
	}
	if pr.Q == nil {
		t.Fatal("no question within 10 steps")
	}
	test.Tap(s.RunButton)
	if pr.Q != nil || pr.AskBox.Visible() {
		t.Error("Run to end left the question open")
	}
	u.q.Wait(t, s.RunDone)
	key(u, fyne.KeySpace)
	if pr.Q != nil || !s.Stepper.Done() {
		t.Error("a question after the run's end")
	}
}

// TestPredictPlayStopsAtTheQuestion: Play in predict mode plays on until a
// question is due, asks it and pauses; Play with the question open does not
// step past it.
func TestPredictPlayStopsAtTheQuestion(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "A*", "manhattan")
	s := u.search
	s.SpeedSlider.SetValue(1)
	key(u, fyne.KeyP)
	if !s.Player.Playing() {
		t.Fatal("P did not start playing")
	}
	u.q.Until(t, func() bool { return !s.Player.Playing() })
	if pr.Q == nil || s.Stepper.Done() || s.PlayButton.Text != "Play (P)" {
		t.Fatalf("playing stopped with question %v, done %v, button %q", pr.Q != nil, s.Stepper.Done(), s.PlayButton.Text)
	}
	q, events := pr.Q, s.Events
	key(u, fyne.KeyP)
	u.q.Until(t, func() bool { return !s.Player.Playing() })
	if pr.Q != q || s.Events != events {
		t.Errorf("Play with the question open: question kept %v, %d events (was %d)", pr.Q == q, s.Events, events)
	}
}

// TestExplainSelection checks the verdict's reasons, tie-breaks included,
// for each algorithm with a right and a wrong pick: nodes are named by the
// option shown (the open list's order is the search's; the options shown
// are in the order given, option 1 first), the selected node by the card
// number it gets, and the rule cited is the pseudocode's select line, ties
// and all.
func TestExplainSelection(t *testing.T) {
	n := func(id int64, g, h int) search.Node { return search.Node{ID: id, G: g, H: h} }
	a := n(23, 20, 21) // f 41
	rev := func(open []search.Node) []search.Node { return []search.Node{open[1], open[0]} }
	astarRule := "(pseudocode line 4: n ← the node of OPEN with the lowest f = g + h (ties: the larger g, then the one put in OPEN last); remove it)."
	greedyRule := "(pseudocode line 4: n ← the node of OPEN with the lowest h (ties: the one put in OPEN last); remove it)."
	tests := []struct {
		name    string
		alg     search.Algorithm
		chosen  search.Node
		open    []search.Node
		reverse bool // options shown in the reverse order of open
		next    int
		right   bool
		want    []string
	}{
		{"A* lowest f", search.AStar, a, []search.Node{a, n(9, 20, 23)}, false, 7, true,
			[]string{"Right. Option 1 comes next: f = 41 = 20 + 21, the lowest f in the open list. It is expanded next, as #7 (its card in the tree) " + astarRule}},
		{"A* tie on f", search.AStar, a, []search.Node{a, n(17, 19, 22)}, true, 7, true,
			[]string{"Right. Option 2 comes next", "option 1 has f = 41 too, but ties go to the larger g (20 > 19)"}},
		{"A* tie on f and g", search.AStar, a, []search.Node{a, n(19, 20, 21)}, false, 7, true,
			[]string{"option 2 has the same f and g: then the one put in OPEN last goes first, and option 1 was put in after it", astarRule}},
		{"A* higher f", search.AStar, n(9, 20, 23), []search.Node{a, n(9, 20, 23)}, true, 7, false,
			[]string{"Wrong: you picked option 1. Option 2 comes next", "Option 1 has f = 43 = 20 + 23, higher", "as #7"}},
		{"A* smaller g", search.AStar, n(17, 19, 22), []search.Node{a, n(17, 19, 22)}, false, 7, false,
			[]string{"Option 2 has the same f, but ties go to the larger g (20 > 19)"}},
		{"A* put in earlier", search.AStar, n(19, 20, 21), []search.Node{a, n(19, 20, 21)}, false, 0, false,
			[]string{"Option 2 has the same f and g: then the one put in OPEN last goes first (option 1, put in after option 2)", "It is the goal", astarRule}},
		{"greedy lowest h", search.Greedy, a, []search.Node{a, n(30, 2, 21)}, false, 3, true,
			[]string{"h = 21, the lowest h in the open list (greedy search ignores g)", "option 2 has h = 21 too, but ties go to the one put in OPEN last", greedyRule}},
		{"greedy higher h", search.Greedy, n(30, 2, 25), []search.Node{a, n(30, 2, 25)}, false, 3, false,
			[]string{"Option 2 has h = 25, higher, whatever its g (2)"}},
		{"greedy put in earlier", search.Greedy, n(5, 2, 21), []search.Node{a, n(5, 2, 21)}, true, 3, false,
			[]string{"Option 1 has the same h, but ties go to the one put in OPEN last: option 2, put in after option 1"}},
		{"BFS front", search.BFS, n(4, 2, 0), []search.Node{n(4, 2, 0), n(7, 3, 0)}, false, 2, true,
			[]string{"Right. Option 1 comes next: it is at the front of the queue (added first, at depth 2)", "(pseudocode line 4: n ← the first node of QUEUE; remove it)."}},
		{"BFS later", search.BFS, n(7, 3, 0), []search.Node{n(4, 2, 0), n(7, 3, 0)}, true, 2, false,
			[]string{"Wrong: you picked option 1.", "Option 1 (depth 3) was added after it", "as #2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			options := tt.open
			if tt.reverse {
				options = rev(tt.open)
			}
			right, why := explainSelection(tt.alg, tt.chosen, tt.open[0], options, tt.open, tt.next)
			if right != tt.right {
				t.Errorf("right = %v, want %v (%q)", right, tt.right, why)
			}
			for _, w := range tt.want {
				if !strings.Contains(why, w) {
					t.Errorf("%q lacks %q", why, w)
				}
			}
			if strings.Contains(why, "ode 2") || strings.Contains(why, "ode 1") || strings.Contains(why, "ode 9") {
				t.Errorf("%q names a node by its id", why)
			}
		})
	}
}
