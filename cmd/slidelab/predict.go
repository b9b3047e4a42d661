package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/predict"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
	"github.com/slidelab/slidelab/internal/inputfile"
)

func predictCommand() command {
	return command{
		name: "predict",
		usage: "[--set classroom|korf100|hardest80|random8[:N[:SEED]]|walk:LEN[:N[:SEED]]|walk24:LEN[:N[:SEED]]|FILE | --report FILE.json] [--heuristics manhattan,linear-conflict] " +
			"[--first N] [--whole LO..HI] [--samples N] [--seed N] [--measure generated|expanded] [--png FILE] [--svg FILE] [--pdf FILE] [--json]",
		summary: "Predict IDA*'s nodes per iteration with Korf, Reid and Edelkamp's formula and set the prediction beside the measured counts.",
		run:     runPredict,
	}
}

// predictFlags are the flags of slidelab predict.
type predictFlags struct {
	setSpec     *string
	reportPath  *string
	wholeText   *string
	goalText    *string
	hText       *string
	first       *int
	nodeLimit   *uint64
	timeout     *time.Duration
	workers     *int
	samples     *int
	seed        *uint64
	measureText *string
	pngPath     *string
	svgPath     *string
	pdfPath     *string
	sizeText    *string
	jsonOut     *bool
	cacheDir    *string
}

// definePredictFlags defines predict's flags on fs.
func definePredictFlags(fs *flag.FlagSet) predictFlags {
	return predictFlags{
		setSpec:     fs.String("set", "classroom", "instances: "+compare.SetNames+", or an instance file"),
		reportPath:  fs.String("report", "", "predict the runs of this report (written by 'slidelab compare --json') instead of solving a set"),
		wholeText:   fs.String("whole", "", "KRE's own experiment instead of IDA*'s runs: whole iterations at the bounds LO..HI (or one bound N) from every start, not stopping at the goal (a plain search: small bounds on the 15-puzzle)"),
		goalText:    fs.String("goal", "blank-last", "goal to solve towards: blank-last or blank-first"),
		hText:       fs.String("heuristics", "manhattan,linear-conflict", "comma-separated heuristics, any name 'slidelab help heuristics' lists"),
		first:       fs.Int("first", 0, "use only the first N instances of the set (0: all)"),
		nodeLimit:   fs.Uint64("node-limit", 0, "stop a run after generating this many nodes (0: no limit); its last iteration counts as partial"),
		timeout:     fs.Duration("timeout", 0, "stop a run after this long, e.g. 30s (0: no limit)"),
		workers:     fs.Int("workers", 0, "runs and sampling goroutines at a time (0: one per core)"),
		samples:     fs.Int("samples", predict.DefaultSamples, "random states drawn to measure each heuristic's distribution, split over the blank's cells (boards of at most 9 cells are enumerated whole)"),
		seed:        fs.Uint64("seed", predict.DefaultSeed, "seed of the random states"),
		measureText: fs.String("measure", "generated", "node count compared: generated (Korf's measure) or expanded"),
		pngPath:     fs.String("png", "", "write the chart of predicted and measured nodes per iteration (sums over the set) as PNG"),
		svgPath:     fs.String("svg", "", "the same chart as SVG"),
		pdfPath:     fs.String("pdf", "", "the same chart as PDF"),
		sizeText:    fs.String("chart-size", defaultChartSize, "chart size in pixels, WxH"),
		jsonOut:     fs.Bool("json", false, "print the whole comparison (every iteration of every run, the distributions) as JSON instead of the table"),
		cacheDir:    fs.String("cache", "", "pattern database cache directory (default: $"+pdb.CacheEnv+" or the user cache directory)"),
	}
}

