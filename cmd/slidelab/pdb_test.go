package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type jsonReport struct {
	Tables []struct {
		Tiles     []int            `json:"tiles"`
		Entries   int              `json:"entries"`
		Histogram map[string]int   `json:"histogram"`
		Max       int              `json:"max"`
		Mean      float64          `json:"mean"`
		Layers    []map[string]int `json:"layers"`
		Seconds   *float64         `json:"seconds"`
		Source    string           `json:"source"`
		File      string           `json:"file"`
	} `json:"tables"`
}

func decodeReport(t *testing.T, out string) jsonReport {
	t.Helper()
	var rep jsonReport
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil || len(raw) != 1 {
		t.Fatalf("want one JSON document with one key, got %q (%v)", out, err)
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	return rep
}

func TestPDBBuildJSON(t *testing.T) {
	cache := t.TempDir()
	code, out, errOut := runCLI(t, "", "pdb", "build", "--partition", "44", "--cache", cache, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rep := decodeReport(t, out)
	if len(rep.Tables) != 2 {
		t.Fatalf("%d tables", len(rep.Tables))
	}
	for i, tb := range rep.Tables {
		if tb.Entries != 9*8*7*6 || len(tb.Tiles) != 4 || tb.Source != "built" || tb.Seconds == nil {
			t.Fatalf("table %d: %+v", i, tb)
		}
		sum, maxV, total := 0, 0, 0
		for k, v := range tb.Histogram {
			var val int
			if err := json.Unmarshal([]byte(k), &val); err != nil {
				t.Fatalf("histogram key %q", k)
			}
			sum += v
			total += v * val
			maxV = max(maxV, val)
		}
		if sum != tb.Entries || maxV != tb.Max || tb.Mean != float64(total)/float64(sum) {
			t.Fatalf("table %d: histogram sums to %d, max %d (reported %d), mean %v (reported %v)", i, sum, maxV, tb.Max, float64(total)/float64(sum), tb.Mean)
		}
		newSum := 0
		for c, l := range tb.Layers {
			if l["cost"] != c || len(l) != 3 || l["states"] < l["new"] {
				t.Fatalf("layer %d: %v", c, l)
			}
			newSum += l["new"]
		}
		if newSum != tb.Entries {
			t.Fatalf("layers set %d entries of %d", newSum, tb.Entries)
		}
		if _, err := os.Stat(tb.File); err != nil || filepath.Dir(tb.File) != cache {
			t.Fatalf("file %q: %v", tb.File, err)
		}
	}
	// The second run loads the same tables.
	code, out2, _ := runCLI(t, "", "pdb", "build", "--partition", "44", "--cache", cache, "--json")
	rep2 := decodeReport(t, out2)
	if code != 0 || rep2.Tables[0].Source != "loaded" || rep2.Tables[1].Max != rep.Tables[1].Max {
		t.Fatalf("second run: exit %d, %+v", code, rep2)
	}
	// --rebuild builds again.
	_, out3, _ := runCLI(t, "", "pdb", "build", "--partition", "44", "--cache", cache, "--json", "--rebuild")
	if rep3 := decodeReport(t, out3); rep3.Tables[0].Source != "built" {
		t.Fatalf("--rebuild: %+v", rep3)
	}
	// pdb info reads a file and reports the same.
	code, out4, _ := runCLI(t, "", "pdb", "info", rep.Tables[1].File, "--json")
	rep4 := decodeReport(t, out4)
	if code != 0 || len(rep4.Tables) != 1 || rep4.Tables[0].Source != "file" || rep4.Tables[0].Mean != rep.Tables[1].Mean ||
		len(rep4.Tables[0].Layers) != len(rep.Tables[1].Layers) {
		t.Fatalf("info: exit %d, %+v", code, rep4)
	}
}

func TestPDBBuildText(t *testing.T) {
	t.Setenv("SLIDELAB_CACHE", t.TempDir())
	code, out, errOut := runCLI(t, "", "pdb", "build", "--partition", "2,3/5", "--size", "3x2", "--goal", "blank-first")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"table 1/2: tiles 2,3 (3x2, blank-first)", "table 2/2: tiles 5", "histogram", "layers", "entries 30,", os.Getenv("SLIDELAB_CACHE")} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestPDBBuildReplacesBadCacheFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("SLIDELAB_CACHE", dir)
	args := []string{"pdb", "build", "--partition", "2,3/5", "--size", "3x2", "--json"}
	if code, _, errOut := runCLI(t, "", args...); code != 0 {
		t.Fatalf("first build: exit %d: %s", code, errOut)
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) != 2 {
		t.Fatalf("cache holds %v (%v), want two files", files, err)
	}
	if err := os.Truncate(files[0], 10); err != nil {
		t.Fatal(err)
	}
	wantOneRebuilt(t, args)
	code, out, _ := runCLI(t, "", args[:len(args)-1]...)
	if code != 0 || strings.Contains(out, "rebuilt") || strings.Count(out, "loaded in") != 2 {
		t.Errorf("third build (exit %d) should load both tables:\n%s", code, out)
	}
}

func TestPDBErrors(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "pdb", "build", "--partition", "44", "--cache", dir, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	file := decodeReport(t, out).Tables[0].File
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	corrupt := filepath.Join(dir, "corrupt.slpdb")
	bad := append([]byte(nil), data...)
	bad[len(bad)/2] ^= 1
	truncated := filepath.Join(dir, "truncated.slpdb")
	notPDB := filepath.Join(dir, "text.slpdb")
	for path, content := range map[string][]byte{corrupt: bad, truncated: data[:len(data)/2], notPDB: []byte("hello\n")} {
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"pdb", "info", corrupt}, 1, "corrupt"},
		{[]string{"pdb", "info", truncated, "--json"}, 1, "truncated"},
		{[]string{"pdb", "info", notPDB}, 1, "is not a Slidelab pattern database file"},
		{[]string{"pdb", "info", dir}, 1, "not a regular file (a directory)"},
		{[]string{"pdb", "info", filepath.Join(dir, "missing")}, 1, "no such file"},
		{[]string{"pdb", "info"}, 2, "missing FILE"},
		{[]string{"pdb"}, 2, "missing subcommand"},
		{[]string{"pdb", "frob"}, 2, "unknown subcommand"},
		{[]string{"pdb", "build", "--partition", "1,2/2,3", "--size", "3x3", "--cache", dir}, 2, "tile 2 is in group 1 and group 2"},
		{[]string{"pdb", "build", "--partition", "663", "--size", "3x3", "--cache", dir}, 2, "for 4x4"},
		{[]string{"pdb", "build", "--partition", "1,2,3,4,5,6,7,8,9", "--cache", dir}, 2, "limit"},
		{[]string{"pdb", "build", "--goal", "up", "--cache", dir}, 2, "--goal"},
		{[]string{"pdb", "build", "extra", "--cache", dir}, 2, "unexpected argument"},
		{[]string{"pdb", "export", "--partition", "44"}, 2, "--dir is required"},
		{[]string{"pdb", "build", "--partition", "44", "--cache", dir, "--png", filepath.Join(dir, "no", "f.png")}, 1, "cannot create a file in"},
		{[]string{"pdb", "build", "--partition", "44", "--cache", dir, "--histogram", dir}, 2, "must end in"},
		{[]string{"bench"}, 2, "missing target"},
		{[]string{"bench", "frob"}, 2, "unknown target"},
		{[]string{"bench", "pdb", "--runs", "0"}, 2, "between 1 and 1000"},
		{[]string{"bench", "pdb", "--runs", "1000000000"}, 2, "between 1 and 1000"},
		{[]string{"bench", "pdb", "--workers", "10000"}, 2, "between 1 and 256"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tc.args...)
			if code != tc.code || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d (want %d), stderr %q (want %q on one line)", code, tc.code, errOut, tc.want)
			}
		})
	}
}

