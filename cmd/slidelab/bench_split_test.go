package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBenchSolveVsWorkers checks "bench solve --vs-workers": every instance
// solved with each worker count, lengths checked, speedups consistent with
// the times; and the set hardest80 with its usage errors.
func TestBenchSolveVsWorkers(t *testing.T) {
	code, out, errOut := runCLI(t, "", "bench", "solve", "--heuristic", "linear-conflict", "--only", "55,94,79", "--vs-workers", "1,2,3", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res splitResult
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil {
		t.Fatal(err)
	}
	want := map[int]int{55: 41, 94: 53, 79: 42}
	if len(res.Instances) != 3 || res.Mismatches != 0 || len(res.MedianSpeedup) != 3 || len(res.TotalSeconds) != 3 {
		t.Fatalf("result %+v", res)
	}
	for _, in := range res.Instances {
		if len(in.Runs) != 3 {
			t.Fatalf("instance %d: %d runs", in.Instance, len(in.Runs))
		}
		for k, r := range in.Runs {
			if r.Workers != k+1 || r.Length != want[in.Instance] || r.Generated == 0 {
				t.Fatalf("instance %d run %d: %+v", in.Instance, k, r)
			}
			if s := in.Runs[0].Seconds / r.Seconds; s < in.Speedup[k]*0.999 || s > in.Speedup[k]*1.001 {
				t.Fatalf("instance %d: speedup %v for times %+v", in.Instance, in.Speedup, in.Runs)
			}
		}
	}
	// The text form prints a line per instance with --each.
	code, out, errOut = runCLI(t, "", "bench", "solve", "--heuristic", "linear-conflict", "--only", "55", "--vs-workers", "1,2", "--each")
	if code != 0 || !strings.Contains(out, "instance  55: length 41") || !strings.Contains(out, "2 workers:") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// A wrong optimal length is a failure.
	path := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(path, []byte("8 7 0 6 5 4 3 2 1 24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "", "bench", "solve", "--set", path, "--heuristic", "manhattan", "--vs-workers", "1,2")
	if code != 1 || !strings.Contains(errOut, "length 26, optimal 24") {
		t.Fatalf("wrong length: exit %d, %q", code, errOut)
	}
	for _, args := range [][]string{
		{"bench", "solve", "--vs-workers", "2"},
		{"bench", "solve", "--vs-workers", "1,x"},
		{"bench", "solve", "--vs-workers", "0,2"},
		{"bench", "solve", "--vs-workers", "1,2", "--algorithm", "a*"},
		{"bench", "solve", "--set", "hardest80", "--only", "18"},
	} {
		if code, _, errOut := runCLI(t, "", args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
	// hardest80 is a set: its first instance is the published first position.
	code, out, errOut = runCLI(t, "", "bench", "solve", "--set", "hardest", "--heuristic", "manhattan", "--node-limit", "100", "--only", "1", "--each")
	if code != 1 || !strings.Contains(out, "solve hardest: 1 instances") || !strings.Contains(errOut, "node limit") {
		t.Fatalf("hardest: exit %d, %q, %q", code, out, errOut)
	}
}
