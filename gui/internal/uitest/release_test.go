package uitest

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestReleaseRenderers checks that the renderers a test made are gone from
// Fyne's cache once it ends, and kept while it runs.
func TestReleaseRenderers(t *testing.T) {
	b := widget.NewButton("Step", nil)
	var during fyne.WidgetRenderer
	t.Run("test", func(t *testing.T) {
		ReleaseRenderers(t)
		test.NewTempApp(t)
		during = test.WidgetRenderer(b)
		if again := test.WidgetRenderer(b); again != during {
			t.Fatal("Fyne made a second renderer for the button while the test ran")
		}
	})
	if after := test.WidgetRenderer(b); after == during {
		t.Error("the button's renderer outlived the test that made it")
	}
}