func runPredict(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "predict")
	f := definePredictFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	if err := checkReportClash(fs, *f.reportPath, *f.wholeText); err != nil {
		return err
	}
	bounds, err := parseWhole(*f.wholeText, *f.nodeLimit, *f.timeout)
	if err != nil {
		return err
	}
	goal, err := board.ParseGoal(*f.goalText)
	if err != nil {
		return usagef("--goal: %v", err)
	}
	if err := f.checkNumbers(); err != nil {
		return err
	}
	measure, err := parsePredictMeasure(*f.measureText)
	if err != nil {
		return err
	}
	cw, ch, err := parseChartSize(*f.sizeText)
	if err != nil {
		return usagef("--chart-size: %v", err)
	}
	if err := checkPredictCharts(*f.pngPath, *f.svgPath, *f.pdfPath); err != nil {
		return err
	}
	prog := newStatusLine(e)
	defer prog.clear()
	dir, err := cacheDirOr(*f.cacheDir)
	if err != nil {
		return err
	}
	ropt := predictResolveOptions(e, prog, dir)
	var report *compare.Report
	var hs []compare.Heuristic
	if *f.reportPath != "" {
		if report, hs, err = readReportForPrediction(ctx, *f.reportPath, ropt); err != nil {
			return err
		}
	} else {
		set, err := loadSet(ctx, e, "predict", *f.setSpec, goal, *f.first)
		if err != nil {
			return err
		}
		hs, err = compare.ResolveHeuristics(ctx, search.SplitHeuristics(*f.hText), set.Instances[0].Board.Size(), set.Goal, ropt)
		prog.clear()
		if err != nil {
			return flagError(ctx, "--heuristics", err)
		}
		if bounds != nil {
			return runWhole(ctx, e, set, hs, bounds, wholeFlags{samples: *f.samples, seed: *f.seed, workers: *f.workers,
				generated: measure == adapt.Generated, json: *f.jsonOut, charts: []string{*f.pngPath, *f.svgPath, *f.pdfPath}, w: cw, h: ch}, prog)
		}
		if report, err = solveForPrediction(ctx, set, hs, *f.nodeLimit, *f.timeout, *f.workers, prog); err != nil {
			return err
		}
	}
	return f.predictAndWrite(ctx, e, report, hs, measure, cw, ch, prog)
}

// checkNumbers checks --first, --workers, --samples and --timeout.
func (f predictFlags) checkNumbers() error {
	if err := checkFirstWorkers(*f.first, *f.workers); err != nil {
		return err
	}
	if err := checkRange("samples", *f.samples, 1, predict.MaxSamples); err != nil {
		return err
	}
	if *f.timeout < 0 {
		return usagef("--timeout %v: must not be negative", *f.timeout)
	}
	return nil
}

// parsePredictMeasure reads predict's --measure (default generated).
func parsePredictMeasure(text string) (adapt.Measure, error) {
	switch text {
	case "generated":
		return adapt.Generated, nil
	case "expanded":
		return adapt.Expanded, nil
	}
	return adapt.Generated, usagef("--measure %q: want generated or expanded", text)
}

// predictAndWrite predicts report's runs and prints the comparison (table
// or JSON) and writes its charts.
func (f predictFlags) predictAndWrite(ctx context.Context, e *env, report *compare.Report, hs []compare.Heuristic,
	measure adapt.Measure, cw, ch int, prog *statusLine) error {
	c, err := predict.ForReport(ctx, report, hs, predict.Options{
		Dist:     predict.DistOptions{Samples: *f.samples, Seed: *f.seed, Workers: *f.workers},
		Progress: distProgress(prog),
	})
	prog.clear()
	if err != nil {
		return cancelledOr(ctx, err)
	}
	if *f.jsonOut {
		if err := writeIndentedJSON(e.stdout, c); err != nil {
			return err
		}
	} else {
		writePredictTable(e.stdout, c, setDescription(report), measure == adapt.Generated)
	}
	return savePredictCharts(c, measure, []string{*f.pngPath, *f.svgPath, *f.pdfPath}, cw, ch)
}

