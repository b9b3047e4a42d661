package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// benchSolveResult is the JSON form of "slidelab bench solve".
type benchSolveResult struct {
	Set       string `json:"set"`
	Heuristic string `json:"heuristic"`
	Algorithm string `json:"algorithm"`
	Workers   int    `json:"workers"`
	Instances int    `json:"instances"`
	// HeuristicSeconds is the time to load or build the heuristic's tables.
	HeuristicSeconds float64 `json:"heuristic_seconds"`
	// WallSeconds is the wall time of solving all instances (tables excluded).
	WallSeconds float64 `json:"wall_seconds"`
	Generated   uint64  `json:"generated"`
	Expanded    uint64  `json:"expanded"`
	// GeneratedPerSecond is Generated / WallSeconds (all workers together).
	GeneratedPerSecond float64 `json:"generated_per_second"`
	// GeneratedPerCoreSecond is Generated over the summed per-instance search
	// times: the speed of one search on one core.
	GeneratedPerCoreSecond float64 `json:"generated_per_core_second"`
	AvgGenerated           float64 `json:"avg_generated"`
	AvgExpanded            float64 `json:"avg_expanded"`
	AvgSeconds             float64 `json:"avg_seconds"`
	AvgLength              float64 `json:"avg_length"`
	// Mismatches counts solutions whose length differs from the set's optimal length.
	Mismatches int `json:"mismatches"`
	Failed     int `json:"failed"`
}

// runBenchSolve solves a set of instances (Korf's 100 by default) and reports
// speed and node counts.
func runBenchSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "bench solve")
	sf := addSolveFlags(fs, "pdb:663")
	set := fs.String("set", "korf100", "korf100 (Korf's 100 instances), hardest80 (the 17 positions that need 80 moves; also: hardest), korf24 (Korf and Felner's 50 24-puzzle instances; default heuristic: the larger of pdb:6666+reflect and a second 6-6-6-6 partition; see docs/performance.md), each converted to the chosen goal, or a FILE of instances with optimal lengths")
	first := fs.Int("first", 0, "solve only the first N instances of the set (0: all)")
	only := fs.String("only", "", "solve only these instances, 1-based and comma-separated (for example 9,12,19,42)")
	each := fs.Bool("each", false, "print a line per instance")
	asJSON := fs.Bool("json", false, "print one JSON document")
	vsWorkers := fs.String("vs-workers", "", "solve each instance on one board (parallel IDA*) once with each of these worker counts, in turn, and compare the times side by side (for example 1,2)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("unexpected argument %q", rest[0])
	}
	cfg, err := sf.config()
	if err != nil {
		return err
	}
	if strings.EqualFold(*set, "korf24") && !flagSet(fs, "heuristic") {
		*sf.heuristic = korf24Heuristic(cfg.Goal)
	}
	if *first < 0 {
		return usagef("--first %d: must not be negative", *first)
	}
	insts, err := benchInstances(*set, cfg.Goal)
	if err != nil {
		return err
	}
	ids, err := benchIDs(*only, *first, len(insts))
	if err != nil {
		return err
	}
	boards, err := benchBoards(*set, insts, ids)
	if err != nil {
		return err
	}
	size := boards[0].Size()
	counts, err := vsWorkerCounts(*vsWorkers, cfg.Algorithm)
	if err != nil {
		return err
	}
	t0 := time.Now()
	if cfg.Algorithm.UsesHeuristic() {
		if cfg.Heuristic, err = sf.makeHeuristic(ctx, e, size, cfg.Goal); err != nil {
			return err
		}
		// A benchmark touches most of the tables' pages: map them now,
		// as part of getting ready, rather than at a fault per page.
		search.Prefault(cfg.Heuristic)
	}
	limitHeap(cfg)
	if counts != nil {
		optimal := make([]int, len(ids))
		for i, id := range ids {
			optimal[i] = insts[id-1].Optimal
		}
		return runBenchSplit(ctx, e, *set, cfg, counts, ids, boards, optimal, *each, *asJSON)
	}
	res := benchSolveResult{Set: *set, Heuristic: "none", Algorithm: cfg.Algorithm.String(), Workers: *sf.workers,
		Instances: len(boards), HeuristicSeconds: time.Since(t0).Seconds()}
	if cfg.Heuristic != nil {
		res.Heuristic = cfg.Heuristic.Name()
	}
	run := &benchSolveRun{e: e, res: &res, ids: ids, insts: insts, greedy: !cfg.Algorithm.Info().Optimal || cfg.Cost != search.UnitCost, each: *each && !*asJSON}
	t1 := time.Now()
	err = solveBench(ctx, boards, cfg, *sf.workers, run.record)
	res.WallSeconds = time.Since(t1).Seconds()
	if err != nil {
		return err
	}
	res.averages(run.searchSeconds, run.lengths, oneBoardAtATime(cfg, boards))
	return res.write(e, *asJSON)
}

