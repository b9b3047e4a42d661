package searchview

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/render"
)

// scramble5x5 chooses the 5x5 board and scrambles it by a walk of the
// default length from seed; it returns the board, which it checks against
// board.RandomWalk.
func (v *testView) scramble5x5(t *testing.T, seed uint64) board.Board {
	t.Helper()
	p := v.puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	if got := v.sess.Board(); got != board.Solved(board.Size5x5, DefaultGoal) {
		t.Fatalf("choosing 5x5 shows %s, want the solved 24-puzzle", got.Line())
	}
	if p.WalkEntry.Text != "40" {
		t.Errorf("the walk length on 5x5 starts at %q, want 40", p.WalkEntry.Text)
	}
	p.SeedEntry.SetText(strconv.FormatUint(seed, 10))
	test.Tap(p.WalkButton)
	want, _, err := board.RandomWalk(board.NewRand(seed), board.Solved(board.Size5x5, DefaultGoal), 40)
	if err != nil {
		t.Fatal(err)
	}
	b := v.sess.Board()
	if b != want || p.Error.Visible() {
		t.Fatalf("scrambled board %s (error %q), want %s", b.Line(), p.Error.Text, want.Line())
	}
	if got := p.Board.Cells(); !slices.Equal(got, want.Tiles()) {
		t.Fatalf("the board view draws %v, want %v", got, want.Tiles())
	}
	return b
}

// TestFiveByFiveIDAStarManhattan steps IDA* with Manhattan distance on a
// 40-move walk on the 24-puzzle, then runs it to the end: the solution
// solves the board, is no longer than the walk and no shorter than the
// Manhattan distance (computed here), equals A*'s length (in core and in
// the window, with linear conflict), and the counters agree with the
// search; the solution then exports as a GIF.
func TestFiveByFiveIDAStarManhattan(t *testing.T) {
	v := newTestView(t)
	s := v.search
	start := v.scramble5x5(t, 1)
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	md := uitest.ManhattanOf(start, DefaultGoal)
	for range 12 {
		test.Tap(s.StepButton)
	}
	if s.Expanded.Text == "0" || s.Generated.Text == "0" {
		t.Fatalf("after 12 steps: expanded %s, generated %s (status %q)", s.Expanded.Text, s.Generated.Text, s.Status.Text)
	}
	if s.Bound.Text != strconv.Itoa(md) {
		t.Errorf("IDA*'s first bound shows %q, want the Manhattan distance %d", s.Bound.Text, md)
	}
	if got := v.puzzle.Board.BoardSize(); got != board.Size5x5 {
		t.Errorf("the board shows a %s node", got)
	}

	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	n := len(s.SolutionMoves)
	if n == 0 {
		t.Fatalf("no solution: status %q", s.Status.Text)
	}
	if b, err := start.Apply(s.SolutionMoves); err != nil || !b.IsGoal(DefaultGoal) {
		t.Fatalf("solution %s does not solve the board", board.FormatMoves(s.SolutionMoves))
	}
	t.Logf("%s: %d moves (Manhattan distance %d), %s expanded, %s generated", start.Line(), n, md, s.Expanded.Text, s.Generated.Text)
	if n > 40 || n < md || (n-md)%2 != 0 {
		t.Errorf("solution of %d moves: want at most the walk's 40, at least and of the parity of the Manhattan distance %d", n, md)
	}
	h, err := search.NewManhattan(board.Size5x5, DefaultGoal)
	if err != nil {
		t.Fatal(err)
	}
	astar, err := search.Solve(context.Background(), start, search.Config{Algorithm: search.AStar, Heuristic: h, Goal: DefaultGoal})
	if err != nil {
		t.Fatal(err)
	}
	if astar.Length() != n {
		t.Errorf("IDA* in the window found %d moves, A* finds %d", n, astar.Length())
	}
	if !strings.Contains(s.Status.Text, "Solved in "+strconv.Itoa(n)+" moves") {
		t.Errorf("status %q", s.Status.Text)
	}
	if st := s.Stepper.Stats(); s.Generated.Text != toolkit.FormatCount(st.Generated) || s.Expanded.Text != toolkit.FormatCount(st.Expanded) {
		t.Errorf("counters %s/%s, the search says %d/%d", s.Expanded.Text, s.Generated.Text, st.Expanded, st.Generated)
	}

	// A* with linear conflict in the window finds the same length.
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("linear-conflict"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.StepButton)
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if len(s.SolutionMoves) != n {
		t.Errorf("A* with linear conflict: %d moves, IDA* with Manhattan distance %d (status %q)", len(s.SolutionMoves), n, s.Status.Text)
	}
	if b, err := start.Apply(s.SolutionMoves); err != nil || !b.IsGoal(DefaultGoal) {
		t.Errorf("A*'s solution %s does not solve the board", board.FormatMoves(s.SolutionMoves))
	}

	path := filepath.Join(t.TempDir(), "solution.gif")
	done, err := s.ExportSolutionGIF(path, render.GIFOptions{FPS: 10, Size: 200})
	if err != nil {
		t.Fatal(err)
	}
	v.q.Wait(t, done)
	if g := uitest.ReadGIF(t, path); len(g.Image) != 1+3*n || g.Config.Width != 200 {
		t.Errorf("solution GIF: %d frames of width %d, want %d of 200", len(g.Image), g.Config.Width, 1+3*n)
	}
}

// TestKorf24Select shows Korf and Felner's 24-puzzle instances: the board,
// its optimal length (no less than its Manhattan distance, of the same
// parity), the selector naming it while it is the board, for both goals.
func TestKorf24Select(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	if err := p.LoadKorf24(51); err == nil {
		t.Error("instance 51 accepted")
	}
	ins := board.Korf24()
	p.Korf24Select.SetSelected(p.Korf24Select.Options[39])
	b := v.sess.Board()
	if b != ins[39].Board || v.sess.Optimal() != ins[39].Optimal || !strings.Contains(p.Title.Text, "#40") {
		t.Fatalf("#40: board %s, optimal %d, title %q", b.Line(), v.sess.Optimal(), p.Title.Text)
	}
	if md := uitest.ManhattanOf(b, DefaultGoal); md > ins[39].Optimal || (ins[39].Optimal-md)%2 != 0 {
		t.Errorf("#40: optimal %d, Manhattan distance %d", ins[39].Optimal, md)
	}
	if p.SizeSelect.Selected != toolkit.SizeLabel(board.Size5x5) || p.Korf24Select.Selected != p.Korf24Label(40) || p.KorfSelect.Selected != "" {
		t.Errorf("selectors: size %q, 24-puzzle %q, Korf's 100 %q", p.SizeSelect.Selected, p.Korf24Select.Selected, p.KorfSelect.Selected)
	}
	v.sess.SetGoal(board.BlankFirst)
	if got := v.sess.Board(); got != board.ConvertGoal(ins[39].Board) || !got.Solvable(board.BlankFirst) || v.sess.Optimal() != ins[39].Optimal ||
		p.Korf24Select.Selected != p.Korf24Label(40) {
		t.Errorf("blank-first DefaultGoal: %s, optimal %d, selector %q", got.Line(), v.sess.Optimal(), p.Korf24Select.Selected)
	}
	v.sess.SetGoal(board.BlankLast)
	test.Tap(p.WalkButton)
	if p.Korf24Select.Selected != "" {
		t.Errorf("after a walk the selector still shows %q", p.Korf24Select.Selected)
	}
}
