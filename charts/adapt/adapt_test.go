package adapt

import (
	"context"
	"reflect"
	"testing"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

func report() *compare.Report {
	return &compare.Report{
		Set: "classroom", Algorithm: "ida*", NodeLimit: 1000,
		Heuristics: []string{"manhattan", "pdb:663"},
		Instances:  []compare.InstanceInfo{{Name: "9"}, {Name: "12"}},
		Results: []compare.Result{
			{Status: compare.Solved, Expanded: 10, Generated: 20, Iterations: []compare.Iteration{{Bound: 40, Expanded: 3, Generated: 5}, {Bound: 42, Expanded: 7, Generated: 15}}},
			{Status: compare.Solved, Expanded: 1, Generated: 2, Iterations: []compare.Iteration{{Bound: 42, Expanded: 1, Generated: 2}}},
			{Status: compare.NodeLimit, Expanded: 500, Generated: 1000},
			{Status: compare.Skipped},
		},
	}
}

func TestNodeCounts(t *testing.T) {
	nc := NodeCounts(report(), Generated)
	want := charts.NodeCounts{
		Title: "Nodes generated per heuristic", Set: "classroom", Subtitle: "ida*, node limit 1,000", Measure: "nodes generated",
		Instances: []string{"9", "12"},
		Series: []charts.CountSeries{
			{Name: "manhattan", Counts: []int64{20, 1000}, Limited: []bool{false, true}},
			{Name: "pdb:663", Counts: []int64{2, 0}, Limited: []bool{false, true}},
		},
	}
	if !reflect.DeepEqual(nc, want) {
		t.Errorf("NodeCounts =\n%+v\nwant\n%+v", nc, want)
	}
	if e := NodeCounts(report(), Expanded); e.Series[0].Counts[0] != 10 || e.Measure != "nodes expanded" {
		t.Errorf("expanded: %+v", e)
	}
	if _, err := charts.Render(nc, 400, 300); err != nil {
		t.Error(err)
	}
}

func TestIterations(t *testing.T) {
	it, err := Iterations(report(), 0, Expanded)
	if err != nil {
		t.Fatal(err)
	}
	if it.Instance != "9" || len(it.Series) != 2 ||
		!reflect.DeepEqual(it.Series[0].Points, []charts.IterationPoint{{Threshold: 40, Nodes: 3}, {Threshold: 42, Nodes: 7}}) ||
		it.Series[0].Limited || it.Series[1].Points[0].Nodes != 1 {
		t.Errorf("Iterations = %+v", it)
	}
	if _, err := Iterations(report(), 2, Expanded); err == nil {
		t.Error("instance 3 of 2 accepted")
	}
}

func TestPDB(t *testing.T) {
	p, err := pdb.Preset("44", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	var rec LayerRecorder
	db, err := pdb.Build(context.Background(), p, rec.Add)
	if err != nil {
		t.Fatal(err)
	}
	pl := PDBLayers(db.Tables, PartitionSubtitle(p), true)
	if len(pl.Tables) != 2 || pl.Tables[0].Name != "{1,2,3,4}" || pl.Subtitle != "3x3 board, blank-last goal, 2 tables" {
		t.Fatalf("PDBLayers = %+v", pl)
	}
	if got := rec.Chart(pl.Subtitle, true); !reflect.DeepEqual(got, pl) {
		t.Errorf("recorded layers differ from the tables' own:\n%+v\n%+v", got, pl)
	}
	h := Histogram(db.Tables, "", false)
	for i, tb := range db.Tables {
		var entries, fresh int64
		for _, c := range h.Series[i].Counts {
			entries += c
		}
		for _, l := range pl.Tables[i].Layers {
			fresh += l.New
		}
		// Every entry gets its value in exactly one layer: the histogram and
		// the layers' new entries both count the whole table.
		if entries != int64(tb.Len()) || fresh != entries {
			t.Errorf("table %d: histogram sums to %d, new entries to %d, table has %d", i, entries, fresh, tb.Len())
		}
		if last := h.Series[i].Counts[len(h.Series[i].Counts)-1]; last == 0 {
			t.Errorf("table %d: histogram has trailing zeros", i)
		}
	}
	for _, c := range []charts.Chart{pl, h} {
		if _, err := charts.Render(c, 400, 300); err != nil {
			t.Error(err)
		}
	}
}

func TestContours(t *testing.T) {
	cs := []search.Contour{{F: 4, Expanded: 3, Generated: 7}, {F: 6, Expanded: 10, Generated: 25}}
	for _, tc := range []struct {
		alg   search.Algorithm
		m     Measure
		title string
		nodes []int64
	}{
		{search.AStar, Expanded, "f-contours: nodes expanded per f value", []int64{3, 10}},
		{search.IDAStar, Generated, "IDA*: nodes generated per iteration", []int64{7, 25}},
	} {
		c := Contours(cs, tc.alg, "manhattan", "sub", tc.m)
		if c.Title != tc.title || len(c.Series) != 1 || c.Series[0].Name != "manhattan" || len(c.Series[0].Points) != 2 {
			t.Fatalf("%v: %+v", tc.alg, c)
		}
		for i, p := range c.Series[0].Points {
			if p.F != cs[i].F || p.Nodes != tc.nodes[i] {
				t.Errorf("%v: point %d = %+v, want f %d nodes %d", tc.alg, i, p, cs[i].F, tc.nodes[i])
			}
		}
		if _, err := charts.Render(c, 400, 300); err != nil {
			t.Error(err)
		}
	}
}
