package uitest

import (
	"reflect"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/go-text/typesetting/shaping"
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

// TestReleaseEmptiesShaper: the fonts a test's labels were shaped with do
// not stay in Fyne's text shaper after the test.
func TestReleaseEmptiesShaper(t *testing.T) {
	t.Run("test", func(t *testing.T) {
		ReleaseRenderers(t)
		test.NewTempApp(t)
		w := test.NewWindow(widget.NewLabel("Step 12: expand 3 1 2 / 6 4 5 / 7 8 _"))
		defer w.Close()
		w.Resize(fyne.NewSize(400, 100))
		test.WidgetRenderer(widget.NewLabel("f = g + h")).Layout(fyne.NewSize(200, 40))
		if reflect.DeepEqual(*fyneShaper, shaping.HarfbuzzShaper{}) {
			t.Fatal("the shaper holds nothing after shaping text: Fyne no longer shapes with it")
		}
	})
	if !reflect.DeepEqual(*fyneShaper, shaping.HarfbuzzShaper{}) {
		t.Error("the shaper still holds the fonts of the test that ended")
	}
}
