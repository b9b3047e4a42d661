package widgets

import (
	"maps"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// visibleLines counts the arrow lines v draws.
func visibleLines(v *BoardView) int {
	n := 0
	for _, o := range test.WidgetRenderer(v).Objects() {
		if l, ok := o.(*canvas.Line); ok && l.Visible() {
			n++
		}
	}
	return n
}

// TestBoardOverlayBadges checks that the overlay's badges sit on their own
// tiles with a pill, grow with the board, belong to one board only, and are
// not drawn on mini boards; and that its arrows and veils are drawn.
func TestBoardOverlayBadges(t *testing.T) {
	drawnBadges := func(t *testing.T, v *BoardView) (map[string]string, float32, float32) {
		t.Helper()
		r := test.WidgetRenderer(v).(*BoardRenderer)
		return uitest.DrawnBadges(t, v.CellAt, r.Labels, map[string][]Badge{"share": r.Ov.Share, "extra": r.Ov.Extra, "mark": r.Ov.Mark})
	}
	test.NewTempApp(t)
	b, err := board.ParseSolvable("3 1 2 / 4 _ 6 / 7 5 8", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	v := NewBoardView(b, session.DefaultGroups(board.Size3x3, board.BlankLast))
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(420, 420))
	ov := BoardOverlay{
		Cells: b.Tiles(),
		Share: []string{"2", "1", "1", "", "", "", "", "1", "1"},
		Extra: []string{"+2", "", "", "", "", "", "", "", ""},
		Moves: []MoveMark{
			{Cell: 1, Kind: MoveChild, Text: "f 9"},
			{Cell: 3, Kind: MoveDropped, Text: "f 11 > 9"},
			{Cell: 5, Kind: MoveChild, Text: "f 9"},
			{Cell: 7, Kind: MoveBack, Text: "back"},
		},
	}
	v.SetOverlay(ov)
	got, badgeSize, numberSize := drawnBadges(t, v)
	want := map[string]string{
		"share0": "2", "share1": "1", "share2": "1", "share7": "1", "share8": "1",
		"extra0": "+2",
		"mark1":  "f 9", "mark3": "f 11 > 9", "mark5": "f 9", "mark7": "back",
	}
	if !maps.Equal(got, want) {
		t.Errorf("badges %v, want %v", got, want)
	}
	if numberSize == 0 || badgeSize < numberSize/4 {
		t.Errorf("badge text %.1f for tile numbers of %.1f: want at least a quarter", badgeSize, numberSize)
	}
	if n := visibleLines(v); n != 4*3 {
		t.Errorf("%d arrow lines, want 3 for each of the 4 moves", n)
	}
	r := test.WidgetRenderer(v).(*BoardRenderer)
	if !r.Ov.Rings[3].Visible() || r.Ov.Rings[3].FillColor != DroppedVeil || r.Ov.Rings[1].FillColor == DroppedVeil {
		t.Error("the pruned child's tile is not greyed, or a kept child's is")
	}

	// Larger board, larger badges.
	w.Resize(fyne.NewSize(840, 840))
	_, bigBadge, _ := drawnBadges(t, v)
	if bigBadge <= badgeSize*1.5 {
		t.Errorf("badges at twice the size: %.1f, was %.1f", bigBadge, badgeSize)
	}

	// Another board: the overlay does not belong to it.
	moved, _ := b.Move(board.Up)
	v.SetBoard(moved)
	if got, _, _ := drawnBadges(t, v); len(got) != 0 || visibleLines(v) != 0 {
		t.Errorf("overlay of another board drawn: %v", got)
	}
	v.SetBoard(b)
	if got, _, _ := drawnBadges(t, v); len(got) != len(want) {
		t.Errorf("back on its board: %v", got)
	}
	v.SetOverlay(BoardOverlay{})
	if got, _, _ := drawnBadges(t, v); len(got) != 0 || visibleLines(v) != 0 {
		t.Errorf("cleared overlay still draws %v", got)
	}

	// Mini boards draw no overlay.
	mini := NewMiniBoardView(b.Size(), b.Tiles(), session.DefaultGroups(board.Size3x3, board.BlankLast))
	test.NewTempWindow(t, mini).Resize(fyne.NewSize(200, 200))
	mini.SetOverlay(ov)
	if got, _, _ := drawnBadges(t, mini); len(got) != 0 || visibleLines(mini) != 0 {
		t.Errorf("mini board draws the overlay: %v", got)
	}
}
