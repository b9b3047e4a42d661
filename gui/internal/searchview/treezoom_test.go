package searchview

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestTreeCardTextFollowsZoom: the tree's card text (the expansion number,
// f = g + h and the board's digits) grows with the window's zoom at the
// tree's own scale, so that 150 % draws the digits at 1.5 times their
// 100 % size; the issue measured 12 px card digits at 150 %. (200 % too
// unless under the race detector.)
func TestTreeCardTextFollowsZoom(t *testing.T) {
	sizes := map[float32]float32{}
	zooms := []float32{1, 1.5, 2}
	if uitest.RaceEnabled {
		zooms = zooms[:2]
	}
	for _, zoom := range zooms {
		t.Run(fmt.Sprint(zoom), func(t *testing.T) {
			v := newTestView(t)
			fyne.CurrentApp().Settings().SetTheme(zoomTheme{variantTheme{theme.DefaultTheme(), theme.VariantDark}, zoom})
			v.w.Resize(fyne.NewSize(1280*zoom, 800*zoom))
			v.tree.ToggleShown()
			for range 4 {
				test.Tap(v.search.StepButton)
			}
			v.q.Drain()
			v.tree.View.Refresh()
			var digits float32
			for _, o := range objectsIn(v.tree.View) {
				if txt, ok := o.(*canvas.Text); ok && txt.Visible() && txt.TextStyle.Monospace {
					digits = max(digits, txt.TextSize/v.tree.View.Scale)
				}
			}
			if digits == 0 {
				t.Fatal("no card digits drawn")
			}
			sizes[zoom] = digits
		})
	}
	t.Logf("card digits at the tree's scale 1: %v px by zoom", sizes)
	for _, zoom := range zooms[1:] {
		if got, want := sizes[zoom], sizes[1]*zoom; got < want-0.5 || got > want+0.5 {
			t.Errorf("zoom %g: card digits %.1f px at the tree's scale 1, want %.1f (%.1f at 100 %%)", zoom, got, want, sizes[1])
		}
	}
}
