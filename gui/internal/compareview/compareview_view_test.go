package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"bytes"
	"context"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// compared lists the heuristics runEightPuzzleComparison compares:
// Manhattan distance, linear conflict and the 4-4 database, but only the
// first and the last under the race detector without SLIDELAB_FULL (the
// prediction measures each one's value on all 181,440 states, which the
// detector slows the most).
func compared() []string {
	if uitest.RaceEnabled && !uitest.FullMatrix() {
		return []string{"Manhattan distance", "4-4 pattern database"}
	}
	return []string{"Manhattan distance", "Linear conflict", "4-4 pattern database"}
}

// runEightPuzzleComparison compares the heuristics of compared on a few
// random 8-puzzles.
func runEightPuzzleComparison(t *testing.T) (*uitest.MainQueue, *CompareView) {
	t.Helper()
	return runEightPuzzleComparisonOf(t, compared())
}

// predicted lists the heuristics the prediction tests compare: compared,
// or Manhattan distance alone in the race form (raceForm), where measuring
// each heuristic's value on all 181,440 states is the same job's work
// again.
func predicted() []string {
	if raceForm() {
		return []string{"Manhattan distance"}
	}
	return compared()
}

// runEightPuzzleComparisonOf compares the heuristics hs on a few random
// 8-puzzles.
func runEightPuzzleComparisonOf(t *testing.T, hs []string) (*uitest.MainQueue, *CompareView) {
	t.Helper()
	q, v := newTestView(t)
	v.SetSelect.SetSelected(SetRandom8)
	v.CountEntry.SetText("4")
	v.SeedEntry.SetText("3")
	v.Heuristics.SetSelected(hs)
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if v.Error.Visible() {
		t.Fatalf("comparison failed: %s", v.Error.Text)
	}
	return q, v
}

func TestCompareFillsTable(t *testing.T) {
	_, v := runEightPuzzleComparison(t)
	r := v.Report()
	hs := compared()
	if r == nil || len(r.Instances) != 4 || len(r.Heuristics) != len(hs) {
		t.Fatalf("report: %+v", r)
	}
	// Headers use the check boxes' names, not internal ids, and so do the
	// charts a teacher exports to slides; the report keeps its ids.
	if got := v.cell(0, 3); got != "Manhattan distance" {
		t.Errorf("header of column 3 = %q", got)
	}
	nc, ok := v.NodesChart.Chart().(charts.NodeCounts)
	if !ok || len(nc.Series) != len(hs) || nc.Series[0].Name != "Manhattan distance" || nc.Series[len(hs)-1].Name != "4-4 pattern database" {
		t.Errorf("chart series %+v, want the check boxes' names", nc.Series)
	}
	if r.Heuristics[0] != "manhattan" {
		t.Errorf("the report's heuristics became %v", r.Heuristics)
	}
	for i, in := range r.Instances {
		b, err := board.Parse(in.Board, board.Size3x3)
		if err != nil {
			t.Fatal(err)
		}
		want, err := search.Solve(context.Background(), b, search.Config{Algorithm: search.BFS, Goal: goal})
		if err != nil {
			t.Fatal(err)
		}
		if got := v.cell(i+1, 2); got != toolkit.FormatCount(uint64(want.Length())) {
			t.Errorf("instance %s: length %s, breadth-first search finds %d", in.Name, got, want.Length())
		}
		ref := r.At(i, r.Reference()).Generated
		for j := range r.Heuristics {
			n := r.At(i, j).Generated
			want := toolkit.FormatCount(n)
			if j != r.Reference() { // "N x fewer than Manhattan", as the command line prints it
				want += " (" + compare.FormatRatio(float64(ref)/float64(n)) + ")"
			}
			if got := v.cell(i+1, 3+j); got != want {
				t.Errorf("cell (%d,%d) = %q, want %q", i+1, 3+j, got, want)
			}
		}
	}
	if v.cell(len(r.Instances)+1, 0) != "Total" {
		t.Errorf("last row %q", v.cell(len(r.Instances)+1, 0))
	}
	_, gen, _ := r.Totals()
	if got := v.cell(len(r.Instances)+1, 3); got != toolkit.FormatCount(gen[0]) {
		t.Errorf("total %q, want %d", got, gen[0])
	}
	v.MeasureSelect.SetSelected(measureExpanded)
	if got := v.cell(1, 3); got != toolkit.FormatCount(r.At(0, 0).Expanded) {
		t.Errorf("expanded cell %q, want %d", got, r.At(0, 0).Expanded)
	}
	if v.NodesChart.Chart() == nil || v.IterChart.Chart() == nil {
		t.Error("charts not filled")
	}
}

