package checkview

import (
	"fmt"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// stepCount is the number of positions: the longer run's steps.
func (v *CheckView) stepCount() int {
	if v.out == nil {
		return 0
	}
	return max(len(v.out.student.steps), len(v.out.reference.steps))
}

// showNothing empties the runs (no trace, or one being checked).
func (v *CheckView) showNothing() {
	v.Pause()
	v.at, v.diffStep = 0, -1
	for _, l := range []*lane{v.Student, v.Reference} {
		l.Values.SetText("")
		l.Counts.SetText("")
		l.frame.Hide()
		l.applied = 0
		if l.tree != nil {
			l.tree.Reset(v.algorithm())
		}
	}
	v.Steps.UnselectAll()
	v.Steps.Refresh()
	v.enableSteps()
}

// showOutcome shows a finished check: the verdict, the summary, and the
// runs at their first step.
func (v *CheckView) showOutcome() {
	o := v.out
	d := o.result.Difference
	if d == nil {
		v.Verdict.SetText(fmt.Sprintf("PASS: the trace follows %v%s.", o.opts.Algorithm, withHeuristic(o.opts)))
	} else {
		// In the text colour (read on a projector in either theme); the
		// boards' frames mark the difference in colour.
		v.Verdict.SetText("FAIL " + d.Message)
		v.diffStep = o.student.stepOfLine(d.Line)
	}
	v.Student.Counts.SetText(studentCounts(o))
	v.Reference.Counts.SetText(referenceCounts(o))
	v.Steps.Refresh()
	v.goTo(0)
}

// withHeuristic names the heuristic for a verdict (none for BFS).
func withHeuristic(o tracecheck.Options) string {
	if o.Algorithm == search.BFS {
		return ""
	}
	return " with " + o.HeuristicName
}

// studentCounts gives the start and the counts of the trace, as `slidelab
// check` prints them.
func studentCounts(o *outcome) string {
	s := o.result.Summary
	text := fmt.Sprintf("Start %s (goal %v): %s events, %s expansions, %s generated", tracecheck.Show(o.result.Start), o.opts.Goal,
		toolkit.FormatCount(uint64(s.Events)), toolkit.FormatCount(uint64(s.Expansions)), toolkit.FormatCount(uint64(s.Generated)))
	switch {
	case o.result.Difference != nil:
		text += " (up to the difference)"
	case s.Found:
		text += fmt.Sprintf(", solution of %d moves", s.Length)
	}
	if o.student.truncated {
		text += fmt.Sprintf(". The view steps through its first %s expansions.", toolkit.FormatCount(maxSteps))
	}
	return text
}

// referenceCounts gives the reference's counts.
func referenceCounts(o *outcome) string {
	if len(o.reference.steps) == 0 {
		return fmt.Sprintf("Slidelab's %v is not run: the start cannot reach the goal.", o.opts.Algorithm)
	}
	text := fmt.Sprintf("Slidelab's %v%s: %s expansions, %s generated", o.opts.Algorithm, withHeuristic(o.opts),
		toolkit.FormatCount(o.ref.Expanded), toolkit.FormatCount(o.ref.Generated))
	if o.ref.Complete {
		text += fmt.Sprintf(", solution of %d moves", o.ref.Length)
	} else {
		text += " (stopped by its limit)"
	}
	if o.reference.truncated {
		text += fmt.Sprintf(". The view steps through its first %s expansions.", toolkit.FormatCount(maxSteps))
	}
	return text
}

// goTo shows step i of both runs (clamped to each run's end).
func (v *CheckView) goTo(i int) {
	n := v.stepCount()
	if n == 0 || i < 0 {
		v.enableSteps()
		return
	}
	v.at = min(i, n-1)
	v.showLane(v.Student, &v.out.student, v.at, v.at == v.diffStep)
	v.showLane(v.Reference, &v.out.reference, v.at, v.at == v.diffStep)
	if v.at < len(v.out.student.steps) {
		v.selecting = true
		v.Steps.Select(v.at)
		v.Steps.ScrollTo(v.at)
		v.selecting = false
	}
	pos := fmt.Sprintf("Expansion %s of %s", toolkit.FormatCount(uint64(v.at+1)), toolkit.FormatCount(uint64(n)))
	if v.at == v.diffStep {
		pos += ": the first difference"
	}
	v.Position.SetText(pos)
	v.enableSteps()
}

// showLane shows step i of r in l (its last step when r is shorter).
func (v *CheckView) showLane(l *lane, r *run, i int, diff bool) {
	toolkit.ShowIf(l.frame, diff)
	if len(r.steps) == 0 {
		l.Values.SetText("No expansions.")
		return
	}
	ended := i >= len(r.steps)
	i = min(i, len(r.steps)-1)
	s := r.steps[i]
	l.Board.SetBoard(s.board)
	text := fmt.Sprintf("#%d: g = %d, h = %d, f = %d", i+1, s.g, s.h, s.g+s.h)
	if s.line > 0 {
		text += fmt.Sprintf(" (line %d)", s.line)
	}
	if s.goal {
		text += "; the goal"
	}
	if ended {
		text += fmt.Sprintf("; this run ended after %d steps", len(r.steps))
	}
	if diff && l == v.Student {
		text += ". The first difference is here."
	} else if diff {
		text += ". Slidelab's run at the same expansion."
	}
	l.Values.SetText(text)
	if l.tree != nil && s.last > 0 {
		if s.last > l.applied {
			l.tree.Apply(r.events[l.applied:s.last])
			l.applied = s.last
		}
		seq, _ := r.seqAt(i)
		l.tree.ShowAt(seq, s.node)
	}
}

// stepText is row i of the list of the student's expansions.
func (v *CheckView) stepText(i int) string {
	if v.out == nil || i >= len(v.out.student.steps) {
		return ""
	}
	s := v.out.student.steps[i]
	mark := ""
	if i == v.diffStep {
		mark = "✗ "
	}
	what := "expand"
	if s.goal {
		what = "goal"
	}
	return fmt.Sprintf("%s%d. %s %s g=%d h=%d", mark, i+1, what, tracecheck.Show(s.board), s.g, s.h)
}

// enableSteps enables the step buttons that lead somewhere.
func (v *CheckView) enableSteps() {
	n := v.stepCount()
	toolkit.Enable(v.StartButton, n > 0 && v.at > 0)
	toolkit.Enable(v.BackButton, n > 0 && v.at > 0)
	toolkit.Enable(v.StepButton, v.at < n-1)
	toolkit.Enable(v.EndButton, v.at < n-1)
	toolkit.Enable(v.PlayButton, n > 1)
	toolkit.Enable(v.DiffButton, n > 0 && v.diffStep >= 0 && v.at != v.diffStep)
	if n == 0 {
		v.Position.SetText("")
	}
}
