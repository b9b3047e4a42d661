package searchview

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/internal/lesson"
)

// independentOpen steps a search of its own as far as the panel did and
// counts its open list.
func independentOpen(t *testing.T, start board.Board, alg search.Algorithm, hname string, steps int) int {
	t.Helper()
	h, err := search.NewHeuristic(context.Background(), hname, start.Size(), DefaultGoal, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := search.NewStepper(start, search.Config{Algorithm: alg, Heuristic: h, Goal: DefaultGoal})
	if err != nil {
		t.Fatal(err)
	}
	for range steps {
		if _, err := st.Step(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return len(st.Open(1 << 20))
}

// TestLessonOverlaysDrawn turns each overlay on alone (as a lesson part
// naming it does), steps A*, and checks what the board draws against the
// counters, an independent search and the goal; then turns them all off.
func TestLessonOverlaysDrawn(t *testing.T) {
	u := newTestView(t)
	s := u.search
	start := u.eightPuzzle(t, "3 1 2 / 6 4 5 / 7 8 _")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(s.Overlays(), " "); got != "moved groups" {
		t.Fatalf("overlays on at the start: %q, want the board's usual look (moved groups)", got)
	}
	// A lesson starts with the app's overlays, so a lesson that never
	// names any shows the board as the app does.
	if got, want := slices.Sorted(slices.Values(s.Overlays())), slices.Sorted(slices.Values(lesson.DefaultOverlays)); !slices.Equal(got, want) {
		t.Fatalf("the app starts with overlays %v, a lesson with %v", got, want)
	}
	const steps = 5
	goal := board.Solved(board.Size3x3, DefaultGoal)
	for _, name := range append([]string{OverlayH}, ShowOverlays...) {
		t.Run(name, func(t *testing.T) {
			test.Tap(s.ResetButton)
			s.SetOverlays([]string{name})
			if got := s.Overlays(); !slices.Equal(got, []string{name}) {
				t.Fatalf("SetOverlays(%s): on %v", name, got)
			}
			for range steps {
				test.Tap(s.StepButton)
			}
			snap := shownSnap(t, s)
			n := snap.Node
			ov := u.puzzle.Board.Overlay()
			shown, err := board.New(board.Size3x3, u.puzzle.Board.Cells())
			if err != nil || shown != n.Board {
				t.Fatalf("the board shows %v, the event's node is %v", u.puzzle.Board.Cells(), n.Board)
			}
			if ov.Plain == (name == OverlayGroups) {
				t.Errorf("plain tiles = %v with %s on", ov.Plain, name)
			}
			wantMark := -1
			if name == OverlayMoved {
				wantMark = catalog.MovedCell(n)
			}
			if u.puzzle.Board.Mark != wantMark {
				t.Errorf("outline on cell %d, want %d", u.puzzle.Board.Mark, wantMark)
			}
			var want []string
			switch name {
			case OverlayG:
				want = []string{fmt.Sprintf("g %d", n.G)}
			case OverlayF:
				want = []string{fmt.Sprintf("f %d", n.F())}
			case OverlayOpen:
				want = []string{fmt.Sprintf("open %d", independentOpen(t, start, search.AStar, "manhattan", steps))}
			}
			if !slices.Equal(ov.Node, want) {
				t.Errorf("node badges %q, want %q", ov.Node, want)
			}
			checkPath(t, name == OverlayPath, ov.Path, start, snap.path, n.Board)
			checkGhosts(t, name == OverlayGoal, ov.Ghost, n.Board, goal)
			if hasAny(ov.Share) != (name == OverlayH) {
				t.Errorf("h badges %q with %s on", ov.Share, name)
			}
			if name != OverlayH && name != OverlayConflicts && hasAny(ov.Extra) {
				t.Errorf("conflict badges %q with %s on", ov.Extra, name)
			}
			if name != OverlayGroups && name != OverlayMoved && !s.Hov.Box.Visible() {
				t.Errorf("%s on: no line says what the board shows", name)
			}
		})
	}
	t.Run("conflicts", func(t *testing.T) {
		test.Tap(s.ResetButton)
		s.SetOverlays([]string{OverlayConflicts})
		ov := u.puzzle.Board.Overlay()
		lc, _ := search.NewLinearConflict(board.Size3x3, DefaultGoal)
		e := lc.Explain(start)
		sum := 0
		for p, x := range ov.Extra {
			if x == "" {
				continue
			}
			k, _ := strconv.Atoi(strings.TrimPrefix(x, "+"))
			if k != e.Extra(start.At(p)) {
				t.Errorf("cell %d: %q, linear conflict says +%d", p, x, e.Extra(start.At(p)))
			}
			sum += k
		}
		if sum == 0 || sum != e.Total()-sumInts(e.Manhattan) {
			t.Errorf("conflict badges add up to %d, linear conflict adds %d", sum, e.Total()-sumInts(e.Manhattan))
		}
	})
	s.SetOverlays(nil)
	ov := u.puzzle.Board.Overlay()
	if hasAny(ov.Node) || hasAny(ov.Path) || hasAny(ov.Ghost) || hasAny(ov.Share) || hasAny(ov.Extra) || !ov.Plain || u.puzzle.Board.Mark != -1 || u.puzzle.Legend.Visible() {
		t.Errorf("every overlay off, the board still draws %+v (outline %d, legend shown %v)", ov, u.puzzle.Board.Mark, u.puzzle.Legend.Visible())
	}
}

func hasAny(xs []string) bool { return slices.ContainsFunc(xs, func(s string) bool { return s != "" }) }

// checkPath checks the path's numbers: the blank's cell after each move,
// the last visit's number, 0 where it started.
func checkPath(t *testing.T, on bool, got []string, start board.Board, path []board.Dir, end board.Board) {
	t.Helper()
	if !on {
		if hasAny(got) {
			t.Errorf("path numbers %q while the path overlay is off", got)
		}
		return
	}
	want := make([]string, start.Size().Cells())
	b := start
	want[b.Blank()] = "0"
	for i, d := range path {
		next, err := b.Apply([]board.Dir{d})
		if err != nil {
			t.Fatal(err)
		}
		b = next
		want[b.Blank()] = strconv.Itoa(i + 1)
	}
	if b != end || !slices.Equal(got, want) || got[end.Blank()] != strconv.Itoa(len(path)) {
		t.Errorf("path numbers %q, want %q", got, want)
	}
}

// checkGhosts checks the goal's ghosts: the goal's tile where the board
// has another, nothing elsewhere.
func checkGhosts(t *testing.T, on bool, got []string, b, goal board.Board) {
	t.Helper()
	if !on {
		if hasAny(got) {
			t.Errorf("goal ghosts %q while the goal overlay is off", got)
		}
		return
	}
	for p := range b.Size().Cells() {
		want := ""
		if b.At(p) != goal.At(p) {
			want = strconv.Itoa(goal.At(p))
			if goal.At(p) == 0 {
				want = "_"
			}
		}
		if at := got[p]; at != want {
			t.Errorf("cell %d: ghost %q, want %q", p, at, want)
		}
	}
}

// TestLessonOverlaysSayWhy checks that an overlay the algorithm has no use
// for says so: IDA*'s open list, breadth-first search's f.
func TestLessonOverlaysSayWhy(t *testing.T) {
	u := newTestView(t)
	s := u.search
	u.eightPuzzle(t, "3 1 2 / 6 4 5 / 7 8 _")
	for _, tc := range []struct{ alg, overlay, want string }{
		{"IDA*", OverlayOpen, "keeps none"},
		{"Breadth-first", OverlayF, "uses no h"},
	} {
		s.AlgorithmSelect.SetSelected(tc.alg)
		if s.AlgorithmSelect.Selected != tc.alg {
			t.Fatalf("no algorithm %q among %q", tc.alg, s.AlgorithmSelect.Options)
		}
		s.SetOverlays([]string{tc.overlay})
		test.Tap(s.StepButton)
		if !strings.Contains(s.HInfo.Text, tc.want) || !s.Hov.Box.Visible() {
			t.Errorf("%s with %s: the line reads %q, want it to say %q", tc.alg, tc.overlay, s.HInfo.Text, tc.want)
		}
	}
}

// TestHPerGroupKeepsColours checks that a pattern database's h, taken
// apart per group in the legend, keeps the tiles' group colours while the
// groups overlay is off (a lesson part naming h alone), and says why.
func TestHPerGroupKeepsColours(t *testing.T) {
	u := newTestView(t)
	s := u.search
	u.eightPuzzle(t, "3 1 2 / 6 4 5 / 7 8 _")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	s.SetOverlays([]string{OverlayH})
	if ov := u.puzzle.Board.Overlay(); ov.Plain || !u.puzzle.Legend.Visible() || !strings.Contains(s.HInfo.Text, "keep their group colours") {
		t.Errorf("h per group with groups off: plain %v, legend shown %v, line %q", ov.Plain, u.puzzle.Legend.Visible(), s.HInfo.Text)
	}
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	if ov := u.puzzle.Board.Overlay(); !ov.Plain || u.puzzle.Legend.Visible() {
		t.Errorf("h per tile with groups off: plain %v, legend shown %v", ov.Plain, u.puzzle.Legend.Visible())
	}
}
