package qualityview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
)

func TestQualityViewEightPuzzle(t *testing.T) {
	q, v := newTestView(t)
	if !v.CountEntry.Disabled() {
		t.Error("the instance count is enabled for the 8-puzzle")
	}
	v.Heuristics.SetSelected([]string{"Manhattan distance", "4-4 pattern database"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if v.Error.Visible() {
		t.Fatalf("run failed: %s", v.Error.Text)
	}
	r := v.Report()
	if r == nil || r.States != 181440 || len(r.Heuristics) != 2 {
		t.Fatalf("report: %+v", r)
	}
	// The table holds the report's figures under the check boxes' names.
	md, pdb44 := r.Heuristics[0], r.Heuristics[1]
	if v.cell(1, 0) != "Manhattan distance" || v.cell(1, 5) != "0" || !strings.HasPrefix(v.cell(1, 6), "0 of ") {
		t.Errorf("Manhattan row: %q %q %q", v.cell(1, 0), v.cell(1, 5), v.cell(1, 6))
	}
	if md.InconsistentEdges != 0 || pdb44.InconsistentEdges == 0 || md.Over != 0 || pdb44.Over != 0 {
		t.Errorf("figures: %+v / %+v", md, pdb44)
	}
	if !strings.HasPrefix(v.cell(2, 6), toolkit.FormatCount(uint64(pdb44.InconsistentEdges))+" of ") {
		t.Errorf("4-4 row: %q", v.cell(2, 6))
	}
	if !strings.Contains(v.About.Text, "forgets where the blank is") || !strings.Contains(v.Status.Text, "h > h* = 0") {
		t.Errorf("explanations: %q, status %q", v.About.Text, v.Status.Text)
	}
	// The charts: means with both heuristics, the heat map of the one
	// chosen.
	means, ok := v.MeansChart.Chart().(charts.QualityMeans)
	if !ok || len(means.Series) != 2 || means.Series[1].Name != "4-4 pattern database" {
		t.Errorf("means chart: %+v", v.MeansChart.Chart())
	}
	v.HeatSelect.SetSelected("Manhattan distance")
	heat, ok := v.HeatChart.Chart().(charts.QualityHeatMap)
	if !ok || !strings.Contains(heat.Title, "Manhattan distance") || len(heat.Cells) != len(md.Cells) {
		t.Errorf("heat map: %+v", heat.Title)
	}

	// Export: the heat map as PNG, the report as JSON.
	dir := t.TempDir()
	v.Tabs.SelectIndex(2)
	pngPath := filepath.Join(dir, "heat.png")
	if err := v.ExportFile(pngPath, "png"); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != toolkit.ExportWidth || cfg.Height != toolkit.ExportHeight {
		t.Errorf("png: %+v, %v", cfg, err)
	}
	var buf bytes.Buffer
	if err := v.Export(&buf, "json"); err != nil {
		t.Fatal(err)
	}
	var back quality.Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.States != r.States || back.Heuristics[1].InconsistentEdges != pdb44.InconsistentEdges {
		t.Errorf("json: %v", err)
	}

	// A second run reuses the sample and measures other heuristics.
	v.Heuristics.SetSelected([]string{"Hamming (misplaced tiles)"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if r := v.Report(); r == nil || len(r.Heuristics) != 1 || r.Heuristics[0].Name != "hamming" {
		t.Errorf("second run: %+v", r)
	}
}

func TestQualityViewErrorsAndCancel(t *testing.T) {
	q, v := newTestView(t)
	v.Heuristics.SetSelected(nil)
	test.Tap(v.RunButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "Tick at least one") {
		t.Errorf("no heuristic: %q", v.Error.Text)
	}
	// The 15-puzzle needs the 6-6-3 database to solve Korf's instances;
	// the test UI has not built it.
	v.SampleSelect.SetSelected(qualityFifteen)
	if v.CountEntry.Disabled() {
		t.Error("the instance count is disabled for the 15-puzzle")
	}
	v.CountEntry.SetText("500")
	test.Tap(v.RunButton)
	if !strings.Contains(v.Error.Text, "from 1 to 100") {
		t.Errorf("count 500: %q", v.Error.Text)
	}
	// Cancel a run of the 8-puzzle at once.
	v.SampleSelect.SetSelected(qualityEight)
	v.Heuristics.SetSelected([]string{"Manhattan distance"})
	test.Tap(v.RunButton)
	if v.CancelButton.Disabled() {
		t.Fatal("Cancel disabled during a run")
	}
	test.Tap(v.CancelButton)
	q.Wait(t, v.LastDone)
	if v.RunButton.Disabled() || !v.CancelButton.Disabled() {
		t.Error("buttons not reset after cancel")
	}
	if err := v.Export(&bytes.Buffer{}, "png"); err == nil && v.Report() == nil {
		t.Error("export without a report succeeded")
	}
}

// TestQualityViewGoalChange follows the session's goal: the heuristics are
// offered again and a run measures distances to the new goal.
func TestQualityViewGoalChange(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the run, its job, progress
		// and hand-off to the queue are TestQualityViewEightPuzzle's, there
		// for the other goal; the goal is read on the UI goroutine.
		t.Skip("race form: a second measurement of every 8-puzzle state, another goal; make test-short and make test-full run it")
	}
	q, v := newTestView(t)
	v.session.SetGoal(board.BlankFirst)
	q.Drain()
	v.Heuristics.SetSelected([]string{"Manhattan distance"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	r := v.Report()
	if r == nil || r.Goal != board.BlankFirst.String() || r.Heuristics[0].Over != 0 {
		t.Fatalf("report: %+v, error %q", r, v.Error.Text)
	}
	md, _ := search.NewManhattan(board.Size3x3, board.BlankFirst)
	if got := md.Estimate(board.Solved(board.Size3x3, board.BlankFirst)); got != 0 {
		t.Errorf("manhattan of the goal = %d", got)
	}
}

// TestQualityViewInstanceFile measures the states on optimal solutions of
// the 8-puzzles of a file, and checks their h* against the full search.
func TestQualityViewInstanceFile(t *testing.T) {
	q, v := newTestView(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "eight.txt")
	// Two boards with their optimal lengths, a bad line, a board that is a
	// move from the goal.
	text := "# test\n8 6 7 2 5 4 3 0 1 31\n1 2 3 4 5 6 7 0 8 1\nnot a board\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	v.SampleSelect.SetSelected(qualityFile)
	test.Tap(v.RunButton)
	if !strings.Contains(v.Error.Text, "Open an instance file first") {
		t.Errorf("no file: %q", v.Error.Text)
	}
	if err := v.LoadInstanceFile(filepath.Join(dir, "missing.txt")); err == nil || !v.Error.Visible() {
		t.Error("a missing file loaded")
	}
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(v.FileLabel.Text, "2 instances") || !strings.Contains(v.Error.Text, "Skipped 1 bad line") || v.CountEntry.Text != "2" {
		t.Errorf("label %q, error %q, count %q", v.FileLabel.Text, v.Error.Text, v.CountEntry.Text)
	}
	v.Heuristics.SetSelected([]string{"Manhattan distance", "4-4 pattern database"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	r := v.Report()
	if r == nil {
		t.Fatalf("no report: %q", v.Error.Text)
	}
	// The 31-move path has a state at every distance; the 1-move board may
	// lie on it (the goal is shared anyway).
	if (r.States != 32 && r.States != 33) || len(r.Distances) != 32 || r.Distances[1] != int64(r.States-31) {
		t.Errorf("states %d, distances %v", r.States, r.Distances)
	}
	for d, n := range r.Distances {
		if n < 1 {
			t.Errorf("no state at distance %d", d)
		}
	}
	for _, h := range r.Heuristics {
		if h.Over != 0 {
			t.Errorf("%s overestimates", h.Name)
		}
	}
	// A wrong optimal length in the file fails the run.
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("1 2 3 4 5 6 7 0 8 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.LoadInstanceFile(bad); err != nil {
		t.Fatal(err)
	}
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if !strings.Contains(v.Error.Text, "optimal length is given as 3") {
		t.Errorf("wrong length: %q", v.Error.Text)
	}
}
