package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

func pdbCommand() command {
	return command{
		name:    "pdb",
		usage:   "build --partition P [--size WxH] [--goal G] [--cache DIR] [--rebuild] [--dry-run] [--json] [--png FILE] [--histogram FILE] | info FILE [--json] | export --partition P --dir DIR [...]",
		summary: "Build (or load from the cache) pattern databases and report on them; inspect a table file; export tables in the Java generator's layout.",
		run:     runPDB,
	}
}

// pdbSubcommands lists the subcommands of "slidelab pdb".
var pdbSubcommands = []struct {
	name, usage string
	run         func(ctx context.Context, e *env, args []string) error
}{
	{"build", "build --partition P [--size WxH] [--goal G] [--cache DIR] [--rebuild] [--dry-run] [--json] [--png FILE] [--histogram FILE]", runPDBBuild},
	{"info", "info FILE [--json]", runPDBInfo},
	{"export", "export --partition P --dir DIR [--size WxH] [--goal G] [--cache DIR]", runPDBExport},
}

func runPDB(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("missing subcommand: build, info or export")
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		for _, sc := range pdbSubcommands {
			fmt.Fprintf(e.stderr, "slidelab pdb %s\n", sc.usage)
			_ = sc.run(ctx, &env{stdin: e.stdin, stdout: io.Discard, stderr: e.stderr}, []string{"-h"})
		}
		return flag.ErrHelp
	}
	for _, sc := range pdbSubcommands {
		if sc.name == args[0] {
			return sc.run(ctx, e, args[1:])
		}
	}
	return usagef("unknown subcommand %q: want build, info or export", args[0])
}

// partitionFlags are the flags that choose a partition and where tables are cached.
type partitionFlags struct {
	partition, size, goal, cache *string
}

// addPartitionFlags defines --partition, --size, --goal and, if withCache, --cache.
func addPartitionFlags(fs *flag.FlagSet, withCache bool) partitionFlags {
	f := partitionFlags{
		partition: fs.String("partition", "663", "preset ("+strings.Join(presetList(), "; ")+") or groups such as 1,2,3/4,5,6"),
		size:      fs.String("size", "", "board size WxH (default: the preset's size, else 4x4)"),
		goal:      fs.String("goal", "blank-last", "goal: blank-last or blank-first"),
	}
	if withCache {
		f.cache = fs.String("cache", "", "cache directory (default $"+pdb.CacheEnv+", else slidelab/pdb in the user cache directory)")
	}
	return f
}

func presetList() []string {
	var out []string
	for _, p := range pdb.Presets() {
		name, _, _ := strings.Cut(p, " (")
		size, _, _ := strings.Cut(strings.TrimPrefix(p, name+" ("), ")")
		out = append(out, name+" for "+size)
	}
	return out
}

// resolve parses the partition flags and returns the partition and the cache
// directory ("" without --cache).
func (f partitionFlags) resolve() (pdb.Partition, string, error) {
	goal, err := board.ParseGoal(*f.goal)
	if err != nil {
		return pdb.Partition{}, "", usagef("--goal: %v", err)
	}
	size := board.Size4x4
	if *f.size != "" {
		if size, err = board.ParseSize(*f.size); err != nil {
			return pdb.Partition{}, "", usagef("--size: %v", err)
		}
	} else if s, ok := pdb.PresetSize(*f.partition); ok {
		size = s
	}
	p, err := pdb.ParsePartition(*f.partition, size, goal)
	if err != nil {
		return pdb.Partition{}, "", usagef("--partition: %v", err)
	}
	if f.cache == nil {
		return p, "", nil
	}
	dir := *f.cache
	if dir == "" {
		if dir, err = pdb.DefaultCacheDir(); err != nil {
			return pdb.Partition{}, "", err
		}
	}
	return p, dir, nil
}

// histogram is a table's value counts, marshalled as a JSON object with
// numeric keys in increasing order.
type histogram []histEntry

type histEntry struct {
	value int
	count uint64
}

