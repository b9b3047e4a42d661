package compareview

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog/catalogtest"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// goal is the goal the tests compare towards: the app's default, blank last.
const goal = board.BlankLast

// newTestView builds the view alone, as the shell does but without it: a
// session on Korf's instance the app opens on (#9), the heuristics of
// catalogtest.Options, the view's content in a test window the size of a laptop's.
// Background work hands its widget updates to the returned queue, which
// the test drains; the view's jobs end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *CompareView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	first := board.Korf100()[8]
	sess := session.NewSession(first.Board, fmt.Sprintf("Korf #9, optimal %d moves", first.Optimal), first.Optimal, goal)
	sess.SetKorfBoard(first.Board, sess.Title(), first.Optimal)
	var w fyne.Window
	v := NewCompareView(ctx, q.Do, func() fyne.Window { return w }, sess, catalogtest.Options(t, sess.Goal))
	w = uitest.ShowView(t, q, v.Content, v.Stop)
	return q, v
}
