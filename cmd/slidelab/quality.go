package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/quality"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/digits"
)

func qualityCommand() command {
	return command{
		name: "quality",
		usage: "[--size 3x3|4x4] [--heuristics hamming,manhattan,linear-conflict,pdb:663] [--instances FILE] [--first N] " +
			"[--json] [--detail] [--png FILE] [--svg FILE] [--heatmap FILE] [--heatmap-of NAME]",
		summary: "Measure heuristics against true distances: accuracy, admissibility (h > h*) and consistency, as tables, charts or JSON.",
		run:     runQuality,
	}
}

// defaultQualityHeuristics returns the heuristics measured when none are
// given: the classics and the size's default pattern database.
func defaultQualityHeuristics(s board.Size) string {
	names := "hamming,manhattan,linear-conflict"
	if p, ok := pdb.DefaultPreset(s); ok {
		names += ",pdb:" + p.Name
	}
	return names
}

func runQuality(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "quality")
	sizeText := fs.String("size", "3x3", "board size: 3x3 measures every state (true distances by breadth-first search); 4x4 the states on optimal solutions of Korf's 100 (or of --instances); other sizes, up to 5x5, those of --instances")
	goalText := fs.String("goal", "blank-last", "goal the distances are measured to: blank-last or blank-first")
	hText := fs.String("heuristics", "", "comma-separated heuristics, any name 'slidelab help heuristics' lists (default: hamming, manhattan, linear-conflict and the size's default pattern database)")
	instPath := fs.String("instances", "", "instance file: measure the states on optimal solutions of its boards (each solved by IDA*; a length given in the file is checked)")
	first := fs.Int("first", 0, "use only the first N instances (0: all)")
	solverText := fs.String("solver", "", "heuristic IDA* solves the instances with (default: pdb:663+reflect for 4x4, linear-conflict otherwise); it changes the speed, not the figures")
	workers := fs.Int("workers", 0, "instances solved at a time (0: one per core)")
	jsonOut := fs.Bool("json", false, "print the report as JSON instead of tables")
	detail := fs.Bool("detail", false, "also print, per heuristic, the mean h at each true distance and the histogram of h* - h")
	pngPath := fs.String("png", "", "write the chart of mean h against h* as PNG to this file")
	svgPath := fs.String("svg", "", "write the chart of mean h against h* as SVG to this file")
	heatPath := fs.String("heatmap", "", "write the heat map of (h*, h) counts of one heuristic (see --heatmap-of) to this .png, .svg or .pdf file")
	heatOf := fs.String("heatmap-of", "", "heuristic of the heat map, as named in --heuristics (default: the last)")
	chartSize := fs.String("chart-size", defaultChartSize, "chart size in pixels, WxH")
	cacheDir := fs.String("cache", "", "pattern database cache directory (default: $"+pdb.CacheEnv+" or the user cache directory)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	size, goal, err := parseSizeGoal(*sizeText, *goalText)
	if err != nil {
		return err
	}
	if err := checkFirstWorkers(*first, *workers); err != nil {
		return err
	}
	cw, ch, err := parseChartSize(*chartSize)
	if err != nil {
		return usagef("--chart-size: %v", err)
	}
	if err := checkQualityCharts(*pngPath, *svgPath, *heatPath, *heatOf); err != nil {
		return err
	}
	paths := *instPath != "" || size.Cells() > 9
	if err := checkQualityScope(paths, *instPath, *first, *solverText, size); err != nil {
		return err
	}
	if err := checkWritable(outputFlag{"png", *pngPath}, outputFlag{"svg", *svgPath}, outputFlag{"heatmap", *heatPath}); err != nil {
		return err
	}
	names := search.SplitHeuristics(cmp.Or(*hText, defaultQualityHeuristics(size)))
	var set *compare.Set // nil: every state
	if paths {
		s, err := loadQualitySet(ctx, e, *instPath, size, goal, *first)
		if err != nil {
			return err
		}
		set = &s
	}
	prog := newStatusLine(e)
	dir, err := cacheDirOr(*cacheDir)
	if err != nil {
		return err
	}
	ropt := tableResolveOptions(e, prog, dir, "using")
	hs, heatIndex, err := resolveQuality(ctx, names, *heatOf, size, goal, ropt, prog)
	if err != nil {
		return err
	}
	rep, err := measureQuality(ctx, set, size, goal, *solverText, *workers, hs, ropt, prog)
	if err != nil {
		return err
	}
	if *jsonOut {
		if err := rep.WriteJSON(e.stdout); err != nil {
			return err
		}
	} else {
		writeQuality(e.stdout, rep, *detail)
	}
	if err := writeQualityCharts(rep, []string{*pngPath, *svgPath}, *heatPath, heatIndex, cw, ch); err != nil {
		return err
	}
	return checkAdmissible(rep)
}

