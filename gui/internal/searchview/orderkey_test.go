package searchview

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestWeightedAStarShowsGPlusWH: weighted A* with w = 3 shows the number it
// orders by, f = g + w·h with the weight in view, in the counter, the
// narration, the current node's tree card, the open list and the badges
// of the children.
func TestWeightedAStarShowsGPlusWH(t *testing.T) {
	v := newTestView(t)
	s := v.search
	v.eightPuzzle(t, "1 3 6 / 5 0 2 / 4 7 8")
	s.AlgorithmSelect.SetSelected("Weighted A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	s.Params.Weight.SetSelected("3")
	if !v.tree.Shown {
		v.tree.ToggleShown()
	}
	sum := regexp.MustCompile(`(\d+) \+ 3·(\d+) = (\d+)`)
	checkSum := func(where, text string) {
		t.Helper()
		m := sum.FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("%s %q: no g + 3·h = f", where, text)
		}
		g, _ := strconv.Atoi(m[1])
		h, _ := strconv.Atoi(m[2])
		if f, _ := strconv.Atoi(m[3]); f != g+3*h {
			t.Errorf("%s %q: %d + 3·%d is not %d", where, text, g, h, f)
		}
	}
	for range 3 { // select, expand, select
		test.Tap(s.StepButton)
	}
	test.Tap(s.StepButton) // the second expansion
	snap := shownSnap(t, s)
	if snap.Kind != search.NodeExpanded {
		t.Fatalf("event %v, want an expansion", snap.Kind)
	}
	if s.FGHName.Text != "f = g + w·h" {
		t.Errorf("counter titled %q", s.FGHName.Text)
	}
	checkSum("counter", s.FGH.Text)
	if n := v.code.Narration.Text; !strings.Contains(n, "f = g + w·h = ") {
		t.Errorf("narration %q does not name f = g + w·h", n)
	} else {
		checkSum("narration", n)
	}
	cur := v.tree.Model.nodes[v.tree.Model.cur]
	card := cardLines(VisNode{N: cur}, v.tree.Model.key())[1].Text
	if want := fmt.Sprintf("%d = %d+3·%d", cur.g+3*cur.h, cur.g, cur.h); card != want {
		t.Errorf("card %q, want %q", card, want)
	}
	for _, c := range s.Captions {
		if c.Text != "" {
			checkSum("open-list caption", c.Text)
		}
	}
	marks := childMarks(snap, s.orderKey())
	for i, c := range snap.Children {
		if want := fmt.Sprintf("f %d", c.G+3*c.H); !strings.HasPrefix(marks[i].Text, want) {
			t.Errorf("child %d: badge %q, want %q", i, marks[i].Text, want)
		}
	}
	// The f overlay's badge and line (they gave g + h: "f 40" beside a
	// counter reading "1 + 3·39 = 118").
	s.SetOverlays([]string{OverlayF})
	n := s.Hov.node.node
	if !s.Hov.node.known || n.H < 0 {
		t.Fatal("no node with its h is shown")
	}
	if want, badges := fmt.Sprintf("f %d", n.G+3*n.H), v.puzzle.Board.Overlay().Node; !slices.Contains(badges, want) {
		t.Errorf("f overlay's badges %q, want %q (g %d + 3·h %d)", badges, want, n.G, n.H)
	}
	checkSum("f overlay's line", s.HInfo.Text)
}

// TestOrderKeyJumpAndBadges: weighted A*'s next-f jump follows g + w·h, not
// g + h; the uninformed searches' badges say g (a depth-limit cut-off "g
// 11 > 10"), greedy's h, and f only where f orders the search.
func TestOrderKeyJumpAndBadges(t *testing.T) {
	snap := func(g, h int) SearchSnap {
		return SearchSnap{Kind: search.NodeSelected, Node: search.Node{Board: board.Solved(board.Size3x3, DefaultGoal), G: g, H: h}}
	}
	ref, next := snap(2, 5), snap(6, 3) // g + h rises 7 -> 9; g + 3h falls 17 -> 15
	if jumpTarget(jumpLevel, orderKey{alg: search.WAStar, w10: 30}, ref, true)(next) {
		t.Error("weighted A*'s next-f jump stops where g + w·h fell")
	}
	if !jumpTarget(jumpLevel, orderKey{alg: search.AStar}, ref, true)(next) {
		t.Error("A*'s next-f jump passes where g + h rose")
	}
	for _, tc := range []struct {
		k     orderKey
		st    search.ChildStatus
		bound int
		want  string
	}{
		{orderKey{alg: search.BFS}, search.ChildNew, 0, "g 6"},
		{orderKey{alg: search.UCS}, search.ChildDuplicate, 0, "g 6 seen"},
		{orderKey{alg: search.DLS}, search.ChildPruned, 5, "g 6 > 5"},
		{orderKey{alg: search.IDDFS}, search.ChildNew, 7, "g 6"},
		{orderKey{alg: search.BiBFS}, search.ChildNew, 0, "g 6"},
		{orderKey{alg: search.DFS}, search.ChildDuplicate, 0, "g 6 seen"},
		{orderKey{alg: search.Greedy}, search.ChildNew, 0, "h 3"},
		{orderKey{alg: search.AStar}, search.ChildNew, 0, "f 9"},
		{orderKey{alg: search.IDAStar}, search.ChildPruned, 8, "f 9 > 8"},
		{orderKey{alg: search.WAStar, w10: 15}, search.ChildNew, 0, "f 10.5"},
	} {
		parent := board.Solved(board.Size3x3, DefaultGoal)
		moves := parent.LegalMoves(nil)
		child, _ := parent.Apply(moves[:1])
		s := SearchSnap{Kind: search.NodeExpanded, Bound: tc.bound, Node: search.Node{Board: parent, G: 5, H: 4, Root: true},
			Children: []search.Child{{Node: search.Node{Board: child, G: 6, H: 3, Move: moves[0]}, Status: tc.st}}}
		if got := childMarks(s, tc.k); len(got) == 0 || got[0].Text != tc.want {
			t.Errorf("%v: badges %+v, want %q", tc.k.alg, got, tc.want)
		}
	}
}
