package gui

import (
	"github.com/slidelab/slidelab/gui/internal/pdbview"
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"context"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// pdbViewOn shows the PDB view with the 8-puzzle's 4-4 partition, cleared of
// the database newTestUI put in the store.
func pdbViewOn(t *testing.T, partition string) (testUI, *pdbview.PDBView) {
	t.Helper()
	u := newTestUI(t)
	u.pdbs = catalog.NewPDBStore(u.do, t.TempDir())
	u.PDB.Store = u.pdbs
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	v := u.PDB
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	v.PartitionEntry.SetText(partition)
	test.Tap(v.ApplyButton)
	if v.Error.Visible() {
		t.Fatalf("partition %q refused: %s", partition, v.Error.Text)
	}
	return u, v
}

// frontierLayers returns the layers v's frontier chart draws, table by table.
func frontierLayers(t *testing.T, v *pdbview.PDBView) [][]charts.Layer {
	t.Helper()
	return uitest.PDBLayers(t, v.Frontier.Chart())
}

func TestPDBRunToEndBuildsEveryTable(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3/4,5,6/7,8")
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	for i, tb := range v.Built {
		if tb == nil {
			t.Fatalf("table %d not built", i+1)
		}
	}
	db := u.pdbs.DB(v.Partition())
	if db == nil {
		t.Fatal("the finished database was not handed to the store")
	}
	want, err := pdb.Build(context.Background(), v.Partition(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"1 2 3 / 4 5 6 / 7 8 0", "8 6 7 / 2 5 4 / 3 0 1", "0 1 2 / 3 4 5 / 6 7 8"} {
		bd, err := board.ParseSolvable(b, board.Size3x3, goal)
		if err != nil {
			t.Fatal(err)
		}
		if db.Heuristic(bd) != want.Heuristic(bd) {
			t.Errorf("%s: h = %d, pdb.Build gives %d", b, db.Heuristic(bd), want.Heuristic(bd))
		}
	}
	h, ok := v.Histogram.Chart().(charts.Histogram)
	if !ok || len(h.Series) != 3 {
		t.Fatalf("histogram chart: %#v", v.Histogram.Chart())
	}
	var sum int64
	for _, c := range h.Series[0].Counts {
		sum += c
	}
	if sum != int64(v.Built[0].Len()) {
		t.Errorf("histogram of table 1 counts %d entries, the table has %d", sum, v.Built[0].Len())
	}
	if !strings.Contains(v.Summary.Text, "All tables are ready") {
		t.Errorf("summary %q", v.Summary.Text)
	}
	files, _ := filepath.Glob(filepath.Join(u.pdbs.CacheDir, "*"))
	if len(files) != 3 {
		t.Errorf("cache holds %v, want the 3 tables", files)
	}
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
