package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "cache")
	base := []string{"compare", "--set", "random8:4:2", "--heuristics", "manhattan,lc,pdb:44", "--cache", cache, "--chart-size", "600x400"}
	path := func(name string) string { return filepath.Join(dir, name) }

	args := append(append([]string{}, base...), "--png", path("n.png"), "--svg", path("n.svg"), "--pdf", path("n.pdf"),
		"--iterations", path("i.png"), "--instance", "3", "--csv", path("r.csv"))
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// Title, header, four instances, total, footnote.
	if len(lines) != 8 || !strings.Contains(lines[0], "random8 (seed 2) · 4 instances") ||
		!strings.Contains(lines[1], "manhattan") || !strings.Contains(lines[1], "pdb:44") ||
		!strings.HasPrefix(strings.TrimSpace(lines[6]), "total") || !strings.Contains(lines[6], "x)") {
		t.Errorf("table:\n%s", out)
	}
	for _, f := range []string{"n.png", "i.png"} {
		data, err := os.ReadFile(path(f))
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width != 600 || cfg.Height != 400 {
			t.Errorf("%s: %+v, %v", f, cfg, err)
		}
	}
	for _, f := range []string{"n.svg", "n.pdf"} {
		if st, err := os.Stat(path(f)); err != nil || st.Size() < 1000 {
			t.Errorf("%s: %v", f, err)
		}
	}
	data, err := os.ReadFile(path("r.csv"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(recs) != 1+4*3 {
		t.Errorf("csv: %d records, %v", len(recs), err)
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 2 {
		t.Errorf("pdb cache holds %d files, want the 2 tables of pdb:44", len(entries))
	}

	// JSON instead of the table, CSV on standard output after it.
	code, out, errOut = runCLI(t, "", append(append([]string{}, base...), "--json")...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	r, err := compare.ReadJSON(strings.NewReader(out))
	if err != nil || len(r.Instances) != 4 || len(r.Heuristics) != 3 || !r.Complete() {
		t.Errorf("--json: %v, %+v", err, r)
	}
	// --csv -: standard output is the CSV alone (pipeable), the table goes
	// to standard error.
	code, out, errOut = runCLI(t, "", append(append([]string{}, base...), "--first", "2", "--csv", "-")...)
	recs, err = csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) != 1+2*3 || recs[0][0] != "instance" {
		t.Errorf("--csv -: exit %d, %d records, %v\n%s", code, len(recs), err, out)
	}
	if !strings.Contains(errOut, "instance set:") {
		t.Errorf("--csv -: the table is not on standard error:\n%s", errOut)
	}
	code, _, errOut = runCLI(t, "", append(append([]string{}, base...), "--json", "--csv", "-")...)
	if code != 2 || !strings.Contains(errOut, "both write to standard output") {
		t.Errorf("--json --csv -: exit %d, want 2 and a usage error: %s", code, errOut)
	}
}

func TestCompareLimits(t *testing.T) {
	code, out, errOut := runCLI(t, "", "compare", "--set", "korf100", "--first", "2", "--heuristics", "md", "--node-limit", "2000", "--measure", "generated")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, "*") < 3 || !strings.Contains(out, "lower bound") || !strings.Contains(out, "nodes generated") {
		t.Errorf("limited runs are not marked:\n%s", out)
	}
	code, out, _ = runCLI(t, "", "compare", "--set", "korf100", "--first", "1", "--heuristics", "md", "--timeout", "10ms", "--json")
	r, err := compare.ReadJSON(strings.NewReader(out))
	if code != 0 || err != nil || r.Results[0].Status != compare.Timeout {
		t.Errorf("--timeout: exit %d, %v, %+v", code, err, r)
	}
}

func TestCompareCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	dir := t.TempDir()
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
	code := run(ctx, e, []string{"compare", "--set", "random8:2", "--heuristics", "md", "--png", filepath.Join(dir, "x.png")})
	if code != 130 || !strings.Contains(errb.String(), "interrupted") || !strings.Contains(out.String(), "skipped") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a cancelled comparison wrote %d files", len(entries))
	}
}

