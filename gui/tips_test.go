package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestHeaderTipsInTable: every control of the bar above the views has its
// tip from the one table, and the Keys list says the same for each.
//
// The race form (raceForm) skips it: it is text on the UI goroutine.
func TestHeaderTipsInTable(t *testing.T) {
	skipInRaceForm(t, "the header's tips and the Keys list")
	u := newTestUI(t)
	u.showHelp()
	var keys []string
	for _, o := range uitest.ObjectsIn(uitest.TopOverlay(u.Window)) {
		if l, ok := o.(*widget.Label); ok {
			keys = append(keys, l.Text)
		}
	}
	uitest.CheckTips(t, uitest.TipCheck{Content: u.headerBar, TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		u.GoalSelect: tipGoal, u.ThemeSelect: tipTheme, u.ZoomSelect: tipZoom,
		u.PresentButton: tipPresent, u.HelpButton: tipKeys,
	}, Tip: headerTips.Tip, Help: strings.Join(keys, "\n"), IDs: headerTips.IDs()})
	for _, part := range u.tipSections() {
		if !strings.Contains(strings.Join(keys, "\n"), part.text) {
			t.Errorf("the Keys list lacks %q", part.title)
		}
	}
}
