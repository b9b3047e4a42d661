package compareview

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

var update = flag.Bool("update", false, "rewrite the contour chart goldens (testdata/*.json) from the view")

// compareFile loads text as an instance file, ticks the heuristics and
// runs the algorithm (its selector's label) to the end.
func compareFile(t *testing.T, q *uitest.MainQueue, v *CompareView, text, alg string, heuristics ...string) *compare.Report {
	t.Helper()
	path := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatal(err)
	}
	v.AlgorithmSelect.SetSelected(alg)
	v.Heuristics.SetSelected(heuristics)
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if v.Error.Visible() || v.Report() == nil {
		t.Fatalf("comparison failed: %q", v.Error.Text)
	}
	return v.Report()
}

// column returns the index of the table's column headed name, or fails.
func column(t *testing.T, v *CompareView, name string) int {
	t.Helper()
	for c, h := range v.cells[0] {
		if h == name {
			return c
		}
	}
	t.Fatalf("no column %q in %q", name, v.cells[0])
	return -1
}

// TestCompareLiesAndReopenings: the boards of the command line's
// TestCompareMarksInadmissibleAndReopenings under A*, with Manhattan
// distance, the 4-4 database and Manhattan + Hamming. The heuristic that
// lies is marked in the header and the chart's legend, its longer solution
// is marked beside the optimum as the command line marks it, the status
// says it is not optimal, and the reopened columns give the command line's
// count (5 for the 4-4 database on the first board, none for Manhattan).
func TestCompareLiesAndReopenings(t *testing.T) {
	q, v := newTestView(t)
	lie := "Manhattan + Hamming (inadmissible)"
	r := compareFile(t, q, v, "7 6 3 5 4 1 2 8 0 24\n1 7 2 4 3 6 8 5 0 14\n", "A*",
		"Manhattan distance", "4-4 pattern database", lie)
	if got, want := v.cells[0][:3], []string{"Instance", "Optimal", "Length"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("first headers %q, want %q", got, want)
	}
	md, pdb, mh := column(t, v, "Manhattan distance"), column(t, v, "4-4 pattern database"), column(t, v, lie)
	if got := v.cell(2, mh); !strings.HasSuffix(got, " [16 moves]") || v.cell(2, 2) != "14" {
		t.Errorf("second board: %q beside the length %q, want a [16 moves] mark beside 14", got, v.cell(2, 2))
	}
	if strings.Contains(v.cell(2, md), "[") || strings.Contains(v.cell(1, pdb), "[") {
		t.Errorf("an optimal solution marked: %q, %q", v.cell(2, md), v.cell(1, pdb))
	}
	if !strings.Contains(v.Status.Text, "Not optimal: [N moves]") || !strings.Contains(v.Status.Text, "Reopened: closed nodes") {
		t.Errorf("status %q", v.Status.Text)
	}
	reMD, rePDB := column(t, v, "Reopened · Manhattan distance"), column(t, v, "Reopened · 4-4 pattern database")
	column(t, v, "Reopened · "+lie)
	if v.cell(1, rePDB) != "5" || v.cell(1, reMD) != "0" || r.At(0, 1).Reopened != 5 {
		t.Errorf("reopened on the first board: pdb %q, manhattan %q (report %d)", v.cell(1, rePDB), v.cell(1, reMD), r.At(0, 1).Reopened)
	}
	last := len(v.cells) - 1
	want := toolkit.FormatCount(r.At(0, 1).Reopened + r.At(1, 1).Reopened)
	if v.cell(last, 0) != "Total" || v.cell(last, rePDB) != want {
		t.Errorf("totals row %q, want %s reopened for the database", v.cells[last], want)
	}
	nc := v.NodesChart.Chart().(charts.NodeCounts)
	if nc.Series[2].Name != lie || nc.Series[0].Name != "Manhattan distance" {
		t.Errorf("legend %q, %q", nc.Series[0].Name, nc.Series[2].Name)
	}
	// IDA* has no reopened columns (nor does the command line's table).
	compareFile(t, q, v, "1 7 2 4 3 6 8 5 0 14\n", "IDA*", "Manhattan distance")
	for _, h := range v.cells[0] {
		if strings.HasPrefix(h, "Reopened") {
			t.Errorf("IDA*: column %q", h)
		}
	}
}

