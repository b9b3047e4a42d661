// Package catalogtest gives the views' tests the heuristic menu the shell
// offers them (gui/heuristicmenu.go), without the shell: a view package
// may not import it (gui/deps_test.go). It is imported by test files only.
package catalogtest

import (
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// Options stands in for the shell's heuristic menu, for the goal that goal
// returns each time it is asked (the session's goal, as the shell's menu
// follows it): the registry's heuristics without tables, then the size's
// preset pattern database, the default as in the shell, and the heuristics
// that lie last. The 8-puzzle's 4-4 database is built for each goal when
// first offered (it takes microseconds); the 15-puzzle's 6-6-3 and the
// 24-puzzle's are offered but never built, as in a shell that has not
// loaded them yet: choosing one fails with catalog.ErrPDBNotReady.
//
// The 4-4 database of the goal goal returns now is built before Options
// returns; one for another goal is built on the goroutine that asks for it,
// which must be the test's (t.Fatal).
func Options(t testing.TB, goal func() board.Goal) func(board.Size) []catalog.HeuristicOption {
	t.Helper()
	dbs := map[board.Goal]*pdb.DB{}
	db44 := func(g board.Goal) *pdb.DB {
		if dbs[g] == nil {
			dbs[g] = uitest.Preset(t, "44", board.Size3x3, g)
		}
		return dbs[g]
	}
	db44(goal())
	return func(s board.Size) []catalog.HeuristicOption {
		g := goal()
		opts := catalog.RegistryOptions(s, g)
		info, ok := pdb.DefaultPreset(s)
		if !ok {
			return opts
		}
		p, err := pdb.Preset(info.Name, s, g)
		if err != nil {
			t.Errorf("preset %s: %v", info.Name, err)
			return opts
		}
		for i := range opts {
			opts[i].IsDefault = false
		}
		ready := s == board.Size3x3
		state := func() catalog.PDBState {
			if !ready {
				return catalog.PDBState{Name: info.Label, Status: "not built"}
			}
			return catalog.PDBState{Name: info.Label, Status: "ready", Fraction: 1, Ready: true}
		}
		var db *pdb.DB
		if ready {
			db = db44(g)
		}
		build := func() (search.Heuristic, error) {
			if db == nil {
				return nil, catalog.NotReadyError(fmt.Sprintf("the %s pattern database is not built in these tests", info.Label))
			}
			return search.NewPDB(db)
		}
		return catalog.AdmissibleFirst(append(opts, catalog.HeuristicOption{Label: info.Label + " pattern database",
			Short: "pdb:" + catalog.PDBPartitionName(p), IsDefault: true, Build: build, Database: state}))
	}
}

// Goal returns a goal function for Options that always says g.
func Goal(g board.Goal) func() board.Goal { return func() board.Goal { return g } }
