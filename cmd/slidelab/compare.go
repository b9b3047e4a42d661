package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

func compareCommand() command {
	return command{
		name: "compare",
		usage: "[--set classroom|korf100|hardest80|random8[:N[:SEED]]|walk:LEN[:N[:SEED]]|walk24:LEN[:N[:SEED]]|FILE] [--heuristics manhattan,linear-conflict,pdb:663] " +
			"[--algorithm A] [--weight W] [--depth-limit D] [--cycle-check C] [--memory-nodes N] [--cost unit|tile] [--first N] [--png FILE] [--svg FILE] [--pdf FILE] [--iterations FILE] [--csv FILE] [--json]",
		summary: "Solve a set of instances with several heuristics and compare the nodes each needs (table, charts, CSV, JSON).",
		run:     runCompare,
	}
}

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "compare")
	setSpec := fs.String("set", "classroom", "instances: "+compare.SetNames+", or an instance file")
	goalText := fs.String("goal", "blank-last", "goal to solve towards: blank-last or blank-first (the boards of an instance FILE are read for it; built-in sets are converted, Korf's instances to his own boards)")
	hText := fs.String("heuristics", "manhattan,linear-conflict,pdb:663", "comma-separated heuristics, any name 'slidelab help heuristics' lists (manhattan, linear-conflict, hamming, pdb:PARTITION, fringe:PATTERN, max(H1,H2,...), each optionally +reflect)")
	algText := fs.String("algorithm", "ida*", algorithmFlagHelp)
	algo := addAlgoFlags(fs)
	memoryMB := addMemoryFlag(fs)
	first := fs.Int("first", 0, "use only the first N instances of the set (0: all)")
	nodeLimit := fs.Uint64("node-limit", 0, "stop a run after generating this many nodes (0: no limit); stopped runs are marked *")
	timeout := fs.Duration("timeout", 0, "stop a run after this long, e.g. 30s (0: no limit); stopped runs are marked *")
	workers := fs.Int("workers", 0, "runs at a time (0: one per core)")
	measureText := fs.String("measure", "expanded", "node count shown in the table and charts: expanded or generated")
	pngPath := fs.String("png", "", "write the node-count chart as PNG to this file")
	svgPath := fs.String("svg", "", "write the node-count chart as SVG to this file")
	pdfPath := fs.String("pdf", "", "write the node-count chart as PDF to this file")
	iterPath := fs.String("iterations", "", "write the chart of nodes per IDA* iteration of one instance (see --instance) to this .png, .svg or .pdf file")
	instance := fs.String("instance", "", "instance for --iterations, by name as in the table (default: the first)")
	sizeText := fs.String("chart-size", defaultChartSize, "chart size in pixels, WxH")
	csvPath := fs.String("csv", "", "write one CSV line per run to this file (- for standard output)")
	jsonOut := fs.Bool("json", false, "print the full report as JSON instead of the table")
	cacheDir := fs.String("cache", "", "pattern database cache directory (default: $"+pdb.CacheEnv+" or the user cache directory)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	goal, alg, err := parseGoalAlgorithm(*goalText, *algText)
	if err != nil {
		return err
	}
	opts, err := algo.compareOptions(alg, *hText)
	if err != nil {
		return err
	}
	if err := checkRunLimits(*first, *workers, *memoryMB, *timeout); err != nil {
		return err
	}
	measure, err := parseMeasure(*measureText)
	if err != nil {
		return err
	}
	cw, ch, err := parseChartSize(*sizeText)
	if err != nil {
		return usagef("--chart-size: %v", err)
	}
	out := compareOutputs{png: *pngPath, svg: *svgPath, pdf: *pdfPath, iterations: *iterPath, csv: *csvPath,
		width: cw, height: ch, measure: measure}
	if err := out.check(alg, *instance); err != nil {
		return err
	}
	if *jsonOut && *csvPath == "-" {
		return usagef("--json and --csv - both write to standard output: give --csv a file name")
	}
	set, err := loadSet(ctx, e, "compare", *setSpec, goal, *first)
	if err != nil {
		return err
	}
	if out.iterIndex, err = findInstance(set, *instance); err != nil {
		return err
	}
	opts.MemoryLimit, opts.NodeLimit, opts.Timeout, opts.Workers = *memoryMB<<20, *nodeLimit, *timeout, *workers
	report, runErr := solveSet(ctx, e, set, *hText, *cacheDir, opts)
	if report == nil {
		return runErr
	}
	if err := printCompare(e, report, measure, *jsonOut, *csvPath == "-"); err != nil {
		return err
	}
	if runErr != nil {
		return runErr // cancelled: the partial table is printed, no files written
	}
	if err := out.write(e, report); err != nil {
		return err
	}
	return checkLengths(report, alg, opts.Cost)
}

