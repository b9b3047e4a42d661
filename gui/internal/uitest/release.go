package uitest

import (
	"testing"
	"time"
	_ "unsafe" // go:linkname, for fyneDestroyExpiredRenderers

	_ "fyne.io/fyne/v2/test" // the package that links in fyne's renderer cache
	"github.com/go-text/typesetting/shaping"
)

// fyneDestroyExpiredRenderers is Fyne's (v2.8) internal/cache function the
// desktop driver runs as frames go by: it destroys and forgets the cached
// renderers that expire before now. Fyne offers no public way to empty the
// cache (TestReleaseRenderers fails if a Fyne upgrade changes that).
//
//go:linkname fyneDestroyExpiredRenderers fyne.io/fyne/v2/internal/cache.destroyExpiredRenderers
func fyneDestroyExpiredRenderers(now time.Time)

// ReleaseRenderers arranges for every renderer Fyne caches to be destroyed
// when t ends, after t's other cleanups (call it first, beside
// test.NewTempApp).
//
// Fyne keeps each widget's renderer in a process-wide cache keyed by the
// widget; the desktop driver empties it as frames go by, the test driver
// never does. Every widget a test built, and through the widgets'
// callbacks its whole view (search panel, trace, tree), stayed reachable
// for the rest of the package's tests: the heap grew test after test
// (searchview: 3 GB under -race).
//
// It also empties the text shaper's font cache (see fyneShaper).
func ReleaseRenderers(t testing.TB) {
	t.Cleanup(func() {
		fyneDestroyExpiredRenderers(time.Now().Add(100 * 365 * 24 * time.Hour))
		*fyneShaper = shaping.HarfbuzzShaper{}
	})
}

// fyneShaper is Fyne's (v2.8) process-wide text shaper. It keeps the last
// 32 fonts it shaped with, keyed by the parsed font. Each test app parses
// the theme's fonts again (and again on every theme change), so the
// shaper's cache held 32 parsed copies of the same few fonts from earlier
// tests: about a gigabyte of searchview's heap at the end of its tests.
// Fyne shapes only on the goroutine that draws, as the tests do, so
// emptying it when a test has ended races with nothing.
//
//go:linkname fyneShaper fyne.io/fyne/v2/internal/painter.shaper
var fyneShaper *shaping.HarfbuzzShaper
