package qualityview

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog/catalogtest"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// newTestView builds the view alone, as the shell does but without it: a
// session on the solved 15-puzzle (the view measures samples, not the
// board shown), the heuristics of catalogtest.Options, the view's content in a
// test window the size of a laptop's. Background work hands its widget
// updates to the returned queue, which the test drains; the view's jobs
// end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *QualityView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	sess := session.NewSession(board.Solved(board.Size4x4, board.BlankLast), "solved", 0, board.BlankLast)
	var w fyne.Window
	v := NewQualityView(ctx, q.Do, func() fyne.Window { return w }, sess, catalogtest.Options(t, sess.Goal))
	w = uitest.ShowView(t, q, v.Content, v.Stop)
	return q, v
}
