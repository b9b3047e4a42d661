package searchview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/search"
)

// TestChapterStepsExplained steps each of the further algorithms with the
// tree shown: every event has its pseudocode line highlighted (the trace's
// line, from core/search's pseudocode as the command line prints it), a
// narration of its own, and Back shows the event before again. The race
// form (raceForm) keeps its smallest case, the first algorithm: the code
// panel and the narration are the test goroutine's alone.
func TestChapterStepsExplained(t *testing.T) {
	v := newTestView(t) // one view for all: each algorithm starts afresh
	s, code := v.search, v.code
	v.eightPuzzle(t, "4 1 3 / 7 2 6 / 0 5 8")
	cases := chapterCases()
	if raceForm() {
		cases = cases[:1]
	}
	for _, c := range cases {
		t.Run(c.label, func(t *testing.T) {
			s.Params.Set(DefaultParams)
			s.AlgorithmSelect.SetSelected(c.label)
			c.set(s.Params)
			if !v.tree.Shown {
				v.tree.ToggleShown()
			}
			want := search.Pseudocode(c.cfg.Algorithm)
			if len(code.Lines) != len(want) {
				t.Fatalf("code panel shows %d lines, core/search's pseudocode has %d", len(code.Lines), len(want))
			}
			var narrations []string
			for i := 0; i < 16 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
				test.Tap(s.StepButton)
				snap := shownSnap(t, s)
				last := snap.Trace[len(snap.Trace)-1]
				if code.CurrentLine() != last.Line || last.Line == 0 {
					t.Fatalf("step %d (%s): line %d highlighted, the trace says %d", i+1, last.Kind, code.CurrentLine(), last.Line)
				}
				text := code.Narration.Text
				if text == "" || strings.HasSuffix(text, " a node.") {
					t.Fatalf("step %d (%s): narration %q", i+1, snap.Trace[0].Kind, text)
				}
				narrations = append(narrations, text)
			}
			if len(narrations) < 2 {
				t.Fatalf("only %d steps", len(narrations))
			}
			test.Tap(s.BackButton)
			if got := code.Narration.Text; got != narrations[len(narrations)-2] {
				t.Errorf("after Back: %q, want %q", got, narrations[len(narrations)-2])
			}
		})
	}
}

// TestChapterTreeMarks: bidirectional BFS's tree has goal-side nodes and a
// meeting node, RBFS's cards show the stored F and the f-limit (and
// backed-up nodes), SMA* with a small budget drops nodes and regenerates
// them; each algorithm's narration names what is new. The race form
// (raceForm) keeps its smallest case, RBFS (found in the fewest steps):
// the tree and the narration are the test goroutine's alone; make
// test-short and make test-full run all three.
func TestChapterTreeMarks(t *testing.T) {
	cases := []struct {
		label  string
		budget string
		check  func(m *searchTree) string
		words  string
	}{
		{"Bidirectional BFS", "", func(m *searchTree) string {
			var goalSide, meet bool
			for _, n := range m.nodes {
				goalSide = goalSide || n.goalSide()
				meet = meet || n.chapter.meet
			}
			if !goalSide || !meet {
				return "no goal-side node or no meeting node"
			}
			return ""
		}, "square root"},
		{"RBFS", "", func(m *searchTree) string {
			for _, n := range m.nodes {
				if n.chapter.backedUp && strings.Contains(chapterLine(n, search.RBFS), "lim") {
					return ""
				}
			}
			return "no backed-up node showing F and its f-limit"
		}, "Backed up"},
		{"SMA*", "50", func(m *searchTree) string {
			var dropped, regen bool
			for _, n := range m.nodes {
				dropped = dropped || n.chapter.droppedAt != 0
				regen = regen || n.chapter.regenerated
			}
			if !dropped || !regen {
				return "no dropped or no regenerated node"
			}
			return ""
		}, "Dropped"},
	}
	if raceForm() {
		cases = cases[1:2] // RBFS
	}
	for _, tc := range cases {
		t.Run(tc.label, func(t *testing.T) {
			v := newTestView(t)
			s := v.search
			v.eightPuzzle(t, "5 1 3 / 4 0 2 / 7 8 6") // 12 moves: RBFS backs up, SMA* in 50 nodes drops and regenerates
			s.AlgorithmSelect.SetSelected(tc.label)
			if tc.budget != "" {
				s.Params.MemoryNodes.SetSelected(tc.budget)
			}
			// Stepped until both are seen (at most to the goal).
			said := false
			for i := 0; i < 5000 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
				test.Tap(s.StepButton)
				said = said || strings.Contains(v.code.Narration.Text, tc.words)
				if said && tc.check(v.tree.Model) == "" {
					break
				}
			}
			if msg := tc.check(v.tree.Model); msg != "" {
				t.Errorf("%s (status %q)", msg, s.Status.Text)
			}
			if !said {
				t.Errorf("no narration said %q", tc.words)
			}
		})
	}
}

// TestChapterReopenedOnTreeAndNarration: A* with the 8-puzzle's 4-4
// databases (admissible, not consistent) reopens closed nodes on a board
// core/search pins (5 reopenings): each is a "reopened" card on the tree
// and said in the narration.
func TestChapterReopenedOnTreeAndNarration(t *testing.T) {
	if raceForm() {
		t.Skip("race form: stepping A* to the goal, the tree's and the narration's reopenings (the test goroutine's alone); make test-short and make test-full run it")
	}
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "7 6 3 / 5 4 1 / 2 8 0")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	said := 0
	for i := 0; i < 20000 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
		test.Tap(s.StepButton)
		if strings.Contains(v.code.Narration.Text, "reopened (h is not consistent)") {
			said++
		}
	}
	if s.Stepper == nil || !s.Stepper.Done() {
		t.Fatal("not solved by stepping")
	}
	marked := 0
	for _, n := range v.tree.Model.nodes {
		if n.reopened {
			marked++
		}
	}
	if st := s.Stepper.Stats(); st.Reopened != 5 || marked != int(st.Reopened) || said == 0 {
		t.Errorf("%d reopened cards, %d narrations of a reopening (stats %+v)", marked, said, st)
	}
}
