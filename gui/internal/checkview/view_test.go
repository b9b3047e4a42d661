package checkview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestFixturesFirstDifference opens the starter's and Slidelab's traces and
// the three broken starters' and checks the verdict, the step the view
// marks as the first difference (its board is the one the sentence names)
// and the reference beside it.
func TestFixturesFirstDifference(t *testing.T) {
	cases := []struct {
		file, alg string
		verdict   string
		diffStep  int    // 0-based; -1: passes
		board     string // the student's board at the difference
	}{
		{"astar-slidelab.jsonl", "A*", "PASS: the trace follows a* with manhattan.", -1, ""},
		{"astar-starter.jsonl", "A*", "PASS: the trace follows a* with manhattan.", -1, ""},
		{"ida-slidelab.jsonl", "IDA*", "PASS: the trace follows ida* with manhattan.", -1, ""},
		{"wrong-h.jsonl", "A*", "FAIL expansion 1 (line 2): you gave h = 12 for 8 1 3 / 4 _ 2 / 7 6 5, but manhattan gives 10.", 0, "8 1 3 / 4 _ 2 / 7 6 5"},
		{"no-closed.jsonl", "A*", "FAIL expansion 7 (line 8): you expanded 8 1 3 / 4 2 5 / 7 6 _ again with g = 4", 6, "8 1 3 / 4 2 5 / 7 6 _"},
		{"early-goal.jsonl", "A*", "FAIL the goal (line 44): you stopped at the goal 1 2 3 / 4 5 6 / 7 8 _, but it was not in your open list", -2, "1 2 3 / 4 5 6 / 7 8 _"},
	}
	q, v, trees := newTestView(t)
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			openFixture(t, q, v, tc.file, tc.alg)
			if !strings.HasPrefix(v.Verdict.Text, tc.verdict) {
				t.Fatalf("verdict %q, want it to start with %q", v.Verdict.Text, tc.verdict)
			}
			if tc.diffStep == -1 {
				if v.diffStep != -1 || !v.DiffButton.Disabled() {
					t.Errorf("a passing trace marks step %d (button disabled %v)", v.diffStep, v.DiffButton.Disabled())
				}
				if n, m := len(v.out.student.steps), len(v.out.reference.steps); n != m {
					t.Errorf("Slidelab's own trace has %d steps, the reference %d", n, m)
				}
				return
			}
			want := tc.diffStep
			if want == -2 { // the goal: the student's last step
				want = len(v.out.student.steps) - 1
			}
			if v.diffStep != want {
				t.Fatalf("difference at step %d, want %d", v.diffStep, want)
			}
			test.Tap(v.DiffButton)
			if v.at != want || !v.Student.frame.Visible() || !v.Reference.frame.Visible() {
				t.Errorf("after the jump: at %d, frames %v %v", v.at, v.Student.frame.Visible(), v.Reference.frame.Visible())
			}
			if got := tracecheck.Show(v.out.student.steps[v.at].board); got != tc.board {
				t.Errorf("the student's board at the difference is %s, want %s", got, tc.board)
			}
			if !strings.HasPrefix(v.stepText(v.at), "✗ ") || !strings.Contains(v.Position.Text, "the first difference") {
				t.Errorf("row %q, position %q: the difference is not marked", v.stepText(v.at), v.Position.Text)
			}
			ref := v.out.reference.steps[min(v.at, len(v.out.reference.steps)-1)]
			if cells := v.Reference.Board.Cells(); !slices.Equal(cells, ref.board.Tiles()) {
				t.Errorf("the reference's board shows %v, want %v", cells, ref.board.Tiles())
			}
			if s := trees[0].events; len(s) == 0 || trees[0].cur != v.out.student.steps[v.at].node {
				t.Errorf("the student's tree got %d events, shows node %d", len(s), trees[0].cur)
			}
		})
	}
}

// TestHeuristicsOffered checks the heuristic selector: the heuristics for
// the trace's size once it is opened, Manhattan distance first chosen, the
// choice kept when the list is refreshed with one more (a database became
// ready), and a change of heuristic checks the trace again.
func TestHeuristicsOffered(t *testing.T) {
	ctx, q := uitest.StartView(t)
	sess := session.NewSession(board.Solved(board.Size4x4, board.BlankLast), "test", -1, board.BlankLast)
	extra := false
	var sizes []board.Size
	v := NewCheckView(ctx, q.Do, nil, sess, func(s board.Size) []catalog.HeuristicOption {
		sizes = append(sizes, s)
		opts := catalog.RegistryOptions(s, board.BlankLast)
		if extra {
			opts = append(opts, catalog.HeuristicOption{Label: "Late table", Short: "late", Build: opts[0].Build})
		}
		return opts
	}, nil)
	uitest.ShowView(t, q, v.Content, v.Stop)
	if len(v.HeuristicSelect.Options) != 0 || len(sizes) != 0 {
		t.Fatalf("before a trace: %v offered, asked for %v", v.HeuristicSelect.Options, sizes)
	}
	openFixture(t, q, v, "wrong-h.jsonl", "A*")
	if len(sizes) != 1 || sizes[0] != board.Size3x3 || v.HeuristicSelect.Selected != "Manhattan distance" {
		t.Fatalf("asked for %v, selected %q of %v", sizes, v.HeuristicSelect.Selected, v.HeuristicSelect.Options)
	}
	extra = true
	v.RefreshHeuristics()
	n := len(v.HeuristicSelect.Options)
	if v.HeuristicSelect.Options[n-1] != "Late table" || v.HeuristicSelect.Selected != "Manhattan distance" {
		t.Errorf("after a refresh: %q of %v", v.HeuristicSelect.Selected, v.HeuristicSelect.Options)
	}
	v.HeuristicSelect.SetSelected(v.HeuristicSelect.Options[0])
	q.Wait(t, v.Runs.Done())
	if !strings.Contains(v.Verdict.Text, "but "+v.opts[0].Short+" gives") {
		t.Errorf("after choosing %s: %q", v.opts[0].Short, v.Verdict.Text)
	}
}

// TestAlgorithmsFromChecker checks that the selector offers exactly the
// checker's own list (tracecheck.Algorithms), in its order, and that each
// label selects its algorithm.
func TestAlgorithmsFromChecker(t *testing.T) {
	_, v, _ := newTestView(t)
	want := tracecheck.Algorithms()
	if len(v.AlgorithmSelect.Options) != len(want) {
		t.Fatalf("offered %v, the checker knows %v", v.AlgorithmSelect.Options, want)
	}
	for i, a := range want {
		if got := v.AlgorithmSelect.Options[i]; got != catalog.LabelOf(a) {
			t.Errorf("option %d = %q, want %q (%v)", i, got, catalog.LabelOf(a), a)
		}
		v.AlgorithmSelect.SetSelected(v.AlgorithmSelect.Options[i])
		if got := v.algorithm(); got != a {
			t.Errorf("%q selects %v, want %v", v.AlgorithmSelect.Options[i], got, a)
		}
	}
}
