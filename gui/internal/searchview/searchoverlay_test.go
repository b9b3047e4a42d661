package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// marksOf returns the move marks drawn on the big board, by cell.
func marksOf(t *testing.T, u *testView) map[int]string {
	t.Helper()
	got, _, _ := drawnBadges(t, u.puzzle.Board)
	out := map[int]string{}
	for k, v := range got {
		if cell, ok := strings.CutPrefix(k, "mark"); ok {
			n, err := strconv.Atoi(cell)
			if err != nil {
				t.Fatalf("badge key %q", k)
			}
			out[n] = v
		}
	}
	r := test.WidgetRenderer(u.puzzle.Board).(*widgets.BoardRenderer)
	for cell, ring := range r.Ov.Rings {
		if _, marked := out[cell]; ring.Visible() != marked {
			t.Errorf("cell %d: outline drawn %v, badge %q", cell, ring.Visible(), out[cell])
		}
	}
	return out
}

// TestExpansionMarksChildren steps IDA* and A* and checks that every
// expansion shown marks exactly the tiles whose moves made its children
// (with their f, and IDA*'s bound for pruned ones) and the skipped move
// back to the parent, and that other events mark nothing. The race form
// (raceForm) keeps IDA* (whose marks include pruned children): the marks
// are the test goroutine's alone.
func TestExpansionMarksChildren(t *testing.T) {
	algs := []string{"IDA*", "A*"}
	if raceForm() {
		algs = algs[:1]
	}
	for _, alg := range algs {
		t.Run(alg, func(t *testing.T) {
			u := newTestView(t)
			s := u.search
			u.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
			s.AlgorithmSelect.SetSelected(alg)
			if err := s.SelectHeuristic("manhattan"); err != nil {
				t.Fatal(err)
			}
			var pruned, back, expansions int
			var lastMarks map[int]string
			for range 60 {
				test.Tap(s.StepButton)
				snap, _ := s.Timeline.Current()
				want := map[int]string{}
				if snap.Kind == search.NodeExpanded {
					expansions++
					b := snap.Node.Board
					for _, c := range snap.Children {
						cell, _ := b.Size().Neighbor(b.Blank(), c.Move)
						want[cell] = fmt.Sprintf("f %d", c.F())
						if c.Status == search.ChildPruned {
							want[cell] = fmt.Sprintf("f %d > %d", c.F(), snap.Bound)
							pruned++
						}
						if c.Status == search.ChildDuplicate {
							want[cell] = fmt.Sprintf("f %d seen", c.F())
						}
					}
					if !snap.Node.Root {
						want[catalog.MovedCell(snap.Node)] = "back"
						back++
					}
				}
				got := marksOf(t, u)
				if !maps.Equal(got, want) {
					t.Fatalf("event %d (%s): marks %v, want %v", snap.Event, snap.Kind, got, want)
				}
				if len(want) > 0 {
					lastMarks = want
				}
			}
			if expansions < 5 || back == 0 || alg == "IDA*" && pruned == 0 {
				t.Errorf("%d expansions, %d with a move back, %d pruned children: the test saw too little", expansions, back, pruned)
			}
			// Back to the last expansion shows its marks again.
			for range 60 {
				if snap, _ := s.Timeline.Current(); snap.Kind == search.NodeExpanded {
					break
				}
				test.Tap(s.BackButton)
			}
			if got := marksOf(t, u); !maps.Equal(got, lastMarks) {
				t.Errorf("back at the last expansion: marks %v, want %v", got, lastMarks)
			}
			test.Tap(s.ResetButton)
			if got := marksOf(t, u); len(got) != 0 {
				t.Errorf("after Reset: marks %v", got)
			}
		})
	}
}

// legendTexts returns the labels of the legend.
func legendTexts(u *testView) []string {
	var out []string
	for _, o := range u.puzzle.Legend.Objects {
		for _, c := range o.(*fyne.Container).Objects {
			if l, ok := c.(*widget.Label); ok {
				out = append(out, l.Text)
			}
		}
	}
	return out
}

// noteSums adds up the legend's notes ("1 2 3 4: 7" or "...: 7 / 9"):
// the values on the board and on its mirror.
func noteSums(t *testing.T, notes []string) (direct, mirror int, ok bool) {
	t.Helper()
	for _, n := range notes {
		_, v, found := strings.Cut(n, ": ")
		if !found {
			return 0, 0, false
		}
		d, m, hasMirror := strings.Cut(v, " / ")
		x, err := strconv.Atoi(d)
		if err != nil {
			t.Fatalf("legend note %q", n)
		}
		direct += x
		if hasMirror {
			y, err := strconv.Atoi(m)
			if err != nil {
				t.Fatalf("legend note %q", n)
			}
			mirror += y
		}
	}
	return direct, mirror, true
}