// MarshalJSON writes {"0":1,"1":6,...}.
func (h histogram) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, e := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", strconv.Itoa(e.value), e.count)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// tableReport is what pdb build and pdb info print for one table.
type tableReport struct {
	Tiles []int `json:"tiles"`
	// Kind is "additive" or "fringe" (a fringe table's tiles start with the blank, 0).
	Kind      string      `json:"kind"`
	Size      string      `json:"size"`
	Goal      string      `json:"goal"`
	Entries   int         `json:"entries"`
	Bytes     int         `json:"bytes"`
	Histogram histogram   `json:"histogram"`
	Unreached uint64      `json:"unreached"`
	Max       int         `json:"max"`
	Mean      float64     `json:"mean"`
	Layers    []pdb.Layer `json:"layers"`
	// Seconds is the table's build time (recorded in its file when loaded).
	Seconds float64 `json:"seconds"`
	// Source is "built", "loaded" (from the cache), "rebuilt" (the cached
	// file was unusable and is replaced) or "file" (pdb info).
	Source string `json:"source"`
	// File is the table's file, when there is one.
	File string `json:"file,omitempty"`
	// Elapsed is the wall time this command spent getting the table.
	Elapsed float64 `json:"elapsed"`
}

func newTableReport(t *pdb.Table, source, file string, elapsed time.Duration) tableReport {
	st := t.Stats()
	h := t.Histogram()
	var hist histogram
	for v := 0; v < pdb.Unreached; v++ {
		if h[v] > 0 {
			hist = append(hist, histEntry{v, h[v]})
		}
	}
	layers := t.Layers()
	if layers == nil {
		layers = []pdb.Layer{}
	}
	return tableReport{
		Tiles: t.Tiles(), Kind: t.Kind().String(), Size: t.Size().String(), Goal: t.Goal().String(),
		Entries: t.Len(), Bytes: t.Len(), Histogram: hist, Unreached: st.Unreached,
		Max: st.Max, Mean: st.Mean, Layers: layers, Seconds: t.Seconds(),
		Source: source, File: file, Elapsed: elapsed.Seconds(),
	}
}

type pdbReport struct {
	Tables []tableReport `json:"tables"`
}

func writePDBReport(w io.Writer, rep pdbReport, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		return enc.Encode(rep)
	}
	for i, t := range rep.Tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		kind := ""
		if t.Kind == pdb.KindFringe.String() {
			kind = "fringe "
		}
		fmt.Fprintf(w, "%stable %d/%d: tiles %s (%s, %s)\n", kind, i+1, len(rep.Tables), joinInts(t.Tiles), t.Size, t.Goal)
		switch t.Source {
		case "built":
			fmt.Fprintf(w, "  built in %.3f s", t.Seconds)
		case "loaded":
			fmt.Fprintf(w, "  loaded in %.3f s (built in %.3f s)", t.Elapsed, t.Seconds)
		case "rebuilt":
			fmt.Fprintf(w, "  rebuilt in %.3f s (the cached file was corrupt, truncated or out of date, and is replaced)", t.Seconds)
		default:
			fmt.Fprintf(w, "  built in %.3f s", t.Seconds)
		}
		if t.File != "" {
			fmt.Fprintf(w, ", file %s", t.File)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  entries %d, bytes %d, max %d, mean %.4f", t.Entries, t.Bytes, t.Max, t.Mean)
		if t.Unreached > 0 {
			fmt.Fprintf(w, ", unreached %d", t.Unreached)
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, "  histogram (value:entries):")
		for _, h := range t.Histogram {
			fmt.Fprintf(w, " %d:%d", h.value, h.count)
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "  layers (cost: abstract states, new entries):\n")
		for _, l := range t.Layers {
			fmt.Fprintf(w, "    %3d: %12d %10d\n", l.Cost, l.States, l.New)
		}
	}
	return nil
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// progressLine returns a progress callback that redraws one line on a
// terminal, or nil when stderr is not one.
func progressLine(e *env, groups int) (func(pdb.LayerStats), func()) {
	if !e.isTerminal {
		return nil, func() {}
	}
	drawn := false
	update := func(s pdb.LayerStats) {
		fmt.Fprintf(e.stderr, "\r\033[Ktable %d/%d {%s}: cost %d, states %d, entries %d/%d (%.0f%%), %.1f s",
			s.Group+1, groups, joinInts(s.Tiles), s.Cost, s.TotalStates, s.TotalEntries, s.Entries,
			100*float64(s.TotalEntries)/float64(max(s.Entries, 1)), s.Elapsed.Seconds())
		drawn = true
	}
	done := func() {
		if drawn {
			fmt.Fprint(e.stderr, "\r\033[K")
			drawn = false
		}
	}
	return update, done
}