// checkReportClash fails when --report comes with a flag the report
// settles (or with --whole).
func checkReportClash(fs *flag.FlagSet, reportPath, wholeText string) error {
	if reportPath == "" {
		return nil
	}
	var clash []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "set", "heuristics", "first", "node-limit", "timeout", "goal":
			clash = append(clash, "--"+f.Name)
		}
	})
	if len(clash) > 0 {
		return usagef("--report takes the instances, heuristics and limits from the report; drop %s", strings.Join(clash, ", "))
	}
	if wholeText != "" {
		return usagef("--whole runs its own iterations; it does not read --report")
	}
	return nil
}

// parseWhole reads --whole's bounds (nil when not given); the limits of a
// run do not apply to whole iterations.
func parseWhole(wholeText string, nodeLimit uint64, timeout time.Duration) ([]int, error) {
	if wholeText == "" {
		return nil, nil
	}
	bounds, err := parseBounds(wholeText)
	if err != nil {
		return nil, usagef("--whole %v", err)
	}
	if nodeLimit != 0 || timeout != 0 {
		return nil, usagef("--whole runs whole iterations: --node-limit and --timeout do not apply")
	}
	return bounds, nil
}

// checkPredictCharts checks each chart output's name, then that it can be
// written.
func checkPredictCharts(pngPath, svgPath, pdfPath string) error {
	for _, c := range []outputFlag{{"png", pngPath}, {"svg", svgPath}, {"pdf", pdfPath}} {
		if err := checkExtensions(c); err != nil {
			return err
		}
		if err := checkWritable(c); err != nil {
			return err
		}
	}
	return nil
}

// predictResolveOptions builds databases in dir, showing progress on prog
// and warning on standard error when a table cannot be cached.
func predictResolveOptions(e *env, prog *statusLine, dir string) compare.ResolveOptions {
	return compare.ResolveOptions{
		CacheDir: dir,
		Progress: func(name string, st pdb.LayerStats) {
			prog.show("building %s table %d: cost %d", name, st.Group+1, st.Cost)
		},
		Warn: func(err error) {
			prog.clear()
			fmt.Fprintf(e.stderr, "slidelab: warning: %s (predicting with the table in memory)\n", oneLine(err.Error()))
		},
	}
}

// solveForPrediction solves set with each heuristic by IDA*, recording
// the iterations to predict.
func solveForPrediction(ctx context.Context, set compare.Set, hs []compare.Heuristic, nodeLimit uint64, timeout time.Duration,
	workers int, prog *statusLine) (*compare.Report, error) {
	report, err := compare.Run(ctx, set, hs, compare.Options{
		NodeLimit: nodeLimit, Timeout: timeout, Workers: workers,
		Progress: func(p compare.Progress) {
			prog.show("[%d/%d] solving: instance %s with %s", p.Done, p.Total, p.Instance, p.Heuristic)
		},
	})
	prog.clear()
	if err != nil {
		return nil, err
	}
	return report, nil
}

// savePredictCharts writes the prediction chart to each path given.
func savePredictCharts(c *predict.Comparison, m adapt.Measure, paths []string, w, h int) error {
	chart := adapt.Prediction(c, m, nil)
	for _, path := range paths {
		if path == "" {
			continue
		}
		if err := charts.Save(chart, path, w, h); err != nil {
			return err
		}
	}
	return nil
}

// wholeFlags carries the flags --whole uses.
type wholeFlags struct {
	samples, workers int
	seed             uint64
	generated, json  bool
	charts           []string
	w, h             int
}