// benchSolveRun sums the results of bench solve's searches into res.
type benchSolveRun struct {
	e      *env
	res    *benchSolveResult
	ids    []int // the instance number of each board
	insts  []board.Instance
	greedy bool // lengths are not checked against the optimal ones (greedy search, any non-optimal algorithm, tile costs)
	each   bool // print a line per instance

	searchSeconds float64
	lengths       int
}

// record adds board i's result (or failure).
func (run *benchSolveRun) record(i int, r search.Result, err error) {
	id, res, e := run.ids[i], run.res, run.e
	if err != nil {
		fmt.Fprintf(e.stderr, "slidelab bench solve: instance %d: %s\n", id, oneLine(err.Error()))
		res.Failed++
		return
	}
	res.Generated += r.Generated
	res.Expanded += r.Expanded
	run.searchSeconds += r.Elapsed.Seconds()
	run.lengths += r.Length()
	if want := run.insts[id-1].Optimal; want >= 0 && r.Length() != want && !run.greedy {
		fmt.Fprintf(e.stderr, "slidelab bench solve: instance %d: length %d, optimal %d\n", id, r.Length(), want)
		res.Mismatches++
	}
	if run.each {
		fmt.Fprintf(e.stdout, "instance %3d: length %2d  h0 %2d  generated %11d  expanded %11d  %8.3f s  %6.1f M/s\n",
			id, r.Length(), r.H0, r.Generated, r.Expanded, r.Elapsed.Seconds(),
			float64(r.Generated)/max(r.Elapsed.Seconds(), 1e-9)/1e6)
	}
}

// benchIDs are the 1-based numbers of the instances to solve: those of
// only (comma-separated) or all n, then the first of them (0: all).
func benchIDs(only string, first, n int) ([]int, error) {
	var ids []int
	if only != "" {
		for _, f := range strings.Split(only, ",") {
			id, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || id < 1 || id > n {
				return nil, usagef("--only: %q is not an instance number 1..%d", f, n)
			}
			ids = append(ids, id)
		}
	} else {
		for i := range n {
			ids = append(ids, i+1)
		}
	}
	if first > 0 && first < len(ids) {
		ids = ids[:first]
	}
	return ids, nil
}

// benchBoards are the boards of the instances ids of set, at least one,
// all of one size.
func benchBoards(set string, insts []board.Instance, ids []int) ([]board.Board, error) {
	var boards []board.Board
	for _, id := range ids {
		in := insts[id-1]
		if in.Err != nil {
			return nil, fmt.Errorf("--set %s: %w", set, in.Err)
		}
		boards = append(boards, in.Board)
	}
	if len(boards) == 0 {
		return nil, usagef("--set %s: no instances", set)
	}
	size := boards[0].Size()
	for i, b := range boards {
		if b.Size() != size {
			return nil, fmt.Errorf("--set %s: instance %d is %s, the first is %s", set, ids[i], b.Size(), size)
		}
	}
	return boards, nil
}