// TestCompareTileCosts: under tile costs the third column is the cost, the
// tile-weighted Manhattan distance is not marked (it is admissible there,
// as the command line says), a pattern database is refused with a clear
// message, and the CSV has the cost.
func TestCompareTileCosts(t *testing.T) {
	q, v := newTestView(t)
	v.CostSelect.SetSelected(costTile)
	v.SetSelect.SetSelected(SetFile)
	path := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(path, []byte("1 7 2 4 3 6 8 5 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatal(err)
	}
	v.AlgorithmSelect.SetSelected("A*")
	v.Heuristics.SetSelected([]string{"Manhattan distance", "4-4 pattern database"})
	test.Tap(v.RunButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "built for unit costs") || v.Runs.Running() {
		t.Fatalf("a database under tile costs: error %q", v.Error.Text)
	}
	tmd := "Tile-weighted MD (inadmissible)"
	r := compareFile(t, q, v, "1 7 2 4 3 6 8 5 0\n", "A*", "Manhattan distance", tmd)
	if r.CostModel != "tile" || v.cells[0][2] != "Cost" {
		t.Fatalf("cost model %q, third header %q", r.CostModel, v.cells[0][2])
	}
	if c := column(t, v, "Tile-weighted MD"); c != 4 {
		t.Errorf("tile-weighted MD in column %d", c)
	}
	if want := r.At(0, 0).Cost; v.cell(1, 2) != strconv.Itoa(want) || want <= 14 || r.At(0, 1).Cost != want {
		t.Errorf("cost shown %q, runs %d and %d", v.cell(1, 2), want, r.At(0, 1).Cost)
	}
	var csv bytes.Buffer
	if err := v.Export(&csv, "csv"); err != nil || !strings.Contains(strings.SplitN(csv.String(), "\n", 2)[0], ",cost") {
		t.Errorf("csv: %v, %q", err, csv.String())
	}
}

// TestCompareContours draws the f-contours of a run (A* per f, IDA* per
// iteration, breadth-first search per depth) and checks the chart and its
// CSV export against goldens written by `slidelab trace --contours -` on
// the same board: the counts equal the command line's, and add up to the
// table's.
func TestCompareContours(t *testing.T) {
	q, v := newTestView(t)
	cases := []struct{ alg, heuristic, golden string }{
		{"A*", "Manhattan distance", "astar-manhattan"},
		{"IDA*", "Manhattan distance", "idastar-manhattan"},
	}
	if !uitest.RaceEnabled || uitest.FullMatrix() {
		cases = append(cases, struct{ alg, heuristic, golden string }{"Breadth-first", "Manhattan distance", "bfs"})
	}
	if raceForm() {
		// The race form (raceForm) traces A* alone: its comparison job and
		// the contour tracing job hand their results to the queue as
		// IDA*'s and BFS's do; the three are compared with the command
		// line's without -race and in the full matrix.
		cases = cases[:1]
	}
	v.MeasureSelect.SetSelected(measureExpanded) // the command line's chart counts expansions
	for _, tc := range cases {
		r := compareFile(t, q, v, "8 6 7 2 5 4 3 0 1 31\n", tc.alg, tc.heuristic)
		v.Tabs.SelectIndex(len(v.Tabs.Items) - 1)
		if v.Tabs.Selected().Text != contoursTabName {
			t.Fatalf("last tab %q", v.Tabs.Selected().Text)
		}
		q.Wait(t, v.Contours.LastDone)
		var csv bytes.Buffer
		if err := v.Export(&csv, "csv"); err != nil {
			t.Fatalf("%s: %v (%q)", tc.alg, err, v.Contours.Note.Text)
		}
		want, err := os.ReadFile(filepath.Join("testdata", "contours-"+tc.golden+".csv"))
		if err != nil {
			t.Fatal(err)
		}
		if csv.String() != string(want) {
			t.Errorf("%s: contours\n%s\nwant the command line's\n%s", tc.alg, csv.String(), want)
		}
		if !strings.Contains(v.Contours.Note.Text, "In all "+toolkit.FormatCount(r.At(0, 0).Expanded)+" expanded") {
			t.Errorf("%s: note %q, want the table's %d expanded", tc.alg, v.Contours.Note.Text, r.At(0, 0).Expanded)
		}
		chart := v.Contours.Chart.Chart().(charts.Contours)
		var points []string
		for _, p := range chart.Series[0].Points {
			points = append(points, fmt.Sprintf("%d,%d,", p.F, p.Nodes))
		}
		for i, line := range strings.Split(strings.TrimSpace(string(want)), "\n")[1:] {
			if i >= len(points) || !strings.HasPrefix(line, points[i]) {
				t.Errorf("%s: chart's bars %q, want the expanded counts of %q", tc.alg, points, want)
				break
			}
		}
		checkContourGolden(t, chart, filepath.Join("testdata", "chart-"+tc.golden+".json"))
		var png bytes.Buffer
		if err := v.Export(&png, "png"); err != nil || !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
			t.Errorf("%s: png export: %v", tc.alg, err)
		}
		v.Tabs.SelectIndex(0)
	}
}

