package widgets

import (
	"fmt"
	"image/color"
	"testing"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/internal/a11y"
)

// TestBadgeContrast: the badges drawn over tiles (a tile's share of h, the
// moves linear conflict adds, a dropped child's mark) and the tile numbers
// reach WCAG AA on every tile colour, grouped or not.
func TestBadgeContrast(t *testing.T) {
	fills := []color.NRGBA{session.GroupColor(-1), session.StarTile, boardFrame}
	for i := range session.GroupPalette {
		fills = append(fills, session.GroupColor(i))
	}
	for i, tile := range fills {
		badge := a11y.Over(badgeFill, tile)
		dropped := a11y.Over(droppedBadge, a11y.Over(DroppedVeil, tile))
		for _, tc := range []struct {
			what   string
			fg, bg color.Color
		}{
			{"tile number", session.TextOn(tile), tile},
			{"share badge", badgeText, badge},
			{"conflict badge", conflictText, badge},
			{"dropped badge", droppedTextFg, dropped},
		} {
			if c := a11y.Contrast(tc.fg, tc.bg); c < a11y.AA {
				t.Errorf("%s on fill %d (%v): %.2f:1, want at least %.1f", tc.what, i, fmt.Sprint(tile), c, a11y.AA)
			}
		}
	}
}