func TestCompareProgress(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, isTerminal: true}
	code := run(context.Background(), e, []string{"compare", "--set", "random8:3", "--heuristics", "md,lc"})
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := errb.String()
	if !strings.Contains(s, "[0/6]") || !strings.HasSuffix(s, "\r\033[K") {
		t.Errorf("progress on a terminal: %q", s)
	}
	errb.Reset()
	e.isTerminal = false
	run(context.Background(), e, []string{"compare", "--set", "random8:3", "--heuristics", "md"})
	if errb.Len() != 0 {
		t.Errorf("progress written when stderr is not a terminal: %q", errb.String())
	}
}

func TestCompareErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--set", "bogus"}, 2, "no such built-in set"},
		{[]string{"--set", "random8", "--heuristics", "euclid"}, 2, "unknown heuristic"},
		{[]string{"--set", "random8", "--heuristics", "pdb:663"}, 2, "4x4"},
		{[]string{"--set", "random8", "--png", "x.svg"}, 2, "must end in .png"},
		{[]string{"--set", "random8", "--iterations", "x.gif"}, 2, "must end in .png, .svg or .pdf"},
		{[]string{"--set", "random8", "--measure", "both"}, 2, "expanded or generated"},
		{[]string{"--set", "random8", "--chart-size", "10x10"}, 2, "between"},
		{[]string{"--set", "random8", "--chart-size", "big"}, 2, "WIDTHxHEIGHT"},
		{[]string{"--set", "random8", "--first", "-1"}, 2, "negative"},
		{[]string{"--set", "random8", "--workers", "-1"}, 2, "between 0 and 256"},
		{[]string{"--set", "random8", "--workers", "10000"}, 2, "between 0 and 256"},
		{[]string{"--set", "random8", "--timeout", "-1s"}, 2, "negative"},
		{[]string{"--set", "random8", "--algorithm", "rbfs2"}, 2, "algorithm"},
		{[]string{"--set", "random8", "--instance", "1"}, 2, "only used with --iterations"},
		{[]string{"--set", "random8", "--algorithm", "a*", "--iterations", "x.png"}, 2, "needs --algorithm ida*"},
		{[]string{"--set", "random8", "--iterations", "x.png", "--instance", "99"}, 2, "no such instance"},
		{[]string{"--set", "random8", "extra"}, 2, "unexpected argument"},
		{[]string{"--set", "random8", "--heuristics", "md", "--png", filepath.Join(dir, "no", "x.png")}, 1, "x.png"},
		{[]string{"--set", "random8", "--heuristics", "md", "--csv", filepath.Join(dir, "no", "x.csv")}, 1, "--csv"},
		{[]string{"--set", "random8", "--heuristics", "md", "--svg", filepath.Join(dir, "no", "x.svg")}, 1, "cannot create a file in " + filepath.Join(dir, "no")},
		{[]string{"--set", "random8", "--heuristics", "md", "--iterations", dir + "/"}, 2, "must end in"},
		{[]string{"--set", "random8", "--heuristics", "md", "--pdf", mkdirAll(t, filepath.Join(dir, "d.pdf"))}, 1, "is a directory"},
	}
	for _, tt := range tests {
		code, out, errOut := runCLI(t, "", append([]string{"compare"}, tt.args...)...)
		if code != tt.code || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "slidelab compare: ") || !strings.Contains(errOut, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tt.args, code, errOut, tt.code, tt.want)
		}
		if out != "" { // every check comes before the searches
			t.Errorf("%v: the searches ran before the error: %q", tt.args, out)
		}
	}
}

