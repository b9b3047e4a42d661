package searchview

import (
	"runtime"
	"testing"
	"weak"

	"fyne.io/fyne/v2/test"
)

// TestViewFreedAfterTest checks that a view built by a test is garbage once
// the test ends: Fyne's renderer cache, keyed by widget, must not keep its
// widgets (and through their callbacks the search panel, its trace and its
// tree) alive for the rest of the package's tests. Before the fixture
// released them, the package's heap grew test after test (2.98 GB peak
// under -race).
func TestViewFreedAfterTest(t *testing.T) {
	var panel weak.Pointer[SearchPanel]
	t.Run("view", func(t *testing.T) {
		v := newTestView(t)
		v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
		for range 5 {
			test.Tap(v.search.StepButton)
		}
		v.q.Drain()
		panel = weak.Make(v.search)
	})
	for range 5 {
		runtime.GC()
		if panel.Value() == nil {
			return
		}
	}
	t.Error("the search panel of a finished test is still reachable")
}
