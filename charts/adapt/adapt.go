// Package adapt turns Slidelab's result types (comparison reports, pattern
// database tables) into the plain inputs of package charts, so charts itself
// depends on no core package.
package adapt

import (
	"fmt"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/internal/digits"
)

// Measure picks the node count a chart shows.
type Measure int

const (
	// Expanded counts nodes whose children were generated.
	Expanded Measure = iota
	// Generated counts children created (Korf's measure).
	Generated
)

// String returns "nodes expanded" or "nodes generated".
func (m Measure) String() string {
	if m == Generated {
		return "nodes generated"
	}
	return "nodes expanded"
}

func (m Measure) of(r *compare.Result) int64 {
	v := r.Expanded
	if m == Generated {
		v = r.Generated
	}
	return clamp(v)
}

func clamp(v uint64) int64 {
	if v > 1<<63-1 {
		return 1<<63 - 1
	}
	return int64(v)
}

// subtitle describes the algorithm and limits of a report.
func subtitle(r *compare.Report) string {
	s := r.Algorithm
	if r.NodeLimit > 0 {
		s += ", node limit " + digits.Group(r.NodeLimit, ",")
	}
	if r.Timeout > 0 {
		s += fmt.Sprintf(", time limit %gs a run", r.Timeout)
	}
	return s
}

// NodeCounts returns the grouped-bar chart of a report: one group per
// instance, one bar per heuristic, partial runs marked.
func NodeCounts(r *compare.Report, m Measure) charts.NodeCounts {
	title := "Nodes expanded per heuristic"
	if m == Generated {
		title = "Nodes generated per heuristic"
	}
	nc := charts.NodeCounts{
		Title:    title,
		Set:      r.Set,
		Subtitle: subtitle(r),
		Measure:  m.String(),
	}
	if r.Numbering != "" {
		nc.XLabel = "instance (" + r.Numbering + ")"
	}
	for _, in := range r.Instances {
		nc.Instances = append(nc.Instances, in.Name)
	}
	for j, h := range r.Heuristics {
		s := charts.CountSeries{Name: r.Marked(h), Counts: make([]int64, len(r.Instances)), Limited: make([]bool, len(r.Instances))}
		for i := range r.Instances {
			res := r.At(i, j)
			s.Counts[i] = m.of(res)
			s.Limited[i] = res.Status.Partial()
		}
		nc.Series = append(nc.Series, s)
	}
	return nc
}

// Iterations returns the chart of nodes per IDA* iteration for instance i of
// a report, one line per heuristic.
func Iterations(r *compare.Report, i int, m Measure) (charts.Iterations, error) {
	if i < 0 || i >= len(r.Instances) {
		return charts.Iterations{}, fmt.Errorf("iteration chart: instance %d is not in the report (it has %d)", i+1, len(r.Instances))
	}
	it := charts.Iterations{
		Set:      r.Set,
		Instance: instanceName(r, i),
		Subtitle: subtitle(r),
		Measure:  m.String(),
	}
	for j, h := range r.Heuristics {
		res := r.At(i, j)
		s := charts.IterationSeries{Name: r.Marked(h), Limited: res.Status.Partial()}
		for _, x := range res.Iterations {
			v := x.Expanded
			if m == Generated {
				v = x.Generated
			}
			s.Points = append(s.Points, charts.IterationPoint{Threshold: x.Bound, Nodes: clamp(v)})
		}
		it.Series = append(it.Series, s)
	}
	return it, nil
}

// instanceName names instance i for a chart: "9 (Korf's number)".
func instanceName(r *compare.Report, i int) string {
	if r.Numbering != "" {
		return r.Instances[i].Name + " (" + r.Numbering + ")"
	}
	return r.Instances[i].Name
}