func TestCheckLengths(t *testing.T) {
	r := &compare.Report{
		Heuristics: []string{"a", "b"},
		Instances:  []compare.InstanceInfo{{Name: "x", Optimal: -1}, {Name: "y", Optimal: 5}},
		Results: []compare.Result{
			{Heuristic: "a", Status: compare.Solved, Length: 4}, {Heuristic: "b", Status: compare.Solved, Length: 6},
			{Heuristic: "a", Status: compare.Solved, Length: 5}, {Heuristic: "b", Status: compare.NodeLimit, Length: -1},
		},
	}
	err := checkLengths(r, 0, search.UnitCost)
	if fe, ok := err.(failError); !ok || !strings.Contains(fe.msg, "instance x: b found 6 moves, expected 4") || strings.Contains(fe.msg, "instance y") {
		t.Errorf("checkLengths: %v", err)
	}
	r.Results[1].Length = 4
	if err := checkLengths(r, 0, search.UnitCost); err != nil {
		t.Errorf("agreeing lengths: %v", err)
	}
	// Under tile costs the costs must agree; lengths may differ, and the
	// known optimum (a length) is not a cost.
	r.CostModel = "tile"
	r.Results[0].Cost, r.Results[1].Cost, r.Results[2].Cost = 20, 21, 30
	err = checkLengths(r, 0, search.TileCost)
	if fe, ok := err.(failError); !ok || !strings.Contains(fe.msg, "instance x: b found a solution of cost 21, expected 20") || strings.Contains(fe.msg, "instance y") {
		t.Errorf("checkLengths under tile costs: %v", err)
	}
	r.Results[1].Cost, r.Results[1].Length = 20, 6
	if err := checkLengths(r, 0, search.TileCost); err != nil {
		t.Errorf("agreeing costs, different lengths: %v", err)
	}
}

// TestCompareTileCosts: under --cost tile the table's second column is the
// cheapest cost found, the title names the cost model, and the CSV and
// JSON carry each solution's cost.
func TestCompareTileCosts(t *testing.T) {
	code, out, errOut := runCLI(t, "", "compare", "--set", "random8:2:1", "--heuristics", "manhattan,tile-manhattan", "--algorithm", "a*", "--cost", "tile")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"a* · tile costs (moving tile t costs t)", "instance  cost  manhattan  tile-manhattan", "\n         1   106 "} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = runCLI(t, "", "compare", "--set", "random8:2:1", "--heuristics", "manhattan", "--algorithm", "ucs", "--cost", "tile", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{`"cost_model": "tile"`, `"cost": 106`, `"cost": 92`} {
		if !strings.Contains(out, want) {
			t.Errorf("json lacks %q", want)
		}
	}
}

func TestRatio(t *testing.T) {
	for _, tt := range []struct {
		v    float64
		want string
	}{{0.5, "0.50x"}, {5.26, "5.3x"}, {42.4, "42x"}, {1234.6, "1,235x"}} {
		if got := compare.FormatRatio(tt.v); got != tt.want {
			t.Errorf("ratio(%g) = %q", tt.v, got)
		}
	}
}

// mkdirAll creates the directory p and returns it.
func mkdirAll(t *testing.T, p string) string {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCompareGoal runs the classroom set towards Korf's blank-first goal:
// the boards are his own, the lengths the known ones.
func TestCompareGoal(t *testing.T) {
	code, out, errOut := runCLI(t, "", "compare", "--goal", "blank-first", "--first", "2", "--heuristics", "md,lc", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	r, err := compare.ReadJSON(strings.NewReader(out))
	if err != nil || r.Goal != "blank-first" || len(r.Instances) != 2 || !r.Complete() {
		t.Fatalf("report %+v (%v)", r, err)
	}
	korf := board.Korf100()
	for i, in := range r.Instances {
		b, err := board.Parse(in.Board, board.Size4x4)
		if err != nil {
			t.Fatal(err)
		}
		if want := board.ConvertGoal(korf[compare.ClassroomNumbers[i]-1].Board); b != want {
			t.Errorf("instance %s: board %s, want Korf's own %s", in.Name, b.Line(), want.Line())
		}
		for j := range r.Heuristics {
			if got := r.At(i, j).Length; got != in.Optimal {
				t.Errorf("instance %s, %s: length %d, want %d", in.Name, r.Heuristics[j], got, in.Optimal)
			}
		}
	}
}
