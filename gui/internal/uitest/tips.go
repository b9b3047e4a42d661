package uitest

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// TipCheck is a view's tips as CheckTips checks them.
type TipCheck struct {
	Content fyne.CanvasObject                      // where the controls are drawn
	TipOf   func(fyne.CanvasObject) (string, bool) // toolkit.TipOf
	Want    map[fyne.CanvasObject]string           // each control and its ID in the table
	Tip     func(id string) string                 // the table's tip of an ID
	Help    string                                 // the shortcut list's text
	IDs     []string                               // the table's IDs, each some control's
}

// CheckTips checks that every control in c.Want has its tip from the
// table, that the shortcut list says the same, that no other control has
// one, and that every row of the table is some control's.
func CheckTips(t *testing.T, c TipCheck) {
	t.Helper()
	got := map[fyne.CanvasObject]string{}
	for _, o := range ObjectsIn(c.Content) {
		if tip, ok := c.TipOf(o); ok {
			got[o.(*fyne.Container).Objects[0]] = tip
		}
	}
	for o, id := range c.Want {
		tip := c.Tip(id)
		if tip == "" {
			t.Errorf("no text for tip %q", id)
		}
		if got[o] != tip {
			t.Errorf("%s (%s): tip %q, want %q", id, describe(o), got[o], tip)
		}
		if !strings.Contains(c.Help, tip) {
			t.Errorf("the shortcut list lacks the tip of %s", id)
		}
	}
	if len(got) != len(c.Want) {
		t.Errorf("%d controls have tips, want %d", len(got), len(c.Want))
	}
	used := map[string]bool{}
	for _, id := range c.Want {
		used[id] = true
	}
	for _, id := range c.IDs {
		if !used[id] {
			t.Errorf("the table's row %q is no control's", id)
		}
	}
}

// describe names a control for a failure message.
func describe(o fyne.CanvasObject) string { return fmt.Sprintf("%T", o) }
