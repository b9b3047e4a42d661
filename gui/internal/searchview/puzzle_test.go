package searchview

import (
	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
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
	if raceForm() {
		// The race form keeps one refusal (the message is the parser's):
		// each case builds a view, and the entry is the test goroutine's
		// alone.
		cases = cases[1:2] // unsolvable
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := newTestView(t)
			p := v.puzzle
			before, _ := p.Current()
			p.BoardEntry.SetText("")
			test.Type(p.BoardEntry, c.text)
			test.Tap(p.ApplyButton)
			if !p.Error.Visible() || p.Error.Text == "" {
				t.Fatalf("no error shown for %q", c.text)
			}
			if c.err != nil {
				_, err := board.ParseSolvable(c.text, board.Size{}, DefaultGoal)
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
	v := newTestView(t)
	p := v.puzzle
	var changed []board.Board
	v.sess.Subscribe(func(session.Change) { b, _ := p.Current(); changed = append(changed, b) })
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
	v := newTestView(t)
	p := v.puzzle
	p.SetBoard(board.Solved(board.Size3x3, DefaultGoal), "solved", 0)
	p.Board.Resize(fyne.NewSize(300, 300))
	p.Board.Refresh()

	test.TapAt(p.Board, p.Board.CellCenter(0)) // far from the blank (cell 8)
	if b, _ := p.Current(); !b.IsGoal(DefaultGoal) {
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

func TestRandomAndScramble(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	p.SeedEntry.SetText("7")
	test.Tap(p.RandomButton)
	want, _ := board.Random(board.NewRand(7), board.Size3x3, DefaultGoal)
	if got, _ := p.Current(); got != want {
		t.Errorf("Random with seed 7 = %s, want %s", got.Line(), want.Line())
	}
	if p.SeedEntry.Text != "7" {
		t.Errorf("seed after Random = %q, want 7 (the seed the title names)", p.SeedEntry.Text)
	}

	p.WalkEntry.SetText("0")
	test.Tap(p.WalkButton)
	if got, opt := p.Current(); !got.IsGoal(DefaultGoal) || opt != 0 {
		t.Errorf("a walk of 0 moves gave %s (optimal %d)", got.Line(), opt)
	}
	p.WalkEntry.SetText("12")
	p.SeedEntry.SetText("3")
	test.Tap(p.WalkButton)
	wantWalk, _, _ := board.RandomWalk(board.NewRand(3), board.Solved(board.Size3x3, DefaultGoal), 12)
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
	v := newTestView(t)
	p := v.puzzle
	korf := board.Korf100()
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	p.ClassroomSelect.SetSelected(p.ClassroomSelect.Options[2])
	k := ClassroomSet[2]
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

// TestClickActsOnTheBoardShown solves a board, so the big board shows the
// DefaultGoal, and clicks a tile next to the DefaultGoal's blank: the click moves that
// tile on the board shown, not on the hidden start board (issue 12, item 3).
func TestClickActsOnTheBoardShown(t *testing.T) {
	v := newTestView(t)
	s, p := v.search, v.puzzle
	v.eightPuzzle(t, "1 2 3 / 0 4 6 / 7 5 8") // cell 7 is no neighbour of its blank
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.RunButton)
	v.q.Wait(t, s.RunDone)
	if !p.Shown.IsGoal(DefaultGoal) {
		t.Fatalf("after the solve the board shows %s, not the DefaultGoal", p.Shown.Line())
	}
	goalBoard := p.Shown
	p.TapCell(goalBoard.Blank() - 1) // the tile left of the blank
	want, _ := goalBoard.Move(board.Left)
	if got, _ := p.Current(); got != want {
		t.Fatalf("the click made %s, want the DefaultGoal with one tile moved: %s", got.Line(), want.Line())
	}
	// Moves by hand on the board itself say "(edited)" once.
	p.SlideTile(board.Right)
	p.SlideTile(board.Left)
	if n := strings.Count(p.Title.Text, "(edited)"); n != 1 {
		t.Errorf("title %q says edited %d times", p.Title.Text, n)
	}
}

// TestDefaultGroupsForEverySize checks that every board size the view
// offers has default groups that are valid and cover every tile.
func TestDefaultGroupsForEverySize(t *testing.T) {
	for _, s := range boardSizes {
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
}
