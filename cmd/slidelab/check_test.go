package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCheckCommand covers check's exit statuses (0 pass, 1 fail or an
// unreadable file, 2 usage or not a trace) and its messages, with hostile
// inputs: a device, a directory, a 10 MB line, zeros on stdin, deep nesting.
func TestCheckCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	_, good, _ := runCLI(t, "", "trace", "--algorithm", "a*", "--heuristic", "manhattan", "8 1 3 / 4 0 2 / 7 6 5")
	goodFile := write("good.jsonl", good)
	bad := write("bad.jsonl", `{"board":"4 1 3 / 7 2 6 / 0 5 8","g":0}`+"\n"+`{"board":"4 1 3 / 0 2 6 / 7 5 8","g":3}`+"\n")
	notTrace := write("notes.txt", "Dear TA,\nhere is my homework.\n")
	long := write("long.jsonl", `{"board":"4 1 3 / 7 2 6 / 0 5 8","g":0}`+"\n"+strings.Repeat("x", 10<<20)+"\n")
	deep := write("deep.jsonl", `{"board":`+strings.Repeat("[", 7000)+strings.Repeat("]", 7000)+`,"g":0}`+"\n")
	astar := []string{"check", "--algorithm", "a*"}
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string // prefix of stdout
		err   string // part of stderr
	}{
		{"pass", "", append(astar, goodFile), 0, "PASS the trace follows a* with manhattan\nstart:     8 1 3 / 4 _ 2 / 7 6 5 (goal blank-last)\n", ""},
		{"pass stdin", good, append(astar, "--strict-order", "-"), 0, "PASS ", ""},
		{"fail", "", append(astar, bad), 1, "FAIL expansion 2 (line 2): you expanded 4 1 3 / _ 2 6 / 7 5 8 with g = 3, but your search had already reached it with g = 1 and A* keeps the shorter path.\n",
			"slidelab check: the trace does not pass: expansion 2 (line 2)"},
		{"other start", "", append(astar, "--board", "1 2 3 / 4 5 6 / 0 7 8", goodFile), 1,
			"FAIL line 2: a search starts at its start 1 2 3 / 4 5 6 / _ 7 8 with g = 0, but your first expansion is 8 1 3 / 4 _ 2 / 7 6 5 with g = 0.", ""},
		{"wrong algorithm", "", []string{"check", "--algorithm", "ida*", goodFile}, 1, "FAIL ", ""},
		{"no algorithm", "", []string{"check", goodFile}, 2, "", "give --algorithm"},
		{"bad algorithm", "", []string{"check", "--algorithm", "dfs", goodFile}, 2, "", "--algorithm"},
		{"no file", "", astar, 2, "", "give one trace file (or - for standard input), got 0 arguments"},
		{"two files", "", append(astar, goodFile, goodFile), 2, "", "got 2 arguments"},
		{"max events 0", "", append(astar, "--max-events", "0", goodFile), 2, "", "--max-events 0: must be between 1 and 1000000000"},
		{"max events huge", "", append(astar, "--max-events", "99999999999999999999", goodFile), 2, "", "max-events"},
		{"max events reached", "", append(astar, "--max-events", "3", goodFile), 1, "", "the trace has more than 3 events"},
		{"not a trace", "", append(astar, notTrace), 2, "", "is not a valid trace: line 1: not a JSON object: a trace line starts with '{'"},
		{"long line", "", append(astar, long), 2, "", "line 2: the line is longer than 16384 bytes"},
		{"deep nesting", "", append(astar, deep), 2, "", "line 1: field \"board\": cell 1: must be a whole number"},
		{"zeros on stdin", strings.Repeat("\x00", 1<<20), append(astar, "-"), 2, "", "line 1: the line is longer than 16384 bytes"},
		{"empty stdin", "", append(astar, "-"), 2, "", "the trace has no events"},
		{"device", "", append(astar, "/dev/zero"), 1, "", "/dev/zero: not a regular file"},
		{"directory", "", append(astar, dir), 1, "", "not a regular file (a directory)"},
		{"directory json", "", append(astar, "--json", dir), 1, `{"format":"slidelab-check","version":1,"verdict":"error","strict_order":false,"difference":null,"error":{"line":0,"field":"","message":"`, "not a regular file (a directory)"},
		{"missing", "", append(astar, filepath.Join(dir, "none.jsonl")), 1, "", "no such file"},
		{"bad board flag", "", append(astar, "--board", "1 2 3", goodFile), 2, "", "--board"},
		{"bad heuristic", "", append(astar, "--heuristic", "nope", goodFile), 2, "", "--heuristic"},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, tc.stdin, tc.args...)
		if code != tc.code || !strings.HasPrefix(out, tc.out) || !strings.Contains(errOut, tc.err) {
			t.Errorf("%s: exit %d (want %d)\nstdout %q\nstderr %q", tc.name, code, tc.code, out, errOut)
		}
		if code == 2 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: stderr is not one line: %q", tc.name, errOut)
		}
	}
}

