package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"time"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/predict"
	"github.com/slidelab/slidelab/core/search"
)

// The "Predicted (KRE)" option of the Compare view: Korf, Reid and
// Edelkamp's prediction of every IDA* iteration, computed in the background
// for the report shown (the heuristics' value distributions take seconds on
// the 15-puzzle) and drawn dashed beside the measured counts on the
// iterations chart.

// predictedLabel names the option.
const predictedLabel = "Predicted (KRE)"

// predictionState is the prediction of the report shown, and the job
// computing it.
type predictionState struct {
	runs *toolkit.JobRunner
	// of is the report the prediction (or the job under way) is for.
	of     *compare.Report
	result *predict.Comparison
	// done is the latest job's done channel (tests wait on it).
	done chan struct{}
}

// predictedToggled starts the prediction when the option is ticked, and
// redraws the iterations chart either way.
func (v *CompareView) predictedToggled(on bool) {
	if on {
		v.startPrediction()
	}
	v.refreshIterations()
}

// startPrediction computes the prediction of the report shown in the
// background, unless it is known or under way.
func (v *CompareView) startPrediction() {
	r := v.report
	p := &v.pred
	if r == nil || (p.of == r && (p.result != nil || p.runs.Running())) {
		return
	}
	if r.Algorithm != search.IDAStar.String() {
		v.showError(predictedLabel + " predicts IDA*'s iterations: run the comparison with IDA*.")
		return
	}
	if r.CostModel != "" {
		v.showError(predictedLabel + " predicts IDA*'s iterations under unit costs (one bound a move): run the comparison with unit costs.")
		return
	}
	var hs []compare.Heuristic
	opts := v.heuristics(v.SetSize())
	for _, name := range r.Heuristics {
		found := false
		for _, o := range opts {
			if o.Short != name {
				continue
			}
			h, err := o.Build()
			if err != nil {
				v.showError(err.Error())
				return
			}
			hs = append(hs, compare.Heuristic{Name: name, H: h})
			found = true
			break
		}
		if !found {
			v.showError(fmt.Sprintf("%s: the heuristic %s is no longer offered; run the comparison again.", predictedLabel, name))
			return
		}
	}
	labels := map[string]string{}
	for j, name := range v.labelled(r).Heuristics {
		labels[r.Heuristics[j]] = name
	}
	p.of, p.result = r, nil
	v.Status.SetText("Predicting the iterations: measuring the heuristics' value distributions…")
	var c *predict.Comparison
	v.setRunning(true) // Cancel stops the prediction too
	p.done = p.runs.Start(func(ctx context.Context, post func(func())) error {
		var last time.Time
		var err error
		c, err = predict.ForReport(ctx, r, hs, predict.Options{
			Dist: predict.DistOptions{Seed: predict.DefaultSeed},
			Progress: func(pr predict.Progress) {
				if now := time.Now(); now.Sub(last) < toolkit.RefreshEvery {
					return
				} else {
					last = now
				}
				post(func() {
					v.Status.SetText(fmt.Sprintf("Predicting the iterations: distribution of %s, %d%%…", labels[pr.Heuristic], 100*pr.Done/max(pr.Total, 1)))
				})
			},
		})
		return err
	}, func(err error) {
		v.setRunning(false)
		switch {
		case errors.Is(err, context.Canceled):
			p.of = nil
			v.Status.SetText("Prediction cancelled.")
		case err != nil:
			p.of = nil
			v.showError(err.Error())
		default:
			p.result = c
			v.Status.SetText(fmt.Sprintf("Predicted every iteration by KRE's formula, which gives the nodes IDA* generates on average "+
				"over all boards for a cost bound, not for one board: %s.", predictionSummary(v.labelled(r), c)))
			v.refreshIterations()
		}
	})
}

// predictionSummary gives, per heuristic (named as r, the report labelled,
// names them), predicted / measured over the complete iterations (generated
// nodes).
func predictionSummary(r *compare.Report, c *predict.Comparison) string {
	s := "predicted/measured nodes over the complete iterations (1 is exact; above 1, these boards needed fewer nodes than the average board)"
	for i, h := range c.Heuristics {
		sep := ", "
		if i == 0 {
			sep = ": "
		}
		q := h.Complete.Ratio(true)
		name := h.Heuristic
		if i < len(r.Heuristics) {
			name = r.Heuristics[i]
		}
		if q != q { // NaN: no complete iteration
			s += sep + name + " -"
			continue
		}
		s += fmt.Sprintf("%s%s %.2f", sep, name, q)
	}
	return s
}

// dropPrediction forgets the prediction (a new report is shown).
func (v *CompareView) dropPrediction() {
	v.pred.runs.Drop()
	v.pred.of, v.pred.result = nil, nil
}

// withPrediction adds the prediction of instance i to its iterations chart
// when the option is ticked and the prediction is ready.
func (v *CompareView) withPrediction(it charts.Iterations, i int) charts.Iterations {
	p := &v.pred
	if !v.Predicted.Checked || p.result == nil || p.of != v.report {
		return it
	}
	out, err := adapt.WithPrediction(it, p.result, i, v.measure())
	if err != nil {
		v.showError(err.Error())
		return it
	}
	return out
}

// predictionDone returns the channel of the latest prediction job (nil
// before the first); tests wait on it.
func (v *CompareView) predictionDone() chan struct{} { return v.pred.done }

// prediction returns the prediction of the report shown, or nil.
func (v *CompareView) prediction() *predict.Comparison {
	if v.pred.of != v.report {
		return nil
	}
	return v.pred.result
}
