package searchview

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

func TestStepAdvancesCounters(t *testing.T) {
	for _, alg := range catalog.AlgorithmLabels {
		t.Run(alg.Label, func(t *testing.T) {
			u := newTestView(t)
			s := u.search
			u.eightPuzzle(t, "1 2 3 / 4 5 6 / 0 7 8")
			s.AlgorithmSelect.SetSelected(alg.Label)
			if s.Expanded.Text != "0" || s.Generated.Text != "0" {
				t.Fatalf("counters before the first step: %s %s", s.Expanded.Text, s.Generated.Text)
			}
			var gens []string
			for i := 0; i < 8 && s.Stepper == nil || !s.Stepper.Done(); i++ {
				test.Tap(s.StepButton)
				gens = append(gens, s.Generated.Text)
				if i > 8 {
					break
				}
			}
			if s.Generated.Text == "0" || s.Expanded.Text == "0" {
				t.Fatalf("after %d steps: expanded %s generated %s (%v)", len(gens), s.Expanded.Text, s.Generated.Text, gens)
			}
			st := s.Stepper.Stats()
			if s.Generated.Text != toolkit.FormatCount(st.Generated) || s.Expanded.Text != toolkit.FormatCount(st.Expanded) {
				t.Errorf("counters %s/%s, stepper says %d/%d", s.Expanded.Text, s.Generated.Text, st.Expanded, st.Generated)
			}
			if alg.Alg == search.IDAStar && s.Bound.Text == "–" {
				t.Error("IDA* bound not shown")
			}
			// The counter names what the algorithm orders by: f = g + h,
			// h alone for greedy search, the depth for breadth-first.
			want := map[search.Algorithm]string{search.Greedy: `^\d+ \(g \d+\)$`, search.BFS: `^\d+$`}[alg.Alg]
			if want == "" {
				want = `^\d+ = \d+ \+ \d+$`
			}
			if !regexp.MustCompile(want).MatchString(s.FGH.Text) || s.FGHName.Text != fghName(alg.Alg) {
				t.Errorf("%s shows %q, want %s", s.FGHName.Text, s.FGH.Text, want)
			}
		})
	}
}

func TestStepBackAndForward(t *testing.T) {
	u := newTestView(t)
	s := u.search
	u.eightPuzzle(t, "4 1 3 / 7 2 5 / 0 8 6")
	s.AlgorithmSelect.SetSelected("A*")
	var seen []string
	for range 6 {
		test.Tap(s.StepButton)
		seen = append(seen, s.Generated.Text+"|"+s.EventInfo.Text)
	}
	cells := u.puzzle.Board.Cells()
	test.Tap(s.BackButton)
	test.Tap(s.BackButton)
	if got := s.Generated.Text + "|" + s.EventInfo.Text; !strings.HasPrefix(got, strings.SplitN(seen[3], "|", 2)[0]) || !strings.Contains(got, "recorded") {
		t.Errorf("two steps back shows %q, want event 4 (%q) marked as recorded", got, seen[3])
	}
	events := s.Events
	test.Tap(s.StepButton)
	test.Tap(s.StepButton)
	if s.Events != events {
		t.Error("stepping forward through recorded events advanced the search")
	}
	if got := s.Generated.Text + "|" + s.EventInfo.Text; got != seen[5] {
		t.Errorf("back at the latest event: %q, want %q", got, seen[5])
	}
	if got := u.puzzle.Board.Cells(); !slices.Equal(got, cells) {
		t.Errorf("board after back and forward = %v, want %v", got, cells)
	}
	test.Tap(s.StepButton)
	if s.Events != events+1 {
		t.Error("a step at the latest event did not advance the search")
	}
}