func runPDBBuild(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "pdb build")
	pf := addPartitionFlags(fs, true)
	rebuild := fs.Bool("rebuild", false, "build even when the cache holds the tables (the new tables replace the cached ones)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	dryRun := fs.Bool("dry-run", false, "print the memory the build needs and what this machine allows, and build nothing")
	fringe := fs.String("fringe", "", "build fringe (non-additive) tables instead of --partition: a fringe preset ("+strings.Join(fringePresetList(), "; ")+") or tiles such as 1,2,3,4,7 (the blank is always in the pattern; / between several tables)")
	cf := addPDBChartFlags(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	if err := cf.check(); err != nil {
		return err
	}
	if *fringe != "" {
		return runFringeBuild(ctx, e, fs, *fringe, pf, buildOptions{*rebuild, *asJSON, *dryRun}, cf)
	}
	p, dir, err := pf.resolve()
	if err != nil {
		return err
	}
	if *dryRun {
		return printMemoryPlan(e, "building the "+pdb.PartitionLabel(p)+" tables", pdb.EstimateBuildMemory(p), *asJSON)
	}
	if err := checkCache(dir); err != nil {
		return err
	}
	if err := pdb.CheckBuildMemory(p, cachedUnless(*rebuild, dir)); err != nil {
		return err
	}
	jobs := make([]tableJob, len(p.Groups))
	for i, g := range p.Groups {
		jobs[i] = tableJob{
			path:    filepath.Join(dir, pdb.FileName(p.Size, p.Goal, g)),
			builder: func() (tableBuilder, error) { return pdb.NewBuilder(p.Size, p.Goal, g) },
			load: func(progress func(pdb.LayerStats)) (*pdb.Table, pdb.Source, time.Duration, error) {
				return pdb.LoadOrBuildTable(ctx, p, i, dir, progress)
			},
		}
	}
	tables, err := buildTables(ctx, e, dir, jobs, *rebuild, *asJSON)
	if err != nil {
		return err
	}
	return cf.save(p, tables)
}

// tableBuilder builds one pattern database table.
type tableBuilder interface {
	Run(ctx context.Context, progress func(pdb.LayerStats)) (*pdb.Table, error)
}

// tableJob is one table of "slidelab pdb build": its file in the cache, how
// to build it afresh and how to load it from the cache (building it there
// when missing).
type tableJob struct {
	path    string
	builder func() (tableBuilder, error)
	load    func(progress func(pdb.LayerStats)) (*pdb.Table, pdb.Source, time.Duration, error)
}

// buildTables builds (rebuild: afresh, replacing the cached file) or loads
// each job's table in turn, showing progress, then prints the report of the
// tables and returns them.
func buildTables(ctx context.Context, e *env, dir string, jobs []tableJob, rebuild, asJSON bool) ([]*pdb.Table, error) {
	progress, clearLine := progressLine(e, len(jobs))
	defer clearLine()
	var rep pdbReport
	var tables []*pdb.Table
	for i, job := range jobs {
		var t *pdb.Table
		var src pdb.Source
		var elapsed time.Duration
		if rebuild {
			start := time.Now()
			b, err := job.builder()
			if err != nil {
				return nil, err
			}
			if t, err = b.Run(ctx, progressFor(progress, i)); err != nil {
				return nil, err
			}
			_, _ = pdb.RemoveStale(dir)
			if err := t.Save(job.path); err != nil {
				return nil, fmt.Errorf("cache: %w", err)
			}
			src, elapsed = pdb.Built, time.Since(start)
		} else {
			var err error
			if t, src, elapsed, err = job.load(progress); err != nil {
				return nil, err
			}
		}
		rep.Tables = append(rep.Tables, newTableReport(t, src.String(), job.path, elapsed))
		tables = append(tables, t)
	}
	clearLine()
	if err := writePDBReport(e.stdout, rep, asJSON); err != nil {
		return nil, err
	}
	return tables, nil
}

// checkCache makes the cache directory if needed and checks that a table
// can be saved there, before any table is built: a read-only or missing
// cache fails at once instead of after the build.
func checkCache(dir string) error { return checkDir("cache", dir, "check"+pdb.FileExt) }

// checkDir makes dir if needed and checks that a file like name can be
// written there; what names the directory in errors.
func checkDir(what, dir, name string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := atomicfile.CheckWritable(filepath.Join(dir, name)); err != nil {
		return fmt.Errorf("%s %s: %w", what, dir, err)
	}
	return nil
}

// progressFor sets the group index of a lone builder's reports.
func progressFor(progress func(pdb.LayerStats), group int) func(pdb.LayerStats) {
	if progress == nil {
		return nil
	}
	return func(s pdb.LayerStats) {
		s.Group = group
		progress(s)
	}
}

func runPDBInfo(_ context.Context, e *env, args []string) error {
	fs := newFlags(e, "pdb info")
	asJSON := fs.Bool("json", false, "print one JSON document")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usagef("missing FILE")
	}
	var rep pdbReport
	for _, path := range rest {
		start := time.Now()
		t, err := pdb.Load(path)
		if err != nil {
			return describeLoadError(path, err)
		}
		rep.Tables = append(rep.Tables, newTableReport(t, "file", path, time.Since(start)))
	}
	return writePDBReport(e.stdout, rep, *asJSON)
}

