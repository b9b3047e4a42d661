package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/quality"
)

// qualityJSON is the documented JSON shape, read independently of the
// quality package's types.
type qualityJSON struct {
	Size       string `json:"size"`
	States     int    `json:"states"`
	Edges      int    `json:"edges"`
	Heuristics []struct {
		Name              string  `json:"name"`
		MeanH             float64 `json:"mean_h"`
		MeanHStar         float64 `json:"mean_hstar"`
		Exact             int64   `json:"exact"`
		Over              int64   `json:"over"`
		InconsistentEdges int64   `json:"inconsistent_edges"`
		ByDistance        []struct {
			HStar  int     `json:"hstar"`
			States int64   `json:"states"`
			MeanH  float64 `json:"mean_h"`
		} `json:"by_distance"`
	} `json:"heuristics"`
}

func TestQualityEightPuzzle(t *testing.T) {
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	args := []string{"quality", "--size", "3x3", "--heuristics", "manhattan,hamming,pdb:44", "--cache", filepath.Join(dir, "cache"),
		"--chart-size", "600x400", "--png", path("m.png"), "--svg", path("m.svg"), "--heatmap", path("h.png"), "--heatmap-of", "md"}
	code, out, errOut := runCLI(t, "", append(args, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r qualityJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if r.Size != "3x3" || r.States != 181440 || len(r.Heuristics) != 3 {
		t.Fatalf("report: size %s, %d states, %d heuristics", r.Size, r.States, len(r.Heuristics))
	}
	for _, h := range r.Heuristics {
		var states int64
		var sumH float64
		for _, row := range h.ByDistance {
			states += row.States
			sumH += row.MeanH * float64(row.States)
		}
		if states != int64(r.States) {
			t.Errorf("%s: by_distance covers %d states of %d", h.Name, states, r.States)
		}
		if d := sumH/float64(states) - h.MeanH; d > 1e-6 || d < -1e-6 {
			t.Errorf("%s: mean h %v, by_distance gives %v", h.Name, h.MeanH, sumH/float64(states))
		}
		if h.Over != 0 {
			t.Errorf("%s overestimates %d states", h.Name, h.Over)
		}
		wantJumps := h.Name == "pdb:44"
		if (h.InconsistentEdges > 0) != wantJumps {
			t.Errorf("%s: %d inconsistent edges", h.Name, h.InconsistentEdges)
		}
	}
	if !(r.Heuristics[1].MeanH < r.Heuristics[0].MeanH && r.Heuristics[0].MeanH < r.Heuristics[2].MeanH && r.Heuristics[2].MeanH < r.Heuristics[0].MeanHStar) {
		t.Errorf("means not ordered hamming < manhattan < pdb:44 < h*: %+v", r.Heuristics)
	}
	for _, f := range []string{"m.png", "h.png"} {
		data, err := os.ReadFile(path(f))
		if err != nil {
			t.Fatal(err)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width != 600 || cfg.Height != 400 {
			t.Errorf("%s: %+v, %v", f, cfg, err)
		}
	}
	if st, err := os.Stat(path("m.svg")); err != nil || st.Size() < 1000 {
		t.Errorf("m.svg: %v", err)
	}

	// The table: one row per heuristic, the same figures, the explanations.
	code, out, errOut = runCLI(t, "", "quality", "--heuristics", "manhattan,pdb:44", "--cache", filepath.Join(dir, "cache"), "--detail")
	if code != 0 {
		t.Fatalf("table: exit %d: %s", code, errOut)
	}
	for _, want := range []string{"181440 states", "241,920", "manhattan", "pdb:44", "mean h at each true distance", "h* - h", quality.AboutOver[:40], "forgets where the blank is"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestQualityInstances(t *testing.T) {
	dir := t.TempDir()
	r := board.NewRand(5)
	var lines []string
	for i := 0; i < 3; i++ {
		b, _, err := board.RandomWalk(r, board.Solved(board.Size4x4, board.BlankLast), 24)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, b.Flat())
	}
	good := filepath.Join(dir, "good.txt")
	if err := os.WriteFile(good, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"quality", "--size", "4x4", "--instances", good, "--heuristics", "md,hamming", "--solver", "linear-conflict", "--json"}
	code, out, errOut := runCLI(t, "", base...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep qualityJSON
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// Every path runs from its start to the goal; the goal is shared.
	if rep.Size != "4x4" || rep.States < 3 || rep.States > 3*24+1 || rep.Edges < rep.States-1 {
		t.Errorf("report: %+v", rep)
	}
	for _, h := range rep.Heuristics {
		if h.Over != 0 || h.InconsistentEdges != 0 || h.ByDistance[0].HStar != 0 || h.ByDistance[0].States != 1 {
			t.Errorf("%s: %+v", h.Name, h)
		}
	}

	// A wrong optimal length in the file is a failure, not a silent figure.
	wrong := filepath.Join(dir, "wrong.txt")
	if err := os.WriteFile(wrong, []byte("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runCLI(t, "", "quality", "--size", "4x4", "--instances", wrong, "--heuristics", "md", "--solver", "md")
	if code != exitFailure || !strings.Contains(errOut, "optimal length is given as 5") {
		t.Errorf("wrong length: exit %d, %q", code, errOut)
	}
}

func TestQualityUsage(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--size", "5x5"}, exitUsage, "--instances FILE with 5x5 boards"},
		{[]string{"--size", "6x5"}, exitUsage, "at most 25 cells"},
		{[]string{"--size", "3x4"}, exitUsage, "--instances"},
		{[]string{"--first", "3"}, exitUsage, "--first and --solver"},
		{[]string{"--first", "-1"}, exitUsage, "negative"},
		{[]string{"--heuristics", "nonsense"}, exitUsage, "unknown heuristic"},
		{[]string{"--heuristics", "md,md"}, exitUsage, "twice"},
		{[]string{"--png", filepath.Join(dir, "x.svg")}, exitUsage, "must end in .png"},
		{[]string{"--heatmap", filepath.Join(dir, "x.txt")}, exitUsage, "must end in .png, .svg or .pdf"},
		{[]string{"--heatmap-of", "md"}, exitUsage, "only used with --heatmap"},
		{[]string{"--heuristics", "md", "--heatmap", filepath.Join(dir, "h.png"), "--heatmap-of", "hamming"}, exitUsage, "not among"},
		{[]string{"--heuristics", "md", "--heatmap", filepath.Join(dir, "h.png"), "--heatmap-of", "bogus"}, exitUsage, "unknown heuristic"},
		{[]string{"--png", filepath.Join(dir, "no", "such", "dir", "x.png")}, exitFailure, "--png"},
		{[]string{"--instances", filepath.Join(dir, "missing.txt")}, exitFailure, "missing.txt"},
		{[]string{"--workers", "100000", "--size", "4x4"}, exitUsage, "--workers"},
		{[]string{"--chart-size", "10x10"}, exitUsage, "--chart-size"},
		{[]string{"extra"}, exitUsage, "unexpected argument"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, "", append([]string{"quality"}, tc.args...)...)
			if code != tc.code || !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
				t.Errorf("exit %d, stderr %q; want %d and %q on one line", code, errOut, tc.code, tc.want)
			}
		})
	}
}

func TestQualityInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := run(ctx, &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}, []string{"quality", "--heuristics", "md"})
	if code != exitInterrupted || out.Len() != 0 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

func TestCheckAdmissible(t *testing.T) {
	ok := &quality.Report{Heuristics: []quality.Stats{{Name: "a"}, {Name: "b"}}}
	if err := checkAdmissible(ok); err != nil {
		t.Errorf("admissible report: %v", err)
	}
	bad := &quality.Report{Heuristics: []quality.Stats{{Name: "a"}, {Name: "b", Over: 7, MaxOver: 2}}}
	err := checkAdmissible(bad)
	var fe failError
	if err == nil || !strings.Contains(err.Error(), "b overestimates 7 states (by up to 2 moves)") || !errorsAs(err, &fe) {
		t.Errorf("inadmissible report: %v", err)
	}
}

func errorsAs(err error, fe *failError) bool {
	f, ok := err.(failError)
	if ok {
		*fe = f
	}
	return ok
}
