package gui

import (
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"maps"
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
)

// drawnBadges returns the visible overlay texts of v by the cell they sit
// in and their corner: "share", "extra" or "mark"; and the text sizes of
// the badges and of the tile numbers.
func drawnBadges(t *testing.T, v *widgets.BoardView) (badges map[string]string, badgeSize, numberSize float32) {
	t.Helper()
	r := test.WidgetRenderer(v).(*widgets.BoardRenderer)
	badges = map[string]string{}
	badgeSize = 1e9
	for _, l := range r.Labels {
		if l.Text != "" {
			numberSize = l.TextSize
		}
	}
	kinds := []struct {
		name string
		of   []widgets.Badge
	}{{"share", r.Ov.Share}, {"extra", r.Ov.Extra}, {"mark", r.Ov.Mark}}
	for _, k := range kinds {
		for cell, b := range k.of {
			if !b.Text.Visible() {
				continue
			}
			// The badge must lie on its own tile.
			mid := b.Text.Position().Add(fyne.NewPos(b.Text.Size().Width/2, b.Text.Size().Height/2))
			if c, ok := v.CellAt(mid); !ok || c != cell {
				t.Errorf("%s badge %q of cell %d drawn over cell %d", k.name, b.Text.Text, cell, c)
			}
			if !b.Bg.Visible() {
				t.Errorf("%s badge %q of cell %d has no pill", k.name, b.Text.Text, cell)
			}
			badges[k.name+strconv.Itoa(cell)] = b.Text.Text
			badgeSize = min(badgeSize, b.Text.TextSize)
		}
	}
	return badges, badgeSize, numberSize
}

// visibleLines counts the arrow lines drawn.
func visibleLines(v *widgets.BoardView) int {
	n := 0
	for _, o := range test.WidgetRenderer(v).Objects() {
		if l, ok := o.(*canvas.Line); ok && l.Visible() {
			n++
		}
	}
	return n
}

func TestBoardOverlayBadges(t *testing.T) {
	test.NewTempApp(t)
	b, err := board.ParseSolvable("3 1 2 / 4 _ 6 / 7 5 8", board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	v := widgets.NewBoardView(b, session.DefaultGroups(board.Size3x3, goal))
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(420, 420))
	ov := widgets.BoardOverlay{
		Cells: b.Tiles(),
		Share: []string{"2", "1", "1", "", "", "", "", "1", "1"},
		Extra: []string{"+2", "", "", "", "", "", "", "", ""},
		Moves: []widgets.MoveMark{
			{Cell: 1, Kind: widgets.MoveChild, Text: "f 9"},
			{Cell: 3, Kind: widgets.MoveDropped, Text: "f 11 > 9"},
			{Cell: 5, Kind: widgets.MoveChild, Text: "f 9"},
			{Cell: 7, Kind: widgets.MoveBack, Text: "back"},
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
	r := test.WidgetRenderer(v).(*widgets.BoardRenderer)
	if !r.Ov.Rings[3].Visible() || r.Ov.Rings[3].FillColor != widgets.DroppedVeil || r.Ov.Rings[1].FillColor == widgets.DroppedVeil {
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
	v.SetOverlay(widgets.BoardOverlay{})
	if got, _, _ := drawnBadges(t, v); len(got) != 0 || visibleLines(v) != 0 {
		t.Errorf("cleared overlay still draws %v", got)
	}

	// Mini boards draw no overlay.
	mini := widgets.NewMiniBoardView(b.Size(), b.Tiles(), session.DefaultGroups(board.Size3x3, goal))
	test.NewTempWindow(t, mini).Resize(fyne.NewSize(200, 200))
	mini.SetOverlay(ov)
	if got, _, _ := drawnBadges(t, mini); len(got) != 0 || visibleLines(mini) != 0 {
		t.Errorf("mini board draws the overlay: %v", got)
	}
}