func TestCompareExport(t *testing.T) {
	_, v := runEightPuzzleComparison(t)
	// The race form (raceForm) leaves out the PNG: the chart is drawn,
	// encoded and decoded on the test goroutine at the export size; the SVG
	// and CSV files are written as it would be.
	if !raceForm() {
		checkExportPNG(t, v)
	}

	dir := t.TempDir()
	svg := filepath.Join(dir, "nodes.svg")
	if err := v.ExportFile(svg, "svg"); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(svg); !bytes.Contains(data, []byte("<svg")) {
		t.Error("the SVG file holds no <svg>")
	}
	path := filepath.Join(dir, "results.csv")
	if err := v.ExportFile(path, "csv"); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if runs := 4 * len(compared()); len(rows) != 1+runs {
		t.Errorf("CSV has %d rows, want a header and %d runs", len(rows), runs)
	}
	if err := v.ExportFile(filepath.Join(dir, "x.gif"), "gif"); err == nil {
		t.Error("exporting a GIF succeeded")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") || e.Name() == "x.gif" {
			t.Errorf("a failed export left %s behind", e.Name())
		}
	}
}

// checkExportPNG exports v's chart as PNG and checks it decodes at the
// export size.
func checkExportPNG(t *testing.T, v *CompareView) {
	t.Helper()
	var buf bytes.Buffer
	if err := v.Export(&buf, "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("exported PNG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != toolkit.ExportWidth || b.Dy() != toolkit.ExportHeight {
		t.Errorf("PNG is %v, want %dx%d", b, toolkit.ExportWidth, toolkit.ExportHeight)
	}
}

func TestCompareBadInputAndCancel(t *testing.T) {
	q, v := newTestView(t)
	for _, c := range []struct{ count, seed, limit string }{{"0", "1", "10"}, {"x", "1", "10"}, {"3", "-1", "10"}, {"3", "1", "lots"}} {
		v.SetSelect.SetSelected(SetRandom8)
		v.CountEntry.SetText(c.count)
		v.SeedEntry.SetText(c.seed)
		v.NodeLimitEntry.SetText(c.limit)
		test.Tap(v.RunButton)
		if !v.Error.Visible() || v.Runs.Running() {
			t.Errorf("%+v: no error shown", c)
		}
	}
	v.NodeLimitEntry.SetText("0")
	v.Heuristics.SetSelected(nil)
	v.CountEntry.SetText("3")
	v.SeedEntry.SetText("1")
	test.Tap(v.RunButton)
	if !strings.Contains(v.Error.Text, "heuristic") {
		t.Errorf("no heuristic: error %q", v.Error.Text)
	}
	// Korf's instances with Hamming take far too long: cancel.
	v.SetSelect.SetSelected(SetKorf)
	if !v.SeedEntry.Disabled() || !v.WalkEntry.Disabled() {
		t.Error("seed or walk length enabled for Korf's instances")
	}
	v.Heuristics.SetSelected([]string{"Hamming (misplaced tiles)"})
	v.TimeoutEntry.SetText("0")
	test.Tap(v.RunButton)
	if v.CancelButton.Disabled() {
		t.Fatal("cancel disabled during a run")
	}
	test.Tap(v.CancelButton)
	q.Wait(t, v.LastDone)
	if !strings.Contains(v.Status.Text, "Cancelled") || v.Report() == nil {
		t.Fatalf("after cancel: status %q, report %v", v.Status.Text, v.Report() != nil)
	}
	// Runs that never started show as not run, not as "0 *", and the
	// progress bar shows what really ran.
	last := len(v.Report().Instances) // the last instance's row never started
	if got := v.cell(last, 3); got != notRun {
		t.Errorf("a run that never started shows %q, want %q", got, notRun)
	}
	if p := v.Progress.Value; p >= 1 || p != startedFraction(v.Report()) {
		t.Errorf("progress after cancel %.3f, started %.3f", p, startedFraction(v.Report()))
	}
}

func TestDoneStatus(t *testing.T) {
	tests := []struct {
		statuses []compare.Status
		want     string
	}{
		{[]compare.Status{compare.Solved, compare.Solved}, "2 runs. All solved."},
		{[]compare.Status{compare.Solved, compare.NodeLimit}, "1 run stopped at a limit or failed; its counts are marked *"},
		{[]compare.Status{compare.Timeout, compare.Failed, compare.Solved}, "2 runs stopped at a limit or failed; their counts"},
	}
	for _, tc := range tests {
		r := &compare.Report{Seconds: 1.5}
		for _, s := range tc.statuses {
			r.Results = append(r.Results, compare.Result{Status: s})
		}
		if got := doneStatus(r); !strings.Contains(got, tc.want) || !strings.HasPrefix(got, "Done in ") {
			t.Errorf("doneStatus(%v) = %q, want it to contain %q", tc.statuses, got, tc.want)
		}
	}
}

// TestCompareInstanceFile runs a comparison on boards read from a file, and
// reports bad files.
func TestCompareInstanceFile(t *testing.T) {
	q, v := newTestView(t)
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	v.SetSelect.SetSelected(SetFile)
	if !v.FileRow.Visible() || v.FileRow.Position().Y <= v.SetSelect.Position().Y || v.FileRow.Size().Height <= 0 {
		t.Errorf("the file row is not laid out below the set selector: shown %v at %v, size %v; selector at %v",
			v.FileRow.Visible(), v.FileRow.Position(), v.FileRow.Size(), v.SetSelect.Position())
	}
	test.Tap(v.RunButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "open an instance file") {
		t.Errorf("run without a file: error %q", v.Error.Text)
	}
	for _, bad := range []struct{ name, text, want string }{
		{"empty.txt", "# nothing here\n", "no instances"},
		{"allbad.txt", "1 2 2 4 5 6 7 8 0\n", "line 1: duplicate tile"},
	} {
		if err := v.LoadInstanceFile(write(bad.name, bad.text)); err == nil || !strings.Contains(v.Error.Text, bad.want) {
			t.Errorf("%s: err %v, shown %q; want %q", bad.name, err, v.Error.Text, bad.want)
		}
	}
	// Bad lines are skipped and named, as the command line does.
	for _, part := range []struct{ name, text, want, label string }{
		{"dup.txt", "1 2 3 4 5 6 7 8 0\n1 2 2 4 5 6 7 8 0\n", "Skipped 1 bad line: line 2: duplicate tile", "1 instances, 3x3; 1 bad line skipped"},
		{"mixed.txt", "1 2 3 4 5 6 7 8 0\n1 2 3 / 4 5 0\n2 1 3 4 5 6 7 8 0\n", "Skipped 2 bad lines: line 2: a 3x2 board", "1 instances, 3x3; 2 bad lines skipped"},
	} {
		if err := v.LoadInstanceFile(write(part.name, part.text)); err != nil || !strings.Contains(v.Error.Text, part.want) ||
			!strings.Contains(v.FileLabel.Text, part.label) {
			t.Errorf("%s: err %v, shown %q, label %q; want %q and %q", part.name, err, v.Error.Text, v.FileLabel.Text, part.want, part.label)
		}
	}
	if err := v.LoadInstanceFile(filepath.Join(dir, "missing.txt")); err == nil || !v.Error.Visible() {
		t.Errorf("missing file: %v", err)
	}
	path := write("three.txt", "# three 8-puzzles\n8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 0 7 8 2\n\n0 1 2 3 4 5 6 7 8\n")
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatal(err)
	}
	if v.Error.Visible() || !strings.Contains(v.FileLabel.Text, "three.txt: 3 instances, 3x3") || v.CountEntry.Text != "3" {
		t.Errorf("after loading: error %q, label %q, count %q", v.Error.Text, v.FileLabel.Text, v.CountEntry.Text)
	}
	if !slices.Contains(v.Heuristics.Options, "4-4 pattern database") {
		t.Errorf("heuristics offered for a 3x3 file: %v", v.Heuristics.Options)
	}
	v.Heuristics.SetSelected([]string{"Manhattan distance", "4-4 pattern database"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	r := v.Report()
	if v.Error.Visible() || r == nil || len(r.Instances) != 3 || r.Set != "three.txt" {
		t.Fatalf("report %+v, error %q", r, v.Error.Text)
	}
	for i, want := range []string{"31", "2"} {
		if got := v.cell(i+1, 2); got != want {
			t.Errorf("instance %d: length %s, want %s", i+1, got, want)
		}
	}
}
