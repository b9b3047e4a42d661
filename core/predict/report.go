package predict

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// Counted is a measured node count of one IDA* iteration.
type Counted struct {
	Expanded  uint64 `json:"expanded"`
	Generated uint64 `json:"generated"`
}

// IterationResult is one IDA* iteration, measured and predicted.
type IterationResult struct {
	Bound int `json:"bound"`
	// Complete is false for a run's last iteration: it stopped at the goal
	// (or at a limit) part of the way through, while the prediction is for
	// the whole iteration.
	Complete  bool    `json:"complete"`
	Measured  Counted `json:"measured"`
	Predicted Nodes   `json:"predicted"`
}

// InstanceResult is one instance's iterations with one heuristic.
type InstanceResult struct {
	Instance string         `json:"instance"`
	Blank    int            `json:"blank"`
	H0       int            `json:"h0"`
	Status   compare.Status `json:"status,omitempty"`
	// Iterations lists the run's iterations in order.
	Iterations []IterationResult `json:"iterations"`
	// Complete sums the complete iterations.
	Complete Sum `json:"complete"`
}

// Sum adds up iterations, measured and predicted.
type Sum struct {
	Iterations int `json:"iterations"`
	// Measured sums the measured counts (float64: sums over large sets).
	MeasuredExpanded  float64 `json:"measured_expanded"`
	MeasuredGenerated float64 `json:"measured_generated"`
	Predicted         Nodes   `json:"predicted"`
}

func (s *Sum) add(it IterationResult) {
	s.Iterations++
	s.MeasuredExpanded += float64(it.Measured.Expanded)
	s.MeasuredGenerated += float64(it.Measured.Generated)
	s.Predicted.Expanded += it.Predicted.Expanded
	s.Predicted.Generated += it.Predicted.Generated
}

// Ratio returns predicted / measured for the generated nodes, or for the
// expanded ones; NaN when nothing was measured.
func (s Sum) Ratio(generated bool) float64 {
	if generated {
		return ratio(s.Predicted.Generated, s.MeasuredGenerated)
	}
	return ratio(s.Predicted.Expanded, s.MeasuredExpanded)
}

func ratio(p, m float64) float64 {
	if m <= 0 {
		return math.NaN()
	}
	return p / m
}

// BoundSum sums the complete iterations with one cost bound over the
// instances.
type BoundSum struct {
	Bound     int `json:"bound"`
	Instances int `json:"instances"`
	Sum
}

// RatioStats summarises the per-instance ratios predicted / measured
// (generated nodes, complete iterations): their geometric mean (of the
// positive ones: a sampled distribution may have no state with a value low
// enough for any node of a small iteration, which predicts 0), median and
// extremes over the instances with at least one complete iteration.
type RatioStats struct {
	Instances int     `json:"instances"`
	GeoMean   float64 `json:"geometric_mean"`
	Median    float64 `json:"median"`
	Min       float64 `json:"min"`
	Max       float64 `json:"max"`
}

// HeuristicResult is the comparison for one heuristic.
type HeuristicResult struct {
	Heuristic string `json:"heuristic"`
	// Distribution is the heuristic's value distribution the prediction used.
	Distribution *Distribution `json:"distribution"`
	// MeanH is the distribution's mean, each blank cell weighted by its
	// share of a deep level of the tree (Tree.BlankShares).
	MeanH float64 `json:"mean_h"`
	// Instances lists every instance's iterations.
	Instances []InstanceResult `json:"instances"`
	// Bounds sums the complete iterations by cost bound, in bound order.
	Bounds []BoundSum `json:"bounds"`
	// Complete sums every complete iteration; Last every run's last
	// (partial) iteration, measured as far as it went, predicted whole.
	Complete Sum `json:"complete"`
	Last     Sum `json:"last"`
	// PerInstance summarises the instances' own ratios.
	PerInstance RatioStats `json:"per_instance"`
}