// checkContourGolden compares the chart's data (titles, series, points)
// with the golden file: data, not pixels, which differ across CPUs.
func checkContourGolden(t *testing.T, c charts.Chart, path string) {
	t.Helper()
	got, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("chart %s\n%s\nwant\n%s", path, got, want)
	}
}

// TestPredictionRefusesTileCosts: KRE's prediction counts moves, so under
// tile costs it is refused with a reason rather than drawn against bounds
// it does not predict.
func TestPredictionRefusesTileCosts(t *testing.T) {
	q, v := newTestView(t)
	v.CostSelect.SetSelected(costTile)
	compareFile(t, q, v, "1 7 2 4 3 6 8 5 0\n", "IDA*", "Manhattan distance")
	v.Predicted.SetChecked(true)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "under unit costs") || v.pred.runs.Running() {
		t.Errorf("prediction under tile costs: error %q", v.Error.Text)
	}
}

// TestContoursMeasureRedraws: another measure redraws the contours traced
// (no second trace), and a new comparison drops them.
func TestContoursMeasureRedraws(t *testing.T) {
	q, v := newTestView(t)
	v.MeasureSelect.SetSelected(measureExpanded)
	compareFile(t, q, v, "8 6 7 2 5 4 3 0 1 31\n", "A*", "Manhattan distance")
	v.Tabs.SelectIndex(len(v.Tabs.Items) - 1)
	q.Wait(t, v.Contours.LastDone)
	done := v.Contours.LastDone
	v.MeasureSelect.SetSelected(measureGenerated)
	chart := v.Contours.Chart.Chart().(charts.Contours)
	if v.Contours.LastDone != done || v.Contours.runs.Running() || chart.Measure != "nodes generated" || chart.Series[0].Points[0].Nodes != 5 {
		t.Errorf("after the measure changed: traced again %v, chart %q %+v", v.Contours.LastDone != done, chart.Measure, chart.Series[0].Points)
	}
	v.Tabs.SelectIndex(0)
	compareFile(t, q, v, "1 7 2 4 3 6 8 5 0 14\n", "A*", "Manhattan distance")
	if v.Contours.Chart.Chart() != nil || v.Contours.contours != nil {
		t.Error("a new comparison kept the contours of the one before")
	}
}