func TestRunToEndSolvesOptimally(t *testing.T) {
	u := newTestView(t)
	s := u.search
	start := u.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1") // a hardest 8-puzzle: 31 moves
	bfs, err := search.Solve(context.Background(), start, search.Config{Algorithm: search.BFS, Goal: DefaultGoal})
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range []string{"IDA*", "A*"} {
		s.AlgorithmSelect.SetSelected(alg)
		if err := s.SelectHeuristic("manhattan"); err != nil {
			t.Fatal(err)
		}
		test.Tap(s.StepButton)
		test.Tap(s.RunButton)
		u.q.Wait(t, s.RunDone)
		if len(s.SolutionMoves) != bfs.Length() {
			t.Fatalf("%s: solution of %d moves, breadth-first search finds %d", alg, len(s.SolutionMoves), bfs.Length())
		}
		if b, err := start.Apply(s.SolutionMoves); err != nil || !b.IsGoal(DefaultGoal) {
			t.Errorf("%s: solution %s does not solve the board", alg, board.FormatMoves(s.SolutionMoves))
		}
		if !strings.Contains(s.Status.Text, "Solved in 31 moves") || !s.ReplayButton.Visible() {
			t.Errorf("%s: status %q, replay visible %v", alg, s.Status.Text, s.ReplayButton.Visible())
		}
		if !s.StepButton.Disabled() && s.RunButton.Text != "Run to end" {
			t.Errorf("%s: buttons not restored after the run", alg)
		}
		st := s.Stepper.Stats()
		if s.Generated.Text != toolkit.FormatCount(st.Generated) {
			t.Errorf("%s: generated shows %s, stepper %d", alg, s.Generated.Text, st.Generated)
		}
	}

	// The replay ends on the goal.
	s.SpeedSlider.SetValue(1)
	test.Tap(s.ReplayButton)
	u.q.Until(t, func() bool { return !s.Replay.Playing() })
	want := board.Solved(board.Size3x3, DefaultGoal).Tiles()
	if got := u.puzzle.Board.Cells(); !slices.Equal(got, want) {
		t.Errorf("after the replay the board shows %v", got)
	}
	if s.ReplayInfo.Text != "move 31 of 31" {
		t.Errorf("replay info %q", s.ReplayInfo.Text)
	}
}

// TestRunToEndLiveCounters checks that the counters move while the fast
// solver runs, and that cancelling leaves them at the solver's counts.
func TestRunToEndLiveCounters(t *testing.T) {
	u := newTestView(t)
	s := u.search
	if err := u.puzzle.LoadKorf(1); err != nil { // hundreds of millions of nodes with Manhattan
		t.Fatal(err)
	}
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton)
	var first string
	u.q.Until(t, func() bool {
		first = s.Generated.Text
		return first != "0" && strings.HasPrefix(s.Status.Text, "Running for")
	})
	u.q.Until(t, func() bool { return s.Generated.Text != first })
	if !s.Running() {
		t.Fatal("the run ended on an instance that takes minutes")
	}
	h0, err := search.NewManhattan(board.Size4x4, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := u.puzzle.Current()
	bound, err1 := strconv.Atoi(s.Bound.Text)
	iter, err2 := strconv.Atoi(s.Iteration.Text)
	if err1 != nil || err2 != nil || bound < h0.Estimate(start) || iter < 1 || (bound-h0.Estimate(start))%2 != 0 {
		t.Errorf("during the run: bound %q, iteration %q (h0 %d)", s.Bound.Text, s.Iteration.Text, h0.Estimate(start))
	}
	// The board shows the node the search is at, and f = g + h is its own.
	u.q.Until(t, func() bool { return s.FGH.Text != "–" })
	shown, err := board.New(board.Size4x4, u.puzzle.Board.Cells())
	if err != nil {
		t.Fatal(err)
	}
	var f, g, h int
	bound, _ = strconv.Atoi(s.Bound.Text) // the same update set both
	if _, err := fmt.Sscanf(s.FGH.Text, "%d = %d + %d", &f, &g, &h); err != nil || f != g+h || h != h0.Estimate(shown) ||
		f > bound || !strings.Contains(s.EventInfo.Text, fmt.Sprintf("%d moves from the start", g)) {
		t.Errorf("during the run: f = g + h reads %q (%v) for a board with h %d, bound %d; info %q",
			s.FGH.Text, err, h0.Estimate(shown), bound, s.EventInfo.Text)
	}
	test.Tap(s.RunButton) // cancel
	u.q.Wait(t, s.RunDone)
	if !strings.Contains(s.Status.Text, "Cancelled") {
		t.Errorf("status after cancel: %q", s.Status.Text)
	}
	st := s.Stepper.Stats()
	if s.Generated.Text != toolkit.FormatCount(st.Generated) || s.Expanded.Text != toolkit.FormatCount(st.Expanded) {
		t.Errorf("after cancel: counters %s/%s, stepper %d/%d", s.Expanded.Text, s.Generated.Text, st.Expanded, st.Generated)
	}
}