// runWhole runs KRE's experiment: whole iterations at fixed bounds from
// every start of set, beside the prediction.
func runWhole(ctx context.Context, e *env, set compare.Set, hs []compare.Heuristic, bounds []int, f wholeFlags, prog *statusLine) error {
	models, err := predict.NewModels(ctx, hs, set.Instances[0].Board.Size(), set.Goal, predict.Options{
		Dist:     predict.DistOptions{Samples: f.samples, Seed: f.seed, Workers: f.workers},
		Progress: distProgress(prog),
	})
	prog.clear()
	if err != nil {
		return cancelledOr(ctx, err)
	}
	c, err := predict.Whole(ctx, set, hs, models, bounds, predict.WholeOptions{Workers: f.workers,
		Progress: func(done, total int) { prog.show("[%d/%d] whole iterations", done, total) }})
	prog.clear()
	if err != nil {
		return cancelledOr(ctx, err)
	}
	if f.json {
		if err := writeIndentedJSON(e.stdout, c); err != nil {
			return err
		}
	} else {
		noun := "instances"
		if len(set.Instances) == 1 {
			noun = "instance"
		}
		writePredictTable(e.stdout, c, fmt.Sprintf("instance set: %s · %d %s · whole iterations at bounds %d..%d, not stopping at the goal",
			set.Name, len(set.Instances), noun, bounds[0], bounds[len(bounds)-1]), f.generated)
	}
	m := adapt.Expanded
	if f.generated {
		m = adapt.Generated
	}
	return savePredictCharts(c, m, f.charts, f.w, f.h)
}

// maxWholeBounds caps the number of bounds --whole runs.
const maxWholeBounds = 100

// parseBounds reads "N" or "LO..HI".
func parseBounds(text string) ([]int, error) {
	lo, hi, isRange := strings.Cut(strings.TrimSpace(text), "..")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("%q: want a bound N or a range LO..HI, such as 10..24", text)
	}
	if a < 0 || b < a || b > predict.MaxDepth {
		return nil, fmt.Errorf("%q: want 0 <= LO <= HI <= %d", text, predict.MaxDepth)
	}
	if b-a+1 > maxWholeBounds {
		return nil, fmt.Errorf("%q: at most %d bounds", text, maxWholeBounds)
	}
	var out []int
	for d := a; d <= b; d++ {
		out = append(out, d)
	}
	return out, nil
}

// readReportForPrediction reads a comparison report and makes its
// heuristics for its boards.
func readReportForPrediction(ctx context.Context, path string, ropt compare.ResolveOptions) (*compare.Report, []compare.Heuristic, error) {
	data, err := inputfile.ReadFile(path, 0) // a FIFO or a device is refused, not waited on
	if err != nil {
		return nil, nil, fmt.Errorf("--report: %w", err)
	}
	r, err := compare.ReadJSON(bytes.NewReader(data))
	if err != nil {
		return nil, nil, usagef("--report %s: %v", path, err)
	}
	if len(r.Instances) == 0 {
		return nil, nil, usagef("--report %s: the report has no instances", path)
	}
	b, err := board.Parse(r.Instances[0].Board, board.Size{})
	if err != nil {
		return nil, nil, usagef("--report %s: instance %s: %v", path, r.Instances[0].Name, err)
	}
	goal, err := board.ParseGoal(r.Goal)
	if err != nil {
		return nil, nil, usagef("--report %s: %v", path, err)
	}
	hs, err := compare.ResolveHeuristics(ctx, r.Heuristics, b.Size(), goal, ropt)
	if err != nil {
		return nil, nil, flagError(ctx, "--report "+path, err)
	}
	for j, h := range hs {
		if h.Name != r.Heuristics[j] {
			// The report may use another spelling; predict.ForReport
			// matches by the report's names.
			hs[j].Name = r.Heuristics[j]
		}
	}
	return r, hs, nil
}

// formatNodes writes a (predicted) count rounded, with digit groups.
func formatNodes(v float64) string {
	if math.IsNaN(v) || v < 0 {
		return "-"
	}
	if v >= 1e18 {
		return strconv.FormatFloat(v, 'e', 3, 64)
	}
	return digits.Group(uint64(math.Round(v)), ",")
}

