package uitest

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// StartView begins a view test: a test app, the context the view's jobs run
// under (cancelled when the test ends) and the queue its background work
// hands widget updates to.
func StartView(t testing.TB) (context.Context, *MainQueue) {
	t.Helper()
	ReleaseRenderers(t)
	test.NewTempApp(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	return ctx, NewMainQueue()
}

// ShowView puts a view's content in a test window the size of a laptop's
// screen, arranges for stop (the view's Stop) to run when the test ends,
// and drains q.
func ShowView(t testing.TB, q *MainQueue, content fyne.CanvasObject, stop func()) fyne.Window {
	t.Helper()
	w := test.NewTempWindow(t, content)
	w.Resize(fyne.NewSize(1200, 800))
	t.Cleanup(stop)
	q.Drain()
	return w
}

// Preset builds the preset pattern database name for boards of size s and
// goal g, for the small presets a test builds in milliseconds (the
// 8-puzzle's 4-4).
func Preset(t testing.TB, name string, s board.Size, g board.Goal) *pdb.DB {
	t.Helper()
	p, err := pdb.Preset(name, s, g)
	if err != nil {
		t.Fatal(err)
	}
	db, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	return db
}
