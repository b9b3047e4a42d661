package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/digits"
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
	goal, err := board.ParseGoal(*goalText)
	if err != nil {
		return usagef("--goal: %v", err)
	}
	alg, err := search.ParseAlgorithm(*algText)
	if err != nil {
		return usagef("--algorithm: %v", err)
	}
	scfg := search.Config{Algorithm: alg}
	if err := algo.apply(&scfg); err != nil {
		return err
	}
	if *first < 0 {
		return usagef("--first %d: must not be negative", *first)
	}
	if err := checkRange("workers", *workers, 0, maxWorkers); err != nil {
		return err
	}
	if err := checkRange("memory", *memoryMB, 1, maxMemoryMB); err != nil {
		return err
	}
	if *timeout < 0 {
		return usagef("--timeout %v: must not be negative", *timeout)
	}
	var measure adapt.Measure
	switch *measureText {
	case "expanded":
		measure = adapt.Expanded
	case "generated":
		measure = adapt.Generated
	default:
		return usagef("--measure %q: want expanded or generated", *measureText)
	}
	cw, ch, err := parseChartSize(*sizeText)
	if err != nil {
		return usagef("--chart-size: %v", err)
	}
	if err := checkExtensions(outputFlag{"png", *pngPath}, outputFlag{"svg", *svgPath}, outputFlag{"pdf", *pdfPath}); err != nil {
		return err
	}
	if err := checkChartName("iterations", *iterPath); err != nil {
		return err
	}
	if *iterPath != "" && alg != search.IDAStar {
		return usagef("--iterations needs --algorithm ida* (only IDA* works in iterations)")
	}
	if *instance != "" && *iterPath == "" {
		return usagef("--instance is only used with --iterations")
	}
	// Fail before the searches, not after them, when an output cannot be written.
	csvFile := *csvPath
	if csvFile == "-" {
		csvFile = "" // standard output
	}
	if err := checkWritable(outputFlag{"png", *pngPath}, outputFlag{"svg", *svgPath}, outputFlag{"pdf", *pdfPath},
		outputFlag{"iterations", *iterPath}, outputFlag{"csv", csvFile}); err != nil {
		return err
	}

	set, err := loadSet(ctx, e, "compare", *setSpec, goal, *first)
	if err != nil {
		return err
	}
	iterIndex := 0
	if *instance != "" {
		iterIndex = -1
		for i, in := range set.Instances {
			if in.Name == *instance {
				iterIndex = i
			}
		}
		if iterIndex < 0 {
			return usagef("--instance %q: no such instance in set %s", *instance, set.Name)
		}
	}
	names := search.SplitHeuristics(*hText)
	size := set.Instances[0].Board.Size()
	for _, n := range names {
		if spec, err := search.ParseHeuristic(n); err == nil {
			if err := checkCostHeuristic(scfg.Cost, spec); err != nil {
				return err
			}
		}
	}

	prog := newStatusLine(e)
	dir, err := cacheDirOr(*cacheDir)
	if err != nil {
		return err
	}
	hs, err := compare.ResolveHeuristics(ctx, names, size, set.Goal, tableResolveOptions(e, prog, dir, "comparing with"))
	prog.clear()
	if err != nil {
		return flagError(ctx, "--heuristics", err)
	}
	limitHeap(search.Config{Algorithm: alg, MemoryLimit: *memoryMB << 20})
	report, runErr := compare.Run(ctx, set, hs, compare.Options{
		Algorithm:   alg,
		Cost:        scfg.Cost,
		Weight:      scfg.Weight,
		DepthLimit:  scfg.DepthLimit,
		CycleCheck:  scfg.CycleCheck,
		MemoryNodes: scfg.MemoryNodes,
		MemoryLimit: *memoryMB << 20,
		NodeLimit:   *nodeLimit,
		Timeout:     *timeout,
		Workers:     *workers,
		Progress: func(p compare.Progress) {
			if p.Done == 0 {
				prog.show("[0/%d] solving...", p.Total)
				return
			}
			prog.show("[%d/%d] instance %s with %s: %s", p.Done, p.Total, p.Instance, p.Heuristic, p.Result.Status)
		},
	})
	prog.clear()
	if report == nil {
		return runErr
	}

	if *jsonOut {
		if err := report.WriteJSON(e.stdout); err != nil {
			return err
		}
	} else {
		writeCompareTable(e.stdout, report, measure)
	}
	if runErr != nil {
		return runErr // cancelled: the partial table is printed, no files written
	}

	if *csvPath == "-" {
		if err := report.WriteCSV(e.stdout); err != nil {
			return err
		}
	} else if *csvPath != "" {
		var buf bytes.Buffer
		if err := report.WriteCSV(&buf); err != nil {
			return err
		}
		if err := atomicfile.WriteBytes(*csvPath, buf.Bytes()); err != nil {
			return fmt.Errorf("--csv: %w", err)
		}
	}
	nc := adapt.NodeCounts(report, measure)
	for _, path := range []string{*pngPath, *svgPath, *pdfPath} {
		if path == "" {
			continue
		}
		if err := charts.Save(nc, path, cw, ch); err != nil {
			return err
		}
	}
	if *iterPath != "" {
		it, err := adapt.Iterations(report, iterIndex, measure)
		if err != nil {
			return err
		}
		if err := charts.Save(it, *iterPath, cw, ch); err != nil {
			return err
		}
	}
	if scfg.Cost != search.UnitCost {
		return nil // equally cheap solutions may differ in length
	}
	return checkLengths(report, alg)
}

