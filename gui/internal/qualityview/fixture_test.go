package qualityview

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// qualityOptions stands in for the shell's heuristic menu, following the
// session's goal as the shell does: the registry's heuristics without
// tables and, for the 8-puzzle, the 4-4 pattern database, built when first
// offered for a goal (it takes microseconds) and named as the shell names
// it, the heuristics that lie last as the shell lists them. The 15-puzzle's 6-6-3 database is not offered: the shell has not
// built it either in these tests.
func qualityOptions(t *testing.T, sess *session.Session) func(board.Size) []catalog.HeuristicOption {
	t.Helper()
	dbs := map[board.Goal]*pdb.DB{}
	return func(s board.Size) []catalog.HeuristicOption {
		g := sess.Goal()
		opts := catalog.RegistryOptions(s, g)
		if s != board.Size3x3 {
			return opts
		}
		if dbs[g] == nil {
			dbs[g] = uitest.Preset(t, "44", s, g)
		}
		db := dbs[g]
		return catalog.AdmissibleFirst(append(opts, catalog.HeuristicOption{Label: "4-4 pattern database", Short: "pdb:" + catalog.PDBPartitionName(db.Partition),
			Build: func() (search.Heuristic, error) { return search.NewPDB(db) }}))
	}
}

// newTestView builds the view alone, as the shell does but without it: a
// session on the solved 15-puzzle (the view measures samples, not the
// board shown), the heuristics of qualityOptions, the view's content in a
// test window the size of a laptop's. Background work hands its widget
// updates to the returned queue, which the test drains; the view's jobs
// end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *QualityView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	sess := session.NewSession(board.Solved(board.Size4x4, board.BlankLast), "solved", 0, board.BlankLast)
	var w fyne.Window
	v := NewQualityView(ctx, q.Do, func() fyne.Window { return w }, sess, qualityOptions(t, sess))
	w = uitest.ShowView(t, q, v.Content, v.Stop)
	return q, v
}
