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
func TestHeaderTipsInTable(t *testing.T) {
	u := newTestUI(t)
	want := map[fyne.CanvasObject]string{
		u.GoalSelect: tipGoal, u.ThemeSelect: tipTheme, u.ZoomSelect: tipZoom,
		u.PresentButton: tipPresent, u.HelpButton: tipKeys,
	}
	got := map[fyne.CanvasObject]string{}
	for _, o := range objectsIn(u.Window.Content()) {
		if tip, ok := toolkit.TipOf(o); ok {
			got[o.(*fyne.Container).Objects[0]] = tip
		}
	}
	u.showHelp()
	var keys []string
	for _, o := range uitest.ObjectsIn(uitest.TopOverlay(u.Window)) {
		if l, ok := o.(*widget.Label); ok {
			keys = append(keys, l.Text)
		}
	}
	list := strings.Join(keys, "\n")
	for o, id := range want {
		tip := headerTips.Tip(id)
		if tip == "" {
			t.Errorf("no text for tip %q", id)
		}
		if got[o] != tip {
			t.Errorf("%s: tip %q, want %q", controlName(o), got[o], tip)
		}
		if !strings.Contains(list, tip) {
			t.Errorf("the Keys list lacks the tip of %s", controlName(o))
		}
	}
	if len(headerTips) != len(want) {
		t.Errorf("the table has %d rows, the bar's controls %d", len(headerTips), len(want))
	}
}
