package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// BenchmarkFirstFrame measures what the window costs before its first
// frame: building the UI (LoadUI), laying it out at 1280x800 and painting
// it once (the test driver's software painter). Only the first tab is
// built; the others wait until they are shown (views.go, buildView).
func BenchmarkFirstFrame(b *testing.B) {
	uitest.ReleaseRenderers(b)
	a := test.NewTempApp(b)
	dir := b.TempDir()
	for b.Loop() {
		u := NewWithOptions(a, Options{CacheDir: dir, NoPreload: true})
		w := a.NewWindow("bench")
		u.LoadUI(w)
		w.Resize(fyne.NewSize(1280, 800))
		if img := w.Canvas().Capture(); img.Bounds().Dx() == 0 {
			b.Fatal("nothing painted")
		}
		w.Close() // closes the UI too (SetOnClosed)
	}
}
