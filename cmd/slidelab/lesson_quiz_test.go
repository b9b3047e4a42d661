package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/quiz"
)

const exerciseLesson = "# Practice\n\n```slidelab\nexercise: manhattan seed 7\n```\n\nOne.\n\n## Two\n\n" +
	"```slidelab\nexercise: solvable seed 3 count 2\n```\n\nTwo more.\n"

// TestLessonQuizMatchesGenerator: the bank of a lesson's exercises is the
// bank of the generator's own questions for the same kinds, levels and
// seeds, byte for byte.
func TestLessonQuizMatchesGenerator(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ex.md")
	os.WriteFile(path, []byte(exerciseLesson), 0o644)
	g := exercise.NewGenerator()
	var qs []exercise.Question
	for _, p := range []struct {
		kind string
		seed uint64
	}{{"manhattan", 7}, {"solvable", 3}, {"solvable", 4}} {
		q, err := g.Generate(p.kind, 1, p.seed)
		if err != nil {
			t.Fatal(err)
		}
		qs = append(qs, q)
	}
	for _, format := range quiz.Formats {
		var want bytes.Buffer
		if err := quiz.Write(context.Background(), &want, format, quiz.Bank{Title: "Practice", Kinds: "manhattan:1,solvable:1", Questions: qs}); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runCLI(t, "", "lesson", "quiz", "--format", format, path)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		if out != want.String() {
			t.Errorf("%s: the lesson's bank differs from the generator's (%d bytes, want %d)", format, len(out), want.Len())
		}
	}
	outFile := filepath.Join(dir, "bank.gift")
	code, out, errOut := runCLI(t, "", "lesson", "quiz", "--out", outFile, "--title", "Week 3", path)
	if code != exitOK || !strings.Contains(out, "wrote "+outFile+": 3 questions, gift") {
		t.Fatalf("--out: exit %d, %q %q", code, out, errOut)
	}
	if data, err := os.ReadFile(outFile); err != nil || !strings.HasPrefix(string(data), "// Week 3\n") {
		t.Errorf("--out file: %v, %q", err, data[:min(len(data), 40)])
	}
	if code, out, _ := runCLI(t, "", "lesson", "check", path); code != exitOK || !strings.Contains(out, "2 parts, 0 questions, 3 exercises") {
		t.Errorf("check: exit %d, %q", code, out)
	}
}

func TestLessonQuizErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "ex.md")
	os.WriteFile(good, []byte(exerciseLesson), 0o644)
	none := filepath.Join(dir, "none.md")
	os.WriteFile(none, []byte("# Nothing\n\ntext\n"), 0o644)
	bad := filepath.Join(dir, "bad.md")
	os.WriteFile(bad, []byte("# A\n\n```slidelab\nexercise: manhatan\nexercise: ida-bound board\n```\n"), 0o644)
	tests := []struct {
		args  []string
		code  int
		lines []string
	}{
		{[]string{"lesson", "quiz", none}, exitFailure, []string{"the lesson has no exercises"}},
		{[]string{"lesson", "quiz", bad}, exitFailure, []string{
			bad + ": line 4: exercise: unknown exercise kind 'manhatan' (did you mean manhattan?)",
			bad + ": line 5: exercise: ida-bound makes its own board"}},
		{[]string{"lesson", "check", bad}, exitFailure, []string{bad + ": line 4: exercise: unknown exercise kind"}},
		{[]string{"lesson", "quiz", "/dev/zero"}, exitFailure, []string{"not a regular file"}},
		{[]string{"lesson", "quiz", "--format", "docx", good}, exitUsage, []string{"--format \"docx\""}},
		{[]string{"lesson", "quiz", "--title", strings.Repeat("x", 300), good}, exitUsage, []string{"--title"}},
		{[]string{"lesson", "quiz", "--out", filepath.Join(dir, "no", "dir", "b.gift"), good}, exitFailure, []string{"--out"}},
		{[]string{"lesson", "quiz"}, exitUsage, []string{"want one lesson"}},
		{[]string{"lesson", "quiz", good, "--node-limit", "-5"}, exitUsage, []string{"--node-limit"}},
	}
	for _, tc := range tests {
		code, out, errOut := runCLI(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d (%q %q)", tc.args[1:], code, tc.code, out, errOut)
			continue
		}
		for _, l := range tc.lines {
			if !strings.Contains(out+errOut, l) {
				t.Errorf("%v: output %q lacks %q", tc.args[1:], out+errOut, l)
			}
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 3 {
		t.Errorf("%d files in the folder, want 3 (a failed run wrote something)", len(es))
	}
}

func TestLessonRenderExercises(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ex.md")
	os.WriteFile(path, []byte(exerciseLesson), 0o644)
	out := filepath.Join(dir, "html")
	if code, _, errOut := runCLI(t, "", "lesson", "render", "--html", out, "--size", "120", path); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	page, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`id="ex-1-1"`, `id="ex-2-2"`, "part-02-ex-02-1.png", "<details><summary>Answer</summary>"} {
		if !strings.Contains(string(page), w) {
			t.Errorf("index.html lacks %q", w)
		}
	}
}
