package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/lesson"
)

func TestLessonList(t *testing.T) {
	code, out, errOut := runCLI(t, "", "lesson", "list")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, b := range lesson.Builtins() {
		if !strings.Contains(out, b.Name) || !strings.Contains(out, b.Title) {
			t.Errorf("list lacks %s (%s): %q", b.Name, b.Title, out)
		}
	}
}

func TestLessonCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.md")
	os.WriteFile(good, []byte("# A\n\n```slidelab\nboard: 1 2 3 / 4 0 6 / 7 5 8\nalgorithm: a*\nat: goal\n"+
		"question: How long?\nanswer: {{length}}\n```\n\n{{expanded}} boards.\n"), 0o644)
	bad := filepath.Join(dir, "bad.md")
	os.WriteFile(bad, []byte("# A\n\n```slidelab\nheuristic: manhatan\nview: serch\n```\n\n{{expandd}}\n"), 0o644)
	slow := filepath.Join(dir, "slow.md")
	os.WriteFile(slow, []byte("# A\n\n```slidelab\nsize: 4x4\nboard: hardest80:1\nalgorithm: bfs\nat: goal\n```\n"), 0o644)
	binary := filepath.Join(dir, "bin.md")
	os.WriteFile(binary, []byte{0x7f, 'E', 'L', 'F', 0, 1, 2}, 0o644)
	huge := filepath.Join(dir, "huge.md")
	os.WriteFile(huge, bytes.Repeat([]byte("# x\n"), lesson.MaxBytes/4+1), 0o644)
	deep := filepath.Join(dir, "deep.md")
	os.WriteFile(deep, []byte("# A\n"+strings.Repeat("> ", 5000)+"x\n"), 0o644)
	tests := []struct {
		args  []string
		code  int
		lines []string
	}{
		{[]string{"lesson", "check", good}, exitOK, []string{good + ": ok: 1 parts, 1 question"}},
		{[]string{"lesson", "check", "puzzle"}, exitOK, []string{"puzzle: ok"}},
		{[]string{"lesson", "check", bad}, exitFailure, []string{
			bad + ": line 4: unknown heuristic 'manhatan' (did you mean manhattan?)",
			bad + ": line 5: unknown view 'serch' (did you mean search?)",
			bad + ": line 8: unknown placeholder '{{expandd}}' (did you mean {{expanded}}?)",
			"slidelab lesson: " + bad + ": 3 errors"}},
		{[]string{"lesson", "check", slow, "--node-limit", "1000"}, exitFailure, []string{slow + ": line 7: the search stopped"}},
		{[]string{"lesson", "check", binary}, exitFailure, []string{"a NUL byte"}},
		{[]string{"lesson", "check", huge}, exitFailure, []string{"larger than"}},
		{[]string{"lesson", "check", deep}, exitFailure, []string{"line 2: nested 7500 deep"}},
		{[]string{"lesson", "check", dir}, exitFailure, []string{"not a regular file (a directory)"}},
		{[]string{"lesson", "check", "/dev/zero"}, exitFailure, []string{"not a regular file"}},
		{[]string{"lesson", "check", "astr"}, exitFailure, []string{"unknown lesson 'astr' (did you mean astar?)"}},
		{[]string{"lesson", "check", filepath.Join(dir, "missing.md")}, exitFailure, []string{"no such file"}},
		{[]string{"lesson", "check"}, exitUsage, []string{"want one lesson"}},
		{[]string{"lesson", "check", good, "--node-limit", "0"}, exitUsage, []string{"--node-limit 0: must be between"}},
		{[]string{"lesson"}, exitUsage, []string{"missing subcommand"}},
		{[]string{"lesson", "lint"}, exitUsage, []string{"unknown subcommand"}},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args[1:], " "), func(t *testing.T) {
			if tc.args[len(tc.args)-1] == "/dev/zero" {
				if _, err := os.Stat("/dev/zero"); err != nil {
					t.Skip("no /dev/zero")
				}
			}
			code, out, errOut := runCLI(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stdout %q, stderr %q)", code, tc.code, out, errOut)
			}
			all := out + errOut
			for _, l := range tc.lines {
				if !strings.Contains(all, l+"") {
					t.Errorf("output %q lacks %q", all, l)
				}
			}
			if code != exitOK && code != exitUsage {
				for _, l := range strings.Split(strings.TrimSpace(errOut), "\n") {
					if !strings.HasPrefix(l, tc.args[2]+": ") && !strings.HasPrefix(l, "slidelab lesson: ") {
						t.Errorf("error line %q names neither the lesson nor the command", l)
					}
				}
			}
		})
	}
}

func TestLessonExport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "mine.md")
	if code, _, errOut := runCLI(t, "", "lesson", "export", "astar", path); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(path)
	src, _ := lesson.BuiltinSource("astar")
	if err != nil || !bytes.Equal(data, src) {
		t.Fatalf("exported %d bytes (%v), want the lesson's %d", len(data), err, len(src))
	}
	if code, out, _ := runCLI(t, "", "lesson", "check", path); code != exitOK {
		t.Errorf("the exported lesson does not check: %s", out)
	}
	if code, out, _ := runCLI(t, "", "lesson", "export", "puzzle", "-"); code != exitOK || !strings.HasPrefix(out, "# The sliding-tile puzzle") {
		t.Errorf("export to stdout: exit %d, %q", code, out[:min(len(out), 40)])
	}
	if code, _, errOut := runCLI(t, "", "lesson", "export", "astr", path); code != exitUsage || !strings.Contains(errOut, "did you mean astar") {
		t.Errorf("unknown lesson: exit %d, %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "", "lesson", "export", "astar", filepath.Join(dir, "no", "such", "dir.md")); code != exitFailure {
		t.Errorf("unwritable path: exit %d", code)
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d files in the folder, want 1", len(es))
	}
}

func TestLessonRender(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "l.md")
	os.WriteFile(src, []byte("# A\n\n```slidelab\nboard: random walk 20 seed 3\nalgorithm: ida*\nat: goal\n```\n\n{{expanded}} expanded.\n"), 0o644)
	out := filepath.Join(dir, "handout")
	code, stdout, errOut := runCLI(t, "", "lesson", "render", src, "--html", out, "--size", "160")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(stdout, "1 parts, 2 pictures") {
		t.Errorf("stdout %q", stdout)
	}
	for _, f := range []string{"index.html", "part-01-board.png", "part-01-search.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"lesson", "render", src}, exitUsage},
		{[]string{"lesson", "render", src, "--html", out, "--size", "5"}, exitUsage},
		{[]string{"lesson", "render", src, "--html", dir}, exitFailure}, // a folder of other files
		{[]string{"lesson", "render", "astr", "--html", filepath.Join(dir, "x")}, exitFailure},
	}
	for _, tc := range tests {
		if code, _, errOut := runCLI(t, "", tc.args...); code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, errOut)
		}
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	var o, e bytes.Buffer
	if code := run(cancelled, &env{stdin: strings.NewReader(""), stdout: &o, stderr: &e}, []string{"lesson", "render", src, "--html", filepath.Join(dir, "c")}); code != exitInterrupted {
		t.Errorf("cancelled: exit %d (%s)", code, e.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "c")); err == nil {
		t.Error("a cancelled render left a folder")
	}
}
