package gui

import (
	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
)

// pdbViewOn shows the PDB view with the 8-puzzle's 4-4 partition, cleared of
// the database newTestUI put in the store.
func pdbViewOn(t *testing.T, partition string) (testUI, *pdbview.PDBView) {
	t.Helper()
	u := newTestUI(t)
	u.pdbs = catalog.NewPDBStore(u.do, t.TempDir())
	u.pdb().Store = u.pdbs
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	v := u.pdb()
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	v.PartitionEntry.SetText(partition)
	test.Tap(v.ApplyButton)
	if v.Error.Visible() {
		t.Fatalf("partition %q refused: %s", partition, v.Error.Text)
	}
	return u, v
}

// TestBuiltDatabaseReachesTheSearch builds a database in the PDB view and
// finds it among the search view's heuristics.
func TestBuiltDatabaseReachesTheSearch(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3/4,5,6/7,8")
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	// The search offers the new database.
	u.pdbChanged()
	u.Puzzle.SetBoard(board.Solved(board.Size3x3, goal), "solved", 0)
	found := false
	for _, o := range u.Search.HeuristicSelect.Options {
		if strings.HasPrefix(o, v.Partition().String()) {
			found = true
		}
	}
	if !found {
		t.Errorf("heuristics %v lack the built partition", u.Search.HeuristicSelect.Options)
	}
}