// checkLengths fails when an optimal algorithm's solutions disagree with each
// other or with a known optimal length.
func checkLengths(r *compare.Report, alg search.Algorithm) error {
	if !alg.Info().Optimal {
		return nil
	}
	var problems []string
	for i, in := range r.Instances {
		want := in.Optimal
		for j := range r.Heuristics {
			res := r.At(i, j)
			if res.Status != compare.Solved {
				continue
			}
			if want < 0 {
				want = res.Length
			}
			if res.Length != want {
				problems = append(problems, fmt.Sprintf("instance %s: %s found %d moves, expected %d", in.Name, res.Heuristic, res.Length, want))
			}
		}
	}
	if len(problems) > 0 {
		return failError{msg: strings.Join(problems, "; ")}
	}
	return nil
}

// writeCompareTable prints one row per instance: the solution length and, per
// heuristic, the node count and how many times fewer nodes than the
// reference heuristic (Manhattan when present, else the first) it needed.
func writeCompareTable(w io.Writer, r *compare.Report, m adapt.Measure) {
	ref := r.Reference()
	count := func(res *compare.Result) uint64 {
		if m == adapt.Generated {
			return res.Generated
		}
		return res.Expanded
	}
	cell := func(v, refV uint64, partial, refPartial bool, j int) string {
		s := digits.Group(v, ",")
		if partial {
			s += "*"
		}
		if j != ref && v > 0 && refV > 0 && !partial && !refPartial {
			s += " (" + compare.FormatRatio(float64(refV)/float64(v)) + ")"
		}
		return s
	}
	fmt.Fprintf(w, "%s · %s · %s\n", setDescription(r), r.Algorithm, m)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "instance\tlength\t")
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t", h)
	}
	fmt.Fprintln(tw)
	for i, in := range r.Instances {
		length := "-"
		for j := range r.Heuristics {
			if res := r.At(i, j); res.Status == compare.Solved {
				length = strconv.Itoa(res.Length)
				break
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t", in.Name, length)
		refRes := r.At(i, ref)
		for j := range r.Heuristics {
			res := r.At(i, j)
			if res.Status == compare.Skipped || res.Status == compare.Failed {
				fmt.Fprintf(tw, "%s\t", res.Status)
				continue
			}
			fmt.Fprintf(tw, "%s\t", cell(count(res), count(refRes), res.Status.Partial(), refRes.Status.Partial(), j))
		}
		fmt.Fprintln(tw)
	}
	if len(r.Instances) > 1 {
		exp, gen, partial := r.Totals()
		tot := exp
		if m == adapt.Generated {
			tot = gen
		}
		fmt.Fprint(tw, "total\t\t")
		for j := range r.Heuristics {
			fmt.Fprintf(tw, "%s\t", cell(tot[j], tot[ref], partial[j], partial[ref], j))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "(Nx): N times fewer nodes than %s", r.Heuristics[ref])
	if !r.Complete() {
		fmt.Fprint(w, "; *: the run stopped at a limit or was cancelled, so the count is a lower bound (no ratio)")
	}
	fmt.Fprintf(w, ". %s s.\n", strconv.FormatFloat(r.Seconds, 'g', 2, 64))
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