// Comparison is the prediction of every IDA* iteration of a comparison
// report, beside the measured counts.
type Comparison struct {
	Set       string `json:"set"`
	Goal      string `json:"goal"`
	Size      string `json:"size"`
	Instances int    `json:"instances"`
	// Whole says the measured iterations are whole iterations at fixed
	// bounds (Whole), not IDA*'s runs.
	Whole      bool              `json:"whole,omitempty"`
	Heuristics []HeuristicResult `json:"heuristics"`
}

// Progress reports how far ForReport is: the distribution of one heuristic
// being measured.
type Progress struct {
	Heuristic   string
	Done, Total int
}

// Options sets how ForReport measures distributions.
type Options struct {
	// Dist sets the sample size, seed and workers (its Progress is unused).
	Dist DistOptions
	// Progress, when not nil, is called while distributions are measured.
	Progress func(Progress)
}

// ForReport measures the distribution of each heuristic hs names (the
// heuristics of r, by name; each must be in hs) and predicts every IDA*
// iteration of r.
func ForReport(ctx context.Context, r *compare.Report, hs []compare.Heuristic, opt Options) (*Comparison, error) {
	if r == nil {
		return nil, fmt.Errorf("prediction: no report")
	}
	if r.Algorithm != search.IDAStar.String() {
		return nil, fmt.Errorf("prediction: the report's runs used %s; KRE's formula predicts IDA*'s iterations (run with ida*)", r.Algorithm)
	}
	goal, err := board.ParseGoal(r.Goal)
	if err != nil {
		return nil, fmt.Errorf("prediction: %w", err)
	}
	byName := map[string]compare.Heuristic{}
	for _, h := range hs {
		byName[h.Name] = h
	}
	var size board.Size
	for _, name := range r.Heuristics {
		h, ok := byName[name]
		if !ok || h.H == nil {
			return nil, fmt.Errorf("prediction: heuristic %s of the report is missing", name)
		}
		if d, ok := h.H.(search.Domain); ok {
			size, _ = d.Domain()
		}
	}
	boards := make([]board.Board, len(r.Instances))
	for i, in := range r.Instances {
		if boards[i], err = board.Parse(in.Board, size); err != nil {
			return nil, fmt.Errorf("prediction: instance %s: %w", in.Name, err)
		}
	}
	if len(boards) > 0 {
		size = boards[0].Size()
	}
	ordered := make([]compare.Heuristic, len(r.Heuristics))
	for j, name := range r.Heuristics {
		ordered[j] = byName[name]
	}
	models, err := NewModels(ctx, ordered, size, goal, opt)
	if err != nil {
		return nil, err
	}
	return Compare(r, boards, models)
}

// NewModels measures the distribution of each heuristic of hs for boards of
// size s and goal g, and returns their models in the same order.
func NewModels(ctx context.Context, hs []compare.Heuristic, s board.Size, g board.Goal, opt Options) ([]*Model, error) {
	models := make([]*Model, len(hs))
	for j, h := range hs {
		dopt := opt.Dist
		dopt.Progress = nil
		if opt.Progress != nil {
			name := h.Name
			dopt.Progress = func(done, total int) { opt.Progress(Progress{Heuristic: name, Done: done, Total: total}) }
		}
		d, err := DistributionOf(ctx, h.H, s, g, dopt)
		if err != nil {
			return nil, fmt.Errorf("prediction: %w", err)
		}
		models[j] = NewModel(d)
	}
	return models, nil
}