// printCompare prints the report: as JSON, or as the table, on standard
// output unless the CSV goes there (csvOnStdout), so that it can be piped;
// the table then shows on standard error.
func printCompare(e *env, report *compare.Report, measure adapt.Measure, asJSON, csvOnStdout bool) error {
	switch {
	case asJSON:
		return report.WriteJSON(e.stdout)
	case csvOnStdout:
		writeCompareTable(e.stderr, report, measure)
	default:
		writeCompareTable(e.stdout, report, measure)
	}
	return nil
}

// solveSet resolves the comma-separated heuristics hText (building or
// loading databases from cacheDir) and solves set with each, showing
// progress on a status line. The report is nil when nothing ran.
func solveSet(ctx context.Context, e *env, set compare.Set, hText, cacheDir string, opts compare.Options) (*compare.Report, error) {
	prog := newStatusLine(e)
	dir, err := cacheDirOr(cacheDir)
	if err != nil {
		return nil, err
	}
	size := set.Instances[0].Board.Size()
	hs, err := compare.ResolveHeuristics(ctx, search.SplitHeuristics(hText), size, set.Goal, tableResolveOptions(e, prog, dir, "comparing with"))
	prog.clear()
	if err != nil {
		return nil, flagError(ctx, "--heuristics", err)
	}
	limitHeap(search.Config{Algorithm: opts.Algorithm, MemoryLimit: opts.MemoryLimit})
	opts.Progress = compareProgress(prog)
	report, err := compare.Run(ctx, set, hs, opts)
	prog.clear()
	return report, err
}

// parseGoalAlgorithm reads --goal and --algorithm.
func parseGoalAlgorithm(goalText, algText string) (board.Goal, search.Algorithm, error) {
	goal, err := board.ParseGoal(goalText)
	if err != nil {
		return goal, 0, usagef("--goal: %v", err)
	}
	alg, err := search.ParseAlgorithm(algText)
	if err != nil {
		return goal, alg, usagef("--algorithm: %v", err)
	}
	return goal, alg, nil
}

// checkRunLimits checks --first, --workers, --memory and --timeout.
func checkRunLimits(first, workers int, memoryMB int64, timeout time.Duration) error {
	if err := checkFirstWorkers(first, workers); err != nil {
		return err
	}
	if err := checkRange("memory", memoryMB, 1, maxMemoryMB); err != nil {
		return err
	}
	if timeout < 0 {
		return usagef("--timeout %v: must not be negative", timeout)
	}
	return nil
}

// checkFirstWorkers checks --first and --workers.
func checkFirstWorkers(first, workers int) error {
	if first < 0 {
		return usagef("--first %d: must not be negative", first)
	}
	return checkRange("workers", workers, 0, maxWorkers)
}

// parseMeasure reads --measure: expanded or generated.
func parseMeasure(text string) (adapt.Measure, error) {
	switch text {
	case "expanded":
		return adapt.Expanded, nil
	case "generated":
		return adapt.Generated, nil
	}
	return 0, usagef("--measure %q: want expanded or generated", text)
}

// compareProgress shows a compare run's progress on the status line.
func compareProgress(prog *statusLine) func(compare.Progress) {
	return func(p compare.Progress) {
		if p.Done == 0 {
			prog.show("[0/%d] solving...", p.Total)
			return
		}
		prog.show("[%d/%d] instance %s with %s: %s", p.Done, p.Total, p.Instance, p.Heuristic, p.Result.Status)
	}
}

// findInstance is the index of the instance named name in set, 0 when name
// is empty (the first), or a usage error.
func findInstance(set compare.Set, name string) (int, error) {
	if name == "" {
		return 0, nil
	}
	for i, in := range set.Instances {
		if in.Name == name {
			return i, nil
		}
	}
	return -1, usagef("--instance %q: no such instance in set %s", name, set.Name)
}

// compareOutputs are the files compare writes besides its table: the
// node-count chart (PNG, SVG, PDF), the iterations chart of one instance
// and the CSV lines ("-": standard output).
type compareOutputs struct {
	png, svg, pdf, iterations, csv string
	iterIndex                      int
	width, height                  int
	measure                        adapt.Measure
}

