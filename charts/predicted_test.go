package charts

import (
	"testing"
)

func TestIterationsWithPrediction(t *testing.T) {
	measured := []IterationPoint{{Threshold: 40, Nodes: 10}, {Threshold: 42, Nodes: 400}, {Threshold: 44, Nodes: 9000}}
	predicted := []IterationPoint{{Threshold: 44, Nodes: 20000}, {Threshold: 40, Nodes: 30}, {Threshold: 42, Nodes: 0}}
	with := Iterations{Series: []IterationSeries{{Name: "md", Points: measured, Predicted: predicted}}}
	without := Iterations{Series: []IterationSeries{{Name: "md", Points: measured}}}
	a, err := Render(with, 640, 400)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(without, 640, 400)
	if err != nil {
		t.Fatal(err)
	}
	// The prediction is drawn in the series' colour: more of it than
	// without, and the legend gains "measured" and "predicted".
	blue := seriesColor(0)
	if ca, cb := countColor(a, blue), countColor(b, blue); ca <= cb {
		t.Errorf("%d pixels of the series' colour with the prediction, %d without", ca, cb)
	}
	fig := layout(t, with, 640, 400)
	var labels []string
	for _, l := range fig.legend {
		labels = append(labels, l.label)
	}
	if len(labels) != 3 || labels[1] != "measured" || labels[2] != "predicted" {
		t.Errorf("legend %v", labels)
	}
	bad := Iterations{Series: []IterationSeries{{Name: "md", Points: measured, Predicted: []IterationPoint{{Threshold: 40, Nodes: -1}}}}}
	if _, err := Render(bad, 640, 400); err == nil {
		t.Error("a negative predicted count: no error")
	}
}
