package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// TestTreeControlsReachable: with the tree shown beside the board, no
// control of the puzzle view is off-screen or squeezed and the view never
// scrolls sideways, at the zooms of layoutZooms on the screens of
// layoutScreens.
//
// The race form (raceForm) skips it: reachability is layout on the UI
// goroutine (9.2 s of the shell's race run); TestEveryControlReachable's
// race form keeps the tightest corner of every view.
func TestTreeControlsReachable(t *testing.T) {
	skipInRaceForm(t, "reachability with the tree shown")
	for _, zoom := range layoutZooms() {
		t.Run(zoomLabel(zoom), func(t *testing.T) {
			tu := newZoomedUI(t, zoom)
			u, q, w := tu.UI, tu.q, tu.Window
			test.Tap(u.Tree.Toggle)
			for range 10 {
				u.Search.Step()
			}
			content := w.Content()
			for _, screen := range layoutScreens(zoom) {
				w.Resize(screen)
				settle(content)
				q.Drain()
				sc := u.Tabs.Selected().Content.(*container.Scroll)
				if min, got := sc.Content.MinSize(), sc.Size(); min.Width > got.Width+1 {
					t.Errorf("%.0fx%.0f: the view needs %.0f wide, has %.0f", screen.Width, screen.Height, min.Width, got.Width)
				}
				for _, b := range unreachable(content, fyne.Position{}, rect{0, 0, screen.Width, screen.Height}, ViewPuzzle) {
					t.Errorf("%.0fx%.0f: %s", screen.Width, screen.Height, b)
				}
				if u.Tree.View.Size().Width < 100 || u.Tree.View.Size().Height < 100 {
					t.Errorf("%.0fx%.0f: the tree gets %v", screen.Width, screen.Height, u.Tree.View.Size())
				}
			}
		})
	}
}
