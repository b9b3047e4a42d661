package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// benchTarget is one thing "slidelab bench" can measure: "slidelab bench NAME
// [flags]" runs run with the arguments after NAME. To add a benchmark, write
// its runner in a file of its own and add one line to benchTargets.
type benchTarget struct {
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

// benchTargets lists the benchmarks by name.
func benchTargets() map[string]benchTarget {
	return map[string]benchTarget{
		"pdb":   {"build a partition's tables from scratch, then load them from a cache: wall, CPU, peak RSS", runBenchPDB},
		"solve": {"solve Korf's 100 (or a file of instances): wall time, nodes generated, nodes/s, per-instance averages", runBenchSolve},
	}
}

func benchCommand() command {
	return command{
		name:    "bench",
		usage:   "TARGET [flags] (targets: " + strings.Join(benchNames(), ", ") + "; 'slidelab bench TARGET -h' for its flags)",
		summary: "Measure speed and memory of a part of Slidelab (pdb: build and load pattern databases; solve: solve Korf's 100).",
		run:     runBench,
	}
}

func benchNames() []string {
	var names []string
	for name := range benchTargets() {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func runBench(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 {
		return usagef("missing target: %s", strings.Join(benchNames(), ", "))
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		for _, name := range benchNames() {
			t := benchTargets()[name]
			fmt.Fprintf(e.stderr, "slidelab bench %s: %s\n", name, t.summary)
			_ = t.run(ctx, &env{stdin: e.stdin, stdout: e.stdout, stderr: e.stderr}, []string{"-h"})
		}
		return flag.ErrHelp
	}
	t, ok := benchTargets()[args[0]]
	if !ok {
		return usagef("unknown target %q: want %s", args[0], strings.Join(benchNames(), ", "))
	}
	return t.run(ctx, e, args[1:])
}

// benchPDBResult is the JSON form of "slidelab bench pdb".
type benchPDBResult struct {
	Partition string `json:"partition"`
	Size      string `json:"size"`
	Goal      string `json:"goal"`
	Workers   int    `json:"workers"`
	// Runs holds each from-scratch build of the whole partition.
	Runs []benchPDBRun `json:"runs"`
	// BestSeconds is the fastest run's wall time.
	BestSeconds float64 `json:"best_seconds"`
	// LoadSeconds is the fastest load of all the tables from a cache directory.
	LoadSeconds float64 `json:"load_seconds"`
	// CancelSeconds is the longest time a build of the largest table took to
	// stop after its context was cancelled (three tries, cancelled at different
	// moments).
	CancelSeconds float64 `json:"cancel_seconds"`
	// PeakRSSBytes is the process's peak resident set size (VmHWM), 0 if unknown.
	PeakRSSBytes uint64 `json:"peak_rss_bytes"`
}

type benchPDBRun struct {
	Seconds    float64   `json:"seconds"`
	CPUSeconds float64   `json:"cpu_seconds"`
	Tables     []float64 `json:"table_seconds"`
}

func runBenchPDB(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench pdb")
	pf := addPartitionFlags(fs, false)
	runs := fs.Int("runs", 1, "number of from-scratch builds")
	loads := fs.Int("loads", 5, "number of loads from the cache")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines per layer")
	asJSON := fs.Bool("json", false, "print one JSON document")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	for _, c := range []struct {
		flag   string
		v, max int
	}{{"runs", *runs, maxRepeats}, {"loads", *loads, maxRepeats}, {"workers", *workers, maxWorkers}} {
		if err := checkRange(c.flag, c.v, 1, c.max); err != nil {
			return err
		}
	}
	p, _, err := pf.resolve()
	if err != nil {
		return err
	}
	// A scratch cache; one left by a killed run (SIGKILL) goes now.
	dir, err := atomicfile.MkdirTemp("", "slidelab-bench-pdb-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	res := benchPDBResult{Partition: p.String(), Size: p.Size.String(), Goal: p.Goal.String(), Workers: *workers}
	progress, clearLine := progressLine(e, len(p.Groups))
	defer clearLine()
	var last []*pdb.Table
	for r := 0; r < *runs; r++ {
		last = nil
		runtime.GC()
		debug.FreeOSMemory()
		var run benchPDBRun
		if run, last, err = buildPartition(ctx, p, *workers, progress); err != nil {
			return err
		}
		res.Runs = append(res.Runs, run)
		if r == 0 || run.Seconds < res.BestSeconds {
			res.BestSeconds = run.Seconds
		}
	}
	clearLine()
	res.PeakRSSBytes = peakRSS()
	for i, t := range last {
		if err := t.Save(filepath.Join(dir, pdb.FileName(p.Size, p.Goal, p.Groups[i]))); err != nil {
			return err
		}
	}
	last = nil
	if res.LoadSeconds, err = bestLoad(ctx, p, dir, *loads); err != nil {
		return err
	}
	if res.CancelSeconds, err = cancelLatency(ctx, p, *workers, res.Runs[0].Tables); err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(e.stdout).Encode(res)
	}
	res.print(e, *loads)
	return nil
}

// buildPartition builds every table of p from scratch once, timing each
// table and the whole (wall and, where the system says, CPU time).
func buildPartition(ctx context.Context, p pdb.Partition, workers int, progress func(pdb.LayerStats)) (benchPDBRun, []*pdb.Table, error) {
	var run benchPDBRun
	var tables []*pdb.Table
	cpu0 := cpuSeconds()
	start := time.Now()
	for i, g := range p.Groups {
		t0 := time.Now()
		b, err := pdb.NewBuilder(p.Size, p.Goal, g)
		if err != nil {
			return run, nil, err
		}
		b.SetWorkers(workers)
		t, err := b.Run(ctx, progressFor(progress, i))
		if err != nil {
			return run, nil, err
		}
		run.Tables = append(run.Tables, time.Since(t0).Seconds())
		tables = append(tables, t)
	}
	run.Seconds = time.Since(start).Seconds()
	if cpu0 >= 0 {
		run.CPUSeconds = cpuSeconds() - cpu0
	}
	return run, tables, nil
}

// bestLoad loads p's tables from the cache dir loads times and returns the
// fastest load's seconds.
func bestLoad(ctx context.Context, p pdb.Partition, dir string, loads int) (float64, error) {
	best := 0.0
	for l := 0; l < loads; l++ {
		runtime.GC()
		start := time.Now()
		if _, err := pdb.LoadOrBuild(ctx, p, dir, func(pdb.LayerStats) {}); err != nil {
			return best, err
		}
		if s := time.Since(start).Seconds(); l == 0 || s < best {
			best = s
		}
	}
	return best, nil
}

// print writes the result as text.
func (res benchPDBResult) print(e *env, loads int) {
	fmt.Fprintf(e.stdout, "pdb %s (%s, %s), %d workers\n", res.Partition, res.Size, res.Goal, res.Workers)
	for i, r := range res.Runs {
		fmt.Fprintf(e.stdout, "  build %d: %.3f s wall", i+1, r.Seconds)
		if r.CPUSeconds > 0 {
			fmt.Fprintf(e.stdout, ", %.3f s CPU (%.2f cores)", r.CPUSeconds, r.CPUSeconds/r.Seconds)
		}
		fmt.Fprint(e.stdout, "; tables")
		for _, s := range r.Tables {
			fmt.Fprintf(e.stdout, " %.3f s", s)
		}
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "  best build: %.3f s\n", res.BestSeconds)
	if res.PeakRSSBytes > 0 {
		fmt.Fprintf(e.stdout, "  peak RSS (whole process): %.1f MB\n", float64(res.PeakRSSBytes)/(1<<20))
	}
	fmt.Fprintf(e.stdout, "  load from cache: %.1f ms (best of %d)\n", res.LoadSeconds*1000, loads)
	fmt.Fprintf(e.stdout, "  cancellation: stopped within %.1f ms (worst of 3)\n", res.CancelSeconds*1000)
}

// cancelLatency builds the partition's largest table three times, cancelling
// at a quarter, a half and three quarters of the time a whole build took, and
// returns the longest delay between cancel and the build's return.
func cancelLatency(ctx context.Context, p pdb.Partition, workers int, tableSeconds []float64) (float64, error) {
	largest := 0
	for i, g := range p.Groups {
		if len(g) > len(p.Groups[largest]) {
			largest = i
		}
	}
	build := tableSeconds[largest]
	var worst float64
	for _, frac := range []float64{0.25, 0.5, 0.75} {
		b, err := pdb.NewBuilder(p.Size, p.Goal, p.Groups[largest])
		if err != nil {
			return 0, err
		}
		b.SetWorkers(workers)
		cctx, cancel := context.WithCancel(ctx)
		var cancelled atomic.Int64 // UnixNano of the cancel
		timer := time.AfterFunc(time.Duration(frac*build*float64(time.Second)), func() {
			cancelled.Store(time.Now().UnixNano())
			cancel()
		})
		_, err = b.Run(cctx, nil)
		end := time.Now()
		timer.Stop()
		cancel()
		at := cancelled.Load()
		if err == nil || at == 0 {
			continue // finished before the cancel
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		worst = max(worst, end.Sub(time.Unix(0, at)).Seconds())
	}
	return worst, nil
}

// cpuSeconds returns the process's user+system CPU time from /proc/self/stat,
// or -1 where that file does not exist.
func cpuSeconds() float64 {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return -1
	}
	// Fields after the command name (which is in parentheses and may hold spaces).
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(s[i+1:])
	// utime and stime are fields 14 and 15 of the whole line: 12 and 13 here.
	if len(f) < 13 {
		return -1
	}
	u, err1 := strconv.ParseFloat(f[11], 64)
	st, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	const ticks = 100 // USER_HZ on Linux
	return (u + st) / ticks
}

// peakRSS returns VmHWM from /proc/self/status in bytes, or 0 if unknown.
func peakRSS() uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err != nil {
				return 0
			}
			return kb * 1024
		}
	}
	return 0
}
