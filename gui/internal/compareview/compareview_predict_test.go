package compareview

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/charts"
)

func TestComparePredictedKRE(t *testing.T) {
	q, v := runEightPuzzleComparisonOf(t, predicted())
	v.Tabs.SelectIndex(2) // the IDA* iterations
	if v.prediction() != nil {
		t.Fatal("a prediction before the option was ticked")
	}
	test.Tap(v.Predicted)
	q.Wait(t, v.predictionDone())
	if v.Error.Visible() {
		t.Fatalf("prediction failed: %s", v.Error.Text)
	}
	// The summary says what KRE predicts: an average, and what the ratio
	// means.
	for _, want := range []string{"on average", "not for one board", "predicted/measured", "1 is exact"} {
		if !strings.Contains(v.Status.Text, want) {
			t.Errorf("the summary %q does not say %q", v.Status.Text, want)
		}
	}
	c := v.prediction()
	hs := len(predicted())
	if c == nil || len(c.Heuristics) != hs || c.Instances != 4 {
		t.Fatalf("prediction %+v", c)
	}
	it, ok := v.IterChart.Chart().(charts.Iterations)
	if !ok || len(it.Series) != hs {
		t.Fatalf("iterations chart %+v", v.IterChart.Chart())
	}
	r := v.Report()
	for j, s := range it.Series {
		res := r.At(0, j)
		if len(s.Predicted) != len(res.Iterations) || len(s.Points) != len(res.Iterations) {
			t.Errorf("%s: %d predicted and %d measured points for %d iterations", s.Name, len(s.Predicted), len(s.Points), len(res.Iterations))
			continue
		}
		for k, p := range s.Predicted {
			if p.Threshold != res.Iterations[k].Bound {
				t.Errorf("%s: predicted point %d at bound %d, iteration at %d", s.Name, k, p.Threshold, res.Iterations[k].Bound)
			}
		}
	}
	// Unticked: the measured counts alone.
	test.Tap(v.Predicted)
	if it, _ := v.IterChart.Chart().(charts.Iterations); len(it.Series) != hs || len(it.Series[0].Predicted) != 0 {
		t.Errorf("unticked, the chart still shows the prediction")
	}
	// Ticked before a run: the run's report is predicted when it ends.
	test.Tap(v.Predicted)
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	q.Wait(t, v.predictionDone())
	if v.prediction() == nil || v.Report() == r {
		t.Errorf("no prediction of the new report")
	}
}

func TestComparePredictedNeedsIDA(t *testing.T) {
	q, v := newTestView(t)
	v.SetSelect.SetSelected(SetRandom8)
	v.CountEntry.SetText("2")
	v.AlgorithmSelect.SetSelected("A*")
	v.Heuristics.SetSelected([]string{"Manhattan distance"})
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	test.Tap(v.Predicted)
	if !v.Error.Visible() || v.prediction() != nil {
		t.Errorf("A* runs predicted; error %q", v.Error.Text)
	}
}

func TestComparePredictedCancel(t *testing.T) {
	q, v := runEightPuzzleComparisonOf(t, predicted())
	test.Tap(v.Predicted)
	if v.CancelButton.Disabled() || !v.RunButton.Disabled() {
		t.Fatal("while predicting, Cancel is not enabled or Run is")
	}
	test.Tap(v.CancelButton)
	q.Wait(t, v.predictionDone())
	if v.prediction() != nil || !v.CancelButton.Disabled() || v.RunButton.Disabled() {
		t.Errorf("after Cancel: prediction %v, Cancel enabled %v, Run disabled %v", v.prediction() != nil, !v.CancelButton.Disabled(), v.RunButton.Disabled())
	}
	if v.Status.Text != "Prediction cancelled." {
		t.Errorf("status %q", v.Status.Text)
	}
	// Ticking again starts it afresh.
	test.Tap(v.Predicted)
	test.Tap(v.Predicted)
	q.Wait(t, v.predictionDone())
	if v.prediction() == nil {
		t.Error("no prediction after ticking again")
	}
}