// Compare predicts every IDA* iteration of r (whose instances are boards)
// with models[j] for heuristic j.
func Compare(r *compare.Report, boards []board.Board, models []*Model) (*Comparison, error) {
	if len(boards) != len(r.Instances) || len(models) != len(r.Heuristics) {
		return nil, fmt.Errorf("prediction: %d boards and %d models for %d instances and %d heuristics", len(boards), len(models), len(r.Instances), len(r.Heuristics))
	}
	out := &Comparison{Set: r.Set, Goal: r.Goal, Instances: len(r.Instances)}
	if len(boards) > 0 {
		out.Size = boards[0].Size().String()
	}
	for j, name := range r.Heuristics {
		m := models[j]
		hr := HeuristicResult{Heuristic: name, Distribution: m.Distribution()}
		bounds := map[int]*BoundSum{}
		var ratios []float64
		for i, b := range boards {
			res := r.At(i, j)
			ir := InstanceResult{Instance: r.Instances[i].Name, Blank: b.Blank(), H0: res.H0, Status: res.Status}
			for k, it := range res.Iterations {
				p, err := m.Iteration(b, it.Bound)
				if err != nil {
					return nil, fmt.Errorf("prediction: instance %s with %s: %w", ir.Instance, name, err)
				}
				x := IterationResult{Bound: it.Bound, Complete: k < len(res.Iterations)-1,
					Measured: Counted{Expanded: it.Expanded, Generated: it.Generated}, Predicted: p}
				ir.Iterations = append(ir.Iterations, x)
				if !x.Complete {
					hr.Last.add(x)
					continue
				}
				hr.addComplete(&ir, bounds, x)
			}
			ratios = hr.addInstance(ir, ratios)
		}
		if err := hr.finish(bounds, ratios, boards); err != nil {
			return nil, err
		}
		out.Heuristics = append(out.Heuristics, hr)
	}
	return out, nil
}

// addComplete adds the complete iteration x of ir to ir's, hr's and its
// bound's sums.
func (hr *HeuristicResult) addComplete(ir *InstanceResult, bounds map[int]*BoundSum, x IterationResult) {
	ir.Complete.add(x)
	hr.Complete.add(x)
	bs := bounds[x.Bound]
	if bs == nil {
		bs = &BoundSum{Bound: x.Bound}
		bounds[x.Bound] = bs
	}
	bs.Instances++
	bs.add(x)
}

// addInstance appends ir, whose iterations have been added, to hr and
// returns ratios with ir's ratio of predicted to measured nodes, if any.
func (hr *HeuristicResult) addInstance(ir InstanceResult, ratios []float64) []float64 {
	hr.Instances = append(hr.Instances, ir)
	if q := ir.Complete.Ratio(true); !math.IsNaN(q) {
		ratios = append(ratios, q)
	}
	return ratios
}

// finish sorts the sums by bound, summarises the instances' ratios and
// computes the distribution's mean.
func (hr *HeuristicResult) finish(bounds map[int]*BoundSum, ratios []float64, boards []board.Board) error {
	for _, bs := range bounds {
		hr.Bounds = append(hr.Bounds, *bs)
	}
	slices.SortFunc(hr.Bounds, func(a, b BoundSum) int { return a.Bound - b.Bound })
	hr.PerInstance = ratioStats(ratios)
	if len(boards) > 0 {
		t, err := NewTree(boards[0].Size(), boards[0].Blank(), 101)
		if err != nil {
			return fmt.Errorf("prediction: %w", err)
		}
		hr.MeanH = hr.Distribution.Mean(t.BlankShares(101))
	}
	return nil
}

// ratioStats summarises ratios (all positive).
func ratioStats(rs []float64) RatioStats {
	if len(rs) == 0 {
		return RatioStats{}
	}
	s := slices.Clone(rs)
	slices.Sort(s)
	logSum, pos := 0.0, 0
	for _, v := range s {
		if v > 0 {
			logSum += math.Log(v)
			pos++
		}
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = math.Sqrt(s[len(s)/2-1] * s[len(s)/2])
	}
	geo := 0.0
	if pos > 0 {
		geo = math.Exp(logSum / float64(pos))
	}
	return RatioStats{Instances: len(s), GeoMean: geo, Median: med, Min: s[0], Max: s[len(s)-1]}
}