// parseSizeGoal reads --size and --goal.
func parseSizeGoal(sizeText, goalText string) (board.Size, board.Goal, error) {
	size, err := board.ParseSize(sizeText)
	if err != nil {
		return size, 0, usagef("--size: %v", err)
	}
	goal, err := board.ParseGoal(goalText)
	if err != nil {
		return size, goal, usagef("--goal: %v", err)
	}
	return size, goal, nil
}

// checkQualityCharts checks the chart flags' names and that --heatmap-of
// comes with --heatmap.
func checkQualityCharts(pngPath, svgPath, heatPath, heatOf string) error {
	if err := checkExtensions(outputFlag{"png", pngPath}, outputFlag{"svg", svgPath}); err != nil {
		return err
	}
	if err := checkChartName("heatmap", heatPath); err != nil {
		return err
	}
	if heatOf != "" && heatPath == "" {
		return usagef("--heatmap-of is only used with --heatmap")
	}
	return nil
}

// resolveQuality resolves the heuristics to measure and the index of the
// one the heat map shows (heatOf, default the last).
func resolveQuality(ctx context.Context, names []string, heatOf string, size board.Size, goal board.Goal,
	ropt compare.ResolveOptions, prog *statusLine) ([]compare.Heuristic, int, error) {
	hs, err := compare.ResolveHeuristics(ctx, names, size, goal, ropt)
	prog.clear()
	if err != nil {
		return nil, 0, flagError(ctx, "--heuristics", err)
	}
	heatIndex := len(hs) - 1
	if heatOf != "" {
		if heatIndex, err = heatmapIndex(ctx, heatOf, hs, size, goal, ropt); err != nil {
			return nil, 0, err
		}
	}
	return hs, heatIndex, nil
}

// checkQualityScope checks the flags that only go with a sample of paths
// (paths: instances, 4x4 or --instances) or only with every state.
func checkQualityScope(paths bool, instPath string, first int, solverText string, size board.Size) error {
	if !paths && (first != 0 || solverText != "") {
		return usagef("--first and --solver are for instances (4x4 or --instances); %s measures every state", size)
	}
	if paths && instPath == "" && size != board.Size4x4 {
		return usagef("--size %s: every state is measured only on boards of up to 9 cells (3x3); give --instances FILE with %s boards", size, size)
	}
	return nil
}

// loadQualitySet reads the instance file instPath (its skipped lines
// reported on standard error), or Korf's 100 when it is empty, for goal,
// keeping the first instances (0: all).
func loadQualitySet(ctx context.Context, e *env, instPath string, size board.Size, goal board.Goal, first int) (compare.Set, error) {
	set := compare.Korf100()
	if instPath != "" {
		var err error
		set, err = compare.LoadSet(instPath, size, goal)
		if err != nil {
			return set, flagError(ctx, "--instances", err)
		}
		for _, skipped := range set.Skipped {
			fmt.Fprintf(e.stderr, "slidelab quality: %s: %s (skipped)\n", set.Name, oneLine(skipped.Error()))
		}
	}
	return set.ForGoal(goal).First(first), nil
}

// measureQuality measures the heuristics hs on the states on the optimal
// solutions of set's instances, or on every state when set is nil.
func measureQuality(ctx context.Context, set *compare.Set, size board.Size, goal board.Goal, solverText string, workers int,
	hs []compare.Heuristic, ropt compare.ResolveOptions, prog *statusLine) (*quality.Report, error) {
	progress := func(p quality.Progress) {
		prog.show("%s: %d/%d", p.Stage, p.Done, p.Total)
	}
	var sample *quality.Sample
	var err error
	if set != nil {
		sample, err = pathSample(ctx, *set, size, solverText, workers, ropt, prog, progress)
	} else {
		sample, err = quality.Exhaustive(ctx, size, goal, progress)
	}
	prog.clear()
	if err != nil {
		return nil, err
	}
	rep, err := quality.Measure(ctx, sample, hs, progress)
	prog.clear()
	return rep, err
}

// pathSample solves set's instances with the solver solverText (default:
// pdb:663+reflect for 4x4, linear-conflict otherwise) and samples the
// states on their optimal solutions.
func pathSample(ctx context.Context, set compare.Set, size board.Size, solverText string, workers int,
	ropt compare.ResolveOptions, prog *statusLine, progress func(quality.Progress)) (*quality.Sample, error) {
	if solverText == "" {
		solverText = "linear-conflict"
		if size == board.Size4x4 {
			solverText = "pdb:663+reflect"
		}
	}
	solver, err := compare.ResolveHeuristics(ctx, []string{solverText}, size, set.Goal, ropt)
	prog.clear()
	if err != nil {
		return nil, flagError(ctx, "--solver", err)
	}
	return quality.FromPaths(ctx, set, quality.PathOptions{Solver: solver[0].H, Workers: workers, Progress: progress})
}