func TestPDBExport(t *testing.T) {
	out := t.TempDir()
	code, stdout, errOut := runCLI(t, "", "pdb", "export", "--partition", "44", "--cache", t.TempDir(), "--dir", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files := strings.Fields(stdout)
	if len(files) != 2 || filepath.Base(files[0]) != "8|1,2,3,4.db" {
		t.Fatalf("exported %q", stdout)
	}
	for _, f := range files {
		st, err := os.Stat(f)
		if err != nil || st.Size() != 9*9*9*9 {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

func TestBenchPDB(t *testing.T) {
	code, out, errOut := runCLI(t, "", "bench", "pdb", "--partition", "44", "--runs", "2", "--loads", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res benchPDBResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 2 || len(res.Runs[0].Tables) != 2 || res.BestSeconds <= 0 || res.LoadSeconds <= 0 || res.CheckSeconds < res.LoadSeconds ||
		res.Partition != "1,2,3,4/5,6,7,8" || res.Size != "3x3" {
		t.Fatalf("%+v", res)
	}
	code, out, _ = runCLI(t, "", "bench", "pdb", "--partition", "44")
	if code != 0 || !strings.Contains(out, "load from cache") || !strings.Contains(out, "best build") {
		t.Fatalf("exit %d, %q", code, out)
	}
}

func TestPDBProgressOnTerminal(t *testing.T) {
	var out, errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, isTerminal: true}
	if code := run(context.Background(), e, []string{"pdb", "build", "--partition", "44", "--cache", t.TempDir()}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	progress := errb.String()
	if !strings.Contains(progress, "\r\033[Ktable 1/2 {1,2,3,4}: cost ") || !strings.Contains(progress, "table 2/2 {5,6,7,8}") ||
		!strings.HasSuffix(progress, "\r\033[K") || strings.Contains(progress, "\n") {
		t.Fatalf("progress on stderr: %q", progress)
	}
	if strings.Contains(out.String(), "\r") {
		t.Fatal("progress leaked into stdout")
	}
}

// TestJavaNamesAllowed: the Java generator's file names hold '|', which
// Windows refuses; pdb export says so before building anything there.
func TestJavaNamesAllowed(t *testing.T) {
	for _, tc := range []struct {
		goos string
		ok   bool
	}{{"linux", true}, {"darwin", true}, {"windows", false}} {
		err := javaNamesAllowed(tc.goos)
		if (err == nil) != tc.ok {
			t.Errorf("%s: %v", tc.goos, err)
		}
		if err != nil && !strings.Contains(err.Error(), "'|'") {
			t.Errorf("%s: the error %q does not say why", tc.goos, err)
		}
	}
}