// check fails before the searches, not after them, when an output cannot
// be written or its flags do not go together.
func (o compareOutputs) check(alg search.Algorithm, instance string) error {
	if err := checkExtensions(outputFlag{"png", o.png}, outputFlag{"svg", o.svg}, outputFlag{"pdf", o.pdf}); err != nil {
		return err
	}
	if err := checkChartName("iterations", o.iterations); err != nil {
		return err
	}
	if o.iterations != "" && alg != search.IDAStar {
		return usagef("--iterations needs --algorithm ida* (only IDA* works in iterations)")
	}
	if instance != "" && o.iterations == "" {
		return usagef("--instance is only used with --iterations")
	}
	csvFile := o.csv
	if csvFile == "-" {
		csvFile = "" // standard output
	}
	return checkWritable(outputFlag{"png", o.png}, outputFlag{"svg", o.svg}, outputFlag{"pdf", o.pdf},
		outputFlag{"iterations", o.iterations}, outputFlag{"csv", csvFile})
}

// write writes the CSV and the charts asked for.
func (o compareOutputs) write(e *env, report *compare.Report) error {
	if o.csv == "-" {
		if err := report.WriteCSV(e.stdout); err != nil {
			return err
		}
	} else if o.csv != "" {
		var buf bytes.Buffer
		if err := report.WriteCSV(&buf); err != nil {
			return err
		}
		if err := atomicfile.WriteBytes(o.csv, buf.Bytes()); err != nil {
			return fmt.Errorf("--csv: %w", err)
		}
	}
	nc := adapt.NodeCounts(report, o.measure)
	for _, path := range []string{o.png, o.svg, o.pdf} {
		if path == "" {
			continue
		}
		if err := charts.Save(nc, path, o.width, o.height); err != nil {
			return err
		}
	}
	if o.iterations == "" {
		return nil
	}
	it, err := adapt.Iterations(report, o.iterIndex, o.measure)
	if err != nil {
		return err
	}
	return charts.Save(it, o.iterations, o.width, o.height)
}

// checkLengths fails when an optimal algorithm's solutions with admissible
// heuristics disagree with each other or with a known optimal length (a
// heuristic that lies may return longer ones: the table marks it). Under
// tile costs it compares the solutions' costs (equally cheap solutions may
// differ in length; the known optima are lengths).
func checkLengths(r *compare.Report, alg search.Algorithm, cost search.CostModel) error {
	if !alg.Info().Optimal {
		return nil
	}
	unit := cost == search.UnitCost
	var problems []string
	for i, in := range r.Instances {
		want := -1
		if unit {
			want = in.Optimal
		}
		for j := range r.Heuristics {
			res := r.At(i, j)
			if res.Status != compare.Solved || !r.IsAdmissible(res.Heuristic) {
				continue
			}
			got, what := res.Length, "moves"
			if !unit {
				got, what = res.Cost, "cost"
			}
			if want < 0 {
				want = got
			}
			if got != want {
				if unit {
					problems = append(problems, fmt.Sprintf("instance %s: %s found %d moves, expected %d", in.Name, res.Heuristic, got, want))
				} else {
					problems = append(problems, fmt.Sprintf("instance %s: %s found a solution of %s %d, expected %d", in.Name, res.Heuristic, what, got, want))
				}
			}
		}
	}
	if len(problems) > 0 {
		return failError{msg: strings.Join(problems, "; ")}
	}
	return nil
}

func setDescription(r *compare.Report) string {
	noun := "instances"
	if len(r.Instances) == 1 {
		noun = "instance"
	}
	return fmt.Sprintf("instance set: %s · %d %s", r.Set, len(r.Instances), noun)
}

// statusLine draws a one-line status on stderr when it is a terminal, at
// most ten times a second.
type statusLine struct {
	e     *env
	last  time.Time
	shown bool
}

func newStatusLine(e *env) *statusLine { return &statusLine{e: e} }

func (p *statusLine) show(format string, args ...any) {
	if !p.e.isTerminal {
		return
	}
	if now := time.Now(); p.shown && now.Sub(p.last) < 100*time.Millisecond {
		return
	} else {
		p.last = now
	}
	fmt.Fprintf(p.e.stderr, "\r\033[K%s", fmt.Sprintf(format, args...))
	p.shown = true
}

func (p *statusLine) clear() {
	if p.shown {
		fmt.Fprint(p.e.stderr, "\r\033[K")
		p.shown = false
	}
}
