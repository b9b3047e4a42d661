package adapt

import (
	"fmt"
	"math"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/predict"
)

// roundNodes turns a predicted count into a chart value.
func roundNodes(v float64) int64 {
	switch {
	case math.IsNaN(v) || v < 0:
		return 0
	case v >= math.MaxInt64:
		return math.MaxInt64
	}
	return int64(math.Round(v))
}

func (m Measure) predicted(n predict.Nodes) int64 {
	if m == Generated {
		return roundNodes(n.Generated)
	}
	return roundNodes(n.Expanded)
}

// Prediction returns the chart of KRE's prediction beside the measured
// counts for a whole set: per cost bound, the nodes of the complete IDA*
// iterations with that bound, summed over the instances, measured (solid)
// and predicted (dashed), one colour per heuristic. labels, when not nil,
// renames heuristics ("manhattan" to "Manhattan distance").
func Prediction(c *predict.Comparison, m Measure, labels map[string]string) charts.Iterations {
	it := charts.Iterations{
		Title:    "Predicted (KRE) and measured nodes per IDA* iteration",
		Set:      c.Set,
		Subtitle: fmt.Sprintf("sums over the complete iterations of %d instances", c.Instances),
		Measure:  m.String(),
	}
	if c.Whole {
		it.Subtitle = fmt.Sprintf("sums over %d instances of whole iterations (not stopping at the goal)", c.Instances)
	}
	for _, h := range c.Heuristics {
		name := h.Heuristic
		if l, ok := labels[name]; ok {
			name = l
		}
		s := charts.IterationSeries{Name: name}
		for _, b := range h.Bounds {
			measured := b.MeasuredExpanded
			if m == Generated {
				measured = b.MeasuredGenerated
			}
			s.Points = append(s.Points, charts.IterationPoint{Threshold: b.Bound, Nodes: roundNodes(measured)})
			s.Predicted = append(s.Predicted, charts.IterationPoint{Threshold: b.Bound, Nodes: m.predicted(b.Predicted)})
		}
		it.Series = append(it.Series, s)
	}
	return it
}

// WithPrediction adds to the iteration chart of instance i (see Iterations;
// its series in the order of c's heuristics) the prediction of each
// iteration, the last one whole.
func WithPrediction(it charts.Iterations, c *predict.Comparison, i int, m Measure) (charts.Iterations, error) {
	if len(it.Series) != len(c.Heuristics) {
		return it, fmt.Errorf("prediction chart: %d series for %d heuristics", len(it.Series), len(c.Heuristics))
	}
	out := it
	out.Series = make([]charts.IterationSeries, len(it.Series))
	for j, s := range it.Series {
		h := c.Heuristics[j]
		if i < 0 || i >= len(h.Instances) {
			return it, fmt.Errorf("prediction chart: instance %d is not in the prediction (it has %d)", i+1, len(h.Instances))
		}
		s.Predicted = nil
		for _, x := range h.Instances[i].Iterations {
			s.Predicted = append(s.Predicted, charts.IterationPoint{Threshold: x.Bound, Nodes: m.predicted(x.Predicted)})
		}
		out.Series[j] = s
	}
	out.Title = "Nodes per IDA* iteration, measured and predicted (KRE)"
	return out, nil
}