// formatQ writes predicted/measured as "1.23", "9,150" or "3.2e-05".
func formatQ(q float64) string {
	switch {
	case math.IsNaN(q) || math.IsInf(q, 0):
		return "-"
	case q >= 100:
		return formatNodes(q)
	case q >= 0.01 || q == 0:
		return strconv.FormatFloat(q, 'f', 2, 64)
	}
	return strconv.FormatFloat(q, 'e', 1, 64)
}

// writePredictTable prints, per heuristic, the complete iterations summed by
// bound, the totals and the spread of the instances' ratios.
func writePredictTable(w io.Writer, c *predict.Comparison, title string, generated bool) {
	m := "nodes expanded"
	if generated {
		m = "nodes generated"
	}
	fmt.Fprintf(w, "%s · %s · predicted by KRE's formula, E(N,d,P) = sum N_i P(d-i), per blank cell\n", title, m)
	for _, h := range c.Heuristics {
		d := h.Distribution
		how := fmt.Sprintf("all %s solvable states", digits.Group(d.States(0)*uint64(len(d.Counts)), ","))
		if !d.Exact {
			how = fmt.Sprintf("%s random states a blank cell, seed %d", digits.Group(uint64(d.PerCell), ","), d.Seed)
		}
		fmt.Fprintf(w, "\n%s · distribution from %s · mean h %.2f\n", h.Heuristic, how, h.MeanH)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprint(tw, "bound\tinstances\tmeasured\tpredicted\tpredicted/measured\t\n")
		meas := func(s predict.Sum) float64 {
			if generated {
				return s.MeasuredGenerated
			}
			return s.MeasuredExpanded
		}
		pred := func(s predict.Sum) float64 {
			if generated {
				return s.Predicted.Generated
			}
			return s.Predicted.Expanded
		}
		for _, b := range h.Bounds {
			fmt.Fprintf(tw, "%d\t%d\t%s\t%s\t%s\t\n", b.Bound, b.Instances, formatNodes(meas(b.Sum)), formatNodes(pred(b.Sum)), formatQ(b.Ratio(generated)))
		}
		fmt.Fprintf(tw, "complete\t%d it.\t%s\t%s\t%s\t\n", h.Complete.Iterations, formatNodes(meas(h.Complete)), formatNodes(pred(h.Complete)), formatQ(h.Complete.Ratio(generated)))
		if h.Last.Iterations > 0 {
			fmt.Fprintf(tw, "last (partial)\t%d it.\t%s\t%s\t%s\t\n", h.Last.Iterations, formatNodes(meas(h.Last)), formatNodes(pred(h.Last)), formatQ(h.Last.Ratio(generated)))
		}
		tw.Flush()
		if p := h.PerInstance; p.Instances > 0 {
			fmt.Fprintf(w, "per instance (%d with a complete iteration, generated): geometric mean %s, median %s, from %s to %s\n",
				p.Instances, formatQ(p.GeoMean), formatQ(p.Median), formatQ(p.Min), formatQ(p.Max))
		}
	}
	if len(c.Heuristics) > 0 && c.Heuristics[0].Last.Iterations > 0 {
		fmt.Fprintln(w, "\nComplete iterations are every run's iterations but its last, which stops at the goal (or a limit).")
		fmt.Fprintln(w, "An iteration with bound d is complete only for the starts whose solutions are longer than d;")
		fmt.Fprintln(w, "KRE predict the average over all random starts of whole iterations (see --whole).")
	}
}

// distProgress shows on prog how far the distribution of a heuristic's
// values has been measured.
func distProgress(prog *statusLine) func(predict.Progress) {
	return func(p predict.Progress) {
		prog.show("distribution of %s: %d%% of %s states", p.Heuristic, 100*p.Done/max(p.Total, 1), digits.Group(uint64(p.Total), ","))
	}
}

// cancelledOr returns the context's error when ctx was cancelled, err
// otherwise.
func cancelledOr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}
