package pdbview

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// TestPDBRunToEndBuildsEveryTable runs the build to the end: every table
// is built, handed to the store and cached, with pdb.Build's values.
func TestPDBRunToEndBuildsEveryTable(t *testing.T) {
	q, v := viewOn(t, "1,2,3/4,5,6/7,8")
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	for i, tb := range v.Built {
		if tb == nil {
			t.Fatalf("table %d not built", i+1)
		}
	}
	db := v.Store.DB(v.Partition())
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
	files, _ := filepath.Glob(filepath.Join(v.Store.CacheDir, "*"))
	if len(files) != 3 {
		t.Errorf("cache holds %v, want the 3 tables", files)
	}
}
