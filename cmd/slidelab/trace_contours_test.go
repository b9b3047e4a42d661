package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// documentedContoursColumns returns the column names of the Contours CSV
// table in docs/formats.md.
func documentedContoursColumns(t *testing.T) []string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Contours CSV\n")
	if !ok {
		t.Fatal("docs/formats.md has no Contours CSV section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var cols []string
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "| `") {
			name, _, _ := strings.Cut(strings.TrimPrefix(line, "| `"), "`")
			cols = append(cols, name)
		}
	}
	return cols
}

// readContours parses contour CSV: the header, then rows of numbers.
func readContours(t *testing.T, text string) [][3]uint64 {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("contour csv %q: %v", text, err)
	}
	if !reflect.DeepEqual(recs[0], contoursCSVHeader) {
		t.Fatalf("header %v, want %v", recs[0], contoursCSVHeader)
	}
	var rows [][3]uint64
	for _, rec := range recs[1:] {
		var row [3]uint64
		for i, v := range rec {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				t.Fatalf("row %v: %v", rec, err)
			}
			row[i] = n
		}
		rows = append(rows, row)
	}
	return rows
}

// TestTraceContours checks trace --contours against the published columns
// and against solve: the contours add up to solve's counts, are in
// increasing f, and IDA*'s are its iterations.
func TestTraceContours(t *testing.T) {
	if got := documentedContoursColumns(t); !reflect.DeepEqual(got, contoursCSVHeader) {
		t.Errorf("docs/formats.md lists columns %v, the command writes %v", got, contoursCSVHeader)
	}
	dir := t.TempDir()
	board := "8 6 7 / 2 5 4 / 3 0 1"
	for _, tc := range []struct{ alg, heuristic string }{
		{"a*", "manhattan"}, {"ida*", "manhattan"}, {"a*", "pdb:44"}, {"bfs", "manhattan"}, {"greedy", "lc"}, {"ida*", "lc-pairs"},
	} {
		if raceForm() && tc.heuristic != "manhattan" {
			continue // the race form (raceForm) keeps a*, ida* and bfs with Manhattan distance: the same counting in one goroutine
		}
		code, out, errText := runCLI(t, "", "trace", "--algorithm", tc.alg, "--heuristic", tc.heuristic, "--cache", dir, "--contours", "-", board)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", tc, code, errText)
		}
		rows := readContours(t, out)
		code, out, _ = runCLI(t, "", "solve", "--json", "--iterations", "--workers", "1", "--algorithm", tc.alg, "--heuristic", tc.heuristic, "--cache", dir, board)
		var sol struct{ Expanded, Generated uint64 }
		if err := json.Unmarshal([]byte(out), &sol); err != nil || code != exitOK {
			t.Fatalf("solve: exit %d, %v", code, err)
		}
		var exp, gen uint64
		for i, r := range rows {
			exp += r[1]
			gen += r[2]
			if i > 0 && r[0] <= rows[i-1][0] {
				t.Errorf("%v: contours out of order: %v", tc, rows)
			}
		}
		if exp != sol.Expanded || gen != sol.Generated {
			t.Errorf("%v: contours add up to %d, %d; solve %d, %d", tc, exp, gen, sol.Expanded, sol.Generated)
		}
		if tc.alg == "ida*" && tc.heuristic == "manhattan" {
			_, text, _ := runCLI(t, "", "solve", "--iterations", "--workers", "1", "--heuristic", "manhattan", board)
			for _, r := range rows {
				want := "iteration bound " + strconv.FormatUint(r[0], 10) + ": expanded " + strconv.FormatUint(r[1], 10) +
					", generated " + strconv.FormatUint(r[2], 10)
				if !strings.Contains(text, want) {
					t.Errorf("solve --iterations lacks %q:\n%s", want, text)
				}
			}
		}
	}
	// Files: CSV with the table on stdout, and a chart.
	csvPath, pngPath := filepath.Join(dir, "c.csv"), filepath.Join(dir, "c.png")
	code, out, _ := runCLI(t, "", "trace", "--algorithm", "a*", "--heuristic", "md", "--contours", csvPath, board)
	data, err := os.ReadFile(csvPath)
	if code != exitOK || err != nil || !strings.Contains(out, "f-contours · a* · manhattan") || !strings.Contains(out, "total") {
		t.Fatalf("csv file: exit %d, %v, stdout %q", code, err, out)
	}
	readContours(t, string(data))
	code, _, errText := runCLI(t, "", "trace", "--heuristic", "lc-pairs", "--contours", pngPath, "--chart-size", "400x300", board)
	if png, err := os.ReadFile(pngPath); code != exitOK || err != nil || !strings.HasPrefix(string(png), "\x89PNG") {
		t.Errorf("png: exit %d, %v, %s", code, err, errText)
	}
	// A limit: partial contours and a warning.
	code, out, errText = runCLI(t, "", "trace", "--heuristic", "md", "--limit", "50", "--contours", "-", board)
	if code != exitOK || !strings.Contains(errText, "the contours are partial") || len(readContours(t, out)) == 0 {
		t.Errorf("limit: exit %d, %q, %q", code, out, errText)
	}
}

// TestTraceContoursErrors: bad names and unwritable files are refused
// before the search.
func TestTraceContoursErrors(t *testing.T) {
	dir := t.TempDir()
	board := "1 2 3 / 4 5 6 / 0 7 8"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--contours", filepath.Join(dir, "x.txt"), board}, exitUsage, "must end in .csv, .png, .svg or .pdf"},
		{[]string{"--contours", filepath.Join(dir, "x"), board}, exitUsage, "must end in"},
		{[]string{"--contours", filepath.Join(dir, "none", "x.csv"), board}, exitFailure, "--contours"},
		{[]string{"--contours", dir + "/", board}, exitUsage, "must end in"},
		{[]string{"--contours", "-", "--pseudocode", "a*"}, exitUsage, "not both"},
		{[]string{"--contours", "-", "--chart-size", "9x9", board}, exitUsage, "--chart-size"},
		{[]string{"--contours", "-"}, exitUsage, "no board"},
	} {
		code, _, errText := runCLI(t, "", append([]string{"trace"}, tc.args...)...)
		if code != tc.code || !strings.Contains(errText, tc.want) {
			t.Errorf("%v: exit %d, %q; want %d, %q", tc.args, code, errText, tc.code, tc.want)
		}
	}
}
