package searchview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// treeUI opens the tree beside the board on an 8-puzzle board with A*.
func treeUI(t *testing.T, alg string) *testView {
	t.Helper()
	u := newTestView(t)
	u.w.Resize(fyne.NewSize(1400, 900))
	u.eightPuzzle(t, "5 2 8 / 4 1 7 / 0 3 6")
	u.search.AlgorithmSelect.SetSelected(alg)
	if err := u.search.SelectHeuristic("linear-conflict"); err != nil && alg != "Breadth-first" {
		t.Fatal(err)
	}
	if u.tree.Content.Visible() {
		t.Fatal("the tree is shown before it is asked for")
	}
	test.Tap(u.tree.Toggle)
	if !u.tree.Content.Visible() || u.tree.View.Size().Width < 100 {
		t.Fatalf("Search tree: panel visible %v, view %v", u.tree.Content.Visible(), u.tree.View.Size())
	}
	return u
}

// tapCard taps the card of node id in the view.
func tapCard(t *testing.T, v *TreeView, id int64) {
	t.Helper()
	p, ok := v.screenPos(id)
	if !ok {
		t.Fatalf("node %d not drawn", id)
	}
	test.TapAt(v, p)
}

func TestTreeViewFollowsTheSearch(t *testing.T) {
	u := treeUI(t, "A*")
	s, v := u.search, u.tree.View
	for range 30 {
		test.Tap(s.StepButton)
	}
	last := s.TraceLog().At(s.TraceLog().Len() - 1)
	if v.At != last.Seq+1 {
		t.Fatalf("the view shows event %d, the search is at %d", v.At, last.Seq+1)
	}
	// The current node is the one the panel shows, drawn as current, on
	// the path, in view (Follow is on).
	snap, _ := s.Timeline.Current()
	cur := snap.Trace[0].Node
	i, ok := v.Lay.Index[cur]
	if !ok || v.Lay.Nodes[i].Status != TreeCurrent || !v.Lay.Nodes[i].OnPath {
		t.Fatalf("current node %d not highlighted: %+v", cur, v.Lay.Nodes[i])
	}
	if p, _ := v.screenPos(cur); p.X < 0 || p.Y < 0 || p.X > v.Size().Width || p.Y > v.Size().Height {
		t.Errorf("the current node is drawn at %v, outside the view %v", p, v.Size())
	}
	if n := v.Model.Node(cur); n.Board != snap.Node.Board {
		t.Errorf("the current card's board %s, the panel shows %s", n.Board.Line(), snap.Node.Board.Line())
	}
	// Back shows the tree as it was.
	test.Tap(s.BackButton)
	prev, _ := s.Timeline.Current()
	if v.At != prev.Trace[len(prev.Trace)-1].Seq+1 {
		t.Errorf("after Back the view shows event %d", v.At)
	}
	for _, n := range v.Lay.Nodes {
		if n.N.Made > v.At {
			t.Fatalf("after Back, node %d (made later) is drawn", n.N.Id)
		}
	}
	// Reset empties it.
	test.Tap(s.ResetButton)
	if v.Model.Len() != 0 || len(v.Lay.Nodes) != 0 {
		t.Errorf("after Reset: %d nodes kept, %d drawn", v.Model.Len(), len(v.Lay.Nodes))
	}
	if u.tree.Info.Text == "" {
		t.Error("no hint after Reset")
	}
}

func TestTreeViewTapUnfoldsAndShowsTheBoard(t *testing.T) {
	u := treeUI(t, "A*")
	v := u.tree.View
	for range 60 {
		test.Tap(u.search.StepButton)
	}
	test.Tap(u.tree.Fit) // everything drawn is in view
	for _, n := range v.Lay.Nodes {
		if p, _ := v.screenPos(n.N.Id); p.X < 0 || p.Y < 0 || p.X > v.Size().Width || p.Y > v.Size().Height {
			t.Fatalf("after Fit, node %d is drawn at %v, outside %v", n.N.Id, p, v.Size())
		}
	}
	if v.Follow || u.tree.Follow.Importance == widget.HighImportance {
		t.Error("Fit: still following the current node")
	}
	var folded VisNode
	for _, n := range v.Lay.Nodes {
		if n.Folded && !n.OnPath {
			folded = n
			break
		}
	}
	if folded.N == nil {
		t.Fatal("nothing folded after 60 steps")
	}
	drawn := len(v.Lay.Nodes)
	tapCard(t, v, folded.N.Id)
	for _, c := range folded.N.Children {
		if _, ok := v.Lay.Index[c]; !ok {
			t.Fatalf("child %d of the tapped node %d not drawn", c, folded.N.Id)
		}
	}
	if len(v.Lay.Nodes) <= drawn {
		t.Errorf("%d nodes drawn after unfolding, %d before", len(v.Lay.Nodes), drawn)
	}
	// The tapped card's board is on the big board.
	if u.puzzle.Shown != folded.N.Board {
		t.Errorf("big board %s, tapped card %s", u.puzzle.Shown.Line(), folded.N.Board.Line())
	}
	// Tapping it again folds it.
	tapCard(t, v, folded.N.Id)
	if len(v.Lay.Nodes) != drawn {
		t.Errorf("folded again: %d drawn, want %d", len(v.Lay.Nodes), drawn)
	}
	tapCard(t, v, folded.N.Id)
	test.Tap(u.tree.FoldAll)
	if len(v.Lay.Nodes) != drawn {
		t.Errorf("Fold all: %d drawn, want %d", len(v.Lay.Nodes), drawn)
	}
}