// TestHOverlay checks the h overlay for every heuristic of the 8-puzzle: the
// parts drawn (tile badges, or the legend's group values) add up to the h
// of the node shown, as the f = g + h counter states it, at every step and
// on the start board; and unchecking "Show h per tile" clears them all.
// The race form (raceForm) keeps linear conflict (badges on the tiles,
// the amber ones too) and the reflected 4-4 database (values in the
// legend, on the board and its mirror): the overlay is the test
// goroutine's alone.
func TestHOverlay(t *testing.T) {
	tests := []struct {
		name     string
		perTile  bool // badges on the tiles; else values in the legend
		conflict bool // linear conflict's amber badges expected at some step
		reflect  bool
	}{
		{"hamming", true, false, false},
		{"manhattan", true, false, false},
		{"linear-conflict", true, true, false},
		{"pdb:44", false, false, false},
		{"pdb:44+reflect", false, false, true},
	}
	if raceForm() {
		tests = append(tests[:0:0], tests[2], tests[4]) // linear-conflict, pdb:44+reflect
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := newTestView(t)
			s := u.search
			start := u.eightPuzzle(t, "3 1 2 / 6 4 5 / 7 8 _")
			s.AlgorithmSelect.SetSelected("A*")
			if err := s.SelectHeuristic(tc.name); err != nil {
				t.Fatal(err)
			}
			if s.ShowH.Checked || s.Hov.Box.Visible() {
				t.Fatal("the h overlay is on by default")
			}
			if got, _, _ := drawnBadges(t, u.puzzle.Board); len(got) != 0 {
				t.Fatalf("badges before the overlay is on: %v", got)
			}
			h, err := search.NewHeuristic(context.Background(), tc.name, board.Size3x3, DefaultGoal, search.HeuristicOptions{})
			if err != nil {
				t.Fatal(err)
			}
			test.Tap(s.ShowH)
			sawConflict := false
			check := func(when string, wantH int) {
				t.Helper()
				badges, _, _ := drawnBadges(t, u.puzzle.Board)
				sum := 0
				for k, v := range badges {
					if strings.HasPrefix(k, "share") || strings.HasPrefix(k, "extra") {
						n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
						if err != nil {
							t.Fatalf("%s: badge %s = %q", when, k, v)
						}
						sum += n
					}
					if strings.HasPrefix(k, "extra") {
						sawConflict = true
					}
				}
				if !tc.perTile {
					direct, mirror, ok := noteSums(t, legendTexts(u))
					if !ok {
						t.Fatalf("%s: legend %q has no group values", when, legendTexts(u))
					}
					sum = direct
					if tc.reflect {
						if !strings.Contains(strings.Join(legendTexts(u), "|"), " / ") {
							t.Fatalf("%s: legend %q has no values on the mirror", when, legendTexts(u))
						}
						sum = max(direct, mirror)
					}
				}
				if sum != wantH || !strings.Contains(s.HInfo.Text, fmt.Sprintf("= %d", wantH)) || !s.Hov.Box.Visible() {
					t.Fatalf("%s: overlay adds up to %d, h is %d; the sum line says %q", when, sum, wantH, s.HInfo.Text)
				}
			}
			check("start board", h.Estimate(start))
			for i := range 25 {
				test.Tap(s.StepButton)
				var f, g, hv int
				if _, err := fmt.Sscanf(s.FGH.Text, "%d = %d + %d", &f, &g, &hv); err != nil {
					t.Fatalf("f = g + h reads %q", s.FGH.Text)
				}
				shown, err := board.New(board.Size3x3, u.puzzle.Board.Cells())
				if err != nil {
					t.Fatal(err)
				}
				if hv != h.Estimate(shown) {
					t.Fatalf("step %d: the counter's h %d is not h of the board shown (%d)", i, hv, h.Estimate(shown))
				}
				check(fmt.Sprintf("step %d", i), hv)
			}
			if tc.conflict && !sawConflict {
				t.Error("no linear conflict badge was ever drawn")
			}
			test.Tap(s.ShowH)
			if got, _, _ := drawnBadges(t, u.puzzle.Board); len(got) != 0 {
				for k := range got {
					if !strings.HasPrefix(k, "mark") {
						t.Errorf("overlay off: badge %s = %q left", k, got[k])
					}
				}
			}
			if s.Hov.Box.Visible() {
				t.Errorf("overlay off: the sum line still reads %q", s.HInfo.Text)
			}
			if _, _, ok := noteSums(t, legendTexts(u)); ok {
				t.Errorf("overlay off: legend %q keeps the group values", legendTexts(u))
			}
		})
	}
}

