package adapt

import (
	"math"
	"testing"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/predict"
)

func TestPredictionCharts(t *testing.T) {
	it := func(bound int, exp, gen uint64, pe, pg float64) predict.IterationResult {
		return predict.IterationResult{Bound: bound, Complete: true, Measured: predict.Counted{Expanded: exp, Generated: gen},
			Predicted: predict.Nodes{Expanded: pe, Generated: pg}}
	}
	c := &predict.Comparison{Set: "s", Instances: 1, Heuristics: []predict.HeuristicResult{{
		Heuristic: "manhattan",
		Bounds: []predict.BoundSum{
			{Bound: 10, Instances: 1, Sum: predict.Sum{Iterations: 1, MeasuredExpanded: 3, MeasuredGenerated: 7, Predicted: predict.Nodes{Expanded: 2.4, Generated: 6.6}}},
			{Bound: 12, Instances: 1, Sum: predict.Sum{Iterations: 1, MeasuredExpanded: 30, MeasuredGenerated: 70, Predicted: predict.Nodes{Expanded: math.NaN(), Generated: 1e30}}},
		},
		Instances: []predict.InstanceResult{{Instance: "1", Iterations: []predict.IterationResult{it(10, 3, 7, 2.4, 6.6), it(12, 30, 70, 25, 66)}}},
	}}}
	p := Prediction(c, Generated, map[string]string{"manhattan": "Manhattan distance"})
	if len(p.Series) != 1 || p.Series[0].Name != "Manhattan distance" {
		t.Fatalf("series %+v", p.Series)
	}
	s := p.Series[0]
	want := []charts.IterationPoint{{Threshold: 10, Nodes: 7}, {Threshold: 12, Nodes: 70}}
	wantP := []charts.IterationPoint{{Threshold: 10, Nodes: 7}, {Threshold: 12, Nodes: math.MaxInt64}}
	for k := range want {
		if s.Points[k] != want[k] || s.Predicted[k] != wantP[k] {
			t.Errorf("point %d: %+v and %+v, want %+v and %+v", k, s.Points[k], s.Predicted[k], want[k], wantP[k])
		}
	}
	if e := Prediction(c, Expanded, nil).Series[0]; e.Points[0].Nodes != 3 || e.Predicted[0].Nodes != 2 || e.Predicted[1].Nodes != 0 {
		t.Errorf("expanded: %+v", e)
	}
	base := charts.Iterations{Series: []charts.IterationSeries{{Name: "Manhattan distance"}}}
	w, err := WithPrediction(base, c, 0, Expanded)
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Series[0].Predicted; len(got) != 2 || got[0] != (charts.IterationPoint{Threshold: 10, Nodes: 2}) || got[1].Nodes != 25 {
		t.Errorf("instance prediction %+v", got)
	}
	if _, err := WithPrediction(base, c, 1, Expanded); err == nil {
		t.Error("instance 2 of 1: no error")
	}
	if _, err := WithPrediction(charts.Iterations{}, c, 0, Expanded); err == nil {
		t.Error("no series for one heuristic: no error")
	}
}
