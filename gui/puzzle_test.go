package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
)

func TestApplyBadBoardShowsError(t *testing.T) {
	cases := []struct {
		name, text, want string
		err              error
	}{
		{"duplicate", "1 2 3 / 4 5 6 / 7 7 0", "duplicate", board.ErrDuplicate},
		{"unsolvable", "2 1 3 / 4 5 6 / 7 8 0", "cannot reach", board.ErrUnsolvable},
		{"count", "1 2 3 4 5", "", board.ErrCount},
		{"syntax", "1 2 x / 4 5 6 / 7 8 0", "", board.ErrSyntax},
		{"empty", "   ", "Type a board", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			u := newTestUI(t)
			p := u.Puzzle
			before, _ := p.Current()
			p.BoardEntry.SetText("")
			test.Type(p.BoardEntry, c.text)
			test.Tap(p.ApplyButton)
			if !p.Error.Visible() || p.Error.Text == "" {
				t.Fatalf("no error shown for %q", c.text)
			}
			if c.err != nil {
				_, err := board.ParseSolvable(c.text, board.Size{}, goal)
				if !errors.Is(err, c.err) || p.Error.Text != err.Error() {
					t.Errorf("error shown %q, want the parser's %v", p.Error.Text, err)
				}
			}
			if !strings.Contains(p.Error.Text, c.want) {
				t.Errorf("error %q does not mention %q", p.Error.Text, c.want)
			}
			if after, _ := p.Current(); after != before {
				t.Errorf("a bad board changed the board to %s", after.Line())
			}
		})
	}
}

func TestApplyGoodBoard(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	var changed []board.Board
	u.Session.Subscribe(func(session.Change) { b, _ := p.Current(); changed = append(changed, b) })
	test.Tap(p.ApplyButton) // empty: error
	test.Type(p.BoardEntry, "1 2 3 / 4 5 6 / 7 _ 8")
	test.Tap(p.ApplyButton)
	want, _ := board.Parse("1 2 3 / 4 5 6 / 7 0 8", board.Size3x3)
	if got, _ := p.Current(); got != want {
		t.Fatalf("board = %s, want %s", got.Line(), want.Line())
	}
	if p.Error.Visible() {
		t.Errorf("error still shown: %q", p.Error.Text)
	}
	if p.SizeSelect.Selected != toolkit.SizeLabel(board.Size3x3) {
		t.Errorf("size selector shows %q after a 3x3 board", p.SizeSelect.Selected)
	}
	if len(changed) != 1 || changed[0] != want {
		t.Errorf("OnChange calls = %v", changed)
	}
	if got := p.Board.Cells(); len(got) != 9 || got[7] != 0 || got[8] != 8 {
		t.Errorf("board view cells = %v", got)
	}
}

func TestTapSlidesOnlyNeighbours(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	p.SetBoard(board.Solved(board.Size3x3, goal), "solved", 0)
	p.Board.Resize(fyne.NewSize(300, 300))
	p.Board.Refresh()

	test.TapAt(p.Board, p.Board.CellCenter(0)) // far from the blank (cell 8)
	if b, _ := p.Current(); !b.IsGoal(goal) {
		t.Fatalf("tapping a far tile moved it: %s", b.Line())
	}
	test.TapAt(p.Board, p.Board.CellCenter(5)) // tile 6, above the blank
	b, opt := p.Current()
	if b.Blank() != 5 || b.At(8) != 6 {
		t.Fatalf("after tapping tile 6 the board is %s", b.Line())
	}
	if opt != -1 || !strings.Contains(p.Title.Text, "edited") {
		t.Errorf("an edited board keeps optimal %d, title %q", opt, p.Title.Text)
	}
}

func TestArrowKeysSlideTiles(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	p.SetBoard(board.Solved(board.Size3x3, goal), "solved", 0)
	key := u.Window.Canvas().OnTypedKey()
	// Blank in the bottom-right corner: the tile to its left can slide right,
	// the tile above it can slide down; nothing can slide up or left.
	for _, k := range []fyne.KeyName{fyne.KeyUp, fyne.KeyLeft} {
		key(&fyne.KeyEvent{Name: k})
		if b, _ := p.Current(); !b.IsGoal(goal) {
			t.Fatalf("%s moved a tile: %s", k, b.Line())
		}
	}
	key(&fyne.KeyEvent{Name: fyne.KeyRight})
	if b, _ := p.Current(); b.Blank() != 7 || b.At(8) != 8 {
		t.Fatalf("after Right: %s", b.Line())
	}
	key(&fyne.KeyEvent{Name: fyne.KeyDown})
	if b, _ := p.Current(); b.Blank() != 4 || b.At(7) != 5 {
		t.Fatalf("after Down: %s", b.Line())
	}
}

