package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// "bench solve --vs-workers 1,2" solves each instance on one board with
// parallel IDA* once per worker count, the counts in turn (alternating their
// order from one instance to the next, so a change of the machine's load
// does not favour one), and reports the times side by side and their ratio.

// splitRun is one solve of one instance with one worker count.
type splitRun struct {
	Workers   int     `json:"workers"`
	Seconds   float64 `json:"seconds"`
	Generated uint64  `json:"generated"`
	Expanded  uint64  `json:"expanded"`
	Length    int     `json:"length"`
}

// splitInstance is the JSON form of one instance of a --vs-workers run.
type splitInstance struct {
	Instance int        `json:"instance"`
	Runs     []splitRun `json:"runs"`
	// Speedup is, for each worker count, the first count's time over its time.
	Speedup []float64 `json:"speedup"`
}

// splitResult is the JSON form of "bench solve --vs-workers".
type splitResult struct {
	Set       string          `json:"set"`
	Heuristic string          `json:"heuristic"`
	Workers   []int           `json:"workers"`
	Instances []splitInstance `json:"instances"`
	// TotalSeconds sums each worker count's times over the instances.
	TotalSeconds []float64 `json:"total_seconds"`
	// MedianSpeedup is the median over the instances of each count's speedup.
	MedianSpeedup []float64 `json:"median_speedup"`
	// TotalSpeedup is the first count's total time over each count's.
	TotalSpeedup []float64 `json:"total_speedup"`
	Mismatches   int       `json:"mismatches"`
	// LoadAverage is the machine's one-minute load average before and after
	// the run (Linux; -1 elsewhere).
	LoadBefore float64 `json:"load_before"`
	LoadAfter  float64 `json:"load_after"`
}

// parseWorkerCounts parses "1,2" for --vs-workers.
func parseWorkerCounts(text string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > maxWorkers {
			return nil, usagef("--vs-workers: %q is not a worker count 1..%d", f, maxWorkers)
		}
		out = append(out, n)
	}
	if len(out) < 2 {
		return nil, usagef("--vs-workers %q: give at least two worker counts, such as 1,2", text)
	}
	return out, nil
}

// runBenchSplit solves each board with each worker count in counts.
func runBenchSplit(ctx context.Context, e *env, set string, cfg search.Config, counts []int, ids []int,
	boards []board.Board, optimal []int, each, asJSON bool) error {
	res := splitResult{Set: set, Heuristic: cfg.Heuristic.Name(), Workers: counts,
		TotalSeconds: make([]float64, len(counts)), LoadBefore: loadAverage()}
	if !asJSON {
		fmt.Fprintf(e.stdout, "solve %s: %d instances, %s, one board at a time on %s workers (load average %.2f)\n",
			set, len(boards), res.Heuristic, joinInts(counts), res.LoadBefore)
	}
	speedups := make([][]float64, len(counts))
	for i, b := range boards {
		inst := splitInstance{Instance: ids[i], Runs: make([]splitRun, len(counts)), Speedup: make([]float64, len(counts))}
		for j := range counts {
			k := j
			if i%2 == 1 {
				k = len(counts) - 1 - j // alternate the order
			}
			c := cfg
			c.Workers = counts[k]
			t0 := time.Now()
			r, err := search.Solve(ctx, b, c)
			if err != nil {
				return fmt.Errorf("instance %d, %d workers: %w", ids[i], counts[k], err)
			}
			inst.Runs[k] = splitRun{Workers: counts[k], Seconds: time.Since(t0).Seconds(), Generated: r.Generated,
				Expanded: r.Expanded, Length: r.Length()}
			if optimal[i] >= 0 && r.Length() != optimal[i] {
				fmt.Fprintf(e.stderr, "slidelab bench solve: instance %d, %d workers: length %d, optimal %d\n",
					ids[i], counts[k], r.Length(), optimal[i])
				res.Mismatches++
			}
		}
		for k, run := range inst.Runs {
			inst.Speedup[k] = inst.Runs[0].Seconds / max(run.Seconds, 1e-9)
			speedups[k] = append(speedups[k], inst.Speedup[k])
			res.TotalSeconds[k] += run.Seconds
		}
		res.Instances = append(res.Instances, inst)
		if each && !asJSON {
			fmt.Fprintf(e.stdout, "instance %3d: length %2d", ids[i], inst.Runs[0].Length)
			for k, run := range inst.Runs {
				fmt.Fprintf(e.stdout, "  | %d w: %8.3f s %11d gen", run.Workers, run.Seconds, run.Generated)
				if k > 0 {
					fmt.Fprintf(e.stdout, " x%.2f", inst.Speedup[k])
				}
			}
			fmt.Fprintln(e.stdout)
		}
	}
	res.LoadAfter = loadAverage()
	for k := range counts {
		res.MedianSpeedup = append(res.MedianSpeedup, median(speedups[k]))
		res.TotalSpeedup = append(res.TotalSpeedup, res.TotalSeconds[0]/max(res.TotalSeconds[k], 1e-9))
	}
	if asJSON {
		if err := json.NewEncoder(e.stdout).Encode(res); err != nil {
			return err
		}
	} else {
		for k, w := range counts {
			fmt.Fprintf(e.stdout, "  %d workers: %.3f s in all", w, res.TotalSeconds[k])
			if k > 0 {
				fmt.Fprintf(e.stdout, ", %.2fx faster than %d (median per instance %.2fx)",
					res.TotalSpeedup[k], counts[0], res.MedianSpeedup[k])
			}
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "  load average %.2f before, %.2f after\n", res.LoadBefore, res.LoadAfter)
	}
	if res.Mismatches > 0 {
		return failError{msg: fmt.Sprintf("%d solutions are not optimal", res.Mismatches)}
	}
	return nil
}

// median returns the median of xs (0 for none).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// loadAverage returns the one-minute load average from /proc/loadavg, or -1
// where it cannot be read.
func loadAverage() float64 {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return -1
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return -1
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return -1
	}
	return v
}
