package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/slidelab/slidelab/core/predict"
)

func TestPredict(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	base := []string{"predict", "--set", "random8:6:2", "--heuristics", "md,lc", "--chart-size", "600x400"}
	code, out, errOut := runCLI(t, "", append(append([]string{}, base...), "--png", path("p.png"), "--svg", path("p.svg"))...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"random8 (seed 2) · 6 instances", "nodes generated", "\nmanhattan · distribution from all 181,440 solvable states",
		"\nlinear-conflict · ", "complete", "last (partial)", "per instance"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	data, err := os.ReadFile(path("p.png"))
	if err != nil {
		t.Fatal(err)
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 600 || cfg.Height != 400 {
		t.Errorf("png: %+v, %v", cfg, err)
	}
	if st, err := os.Stat(path("p.svg")); err != nil || st.Size() < 1000 {
		t.Errorf("svg: %v", err)
	}

	// JSON: every iteration of every run, measured and predicted.
	code, js, errOut := runCLI(t, "", append(append([]string{}, base...), "--json", "--measure", "expanded")...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	var c predict.Comparison
	if err := json.Unmarshal([]byte(js), &c); err != nil {
		t.Fatalf("--json: %v", err)
	}
	if c.Instances != 6 || len(c.Heuristics) != 2 || c.Heuristics[0].Heuristic != "manhattan" {
		t.Fatalf("--json: %+v", c)
	}
	for _, h := range c.Heuristics {
		if len(h.Instances) != 6 || !h.Distribution.Exact {
			t.Errorf("%s: %d instances, exact %v", h.Heuristic, len(h.Instances), h.Distribution.Exact)
		}
		for _, in := range h.Instances {
			last := in.Iterations[len(in.Iterations)-1]
			if last.Complete || last.Predicted.Generated <= 0 || last.Measured.Generated == 0 {
				t.Errorf("%s instance %s: last iteration %+v", h.Heuristic, in.Instance, last)
			}
		}
	}

	// The same prediction from a saved comparison report.
	code, rep, errOut := runCLI(t, "", "compare", "--set", "random8:6:2", "--heuristics", "md,lc", "--json")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(path("r.json"), []byte(rep), 0o644); err != nil {
		t.Fatal(err)
	}
	code, fromReport, errOut := runCLI(t, "", "predict", "--report", path("r.json"))
	if code != 0 {
		t.Fatalf("--report: exit %d: %s", code, errOut)
	}
	if fromReport != out {
		t.Errorf("--report gives another table:\n%s\nthan the set:\n%s", fromReport, out)
	}
}

func TestPredictErrors(t *testing.T) {
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.json")
	if err := os.WriteFile(garbage, []byte(`{"set": 3`), 0o644); err != nil {
		t.Fatal(err)
	}
	astar := filepath.Join(dir, "astar.json")
	code, rep, errOut := runCLI(t, "", "compare", "--set", "random8:2", "--heuristics", "md", "--algorithm", "a*", "--json")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errOut)
	}
	if err := os.WriteFile(astar, []byte(rep), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"measure", []string{"--measure", "both"}, 2, "--measure"},
		{"no samples", []string{"--samples", "0"}, 2, "--samples"},
		{"huge samples", []string{"--samples", "99999999999"}, 2, "--samples"},
		{"workers", []string{"--workers", "-1"}, 2, "--workers"},
		{"png name", []string{"--png", filepath.Join(dir, "x.jpg")}, 2, "must end in .png"},
		{"png directory", []string{"--png", filepath.Join(dir, "no", "such", "x.png")}, 1, "--png"},
		{"argument", []string{"extra"}, 2, "unexpected argument"},
		{"heuristic", []string{"--set", "random8:2", "--heuristics", "nonsense"}, 2, "unknown heuristic"},
		{"set", []string{"--set", "nonsense"}, 2, "--set"},
		{"goal", []string{"--goal", "sideways"}, 2, "--goal"},
		{"report and set", []string{"--report", garbage, "--set", "korf100"}, 2, "drop --set"},
		{"report missing", []string{"--report", filepath.Join(dir, "missing.json")}, 1, "--report"},
		{"report garbage", []string{"--report", garbage}, 2, "--report"},
		{"report of a*", []string{"--report", astar}, 1, "IDA*"},
		{"whole syntax", []string{"--whole", "ten"}, 2, "--whole"},
		{"whole backwards", []string{"--whole", "14..12"}, 2, "LO <= HI"},
		{"whole too deep", []string{"--whole", "999"}, 2, "LO <= HI"},
		{"whole too many", []string{"--whole", "0..200"}, 2, "at most"},
		{"whole and report", []string{"--whole", "12", "--report", astar}, 2, "--whole"},
		{"whole and limit", []string{"--whole", "12", "--node-limit", "100"}, 2, "--node-limit"},
	}
	for _, tt := range tests {
		code, _, errOut := runCLI(t, "", append([]string{"predict"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d, %q; want exit %d and %q", tt.name, code, errOut, tt.code, tt.want)
		}
	}
}

func TestPredictWhole(t *testing.T) {
	code, out, errOut := runCLI(t, "", "predict", "--set", "random8:5:1", "--heuristics", "md", "--whole", "12..14")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "whole iterations at bounds 12..14") || strings.Contains(out, "last (partial)") || strings.Count(out, "\n        1") < 3 {
		t.Errorf("table:\n%s", out)
	}
	code, js, errOut := runCLI(t, "", "predict", "--set", "random8:5:1", "--heuristics", "md", "--whole", "13", "--json")
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	var c predict.Comparison
	if err := json.Unmarshal([]byte(js), &c); err != nil {
		t.Fatal(err)
	}
	if !c.Whole || len(c.Heuristics) != 1 || len(c.Heuristics[0].Bounds) != 1 || c.Heuristics[0].Bounds[0].Instances != 5 {
		t.Errorf("--json: %+v", c)
	}
}

func TestPredictWriteFailureAndInterrupt(t *testing.T) {
	for _, args := range [][]string{
		{"predict", "--set", "random8:3", "--heuristics", "md"},
		{"predict", "--set", "random8:3", "--heuristics", "md", "--json"},
		{"predict", "--set", "random8:3", "--heuristics", "md", "--whole", "10..12"},
	} {
		var errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &failingWriter{ok: 30, err: syscall.ENOSPC}, stderr: &errb}
		if code := run(context.Background(), e, args); code != exitFailure || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and the write error", args, code, errb.String())
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"predict", "--set", "random8:3", "--heuristics", "md"},
		{"predict", "--set", "random8:3", "--heuristics", "md", "--whole", "10..12"},
	} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
		if code := run(cancelled, e, args); code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("%v: exit %d, stderr %q; want 130", args, code, errb.String())
		}
	}
}