// describeLoadError turns a load failure into a one-line message that says
// what is wrong with the file.
func describeLoadError(path string, err error) error {
	var what string
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s: no such file", path)
	case errors.Is(err, pdb.ErrNotTable):
		return fmt.Errorf("%s is not a Slidelab pattern database file (table files start with %q)", path, "SLPDB")
	case errors.Is(err, pdb.ErrTruncated):
		what = "truncated"
	case errors.Is(err, pdb.ErrVersion):
		what = "written by an unsupported format version"
	case errors.Is(err, pdb.ErrCorrupt):
		what = "corrupt"
	default:
		return err
	}
	return fmt.Errorf("%s is %s; delete it or rebuild with 'slidelab pdb build --rebuild' (%v)", path, what, err)
}

func runPDBExport(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "pdb export")
	pf := addPartitionFlags(fs, true)
	out := fs.String("dir", "", "directory for the exported files (required)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	if *out == "" {
		return usagef("--dir is required")
	}
	if err := javaNamesAllowed(runtime.GOOS); err != nil {
		return err
	}
	p, dir, err := pf.resolve()
	if err != nil {
		return err
	}
	if err := checkCache(dir); err != nil {
		return err
	}
	if err := checkDir("--dir", *out, "export.db"); err != nil {
		return err
	}
	progress, clearLine := progressLine(e, len(p.Groups))
	defer clearLine()
	for i := range p.Groups {
		t, _, _, err := pdb.LoadOrBuildTable(ctx, p, i, dir, progress)
		if err != nil {
			return err
		}
		path := filepath.Join(*out, t.JavaFileName())
		if err := t.SaveJava(path); err != nil {
			return err
		}
		clearLine()
		fmt.Fprintln(e.stdout, path)
	}
	return nil
}

// javaNamesAllowed refuses, before any work, a system whose file names
// cannot hold the Java generator's names ("BLANK|TILES.db"): Windows forbids
// '|' in file names.
func javaNamesAllowed(goos string) error {
	if goos == "windows" {
		return errors.New("pdb export writes the Java generator's file names (such as 15|1,2,3,4,5.db), " +
			"and Windows does not allow '|' in file names: export on Linux or macOS")
	}
	return nil
}