// TestCheckJSONReport checks --json: one object with the documented keys
// (docs/formats-trace.md#the-check-report), for a pass, a fail and a file
// that is not a trace.
func TestCheckJSONReport(t *testing.T) {
	_, good, _ := runCLI(t, "", "trace", "--algorithm", "ida*", "--heuristic", "manhattan", "4 1 3 / 7 2 6 / 0 5 8")
	cases := []struct {
		stdin   string
		code    int
		verdict string
		keys    string
	}{
		{good, 0, "pass", "algorithm difference format goal heuristic reference start strict_order trace verdict version"},
		{strings.Replace(good, `"g":1`, `"g":2`, 1), 1, "fail", "algorithm difference format goal heuristic reference start strict_order trace verdict version"},
		{"not json\n", 2, "invalid", "difference error format strict_order verdict version"},
		{strings.Repeat("\x00", 20000), 2, "invalid", "difference error format strict_order verdict version"},
	}
	for _, tc := range cases {
		code, out, _ := runCLI(t, tc.stdin, "check", "--algorithm", "ida*", "--json", "-")
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &m); err != nil || code != tc.code || strings.Count(out, "\n") != 1 {
			t.Fatalf("exit %d, %q: %v", code, out, err)
		}
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if got := strings.Join(keys, " "); got != tc.keys || string(m["verdict"]) != `"`+tc.verdict+`"` {
			t.Errorf("verdict %s keys %q, want %s %q", m["verdict"], got, tc.verdict, tc.keys)
		}
		if tc.verdict == "fail" {
			var d checkDiff
			if err := json.Unmarshal(m["difference"], &d); err != nil || d.Rule == "" || d.Line == 0 || !strings.HasPrefix(d.Message, "expansion ") {
				t.Errorf("difference %s: %v", m["difference"], err)
			}
		}
	}
}

// TestCheckDrainsStdin checks that a program piping a long failing trace
// into check is not cut off by a broken pipe: check reads standard input to
// its end (up to drainLimit) after deciding.
func TestCheckDrainsStdin(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	line := `{"board":"4 1 3 / 7 2 6 / 0 5 8","g":0,"h":99}` + "\n"
	done := make(chan error, 1)
	go func() {
		_, err := w.Write([]byte(strings.Repeat(line, 20000))) // 1 MB, far beyond a pipe's buffer
		w.Close()
		done <- err
	}()
	var out, errb strings.Builder
	code := run(context.Background(), &env{stdin: r, stdout: &out, stderr: &errb}, []string{"check", "--algorithm", "a*", "-"})
	r.Close()
	if err := <-done; code != 1 || err != nil {
		t.Fatalf("exit %d, writer: %v\n%s%s", code, err, out.String(), errb.String())
	}
}
