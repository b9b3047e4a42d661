package pdbview

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// goal is the goal the tests build towards: the app's default, blank last.
const goal = board.BlankLast

// newTestView builds the view alone, as the shell does but without it: a
// session on the solved 15-puzzle, an empty store in a temporary
// directory, the view's content in a test window the size of a laptop's.
// Background work hands its widget updates to the returned queue, which
// the test drains; the view's jobs end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *PDBView) {
	t.Helper()
	test.NewTempApp(t)
	ctx, cancel := context.WithCancel(context.Background())
	q := uitest.NewMainQueue()
	sess := session.NewSession(board.Solved(board.Size4x4, goal), "solved", 0, goal)
	store := catalog.NewPDBStore(q.Do, t.TempDir())
	var w fyne.Window
	v := NewPDBView(ctx, q.Do, func() fyne.Window { return w }, store, sess, board.Size4x4)
	w = test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(1200, 800))
	t.Cleanup(func() {
		cancel()
		v.Stop()
	})
	q.Drain()
	return q, v
}

// viewOn is newTestView showing the 8-puzzle's partition.
func viewOn(t *testing.T, partition string) (*uitest.MainQueue, *PDBView) {
	t.Helper()
	q, v := newTestView(t)
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	v.PartitionEntry.SetText(partition)
	test.Tap(v.ApplyButton)
	if v.Error.Visible() {
		t.Fatalf("partition %q refused: %s", partition, v.Error.Text)
	}
	return q, v
}

// frontierLayers returns the layers v's frontier chart draws, table by table.
func frontierLayers(t *testing.T, v *PDBView) [][]charts.Layer {
	t.Helper()
	return uitest.PDBLayers(t, v.Frontier.Chart())
}

func itoa(n int) string { return toolkit.FormatCount(uint64(n)) }
