package checkview

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// TestHostileFiles opens what is not a trace: each gives a clear message
// in the view, never a hang or a crash, and leaves nothing to step.
func TestHostileFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, "fifo")
	if err := makeFIFO(fifo); err != nil {
		t.Logf("no FIFO here: %v", err)
		fifo = ""
	}
	cases := []struct{ name, path, want string }{
		{"missing", filepath.Join(dir, "nope.jsonl"), "no such file"},
		{"empty", write("empty.jsonl", ""), "no events"},
		{"session file", write("s.slidelab", "{\n  \"format\": \"slidelab-session\"\n}\n"), "line 1: not valid JSON"},
		{"10 MB line", write("long.jsonl", `{"board":"`+strings.Repeat("1 ", 5<<20)+`"}`), "longer than 16384 bytes"},
		{"deep nesting", write("deep.jsonl", `{"board":`+strings.Repeat("[", 5000)+"\n"), "line 1: not valid JSON"},
		{"binary", write("bin.jsonl", "\x00\x01\x02{"), "Not a valid trace"},
		{"unsolvable", write("odd.jsonl", `{"board":"2 1 3 / 4 5 6 / 7 8 0","g":0}`+"\n"), "cannot reach the goal"},
		{"a folder", dir, "directory"},
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases = append(cases, struct{ name, path, want string }{"/dev/zero", "/dev/zero", "character device"})
	}
	if fifo != "" {
		cases = append(cases, struct{ name, path, want string }{"FIFO", fifo, "FIFO"})
	}
	q, v, _ := newTestView(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q.Wait(t, v.Open(tc.path))
			q.Wait(t, v.Runs.Done())
			if !strings.Contains(v.Verdict.Text, tc.want) {
				t.Errorf("verdict %q, want it to say %q", v.Verdict.Text, tc.want)
			}
			if (v.stepCount() != 0) != (tc.name == "unsolvable") || !v.StepButton.Disabled() || v.Progress.Visible() {
				t.Errorf("%d steps, Step enabled %v, progress shown %v", v.stepCount(), !v.StepButton.Disabled(), v.Progress.Visible())
			}
		})
	}
}

// endless is a trace that never ends: the start, then (blanks false) the
// same expansion over and over, a difference at once, or (blanks true)
// blank lines, which hold no event.
type endless struct {
	n      int
	blanks bool
}

func (e *endless) Read(p []byte) (int, error) {
	line := `{"board":"1 2 3 / 4 5 6 / 7 0 8","g":1}` + "\n"
	switch {
	case e.n == 0:
		line = `{"board":"1 2 3 / 4 5 6 / 0 7 8","g":0}` + "\n"
	case e.blanks:
		line = "\n"
	}
	e.n++
	if len(p) < len(line) {
		return 0, io.ErrShortBuffer
	}
	return copy(p, line), nil
}

func endlessSource(blanks bool) source {
	return source{name: "endless", open: func() (io.ReadCloser, int64, error) {
		return io.NopCloser(&endless{blanks: blanks}), -1, nil
	}}
}

// TestCancelEndlessTrace cancels the check of a trace that does not end:
// the job stops and says so.
func TestCancelEndlessTrace(t *testing.T) {
	q, v, _ := newTestView(t)
	q.Wait(t, v.openSource(endlessSource(true)))
	done := v.Runs.Done()
	if !v.Runs.Running() || !v.CancelButton.Visible() {
		t.Fatal("the check is not running with Cancel shown")
	}
	test.Tap(v.CancelButton)
	q.Wait(t, done)
	if !strings.Contains(v.Verdict.Text, "cancelled") || v.CancelButton.Visible() {
		t.Errorf("verdict %q, Cancel shown %v", v.Verdict.Text, v.CancelButton.Visible())
	}
}

// TestEndlessTraceWithADifference checks the view's bound: a trace that
// never ends but goes wrong at once is read until the view has kept its
// maxSteps expansions, and no further.
func TestEndlessTraceWithADifference(t *testing.T) {
	q, v, _ := newTestView(t)
	q.Wait(t, v.openSource(endlessSource(false)))
	q.Wait(t, v.Runs.Done())
	if !strings.HasPrefix(v.Verdict.Text, "FAIL expansion 3 (line 3)") || len(v.out.student.steps) != maxSteps || !v.out.student.truncated {
		t.Errorf("verdict %q, %d steps kept (truncated %v)", v.Verdict.Text, len(v.out.student.steps), v.out.student.truncated)
	}
	if !strings.Contains(v.Student.Counts.Text, "first 20,000 expansions") {
		t.Errorf("counts %q do not say the view keeps part", v.Student.Counts.Text)
	}
}