// TestHOverlayFollowsReplay checks that the overlay follows the solution's
// replay and a change of heuristic.
func TestHOverlayFollowsReplay(t *testing.T) {
	u := newTestView(t)
	s := u.search
	start := u.eightPuzzle(t, "4 1 3 / 7 2 5 / 0 8 6")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.ShowH)
	test.Tap(s.RunButton)
	u.q.Wait(t, s.RunDone)
	if len(s.SolutionMoves) == 0 {
		t.Fatal("not solved")
	}
	md, err := search.NewManhattan(board.Size3x3, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	s.ReplayAt = 0
	for s.ReplayStep() {
		b, err := start.Apply(s.SolutionMoves[:s.ReplayAt])
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("h = %s", sumText(md.Shares(b), md.Estimate(b))); !strings.HasPrefix(s.HInfo.Text, want) {
			t.Fatalf("replay move %d: sum line %q, want it to start %q", s.ReplayAt, s.HInfo.Text, want)
		}
	}
	if err := s.SelectHeuristic("hamming"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s.HInfo.Text, "out of place") {
		t.Errorf("after choosing Hamming the sum line reads %q", s.HInfo.Text)
	}
}

// TestExplainPDBGroupsNotColours checks that a database whose groups are
// not the colour groups lists its groups' values in the sum line.
func TestExplainPDBGroupsNotColours(t *testing.T) {
	h, err := search.NewHeuristic(context.Background(), "pdb:1,2,3/4,5,6/7,8", board.Size3x3, DefaultGoal, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := board.ParseSolvable("8 6 7 / 2 5 4 / 3 _ 1", board.Size3x3, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := explainH(h, b, DefaultGoal, session.DefaultGroups(board.Size3x3, DefaultGoal))
	if err != nil {
		t.Fatal(err)
	}
	vals := h.(*search.PDB).GroupValues(b)
	want := fmt.Sprintf("tiles 1 2 3: %d; tiles 4 5 6: %d; tiles 7 8: %d", vals[0], vals[1], vals[2])
	if ex.Notes != nil || ex.Total != h.Estimate(b) || !strings.Contains(ex.Summary, want) {
		t.Errorf("notes %q, total %d (h %d), summary %q; want the groups listed: %q", ex.Notes, ex.Total, h.Estimate(b), ex.Summary, want)
	}
}

// TestExplainOtherDomain checks that a board of another size or goal than
// the heuristic's is refused, not looked up out of range.
func TestExplainOtherDomain(t *testing.T) {
	h, err := search.NewHeuristic(context.Background(), "pdb:44", board.Size3x3, DefaultGoal, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		b board.Board
		g board.Goal
	}{{board.Solved(board.Size4x4, DefaultGoal), DefaultGoal}, {board.Solved(board.Size3x3, board.BlankFirst), board.BlankFirst}}
	for _, c := range cases {
		if _, err := explainH(h, c.b, c.g, session.DefaultGroups(c.b.Size(), c.g)); err == nil {
			t.Errorf("a %s board for the %s goal explained with the 3x3 %s tables", c.b.Size(), c.g, DefaultGoal)
		}
	}
}

// TestHOverlayFollowsLiveRun checks that during a full-speed run the badges
// add up to the h of the node the run shows.
func TestHOverlayFollowsLiveRun(t *testing.T) {
	u := newTestView(t)
	s := u.search
	aStarBeyondReach(t, u)
	test.Tap(s.ShowH)
	test.Tap(s.RunButton)
	u.q.Until(t, func() bool { return s.FGH.Text != "–" && strings.HasPrefix(s.Status.Text, "Running for") })
	var f, g, h int
	if _, err := fmt.Sscanf(s.FGH.Text, "%d = %d + %d", &f, &g, &h); err != nil || g == 0 {
		t.Fatalf("f = g + h reads %q during the run", s.FGH.Text)
	}
	badges, _, _ := drawnBadges(t, u.puzzle.Board)
	sum := 0
	for k, v := range badges {
		if strings.HasPrefix(k, "share") {
			n, _ := strconv.Atoi(v)
			sum += n
		}
	}
	if sum != h || !strings.HasSuffix(strings.SplitN(s.HInfo.Text, ":", 2)[0], fmt.Sprintf("= %d", h)) {
		t.Errorf("live node with h %d: badges add up to %d, sum line %q", h, sum, s.HInfo.Text)
	}
	test.Tap(s.RunButton) // cancel
	u.q.Wait(t, s.RunDone)
}

// TestHInfoLaidOutWhenShown: the line that says how h adds up appears
// under "Show h per tile" when the box is ticked, not over the "Search"
// heading (where its hidden box had been left: the column was not laid
// out again when it showed).
func TestHInfoLaidOutWhenShown(t *testing.T) {
	u := newTestView(t)
	s := u.search
	u.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	for _, on := range []bool{true, false, true} {
		s.ShowH.SetChecked(on)
		u.q.Drain()
		if s.Hov.Box.Visible() != on {
			t.Fatalf("ticked %v: the sum shows %v", on, s.Hov.Box.Visible())
		}
	}
	d := fyne.CurrentApp().Driver()
	check := d.AbsolutePositionForObject(s.ShowH).Y + s.ShowH.Size().Height
	if y := d.AbsolutePositionForObject(s.Hov.Box).Y; y < check-1 || s.Hov.Box.Size().Height < 1 {
		t.Errorf("the sum's line is at y %g (height %g), above the bottom of Show h per tile (%g)", y, s.Hov.Box.Size().Height, check)
	}
}
