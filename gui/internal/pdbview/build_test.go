package pdbview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestLargeBuildAsksFirst checks that a build of a large table asks first,
// naming its entries, memory and a rough time, and that Cancel starts
// nothing while Build does; small tables start at once.
func TestLargeBuildAsksFirst(t *testing.T) {
	q, v := viewOn(t, "1,2,3,4/5,6,7,8") // 3,024 entries a table
	v.AskAbove = 3000                    // stands for a 7-tile group on the 15-puzzle
	w := v.Win()

	test.Tap(v.StepButton)
	d := uitest.TopOverlay(w)
	if d == nil || v.Busy() {
		t.Fatalf("a large build started without asking (dialog %v, busy %v)", d, v.Busy())
	}
	text := uitest.LabelTexts(d)
	mem := toolkit.FormatBytes(pdb.BuilderMemory(board.Size3x3, 4))
	for _, want := range []string{"3,024 entries", "memory", mem, "under a second", "rough"} {
		if !strings.Contains(text, want) {
			t.Errorf("confirmation %q lacks %q", text, want)
		}
	}
	test.Tap(uitest.ButtonIn(t, d, "Cancel"))
	if v.Busy() || v.LastDone != nil || len(v.Layers[0]) != 0 {
		t.Fatal("Cancel started the build")
	}
	if v.DismissConfirm() {
		t.Error("DismissConfirm found a confirmation open after Cancel")
	}
	// Escape (the window calls DismissConfirm) cancels it too.
	test.Tap(v.StepButton)
	if uitest.TopOverlay(w) == nil || !v.DismissConfirm() {
		t.Fatal("no confirmation to dismiss")
	}
	if uitest.TopOverlay(w) != nil || v.Busy() || v.LastDone != nil {
		t.Fatal("DismissConfirm left the confirmation open or started the build")
	}
	test.Tap(v.RunButton)
	d = uitest.TopOverlay(w)
	if d == nil || !strings.Contains(uitest.LabelTexts(d), "The 2 tables to build have 6,048 entries") {
		t.Fatalf("Run to end: confirmation %q", uitest.LabelTexts(d))
	}
	test.Tap(uitest.ButtonIn(t, d, "Build"))
	q.Wait(t, v.LastDone)
	if v.Built[0] == nil || v.Built[1] == nil {
		t.Fatal("Build did not build the tables")
	}

	if got := v.BuildCost([]int{0, 1}); !strings.Contains(got, "6,048 entries") {
		t.Errorf("cost of both tables: %q", got)
	}
	v.Part.Size = board.Size4x4
	for _, c := range []struct {
		group   []int
		entries uint64
		count   string
	}{
		{[]int{1, 2, 3, 4, 5, 6, 7}, 57_657_600, "57,657,600 entries"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8}, 518_918_400, "518,918,400 entries"},
	} {
		v.Part.Groups = [][]int{c.group}
		mem := toolkit.FormatBytes(pdb.BuilderMemory(board.Size4x4, len(c.group)))
		if got := v.BuildCost([]int{0}); !strings.Contains(got, c.count) || !strings.Contains(got, mem) {
			t.Errorf("cost of a %d-tile table on the 15-puzzle: %q (want %s)", len(c.group), got, mem)
		}
	}
	v.ApplyButton.OnTapped() // back to the 8-puzzle partition typed

	// Below the threshold, builds start at once.
	v.AskAbove = 4000
	v.TableSelect.SetSelected(v.TableSelect.Options[0])
	test.Tap(v.StepButton)
	if uitest.TopOverlay(w) != nil && uitest.TopOverlay(w) == d {
		t.Error("a small build asked")
	}
	q.Wait(t, v.LastDone)
	if len(v.Layers[0]) == 0 {
		t.Error("a small build did not start")
	}
}

// TestRebuildChartsTheTableUnderWay checks that while a finished database's
// table is built again, the frontier chart shows that table alone (the
// finished tables would set its scale) and the summary says what is going
// on, rather than "All tables are ready".
func TestRebuildChartsTheTableUnderWay(t *testing.T) {
	// The race form (raceForm) makes table 2 the 2-tile {4,5} (72 entries,
	// not 15,120): the same two Run to end jobs and the layer step between
	// them, with less number crunching in each.
	partition := "1,2,3/4,5,6,7,8"
	if raceForm() {
		partition = "1,2,3/4,5"
	}
	q, v := viewOn(t, partition)
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if n := len(frontierLayers(t, v)); n != 2 || !strings.Contains(v.Summary.Text, "All tables are ready") {
		t.Fatalf("after the build: %d tables charted, summary %q", n, v.Summary.Text)
	}
	v.TableSelect.SetSelected(v.TableSelect.Options[0]) // the small table (504 entries)
	test.Tap(v.StepButton)
	q.Wait(t, v.LastDone)
	fr := frontierLayers(t, v)
	if len(fr) != 1 || len(fr[0]) != 1 {
		t.Fatalf("while table 1 is built again the chart holds %d tables: %v", len(fr), fr)
	}
	if strings.Contains(v.Summary.Text, "All tables are ready") || !strings.Contains(v.Summary.Text, "building table 1 again") {
		t.Errorf("summary while table 1 is built again: %q", v.Summary.Text)
	}
	c := v.Frontier.Chart().(charts.PDBLayers)
	if !strings.Contains(c.Subtitle, "table 1") {
		t.Errorf("chart subtitle %q", c.Subtitle)
	}
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if n := len(frontierLayers(t, v)); n != 2 || !strings.Contains(v.Summary.Text, "All tables are ready") {
		t.Errorf("after the rebuild: %d tables charted, summary %q", n, v.Summary.Text)
	}
}