// TestStepping steps through a failing trace: Step, Back, Start, End and
// the jump, each button enabled only where it leads somewhere; the trees
// get the runs' events in order and show the step's node.
func TestStepping(t *testing.T) {
	q, v, trees := newTestView(t)
	openFixture(t, q, v, "no-closed.jsonl", "A*")
	n := v.stepCount()
	if v.at != 0 || !v.BackButton.Disabled() || !v.StartButton.Disabled() || v.StepButton.Disabled() || v.DiffButton.Disabled() {
		t.Fatalf("at the start: at %d, back %v start %v step %v diff %v", v.at, v.BackButton.Disabled(), v.StartButton.Disabled(),
			v.StepButton.Disabled(), v.DiffButton.Disabled())
	}
	for i := 1; i <= 3; i++ {
		test.Tap(v.StepButton)
		if v.at != i {
			t.Fatalf("after %d steps at %d", i, v.at)
		}
	}
	test.Tap(v.BackButton)
	if v.at != 2 || v.Student.frame.Visible() {
		t.Errorf("after Back at %d (difference frame %v)", v.at, v.Student.frame.Visible())
	}
	test.Tap(v.EndButton)
	if v.at != n-1 || !v.StepButton.Disabled() || !v.EndButton.Disabled() {
		t.Errorf("after End at %d of %d, step %v end %v", v.at, n, v.StepButton.Disabled(), v.EndButton.Disabled())
	}
	for k, tr := range trees {
		r := []*run{&v.out.student, &v.out.reference}[k]
		last := min(v.at, len(r.steps)-1)
		if len(tr.events) != r.steps[last].last || tr.cur != r.steps[last].node {
			t.Errorf("tree %d: %d events applied, node %d shown; want %d, %d", k, len(tr.events), tr.cur, r.steps[last].last, r.steps[last].node)
		}
		for i, e := range tr.events {
			if e.Seq != uint64(i) {
				t.Fatalf("tree %d: event %d has seq %d", k, i, e.Seq)
			}
		}
	}
	test.Tap(v.StartButton)
	if v.at != 0 || trees[0].seq != v.out.student.events[v.out.student.steps[0].last-1].Seq {
		t.Errorf("after Start at %d, tree at seq %d", v.at, trees[0].seq)
	}
	v.Steps.Select(5) // a tap on a row
	if v.at != 5 {
		t.Errorf("a tap on row 5 went to %d", v.at)
	}
	v.Player.SetSpeed(toolkit.MaxSpeed)
	test.Tap(v.PlayButton)
	if v.PlayButton.Text != "Pause (P)" {
		t.Errorf("playing, the button says %q", v.PlayButton.Text)
	}
	q.Until(t, func() bool { return v.at >= 8 })
	test.Tap(v.PlayButton)
	at := v.at
	q.Drain()
	if !(at > 5 && at < n-1) || v.at != at || v.Player.Playing() || v.PlayButton.Text != "Play (P)" {
		t.Errorf("Play then Pause: at %d then %d of %d, playing %v, %q", at, v.at, n, v.Player.Playing(), v.PlayButton.Text)
	}
}

// TestCutOffTrace opens traces whose program was killed mid-line: after
// the first difference the cut line does not matter (the verdict is the
// difference, as `slidelab check` says it); before it, the trace is not
// valid and the message names the line.
func TestCutOffTrace(t *testing.T) {
	wrong, err := os.ReadFile(filepath.Join("testdata", "wrong-h.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(wrong), "\n")
	dir := t.TempDir()
	after := filepath.Join(dir, "after.jsonl")
	before := filepath.Join(dir, "before.jsonl")
	if os.WriteFile(after, []byte(strings.Join(lines[:5], "")+`{"event": "expand", "board": [8, 1`), 0o644) != nil ||
		os.WriteFile(before, []byte(lines[0]+`{"event": "expand", "board": [8, 1`), 0o644) != nil {
		t.Fatal("cannot write the traces")
	}
	q, v, _ := newTestView(t)
	for _, tc := range []struct{ path, want string }{
		{after, "FAIL expansion 1 (line 2): you gave h = 12"},
		{before, "Not a valid trace: before.jsonl: line 2:"},
	} {
		q.Wait(t, v.Open(tc.path))
		q.Wait(t, v.Runs.Done())
		if !strings.HasPrefix(v.Verdict.Text, tc.want) {
			t.Errorf("%s: verdict %q, want %q", filepath.Base(tc.path), v.Verdict.Text, tc.want)
		}
	}
}
