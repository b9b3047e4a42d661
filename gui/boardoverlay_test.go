package gui

import (
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
func drawnBadges(t *testing.T, v *BoardView) (badges map[string]string, badgeSize, numberSize float32) {
	t.Helper()
	r := test.WidgetRenderer(v).(*boardRenderer)
	badges = map[string]string{}
	badgeSize = 1e9
	for _, l := range r.labels {
		if l.Text != "" {
			numberSize = l.TextSize
		}
	}
	kinds := []struct {
		name string
		of   []badge
	}{{"share", r.ov.share}, {"extra", r.ov.extra}, {"mark", r.ov.mark}}
	for _, k := range kinds {
		for cell, b := range k.of {
			if !b.text.Visible() {
				continue
			}
			// The badge must lie on its own tile.
			mid := b.text.Position().Add(fyne.NewPos(b.text.Size().Width/2, b.text.Size().Height/2))
			if c, ok := v.CellAt(mid); !ok || c != cell {
				t.Errorf("%s badge %q of cell %d drawn over cell %d", k.name, b.text.Text, cell, c)
			}
			if !b.bg.Visible() {
				t.Errorf("%s badge %q of cell %d has no pill", k.name, b.text.Text, cell)
			}
			badges[k.name+strconv.Itoa(cell)] = b.text.Text
			badgeSize = min(badgeSize, b.text.TextSize)
		}
	}
	return badges, badgeSize, numberSize
}

// visibleLines counts the arrow lines drawn.
func visibleLines(v *BoardView) int {
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
	v := NewBoardView(b, defaultGroups(board.Size3x3, goal))
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(420, 420))
	ov := boardOverlay{
		cells: b.Tiles(),
		share: []string{"2", "1", "1", "", "", "", "", "1", "1"},
		extra: []string{"+2", "", "", "", "", "", "", "", ""},
		moves: []moveMark{
			{cell: 1, kind: moveChild, text: "f 9"},
			{cell: 3, kind: moveDropped, text: "f 11 > 9"},
			{cell: 5, kind: moveChild, text: "f 9"},
			{cell: 7, kind: moveBack, text: "back"},
		},
	}
	v.setOverlay(ov)
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
	r := test.WidgetRenderer(v).(*boardRenderer)
	if !r.ov.rings[3].Visible() || r.ov.rings[3].FillColor != droppedVeil || r.ov.rings[1].FillColor == droppedVeil {
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
	v.setOverlay(boardOverlay{})
	if got, _, _ := drawnBadges(t, v); len(got) != 0 || visibleLines(v) != 0 {
		t.Errorf("cleared overlay still draws %v", got)
	}

	// Mini boards draw no overlay.
	mini := NewMiniBoardView(b.Size(), b.Tiles(), defaultGroups(board.Size3x3, goal))
	test.NewTempWindow(t, mini).Resize(fyne.NewSize(200, 200))
	mini.setOverlay(ov)
	if got, _, _ := drawnBadges(t, mini); len(got) != 0 || visibleLines(mini) != 0 {
		t.Errorf("mini board draws the overlay: %v", got)
	}
}