// writeQualityCharts writes the chart of mean h against h* to each of
// means (empty: not asked for) and the heat map of heuristic heatIndex to
// heatPath.
func writeQualityCharts(rep *quality.Report, means []string, heatPath string, heatIndex, cw, ch int) error {
	for _, path := range means {
		if path == "" {
			continue
		}
		if err := charts.Save(adapt.QualityMeans(rep), path, cw, ch); err != nil {
			return err
		}
	}
	if heatPath == "" {
		return nil
	}
	hm, err := adapt.QualityHeatMap(rep, heatIndex)
	if err != nil {
		return err
	}
	return charts.Save(hm, heatPath, cw, ch)
}

// heatmapIndex returns the index in hs of the heuristic named (any
// spelling): by its canonical name when that is one of hs, else by making it
// (a partition given as groups is called by its preset's name).
func heatmapIndex(ctx context.Context, name string, hs []compare.Heuristic, size board.Size, goal board.Goal, ropt compare.ResolveOptions) (int, error) {
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		return 0, usagef("--heatmap-of: %v", err)
	}
	find := func(n string) int {
		for i, h := range hs {
			if h.Name == n {
				return i
			}
		}
		return -1
	}
	if i := find(spec.String()); i >= 0 {
		return i, nil
	}
	want, err := compare.ResolveHeuristics(ctx, []string{name}, size, goal, ropt)
	if err != nil {
		return 0, flagError(ctx, "--heatmap-of", err)
	}
	if i := find(want[0].Name); i >= 0 {
		return i, nil
	}
	return 0, usagef("--heatmap-of %s: not among the heuristics measured", name)
}

// checkAdmissible fails (status 1, after the report) when a heuristic
// overestimated a state: the admissibility check done in the open.
func checkAdmissible(r *quality.Report) error {
	var bad []string
	for _, h := range r.Heuristics {
		if h.Over > 0 {
			bad = append(bad, fmt.Sprintf("%s overestimates %d states (by up to %d moves)", h.Name, h.Over, h.MaxOver))
		}
	}
	if len(bad) > 0 {
		return failError{msg: "not admissible: " + strings.Join(bad, "; ")}
	}
	return nil
}

// writeQuality prints the summary table, the explanations and, with
// detail, the per-distance means and gap histograms.
func writeQuality(w io.Writer, r *quality.Report, detail bool) {
	fmt.Fprintf(w, "heuristic quality · %s puzzle, %s goal · %s\n", r.Size, r.Goal, r.Description)
	fmt.Fprintf(w, "edges checked: %s: %s\n", group(r.Edges), r.EdgeRule)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "heuristic\tmean h\tmean h*\th = h*\tshare\th > h*\tinconsistent edges\tmax jump\t")
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%s\t%s\t%s\t%s\t%d\t\n", h.Name, h.MeanH, h.MeanHStar,
			group(h.Exact), quality.FormatShare(h.ExactShare), group(h.Over), group(h.InconsistentEdges), h.MaxJump)
	}
	tw.Flush()
	if detail {
		writeQualityDetail(w, r)
	}
	fmt.Fprintln(w)
	for _, text := range []string{quality.AboutOver, quality.AboutInconsistent} {
		wrap(w, text, 78)
	}
}

func writeQualityDetail(w io.Writer, r *quality.Report) {
	fmt.Fprintln(w, "\nmean h at each true distance:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "h*\tstates\t")
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t", h.Name)
	}
	fmt.Fprintln(tw)
	for d, n := range r.Distances {
		if n == 0 {
			continue
		}
		fmt.Fprintf(tw, "%d\t%s\t", d, group(n))
		for _, h := range r.Heuristics {
			cell := "-"
			for _, row := range h.ByDistance {
				if row.HStar == d {
					cell = fmt.Sprintf("%.2f", row.MeanH)
				}
			}
			fmt.Fprintf(tw, "%s\t", cell)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nstates by gap h* - h (negative: h > h*):")
	lo, hi := 0, 0
	for _, h := range r.Heuristics {
		for _, g := range h.Gaps {
			lo, hi = min(lo, g.Gap), max(hi, g.Gap)
		}
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "h* - h\t")
	for _, h := range r.Heuristics {
		fmt.Fprintf(tw, "%s\t", h.Name)
	}
	fmt.Fprintln(tw)
	for gap := lo; gap <= hi; gap++ {
		fmt.Fprintf(tw, "%d\t", gap)
		for _, h := range r.Heuristics {
			var n int64
			for _, g := range h.Gaps {
				if g.Gap == gap {
					n = g.States
				}
			}
			fmt.Fprintf(tw, "%s\t", group(n))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

// wrap prints text in lines of at most width characters (longer words stay
// whole), then an empty line.
func wrap(w io.Writer, text string, width int) {
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len(line)+1+len(word) > width {
			fmt.Fprintln(w, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w)
}

// group formats a count with thousands separators.
func group[T int | int64](n T) string { return digits.Group(uint64(max(n, 0)), ",") }
