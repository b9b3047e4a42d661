package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// fringePresetList describes the fringe presets for a flag's help: "cs for 4x4, ...".
func fringePresetList() []string {
	var out []string
	for _, p := range pdb.FringePresets() {
		out = append(out, p.Name+" for "+p.Size.String())
	}
	return out
}

// resolveFringe reads --fringe with --size and --goal: the size defaults to
// 4x4, or the size of a preset that exists for one size only.
func resolveFringe(text string, pf partitionFlags) (pdb.FringeSet, string, error) {
	goal, err := board.ParseGoal(*pf.goal)
	if err != nil {
		return pdb.FringeSet{}, "", usagef("--goal: %v", err)
	}
	size := board.Size4x4
	var sizes []board.Size
	for _, p := range pdb.FringePresets() {
		if p.Name == text {
			sizes = append(sizes, p.Size)
		}
	}
	if len(sizes) == 1 {
		size = sizes[0]
	}
	if *pf.size != "" {
		if size, err = board.ParseSize(*pf.size); err != nil {
			return pdb.FringeSet{}, "", usagef("--size: %v", err)
		}
	}
	f, err := pdb.ParseFringe(text, size, goal)
	if err != nil {
		return pdb.FringeSet{}, "", usagef("--fringe: %v", err)
	}
	dir := *pf.cache
	if dir == "" {
		if dir, err = pdb.DefaultCacheDir(); err != nil {
			return pdb.FringeSet{}, "", err
		}
	}
	return f, dir, nil
}

// runFringeBuild is "slidelab pdb build --fringe SPEC": it builds (or loads
// from the cache) one fringe table per group and reports on them as for
// additive tables.
func runFringeBuild(ctx context.Context, e *env, fs *flag.FlagSet, text string, pf partitionFlags, opt buildOptions, cf *pdbChartFlags) error {
	conflict := false
	fs.Visit(func(f *flag.Flag) { conflict = conflict || f.Name == "partition" })
	if conflict {
		return usagef("--fringe and --partition: give one (fringe tables or additive ones)")
	}
	f, dir, err := resolveFringe(text, pf)
	if err != nil {
		return err
	}
	if opt.dryRun {
		return printMemoryPlan(e, "building the fringe tables "+f.String(), pdb.EstimateFringeMemory(f), opt.asJSON)
	}
	if err := checkCache(dir); err != nil {
		return err
	}
	if err := pdb.CheckFringeMemory(f, cachedUnless(opt.rebuild, dir)); err != nil {
		return err
	}
	jobs := make([]tableJob, len(f.Groups))
	for i, g := range f.Groups {
		jobs[i] = tableJob{
			path:    filepath.Join(dir, pdb.FringeFileName(f.Size, f.Goal, g)),
			builder: func() (tableBuilder, error) { return pdb.NewFringeBuilder(f.Size, f.Goal, g) },
			load: func(progress func(pdb.LayerStats)) (*pdb.Table, pdb.Source, time.Duration, error) {
				return pdb.LoadOrBuildFringe(ctx, f.Size, f.Goal, g, dir, progressFor(progress, i))
			},
		}
	}
	tables, err := buildTables(ctx, e, dir, jobs, opt.rebuild, opt.asJSON)
	if err != nil {
		return err
	}
	return saveFringeCharts(cf, f, tables)
}

// saveFringeCharts writes the charts asked for of fringe tables: the
// frontier's axis counts every move, the legend names the tiles with the
// blank (0).
func saveFringeCharts(cf *pdbChartFlags, f pdb.FringeSet, tables []*pdb.Table) error {
	sub := fmt.Sprintf("%s board, %s goal, %d fringe table%s", f.Size, f.Goal, len(tables), map[bool]string{true: "", false: "s"}[len(tables) == 1])
	if *cf.frontier != "" {
		pl := adapt.PDBLayers(tables, sub, !*cf.linear)
		pl.XLabel = "cost (moves of the blank: every move)"
		if err := charts.Save(pl, *cf.frontier, cf.w, cf.h); err != nil {
			return err
		}
	}
	if *cf.histogram != "" {
		if err := charts.Save(adapt.Histogram(tables, sub, !*cf.linear), *cf.histogram, cf.w, cf.h); err != nil {
			return err
		}
	}
	return nil
}

// helpFringeAndMax ends "slidelab help heuristics": the fringe presets and
// the syntax of max(...).
func helpFringeAndMax(w io.Writer) {
	fmt.Fprintln(w, "\nFringe presets (fringe:PRESET; build with slidelab pdb build --fringe PRESET):")
	for _, p := range pdb.FringePresets() {
		fmt.Fprintf(w, "  %-4s %s (%s)\n", p.Name, p.Doc, p.Size)
	}
	fmt.Fprintln(w, `Tiles for the blank-last goal, turned half a turn for --goal blank-first
(cs is then Culberson and Schaeffer's 3,7,11,12,13,14,15). Other fringe
patterns are tiles without the blank (fringe:1,2,3,4,7); several patterns,
separated by /, may share tiles: each gets a table and the largest value counts.`)
	fmt.Fprintln(w, "\nMaximum of several heuristics:")
	for _, l := range strings.Split(search.MaxSyntax, "\n") {
		fmt.Fprintln(w, "  "+l)
	}
}

// buildPseudocode returns the pseudocode of a table build by name: "pdb"
// (the additive 0-1 BFS) or "fringe" (the plain BFS of fringe tables).
func buildPseudocode(name string) ([]string, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "pdb":
		return pdb.BuildPseudocode(), true
	case "fringe":
		return pdb.FringePseudocode(), true
	}
	return nil, false
}
