package gui

import (
	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"bytes"
	"context"
	"image/png"
	"os"
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

func frontierLayers(t *testing.T, v *pdbview.PDBView) [][]charts.Layer {
	t.Helper()
	c, ok := v.Frontier.Chart().(charts.PDBLayers)
	if !ok {
		t.Fatalf("frontier chart holds %T", v.Frontier.Chart())
	}
	var out [][]charts.Layer
	for _, tl := range c.Tables {
		out = append(out, tl.Layers)
	}
	return out
}

func TestPDBStepUpdatesChart(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	want, err := pdb.NewBuilder(board.Size3x3, goal, []int{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	for step := 1; step <= 3; step++ {
		test.Tap(v.StepButton)
		u.q.Wait(t, v.LastDone)
		ls, ok, err := want.Step(context.Background())
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		layers := frontierLayers(t, v)
		if len(layers) != 1 || len(layers[0]) != step {
			t.Fatalf("after %d steps the chart has %v", step, layers)
		}
		got := layers[0][step-1]
		if got.Cost != ls.Cost || got.States != int64(ls.States) || got.New != int64(ls.New) {
			t.Errorf("step %d: chart layer %+v, builder says %+v", step, got, ls.Layer)
		}
		if !strings.Contains(v.LayerInfo.Text, "Layer cost "+itoa(ls.Cost)) {
			t.Errorf("step %d: layer info %q", step, v.LayerInfo.Text)
		}
		if v.Progress.Value <= 0 || v.Progress.Value > 1 {
			t.Errorf("progress %v", v.Progress.Value)
		}
		if n := len(v.Samples.Objects); n == 0 || n > pdbview.SampleMax(board.Size3x3) {
			t.Errorf("step %d: %d sample boards", step, n)
		}
		if v.Frontier.Image() == nil && v.Frontier.Err() != nil {
			t.Errorf("chart did not render: %v", v.Frontier.Err())
		}
	}
	// A small layer is drawn whole.
	if n := uint64(len(v.Samples.Objects)); n < uint64(pdbview.SampleMax(board.Size3x3)) && !strings.HasPrefix(v.SampleInfo.Text, "All ") {
		t.Errorf("%d states drawn, info %q", n, v.SampleInfo.Text)
	}
}

func itoa(n int) string { return toolkit.FormatCount(uint64(n)) }

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

func TestPDBBadPartitionAndEditor(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	for _, bad := range []string{"1,2/2,3", "0,1", "9", "1,,/", "x"} {
		v.PartitionEntry.SetText(bad)
		test.Tap(v.ApplyButton)
		if !v.Error.Visible() || v.Error.Text == "" {
			t.Errorf("partition %q: no error shown", bad)
		}
	}
	v.PartitionEntry.SetText("1,2,3,4/5,6,7,8")
	test.Tap(v.ApplyButton)
	// Tapping tile 4 (cell 3) moves it from group 1 to group 2.
	v.TapEditor(3)
	if got := v.Partition().String(); got != "1,2,3/5,6,7,8,4" && got != "1,2,3/4,5,6,7,8" {
		t.Errorf("after tapping tile 4: %s", got)
	}
	if v.Groups.Of(4) != 1 {
		t.Errorf("tile 4 in group %d", v.Groups.Of(4))
	}
	v.TapEditor(3) // last group -> a new group
	v.TapEditor(3) // new group holding only 4 -> out
	if v.Groups.Of(4) != -1 {
		t.Errorf("tile 4 should have left the partition: %s", v.Partition())
	}
	if len(v.Partition().Groups) != 2 {
		t.Errorf("partition %s", v.Partition())
	}
	// Cancelling a run leaves no partial table.
	test.Tap(v.PlayButton)
	test.Tap(v.CancelButton)
	u.q.Wait(t, v.LastDone)
	if v.Builder != nil {
		t.Error("a cancelled build kept its builder")
	}
	if err := pdbview.CheckGUISize(pdb.Partition{Size: board.Size4x4, Groups: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}}}, false); err != nil {
		t.Errorf("the 8-tile group of the 7-8 preset is refused in the GUI: %v", err)
	}
	if err := pdbview.CheckGUISize(pdb.Partition{Size: board.Size4x4, Groups: [][]int{{1, 2, 3, 4, 5, 6, 7, 8}}}, true); err == nil {
		t.Error("a fringe table of 8 tiles and the blank is accepted in the GUI")
	}
}

// TestPDBExportChart saves the frontier and the histogram charts.
func TestPDBExportChart(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8")
	dir := t.TempDir()
	if err := v.ExportChart(filepath.Join(dir, "empty.png")); err == nil || !strings.Contains(err.Error(), "nothing to export") {
		t.Errorf("export before any layer: %v", err)
	}
	test.Tap(v.StepButton)
	u.q.Wait(t, v.LastDone)
	v.ChartTabs.SelectIndex(1)
	if err := v.ExportChart(filepath.Join(dir, "hist.png")); err == nil || !strings.Contains(err.Error(), "histogram") {
		t.Errorf("histogram export before a table is finished: %v", err)
	}
	v.ChartTabs.SelectIndex(0)
	checkPNG(t, v, filepath.Join(dir, "frontier.png"))
	if err := v.ExportChart(filepath.Join(dir, "frontier.svg")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "frontier.svg")); err != nil || !bytes.Contains(data, []byte("<svg")) {
		t.Errorf("SVG export: %v, %.40q", err, data)
	}
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	v.ChartTabs.SelectIndex(1)
	checkPNG(t, v, filepath.Join(dir, "histogram.png"))
	if err := v.ExportChart(filepath.Join(dir, "no-such-dir", "x.png")); err == nil {
		t.Error("export into a missing directory succeeded")
	}
}

// checkPNG exports v's chart to path and checks it decodes at the export size.
func checkPNG(t *testing.T, v *pdbview.PDBView, path string) {
	t.Helper()
	if err := v.ExportChart(path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if b := img.Bounds(); b.Dx() != toolkit.ExportWidth || b.Dy() != toolkit.ExportHeight {
		t.Errorf("%s is %v, want %dx%d", path, b, toolkit.ExportWidth, toolkit.ExportHeight)
	}
}
