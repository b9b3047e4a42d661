package uitest

import (
	"testing"
	"time"
	_ "unsafe" // go:linkname, for fyneDestroyExpiredRenderers

	_ "fyne.io/fyne/v2/test" // the package that links in fyne's renderer cache
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
func ReleaseRenderers(t testing.TB) {
	t.Cleanup(func() { fyneDestroyExpiredRenderers(time.Now().Add(100 * 365 * 24 * time.Hour)) })
}
