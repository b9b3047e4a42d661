package compareview

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// goal is the goal the tests compare towards: the app's default, blank last.
const goal = board.BlankLast

// testOptions stands in for the shell's heuristic menu: the registry's
// heuristics without tables and, for the 8-puzzle, the 4-4 pattern
// database, built (it takes microseconds) and named as the shell names it,
// the heuristics that lie last as the shell lists them;
// for the session's goal, as the shell's menu follows it.
func testOptions(t *testing.T, sess *session.Session) func(board.Size) []catalog.HeuristicOption {
	t.Helper()
	db := uitest.Preset(t, "44", board.Size3x3, goal)
	return func(s board.Size) []catalog.HeuristicOption {
		opts := catalog.RegistryOptions(s, sess.Goal())
		if s != board.Size3x3 || sess.Goal() != goal {
			return opts
		}
		return catalog.AdmissibleFirst(append(opts, catalog.HeuristicOption{Label: "4-4 pattern database", Short: "pdb:" + catalog.PDBPartitionName(db.Partition),
			Build: func() (search.Heuristic, error) { return search.NewPDB(db) },
			Database: func() catalog.PDBState {
				return catalog.PDBState{Name: "4-4", Status: "ready", Fraction: 1, Ready: true}
			}}))
	}
}

// newTestView builds the view alone, as the shell does but without it: a
// session on Korf's instance the app opens on (#9), the heuristics of
// testOptions, the view's content in a test window the size of a laptop's.
// Background work hands its widget updates to the returned queue, which
// the test drains; the view's jobs end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *CompareView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	first := board.Korf100()[8]
	sess := session.NewSession(first.Board, fmt.Sprintf("Korf #9, optimal %d moves", first.Optimal), first.Optimal, goal)
	sess.SetKorfBoard(first.Board, sess.Title(), first.Optimal)
	var w fyne.Window
	v := NewCompareView(ctx, q.Do, func() fyne.Window { return w }, sess, testOptions(t, sess))
	w = uitest.ShowView(t, q, v.Content, v.Stop)
	return q, v
}
