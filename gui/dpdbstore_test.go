package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"errors"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestDynamicHeuristicOptions checks that the menus offer dpdb:pairs and
// dpdb:triples on the 8- and 15-puzzle only, that choosing one before its
// tables exist starts the build in the background and says so, and that
// once built the option gives the core heuristic (so IDA* runs its kernel).
//
// The race form (raceForm) builds the 8-puzzle's tables only, the same
// background build as the 15-puzzle's, whose triples are seconds of
// number crunching under the race detector; it still checks that the
// 15-puzzle is offered both and has no table before a build.
func TestDynamicHeuristicOptions(t *testing.T) {
	tu := newTestUI(t)
	u, q := tu.UI, tu.q
	for _, tc := range []struct {
		s     board.Size
		offer bool
	}{
		{board.Size3x3, true}, {board.Size4x4, true}, {board.Size{W: 4, H: 3}, false},
	} {
		found := map[string]catalog.HeuristicOption{}
		for _, o := range u.heuristicOptions(tc.s) {
			found[o.Short] = o
		}
		for _, name := range []string{"dpdb:pairs", "dpdb:triples"} {
			o, ok := found[name]
			if ok != tc.offer {
				t.Fatalf("%s: %s offered %v, want %v", tc.s, name, ok, tc.offer)
			}
			if !ok {
				continue
			}
			if o.Database == nil {
				t.Fatalf("%s %s: no database state", tc.s, name)
			}
			if st := o.Database(); st.Ready {
				t.Fatalf("%s %s: database state %+v before any build", tc.s, name, st)
			}
			if raceForm() && tc.s != board.Size3x3 {
				continue
			}
			if _, err := o.Build(); !errors.Is(err, catalog.ErrPDBNotReady) {
				t.Fatalf("%s %s: first build: %v, want not ready", tc.s, name, err)
			}
			q.Until(t, func() bool { return o.Database().Ready })
			h, err := o.Build()
			if err != nil {
				t.Fatal(err)
			}
			d, ok := h.(*search.DynamicPDB)
			if !ok || d.Name() != name {
				t.Fatalf("%s: built %T %v", name, h, h)
			}
			if v := d.Estimate(board.Solved(tc.s, u.Settings.Goal)); v != 0 {
				t.Fatalf("%s: h(goal) = %d", name, v)
			}
		}
	}
	if err := u.Search.SelectHeuristic("DPDB:Triples"); err != nil || u.Search.HeuristicSelect.Selected != "Dynamic PDB (pairs + triples)" {
		t.Errorf("SelectHeuristic: %v, selected %q", err, u.Search.HeuristicSelect.Selected)
	}
}

// TestCompareDynamic runs the 8-puzzle comparison with both dynamic
// databases ticked: the first Run says they are not ready and starts both
// builds; once they are built, Run fills the table and the chart with them,
// every solution as long as breadth-first search's (the length column).
func TestCompareDynamic(t *testing.T) {
	u := newTestUI(t)
	if err := u.ShowView(ViewCompare); err != nil {
		t.Fatal(err)
	}
	v := u.compare()
	v.SetSelect.SetSelected(compareview.SetRandom8)
	v.CountEntry.SetText("3")
	labels := []string{"Linear conflict", "Dynamic PDB (all pairs)", "Dynamic PDB (pairs + triples)"}
	v.Heuristics.SetSelected(labels)
	test.Tap(v.RunButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "not ready") {
		t.Fatalf("first Run: error %q, want not ready", v.Error.Text)
	}
	g := u.Settings.Goal
	u.q.Until(t, func() bool {
		return u.dyns.State(board.Size3x3, g, false).Ready && u.dyns.State(board.Size3x3, g, true).Ready
	})
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	if v.Error.Visible() {
		t.Fatalf("comparison failed: %s", v.Error.Text)
	}
	r := v.Report()
	if r == nil || len(r.Heuristics) != 3 || r.Heuristics[1] != "dpdb:pairs" || r.Heuristics[2] != "dpdb:triples" {
		t.Fatalf("report heuristics %v", r)
	}
	nc, ok := v.NodesChart.Chart().(charts.NodeCounts)
	if !ok || len(nc.Series) != 3 || nc.Series[2].Name != labels[2] {
		t.Errorf("chart series %+v", nc.Series)
	}
	for i := range r.Instances {
		for j := range r.Heuristics {
			if a, b := r.At(i, j).Length, r.At(i, 0).Length; a != b {
				t.Errorf("instance %d: %s length %d, linear conflict %d", i, r.Heuristics[j], a, b)
			}
		}
	}
}