// vsWorkerCounts reads --vs-workers (nil when not given), which is for
// IDA* only.
func vsWorkerCounts(text string, alg search.Algorithm) ([]int, error) {
	if text == "" {
		return nil, nil
	}
	counts, err := parseWorkerCounts(text)
	if err != nil {
		return nil, err
	}
	if alg != search.IDAStar {
		return nil, usagef("--vs-workers: parallel search is for --algorithm ida* only")
	}
	return counts, nil
}

// averages fills in the means per solved instance and the speeds, from
// the search time summed over the boards and their lengths' sum; oneAtATime
// says each board was solved on all the workers (else side by side, one
// core each).
func (res *benchSolveResult) averages(searchSeconds float64, lengths int, oneAtATime bool) {
	if solved := res.Instances - res.Failed; solved > 0 {
		n := float64(solved)
		res.AvgGenerated = float64(res.Generated) / n
		res.AvgExpanded = float64(res.Expanded) / n
		res.AvgSeconds = searchSeconds / n
		res.AvgLength = float64(lengths) / n
	}
	res.GeneratedPerSecond = float64(res.Generated) / max(res.WallSeconds, 1e-9)
	coreSeconds := searchSeconds
	if oneAtATime {
		coreSeconds *= float64(max(res.Workers, 1))
	}
	res.GeneratedPerCoreSecond = float64(res.Generated) / max(coreSeconds, 1e-9)
}

// write prints the result (JSON or text) and fails when an instance failed
// or a solution was not optimal.
func (res *benchSolveResult) write(e *env, asJSON bool) error {
	if asJSON {
		if err := json.NewEncoder(e.stdout).Encode(res); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(e.stdout, "solve %s: %d instances, %s, %s, %d workers\n", res.Set, res.Instances, res.Algorithm, res.Heuristic, res.Workers)
		fmt.Fprintf(e.stdout, "  heuristic ready in %.3f s (tables loaded or built)\n", res.HeuristicSeconds)
		fmt.Fprintf(e.stdout, "  wall %.3f s; %d nodes generated, %d expanded\n", res.WallSeconds, res.Generated, res.Expanded)
		fmt.Fprintf(e.stdout, "  %.1f million generated/s in all, %.1f million/s per core\n",
			res.GeneratedPerSecond/1e6, res.GeneratedPerCoreSecond/1e6)
		fmt.Fprintf(e.stdout, "  per instance: %.0f generated, %.0f expanded, %.4f s, length %.2f\n",
			res.AvgGenerated, res.AvgExpanded, res.AvgSeconds, res.AvgLength)
	}
	switch {
	case res.Failed > 0:
		return failError{msg: fmt.Sprintf("%d of %d instances failed", res.Failed, res.Instances)}
	case res.Mismatches > 0:
		return failError{msg: fmt.Sprintf("%d of %d solutions are not optimal", res.Mismatches, res.Instances)}
	}
	return nil
}

// benchInstances returns the named set ("korf100", "hardest80") or reads a
// file, for goal g.
func benchInstances(set string, g board.Goal) ([]board.Instance, error) {
	var builtin func() []board.Instance
	switch strings.ToLower(set) {
	case "korf100":
		builtin = board.Korf100
	case "hardest80", "hardest":
		builtin = board.Hardest80
	case "korf24":
		builtin = board.Korf24
	}
	if builtin != nil {
		insts := builtin() // blank-last
		if g == board.BlankFirst {
			for i := range insts {
				insts[i].Board = board.ConvertGoal(insts[i].Board)
			}
		}
		return insts, nil
	}
	insts, err := board.ReadInstanceFile(set, board.Size{}, g)
	if err != nil {
		return nil, fmt.Errorf("--set: %w", err)
	}
	return insts, nil
}