func TestRandomAndScramble(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	p.SeedEntry.SetText("7")
	test.Tap(p.RandomButton)
	want, _ := board.Random(board.NewRand(7), board.Size3x3, goal)
	if got, _ := p.Current(); got != want {
		t.Errorf("Random with seed 7 = %s, want %s", got.Line(), want.Line())
	}
	if p.SeedEntry.Text != "8" {
		t.Errorf("seed after Random = %q, want 8", p.SeedEntry.Text)
	}

	p.WalkEntry.SetText("0")
	test.Tap(p.WalkButton)
	if got, opt := p.Current(); !got.IsGoal(goal) || opt != 0 {
		t.Errorf("a walk of 0 moves gave %s (optimal %d)", got.Line(), opt)
	}
	p.WalkEntry.SetText("12")
	p.SeedEntry.SetText("3")
	test.Tap(p.WalkButton)
	wantWalk, _, _ := board.RandomWalk(board.NewRand(3), board.Solved(board.Size3x3, goal), 12)
	if got, _ := p.Current(); got != wantWalk {
		t.Errorf("walk = %s, want %s", got.Line(), wantWalk.Line())
	}

	for _, bad := range []struct{ seed, walk string }{{"x", "3"}, {"1", "-2"}, {"1", "many"}} {
		p.SeedEntry.SetText(bad.seed)
		p.WalkEntry.SetText(bad.walk)
		test.Tap(p.WalkButton)
		if !p.Error.Visible() {
			t.Errorf("seed %q walk %q: no error shown", bad.seed, bad.walk)
		}
	}
}

func TestKorfPresets(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	korf := board.Korf100()
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	p.ClassroomSelect.SetSelected(p.ClassroomSelect.Options[2])
	k := searchview.ClassroomSet[2]
	if got, opt := p.Current(); got != korf[k-1].Board || opt != korf[k-1].Optimal {
		t.Errorf("classroom preset %d = %s (optimal %d)", k, got.Line(), opt)
	}
	if p.SizeSelect.Selected != toolkit.SizeLabel(board.Size4x4) {
		t.Errorf("size selector = %q after a Korf instance", p.SizeSelect.Selected)
	}
	p.KorfSelect.SetSelected(p.KorfSelect.Options[99])
	if got, _ := p.Current(); got != korf[99].Board {
		t.Errorf("Korf #100 = %s", got.Line())
	}
	if err := p.LoadKorf(101); err == nil {
		t.Error("LoadKorf(101) succeeded")
	}
}

func TestGroupColours(t *testing.T) {
	g := session.DefaultGroups(board.Size4x4, goal)
	for _, c := range []struct{ tile, group int }{{1, 0}, {13, 0}, {7, 1}, {15, 1}, {2, 2}, {4, 2}, {0, -1}} {
		if got := g.Of(c.tile); got != c.group {
			t.Errorf("group of tile %d = %d, want %d", c.tile, got, c.group)
		}
	}
	seen := map[[3]uint8]bool{}
	for i := range 3 {
		c := session.GroupColor(i)
		seen[[3]uint8{c.R, c.G, c.B}] = true
		fill, text := session.Luminance(c), session.Luminance(session.TextOn(c))
		hi, lo := max(fill, text), min(fill, text)
		if ratio := (hi + 0.05) / (lo + 0.05); ratio < 4.5 {
			t.Errorf("group %d: contrast of the number on its tile is %.2f, want >= 4.5", i, ratio)
		}
	}
	if len(seen) != 3 {
		t.Error("the three 6-6-3 groups do not have three colours")
	}
	for _, s := range searchview.BoardSizes {
		sets := session.DefaultGroupSets(s)
		if _, err := session.NewGroups(s, sets); err != nil {
			t.Errorf("%s: default groups %v: %v", s, sets, err)
		}
		n := 0
		for _, set := range sets {
			n += len(set)
		}
		if n != s.Cells()-1 {
			t.Errorf("%s: default groups cover %d tiles", s, n)
		}
	}
	for _, bad := range [][][]int{{{1, 2}, {2, 3}}, {{0, 1}}, {{16}}, {{}}} {
		if _, err := session.NewGroups(board.Size4x4, bad); err == nil {
			t.Errorf("NewGroups(%v) accepted", bad)
		}
	}
}

// TestClickActsOnTheBoardShown solves a board, so the big board shows the
// goal, and clicks a tile next to the goal's blank: the click moves that
// tile on the board shown, not on the hidden start board (issue 12, item 3).
func TestClickActsOnTheBoardShown(t *testing.T) {
	u := newTestUI(t)
	s, p := u.Search, u.Puzzle
	eightPuzzle(t, u, "1 2 3 / 0 4 6 / 7 5 8") // cell 7 is no neighbour of its blank
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton)
	u.q.Wait(t, s.RunDone)
	if !p.Shown.IsGoal(goal) {
		t.Fatalf("after the solve the board shows %s, not the goal", p.Shown.Line())
	}
	goalBoard := p.Shown
	p.TapCell(goalBoard.Blank() - 1) // the tile left of the blank
	want, _ := goalBoard.Move(board.Left)
	if got, _ := p.Current(); got != want {
		t.Fatalf("the click made %s, want the goal with one tile moved: %s", got.Line(), want.Line())
	}
	// Moves by hand on the board itself say "(edited)" once.
	p.SlideTile(board.Right)
	p.SlideTile(board.Left)
	if n := strings.Count(p.Title.Text, "(edited)"); n != 1 {
		t.Errorf("title %q says edited %d times", p.Title.Text, n)
	}
}