// TestRunToEndLiveNodeAStar checks that a full-speed A* run shows the node
// it expanded last, with its own f = g + h.
func TestRunToEndLiveNodeAStar(t *testing.T) {
	u := newTestView(t)
	s := u.search
	aStarBeyondReach(t, u)
	md, err := search.NewManhattan(board.Size4x4, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton)
	u.q.Until(t, func() bool { return s.FGH.Text != "–" && strings.HasPrefix(s.Status.Text, "Running for") })
	shown, err := board.New(board.Size4x4, u.puzzle.Board.Cells())
	if err != nil {
		t.Fatal(err)
	}
	var f, g, h int
	if _, err := fmt.Sscanf(s.FGH.Text, "%d = %d + %d", &f, &g, &h); err != nil || f != g+h || h != md.Estimate(shown) ||
		g == 0 || !strings.Contains(s.EventInfo.Text, "the node expanded last") {
		t.Errorf("during the run: f = g + h reads %q (%v) for a board with h %d; info %q", s.FGH.Text, err, md.Estimate(shown), s.EventInfo.Text)
	}
	test.Tap(s.RunButton) // cancel
	u.q.Wait(t, s.RunDone)
}

// TestPathInfo steps IDA* and A* and checks that the path shown leads from
// the start to the board shown, with as many moves as the node's g.
func TestPathInfo(t *testing.T) {
	for _, alg := range []string{"IDA*", "A*"} {
		t.Run(alg, func(t *testing.T) {
			u := newTestView(t)
			s := u.search
			start := u.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
			s.AlgorithmSelect.SetSelected(alg)
			deepest := 0
			for range 40 {
				test.Tap(s.StepButton)
				snap, ok := s.Timeline.Current()
				if !ok || !snap.Node.Board.IsValid() {
					continue
				}
				m := pathInfoRE.FindStringSubmatch(s.PathInfo.Text)
				if m == nil {
					if snap.Node.G == 0 && strings.HasSuffix(s.PathInfo.Text, "the start.") {
						continue
					}
					t.Fatalf("path info %q (node g %d)", s.PathInfo.Text, snap.Node.G)
				}
				n, _ := strconv.Atoi(m[1])
				moves := m[2]
				ms, err := board.ParseMoves(moves)
				if err != nil {
					t.Fatal(err)
				}
				end, err := start.Apply(ms)
				if err != nil || n != snap.Node.G || len(ms) != n || end != snap.Node.Board {
					t.Fatalf("path info %q: %d moves reach %v (%v); the node shown has g %d and board %s",
						s.PathInfo.Text, len(ms), end, err, snap.Node.G, snap.Node.Board.Line())
				}
				deepest = max(deepest, n)
			}
			if deepest < 3 {
				t.Errorf("the path never got deeper than %d moves", deepest)
			}
		})
	}
}

func TestSearchPanelRecordsTheTrace(t *testing.T) {
	u := newTestView(t)
	u.eightPuzzle(t, "1 2 3 / 4 5 6 / 0 7 8")
	s := u.search
	var shown []SearchSnap
	resets := 0
	s.OnRender(func(sn SearchSnap) { shown = append(shown, sn) })
	s.OnReset(func() { resets++ })
	for i := 0; i < 1000 && (s.Stepper == nil || !s.Stepper.Done()); i++ {
		s.Step()
	}
	if len(shown) == 0 || s.TraceLog().Len() == 0 {
		t.Fatal("stepping recorded no trace")
	}
	gen, last := 0, shown[len(shown)-1]
	for i := range s.TraceLog().Len() {
		if s.TraceLog().At(i).Kind == search.TraceGenerate {
			gen++
		}
	}
	if uint64(gen) != last.Stats.Generated {
		t.Errorf("%d generate events, the search generated %d", gen, last.Stats.Generated)
	}
	if k := last.Trace[len(last.Trace)-1]; k.Kind != search.TraceGoal || k.G != 2 {
		t.Errorf("last trace event %v g %d, want the goal at g 2", k.Kind, k.G)
	}
	s.Reset()
	if resets != 1 || s.TraceLog().Len() != 0 {
		t.Errorf("Reset: %d reset hooks ran, %d trace events kept", resets, s.TraceLog().Len())
	}
}

// pathInfoRE matches the path line: its move count and moves.
var pathInfoRE = regexp.MustCompile(`, (\d+) moves?: ([UDLR]+)$`)

// aStarBeyondReach sets up A* with Manhattan distance on Korf's #1, far
// beyond A*'s reach in a test: a full-speed run goes on until cancelled.
func aStarBeyondReach(t *testing.T, u *testView) {
	t.Helper()
	if err := u.puzzle.LoadKorf(1); err != nil {
		t.Fatal(err)
	}
	u.search.AlgorithmSelect.SetSelected("A*")
	if err := u.search.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
}
