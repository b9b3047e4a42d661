package searchview

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/search"
)

// expandedNumber reads k from a narration "Expanded node #k (the k-th
// expansion)…"; ok is false for other sentences.
func expandedNumber(t *testing.T, text string) (int, bool) {
	t.Helper()
	m := regexp.MustCompile(`^Expanded node #(\d+) \(the (\d+)(st|nd|rd|th) expansion\)`).FindStringSubmatch(text)
	if m == nil {
		if strings.HasPrefix(text, "Expanded") {
			t.Fatalf("an expansion narrated without its number: %q", text)
		}
		return 0, false
	}
	if m[1] != m[2] {
		t.Fatalf("narration %q: #%s is not the %s-th expansion", text, m[1], m[2])
	}
	k, _ := strconv.Atoi(m[1])
	return k, true
}

// TestOneNodeNumbering steps each algorithm a few dozen events, in plain
// and in predict mode: the narration's "Expanded node #k" is the card
// number of the node drawn as current, k is the trace's expanded count, no
// sentence shows a trace id, and predict mode's question or verdict names
// the same #k as the expansion that follows.
func TestOneNodeNumbering(t *testing.T) {
	ids := regexp.MustCompile(`[Nn]ode \d`)
	// The race form (raceForm) keeps its smallest case: IDA* (whose
	// passes expand a node again under a new number, and whose questions
	// are answered with Check), asked 20 times, not 40: still a few
	// questions. The narration, the tree and predict mode are the test
	// goroutine's alone; make test-short and make test-full number all four.
	predictSteps, algs := 40, []string{"A*", "Breadth-first", "Greedy best-first", "IDA*"}
	if raceForm() {
		predictSteps, algs = 20, algs[3:]
	}
	for _, alg := range algs {
		t.Run(alg, func(t *testing.T) {
			u := treeUI(t, alg)
			s, v, c := u.search, u.tree.View, u.code
			expansions := 0
			check := func() {
				t.Helper()
				snap, _ := s.Timeline.Current()
				if ids.MatchString(c.Narration.Text) {
					t.Fatalf("narration names a node by its trace id: %q", c.Narration.Text)
				}
				k, ok := expandedNumber(t, c.Narration.Text)
				if !ok {
					return
				}
				expansions++
				if k != int(snap.Stats.Expanded) {
					t.Fatalf("narration says #%d, the trace has %d expansions", k, snap.Stats.Expanded)
				}
				cur := snap.Trace[0].Node
				if head := v.cardHead(cur); strings.Fields(head + " x")[0] != fmt.Sprintf("#%d", k) || v.Lay.Cur != cur {
					t.Fatalf("narration %q, the current card (node %d, drawn current %d) reads %q", c.Narration.Text, cur, v.Lay.Cur, head)
				}
			}
			for range 40 {
				test.Tap(s.StepButton)
				check()
			}
			// Predict mode: the number the question or verdict gives is
			// the number of the expansion that follows.
			test.Tap(u.predict.Toggle)
			pr := u.predict
			asked := 0
			for range predictSteps {
				if s.Stepper.Done() {
					break
				}
				test.Tap(s.StepButton)
				check()
				q := pr.Q
				if q == nil {
					continue
				}
				asked++
				var text string
				if q.Alg == search.IDAStar {
					text = pr.Question.Text
					pr.Pick(0)
					test.Tap(u.predict.CheckButton)
				} else {
					pr.Pick(len(q.Options) - 1)
					text = pr.Verdict.Text
				}
				if ids.MatchString(text) {
					t.Fatalf("predict names a node by its trace id: %q", text)
				}
				m := regexp.MustCompile(`#(\d+)`).FindStringSubmatch(text)
				if q.Alg == search.IDAStar {
					k, ok := expandedNumber(t, c.Narration.Text)
					if m == nil || !ok || m[1] != fmt.Sprint(k) {
						t.Fatalf("IDA* question %q, then the narration %q", text, c.Narration.Text)
					}
					check()
					continue
				}
				if m == nil {
					continue // the goal
				}
				test.Tap(s.StepButton)
				check()
				if k, ok := expandedNumber(t, c.Narration.Text); !ok || m[1] != fmt.Sprint(k) {
					t.Fatalf("verdict %q, then the narration %q", text, c.Narration.Text)
				}
			}
			if expansions < 10 || asked < 3 {
				t.Errorf("only %d expansions narrated, %d questions asked", expansions, asked)
			}
		})
	}
}
