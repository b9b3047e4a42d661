package uitest

import (
	"strconv"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Badge is the shape of a board overlay's badge (widgets.Badge): its pill
// and its text. uitest takes it by shape so it imports no widget package.
type Badge interface {
	~struct {
		Bg   *canvas.Rectangle
		Text *canvas.Text
	}
}

// DrawnBadges returns the visible badge texts of a board by kind (the
// overlay's corner, "share", "extra" or "mark") and cell, as kind+cell:
// text; and the smallest badge text size and the tile numbers' text size.
// cellAt is the board's CellAt, numbers its tile labels, kinds its
// overlay's badges by corner. It fails t when a badge is drawn over
// another cell than its own or without its pill.
func DrawnBadges[B Badge](t testing.TB, cellAt func(fyne.Position) (int, bool), numbers []*canvas.Text, kinds map[string][]B) (badges map[string]string, badgeSize, numberSize float32) {
	t.Helper()
	badges = map[string]string{}
	badgeSize = 1e9
	for _, l := range numbers {
		if l.Text != "" {
			numberSize = l.TextSize
		}
	}
	for name, of := range kinds {
		for cell, x := range of {
			b := struct {
				Bg   *canvas.Rectangle
				Text *canvas.Text
			}(x)
			if !b.Text.Visible() {
				continue
			}
			// The badge must lie on its own tile.
			mid := b.Text.Position().Add(fyne.NewPos(b.Text.Size().Width/2, b.Text.Size().Height/2))
			if c, ok := cellAt(mid); !ok || c != cell {
				t.Errorf("%s badge %q of cell %d drawn over cell %d", name, b.Text.Text, cell, c)
			}
			if !b.Bg.Visible() {
				t.Errorf("%s badge %q of cell %d has no pill", name, b.Text.Text, cell)
			}
			badges[name+strconv.Itoa(cell)] = b.Text.Text
			badgeSize = min(badgeSize, b.Text.TextSize)
		}
	}
	return badges, badgeSize, numberSize
}