func TestTreeViewZoomAndPan(t *testing.T) {
	u := treeUI(t, "A*")
	v := u.tree.View
	for range 20 {
		test.Tap(u.search.StepButton)
	}
	s0 := v.Scale
	test.Tap(u.tree.ZoomIn)
	if v.Scale <= s0 {
		t.Errorf("+: scale %v after %v", v.Scale, s0)
	}
	test.Tap(u.tree.ZoomOut)
	test.Tap(u.tree.ZoomOut)
	if v.Scale >= s0 {
		t.Errorf("−: scale %v, started at %v", v.Scale, s0)
	}
	for range 20 {
		test.Tap(u.tree.ZoomOut)
	}
	if v.Scale != treeMinScale {
		t.Errorf("zoomed out to %v, the limit is %v", v.Scale, treeMinScale)
	}
	test.Tap(u.tree.ZoomIn)
	// Dragging pans and stops following; Follow brings the current node back.
	off := v.Off
	test.Drag(u.w.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(v).AddXY(50, 50), -30, -20)
	if v.Off == off || u.tree.View.Follow {
		t.Errorf("drag: offset %v (was %v), follow %v", v.Off, off, v.Follow)
	}
	off = v.Off
	test.Scroll(u.w.Canvas(), fyne.CurrentApp().Driver().AbsolutePositionForObject(v).AddXY(50, 50), 0, -40)
	if v.Off == off {
		t.Error("scrolling did not pan")
	}
	if u.tree.Follow.Importance == widget.HighImportance {
		t.Error("Follow still highlighted after a drag")
	}
	test.Tap(u.tree.Follow)
	if p, _ := v.screenPos(v.Lay.Cur); !v.Follow || p.X < 0 || p.X > v.Size().Width {
		t.Errorf("Follow: current node at %v in a view of %v", p, v.Size())
	}
	if u.tree.Follow.Importance != widget.HighImportance {
		t.Error("Follow not highlighted while on")
	}
	test.Tap(u.tree.Follow)
	if v.Follow {
		t.Error("Follow tapped again: still following")
	}
	test.Tap(u.tree.Toggle)
	if u.tree.Content.Visible() {
		t.Error("Search tree did not hide the tree")
	}
}

// TestTreeViewIDAStarPrunedAndStrip: IDA* to the goal with the tree shown
// draws the passes' strip and pruned cards (f over the bound). The race
// form (raceForm) searches a board of three passes and 63 generated nodes
// instead of treeUI's (six passes, 864).
func TestTreeViewIDAStarPrunedAndStrip(t *testing.T) {
	u := treeUI(t, "IDA*")
	if raceForm() {
		u.eightPuzzle(t, "0 2 3 / 1 5 6 / 8 4 7")
	}
	v := u.tree.View
	for i := 0; i < 3000 && (u.search.Stepper == nil || !u.search.Stepper.Done()); i++ {
		test.Tap(u.search.StepButton)
	}
	if !u.tree.Strip.Visible() || len(v.Model.Passes) < 2 {
		t.Fatalf("strip visible %v, %d passes", u.tree.Strip.Visible(), len(v.Model.Passes))
	}
	pruned := false
	for _, n := range v.Lay.Nodes {
		if n.Status == TreePruned {
			pruned = true
			if n.N.F <= n.N.Bound {
				t.Errorf("pruned card f %d, bound %d", n.N.F, n.N.Bound)
			}
		}
	}
	if !pruned {
		t.Error("no pruned child drawn")
	}
	if g := v.Model.Node(v.Model.GoalID); g == nil || g.statusAt(v.At) != TreeGoal {
		t.Error("goal not drawn")
	}
}

func TestTreeViewFullSpeedRunSaysSo(t *testing.T) {
	u := treeUI(t, "A*")
	s := u.search
	test.Tap(s.StepButton)
	s.RunToEnd()
	<-s.RunDone
	u.q.Drain()
	if !u.tree.Model.Untraced || u.tree.Info.Text == "" {
		t.Fatalf("after a full-speed run: untraced %v, info %q", u.tree.Model.Untraced, u.tree.Info.Text)
	}
}

// TestTreeViewThousandsOfSteps drives the 15-puzzle through the panel with
// the tree shown, a thousand steps of A* and of IDA* (the model alone takes
// 30,000 events in TestSearchTreeStaysBounded): the tree stays bounded, the
// drawing too. The race form (raceForm) skips it: its smallest case
// (400 steps with a bound of 100 nodes) still took seconds, and the steps
// and the tree are the test goroutine's alone.
func TestTreeViewThousandsOfSteps(t *testing.T) {
	if raceForm() {
		t.Skip("race form: stepping with the tree shown, its bound and its drawing (the test goroutine's alone); make test-short and make test-full run it")
	}
	steps, bound := 1000, 300
	for _, alg := range []string{"A*", "IDA*"} {
		t.Run(alg, func(t *testing.T) {
			u := newTestView(t)
			u.tree.Model.Max = bound
			b := board.Korf100()[0].Board
			u.puzzle.SetBoard(b, "Korf #1", -1)
			u.search.AlgorithmSelect.SetSelected(alg)
			if err := u.search.SelectHeuristic("manhattan"); err != nil {
				t.Fatal(err)
			}
			test.Tap(u.tree.Toggle)
			for i := 0; i < steps; i++ {
				u.search.Step()
				if m := u.tree.Model; m.Len() > m.Max {
					t.Fatalf("step %d: %d nodes kept", i, m.Len())
				}
			}
			v := u.tree.View
			if len(v.Lay.Nodes) > visibleCap || len(v.Lay.Nodes) == 0 {
				t.Errorf("%d nodes drawn", len(v.Lay.Nodes))
			}
			if alg == "A*" && u.tree.Model.Evicted == 0 {
				t.Errorf("nothing evicted after %d steps", steps)
			}
			if alg == "IDA*" && u.search.Algorithm() != search.IDAStar {
				t.Error("not IDA*")
			}
		})
	}
}
