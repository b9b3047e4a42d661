package searchview

import (
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// markedLines returns the lines whose number column carries mark.
func markedLines(c *CodePanel, mark string) []int {
	var lines []int
	for i, l := range c.Lines {
		if strings.HasPrefix(l.Num.Text, mark) {
			lines = append(lines, i+1)
		}
	}
	return lines
}

// TestCodeLineFollowsTrace: the code panel lists each algorithm's
// pseudocode, and while stepping (and stepping back) highlights the line
// of the trace's last event and marks the lines gone through. The race
// form (raceForm) keeps its smallest case, A* for 40 steps: the panel is
// the test goroutine's alone; make test-short and make test-full step all
// four algorithms 300 times.
func TestCodeLineFollowsTrace(t *testing.T) {
	algs, steps := catalog.AlgorithmLabels, 300
	if raceForm() {
		algs, steps = algs[1:2], 40 // A*
	}
	for _, alg := range algs {
		t.Run(alg.Label, func(t *testing.T) {
			v := newTestView(t)
			s, c := v.search, v.code
			v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
			s.AlgorithmSelect.SetSelected(alg.Label)
			code := search.Pseudocode(alg.Alg)
			if len(c.Lines) != len(code) || !strings.Contains(c.Title.Text, alg.Label) {
				t.Fatalf("panel shows %d lines titled %q, want the %d of %s", len(c.Lines), c.Title.Text, len(code), alg.Label)
			}
			for i, l := range c.Lines {
				if want := strings.TrimSpace(code[i]); l.Text.Text != want {
					t.Fatalf("line %d reads %q, want %q", i+1, l.Text.Text, want)
				}
			}
			kinds := map[search.TraceKind]bool{}
			check := func(step int) {
				t.Helper()
				snap := shownSnap(t, s)
				if len(snap.Trace) == 0 {
					t.Fatalf("step %d: the event has no trace", step)
				}
				last := snap.Trace[len(snap.Trace)-1]
				if c.CurrentLine() != last.Line {
					t.Fatalf("step %d (%s): line %d highlighted, the trace's last event (%s) is on line %d",
						step, snap.Kind, c.CurrentLine(), last.Kind, last.Line)
				}
				if got := markedLines(c, "▶"); !slices.Equal(got, []int{last.Line}) || !c.Lines[last.Line-1].Bg.Visible() {
					t.Fatalf("step %d: lines marked current %v, want [%d]", step, got, last.Line)
				}
				for _, e := range snap.Trace {
					kinds[e.Kind] = true
					if e.Line != last.Line && !slices.Contains(markedLines(c, "•"), e.Line) {
						t.Fatalf("step %d: line %d of the %s event not marked as gone through", step, e.Line, e.Kind)
					}
				}
				if c.Narration.Text == "" {
					t.Fatalf("step %d: no narration", step)
				}
			}
			for i := range steps {
				if s.Stepper != nil && s.Stepper.Done() {
					break
				}
				test.Tap(s.StepButton)
				check(i)
			}
			// Back shows the line of the recorded event.
			for i := range 5 {
				test.Tap(s.BackButton)
				check(-i)
			}
			if !kinds[search.TraceSelect] || !kinds[search.TraceExpand] || !kinds[search.TraceGenerate] {
				t.Errorf("%d steps went through %v only", steps, kinds)
			}
			// Reset clears the highlight.
			test.Tap(s.ResetButton)
			if c.CurrentLine() != 0 || len(markedLines(c, "▶")) != 0 || len(c.logLines()) != 0 {
				t.Errorf("after Reset: line %d, log %d", c.CurrentLine(), len(c.logLines()))
			}
		})
	}
}

// expansionWith steps the search until it shows an expansion with a child
// event of kind k, and returns it.
func expansionWith(t *testing.T, s *SearchPanel, k search.TraceKind) SearchSnap {
	t.Helper()
	for range 20000 {
		if !s.stepOnce() {
			break
		}
		snap := shownSnap(t, s)
		if snap.Kind != search.NodeExpanded {
			continue
		}
		for _, e := range snap.Trace {
			if e.Kind == k {
				return snap
			}
		}
	}
	t.Fatalf("no expansion with a %s child", k)
	return SearchSnap{}
}

// wantPart checks that the sentence counts n children with words (one or
// many form), or names none when n is 0.
func wantPart(t *testing.T, sentence string, n int, one, many string) {
	t.Helper()
	if n == 0 {
		if strings.Contains(sentence, one) || strings.Contains(sentence, many) {
			t.Errorf("%q mentions %q, but no child is", sentence, one)
		}
		return
	}
	want := countWord(n) + " " + one
	if n > 1 {
		want = countWord(n) + " " + many
	}
	if !strings.Contains(sentence, want) {
		t.Errorf("%q does not say %q", sentence, want)
	}
}

// TestNarrationCountsChildren: the narration of an expansion counts its
// children by their fates as the trace gives them (new, duplicate,
// improved, pruned), for each algorithm. The race form (raceForm) keeps
// its smallest case, IDA*'s pruned children (the sentence with the most
// parts: f = g + h, the bound and the pruned f values): the narration is
// the test goroutine's alone; make test-short and make test-full run
// every case.
func TestNarrationCountsChildren(t *testing.T) {
	// Boards on which the kind of child occurs early (greedy search meets
	// no duplicate on the hardest 8-puzzle).
	const hardest, twenty = "8 6 7 / 2 5 4 / 3 0 1", "4 0 5 / 2 8 3 / 7 1 6"
	cases := []struct {
		alg, board string
		kind       search.TraceKind
	}{
		{"A*", hardest, search.TraceDuplicate},
		{"A*", hardest, search.TraceImprove},
		{"Greedy best-first", twenty, search.TraceDuplicate},
		{"Breadth-first", hardest, search.TraceDuplicate},
		{"IDA*", hardest, search.TracePrune},
	}
	if raceForm() {
		cases = cases[4:] // IDA*'s pruned children
	}
	for _, tc := range cases {
		t.Run(tc.alg+" "+tc.kind.String(), func(t *testing.T) {
			v := newTestView(t)
			s, c := v.search, v.code
			v.eightPuzzle(t, tc.board)
			s.AlgorithmSelect.SetSelected(tc.alg)
			if tc.alg != "Breadth-first" {
				if err := s.SelectHeuristic("manhattan"); err != nil {
					t.Fatal(err)
				}
			}
			snap := expansionWith(t, s, tc.kind)
			sentence := c.Narration.Text
			e := snap.Trace[0]
			k := int(snap.Stats.Expanded)
			if want := fmt.Sprintf("Expanded node #%d (the %s expansion)", k, ordinal(k)); !strings.HasPrefix(sentence, want) {
				t.Fatalf("%q does not start %q", sentence, want)
			}
			if s.Algorithm() == search.AStar || s.Algorithm() == search.IDAStar {
				if !strings.Contains(sentence, fmt.Sprintf("f = %d = %d + %d", e.F, e.G, e.H)) {
					t.Errorf("%q does not add up f = %d = %d + %d", sentence, e.F, e.G, e.H)
				}
			}
			moves := len(e.Board.LegalMoves(nil))
			if !strings.Contains(sentence, fmt.Sprintf("; %d moves of the blank", moves)) {
				t.Errorf("%q does not count the %d moves", sentence, moves)
			}
			if e.Parent >= 0 && !strings.Contains(sentence, "one leads back to the parent and is skipped") {
				t.Errorf("%q does not skip the parent", sentence)
			}
			// Count the children's fates in the trace.
			fresh, dups, closedSmaller, improved, pruned := 0, 0, 0, 0, []string(nil)
			for i, ev := range snap.Trace {
				if ev.Kind != search.TraceGenerate {
					continue
				}
				if i+1 == len(snap.Trace) || snap.Trace[i+1].Node != ev.Node {
					fresh++
					continue
				}
				switch next := snap.Trace[i+1]; next.Kind {
				case search.TraceDuplicate:
					dups++
					if next.EarlierClosed && next.EarlierG < next.G {
						closedSmaller++
					}
				case search.TraceImprove:
					improved++
				case search.TracePrune:
					pruned = append(pruned, fmt.Sprint(ev.F))
				}
			}
			switch s.Algorithm() {
			case search.AStar:
				wantPart(t, sentence, fresh, "is new", "are new")
				wantPart(t, sentence, closedSmaller, "was already closed with a smaller g", "were already closed with a smaller g")
				wantPart(t, sentence, improved, "was on the open list with a larger g", "were on the open list with a larger g")
			case search.Greedy:
				wantPart(t, sentence, fresh, "is new", "are new")
				wantPart(t, sentence, dups, "was already reached", "were already reached")
			case search.BFS:
				wantPart(t, sentence, fresh, "is new", "are new")
				wantPart(t, sentence, dups, "was already reached", "were already reached")
			case search.IDAStar:
				wantPart(t, sentence, fresh, "is within the bound", "are within the bound")
				wantPart(t, sentence, len(pruned), "is pruned", "are pruned")
				if want := fmt.Sprintf("(f = %s > %d)", strings.Join(pruned, ", "), e.Bound); !strings.Contains(sentence, want) {
					t.Errorf("%q does not give the pruned f values %s", sentence, want)
				}
			}
			if dups == 0 && improved == 0 && len(pruned) == 0 {
				t.Fatalf("the expansion found has no %s child", tc.kind)
			}
			// The log ends with the sentence, numbered by the event.
			log := c.logLines()
			if want := fmt.Sprintf("%d. %s", snap.Event, sentence); len(log) == 0 || log[len(log)-1] != want {
				t.Errorf("log ends with %q, want %q", log[len(log)-1], want)
			}
		})
	}
}

// traceOf builds the trace of an A* expansion of a node with the board text
// (g 20, h 18) whose children have the fates given: "" new, or a kind
// followed by its earlier node's g and whether it was closed.
func traceOf(t *testing.T, text string, fates []search.TraceEvent) []search.TraceEvent {
	t.Helper()
	b, err := board.Parse(text, board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	trace := []search.TraceEvent{{Kind: search.TraceExpand, Node: 17, Parent: 9, G: 20, H: 18, F: 38, Board: b,
		Line: 7, Earlier: -1, Children: len(fates)}}
	for i, f := range fates {
		id := int64(40 + i)
		trace = append(trace, search.TraceEvent{Kind: search.TraceGenerate, Node: id, Parent: 17, G: 21, H: f.H,
			F: 21 + f.H, Line: 8, Earlier: -1})
		if f.Kind != search.TraceGenerate {
			f.Node, f.Parent, f.G, f.F = id, 17, 21, 21+f.H
			trace = append(trace, f)
		}
	}
	return trace
}

func TestNarrationSentences(t *testing.T) {
	gen := search.TraceEvent{Kind: search.TraceGenerate, H: 17}
	cases := []struct {
		name  string
		alg   search.Algorithm
		board string
		fates []search.TraceEvent
		want  string
	}{
		{"the issue's example", search.AStar, "1 0 2 / 3 4 5 / 6 7 8", []search.TraceEvent{gen,
			{Kind: search.TraceDuplicate, H: 19, Earlier: 5, EarlierG: 19, EarlierClosed: true}},
			"Expanded node #17 (the 17th expansion), f = 38 = 20 + 18, the lowest f in the open list; 3 moves of the blank: one leads back to " +
				"the parent and is skipped, one is new, one was already closed with a smaller g."},
		{"reopened and improved", search.AStar, "1 2 3 / 4 0 5 / 6 7 8", []search.TraceEvent{
			{Kind: search.TraceReopen, H: 17, Earlier: 5, EarlierG: 23, EarlierClosed: true},
			{Kind: search.TraceReopen, H: 19, Earlier: 6, EarlierG: 22, EarlierClosed: true},
			{Kind: search.TraceImprove, H: 17, Earlier: 7, EarlierG: 25}},
			"Expanded node #17 (the 17th expansion), f = 38 = 20 + 18, the lowest f in the open list; 4 moves of the blank: one leads back to " +
				"the parent and is skipped, two were closed with a larger g and are reopened (h is not consistent), one was " +
				"on the open list with a larger g and gets the shorter path."},
		{"open with the same g", search.AStar, "0 1 2 / 3 4 5 / 6 7 8", []search.TraceEvent{
			{Kind: search.TraceDuplicate, H: 17, Earlier: 5, EarlierG: 21}},
			"Expanded node #17 (the 17th expansion), f = 38 = 20 + 18, the lowest f in the open list; 2 moves of the blank: one leads back to " +
				"the parent and is skipped, one was already on the open list with the same g."},
		{"pruned by IDA*", search.IDAStar, "1 0 2 / 3 4 5 / 6 7 8", []search.TraceEvent{
			{Kind: search.TracePrune, H: 21}, {Kind: search.TracePrune, H: 23}},
			"Expanded node #17 (the 17th expansion) at depth 20, f = 38 = 20 + 18 ≤ bound 40; 3 moves of the blank: one leads back to the " +
				"parent and is skipped, two are pruned (f = 42, 44 > 40)."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			trace := traceOf(t, tc.board, tc.fates)
			for i := range trace {
				trace[i].Bound = 40
			}
			got := narrate(orderKey{alg: tc.alg}, SearchSnap{Kind: search.NodeExpanded, Trace: trace, Stats: search.Stats{Expanded: 17}})
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	if got := narrate(orderKey{alg: search.AStar}, SearchSnap{Kind: search.SolutionFound, Desc: "ran at full speed"}); got != NoTraceNarration {
		t.Errorf("a full-speed run's end narrates %q", got)
	}
}

func TestNarrationLogBounded(t *testing.T) {
	if raceForm() {
		t.Skip("race form: 160 steps filling the narration log and its list (the test goroutine's alone); make test-short and make test-full run it")
	}
	v := newTestView(t)
	s, c := v.search, v.code
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("A*")
	v.w.Resize(fyne.NewSize(1280, 800))
	for range narrationLogCap + 60 {
		test.Tap(s.StepButton)
	}
	log := c.logLines()
	if len(log) != narrationLogCap {
		t.Fatalf("the log holds %d narrations, want %d", len(log), narrationLogCap)
	}
	last := shownSnap(t, s).Event
	for i, l := range log {
		if want := fmt.Sprintf("%d. ", last-len(log)+1+i); !strings.HasPrefix(l, want) {
			t.Fatalf("log line %d is %q, want it to start with %q (oldest first, newest last)", i, l, want)
		}
	}
	if c.Log.Length() != len(log) {
		t.Errorf("the log list has %d rows, the log %d", c.Log.Length(), len(log))
	}
	// The newest line is scrolled into view, the oldest out of it.
	drawn := map[string]bool{}
	for _, o := range objectsIn(c.Log) {
		if l, ok := o.(*widget.Label); ok && l.Visible() {
			drawn[l.Text] = true
		}
	}
	if !drawn[log[len(log)-1]] || drawn[log[0]] {
		t.Errorf("the log shows the newest line %v, the oldest %v", drawn[log[len(log)-1]], drawn[log[0]])
	}
	// Selecting a line shows its event again.
	c.Log.Select(len(log) - 10)
	if snap := shownSnap(t, s); snap.Event != last-9 || !strings.Contains(s.EventInfo.Text, "recorded") {
		t.Errorf("selected the log line of event %d, the panel shows event %d (%q)", last-9, snap.Event, s.EventInfo.Text)
	}
}

// jumpAndWait presses a jump button and waits until the jump ends.
func jumpAndWait(t *testing.T, v *testView, b *widget.Button) {
	t.Helper()
	test.Tap(b)
	v.q.Until(t, func() bool { return !v.code.Jumping() })
}

// TestJumpsLandWhereTheySay: N (next expansion), F (next level) and G
// (play to goal) are jobs that hand the Fyne goroutine chunks of the
// search; each lands where its button says, for each algorithm. The race
// form (raceForm) keeps IDA*: the same jobs as the others' jumps, and its
// play to goal the most chunks (pass after pass); make test-short and
// make test-full jump through all four.
func TestJumpsLandWhereTheySay(t *testing.T) {
	algs := catalog.AlgorithmLabels
	if raceForm() {
		algs = algs[:1] // IDA*
	}
	for _, alg := range algs {
		t.Run(alg.Label, func(t *testing.T) {
			v := newTestView(t)
			s, c := v.search, v.code
			// 20 moves; breadth-first search gets 12 (Play to goal goes
			// through every event at 600 a second).
			text := "4 0 5 / 2 8 3 / 7 1 6"
			if alg.Alg == search.BFS {
				text = "0 2 3 / 1 8 6 / 4 5 7"
			}
			v.eightPuzzle(t, text)
			s.AlgorithmSelect.SetSelected(alg.Label)
			if alg.Alg != search.BFS {
				if err := s.SelectHeuristic("manhattan"); err != nil {
					t.Fatal(err)
				}
			}
			if c.NextLevel.Text != levelButtonText(alg.Alg) {
				t.Errorf("level button reads %q, want %q", c.NextLevel.Text, levelButtonText(alg.Alg))
			}
			// Next expansion, by button and by key.
			for i := range 4 {
				before := s.Events
				if i%2 == 0 {
					jumpAndWait(t, v, c.NextExpansion)
				} else {
					toolkit.Press(c.NextExpansion)()
					v.q.Until(t, func() bool { return !c.Jumping() })
				}
				snap := shownSnap(t, s)
				if snap.Kind != search.NodeExpanded {
					t.Fatalf("next expansion landed on a %s", snap.Kind)
				}
				if s.Events <= before || c.CurrentLine() == 0 {
					t.Fatalf("next expansion did not advance (events %d -> %d)", before, s.Events)
				}
			}
			// Next level: a larger f (A*), a new pass (IDA*), a lower h
			// (greedy), a larger depth (BFS).
			for i := range 3 {
				ref := shownSnap(t, s)
				if i == 1 {
					toolkit.Press(c.NextLevel)()
					v.q.Until(t, func() bool { return !c.Jumping() })
				} else {
					jumpAndWait(t, v, c.NextLevel)
				}
				snap := shownSnap(t, s)
				if snap.Kind == search.SolutionFound {
					break
				}
				ok := false
				switch alg.Alg {
				case search.AStar:
					ok = snap.Kind == search.NodeSelected && snap.Node.F() > ref.Node.F()
				case search.IDAStar:
					ok = snap.Kind == search.IterationStarted && snap.Bound > ref.Bound && snap.Iteration == ref.Iteration+1 &&
						c.CurrentLine() == search.TraceLine(search.IDAStar, search.TraceIteration)
				case search.Greedy:
					ok = snap.Kind == search.NodeSelected && snap.Node.H < ref.Node.H
				case search.BFS:
					ok = snap.Kind == search.NodeSelected && snap.Node.G > ref.Node.G
				}
				if !ok {
					t.Fatalf("jump %d from %s (f %d, h %d, g %d, bound %d) landed on %s (f %d, h %d, g %d, bound %d)", i,
						ref.Kind, ref.Node.F(), ref.Node.H, ref.Node.G, ref.Bound,
						snap.Kind, snap.Node.F(), snap.Node.H, snap.Node.G, snap.Bound)
				}
				// Every event passed over is recorded and narrated.
				if got := len(c.logLines()); got < min(snap.Event-ref.Event, narrationLogCap) {
					t.Fatalf("%d events passed, the log holds %d", snap.Event-ref.Event, got)
				}
				log := c.logLines()
				if !strings.HasPrefix(log[len(log)-1], fmt.Sprintf("%d. ", snap.Event)) {
					t.Fatalf("the log ends with %q, want event %d", log[len(log)-1], snap.Event)
				}
			}
			// Play to goal, at the highest speed, with the key.
			s.SpeedSlider.SetValue(1)
			toolkit.Press(c.PlayToGoal)()
			if !c.Jumping() || c.PlayToGoal.Text != "Pause (G)" {
				t.Fatalf("Play to goal: jumping %v, button %q", c.Jumping(), c.PlayToGoal.Text)
			}
			v.q.Until(t, func() bool { return !c.Jumping() })
			if snap := shownSnap(t, s); snap.Kind != search.SolutionFound || !strings.Contains(s.Status.Text, "Solved in") {
				t.Fatalf("Play to goal ended on a %s, status %q", snap.Kind, s.Status.Text)
			}
			if c.PlayToGoal.Text != "Play to goal (G)" || c.CurrentLine() != shownSnap(t, s).Trace[0].Line {
				t.Errorf("after the goal: button %q, line %d", c.PlayToGoal.Text, c.CurrentLine())
			}
			// At the end, the jumps do nothing.
			events := s.Events
			test.Tap(c.NextExpansion)
			v.q.Drain()
			if c.Jumping() || s.Events != events {
				t.Error("a jump after the goal went on")
			}
		})
	}
}

func TestPlayToGoalPauses(t *testing.T) {
	v := newTestView(t)
	s, c := v.search, v.code
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("Breadth-first") // 300,000 events
	s.SpeedSlider.SetValue(1)
	test.Tap(c.PlayToGoal)
	// Let a few frames run, then pause.
	v.q.Until(t, func() bool { return s.Events > 20 })
	test.Tap(c.PlayToGoal)
	if c.Jumping() || c.PlayToGoal.Text != "Play to goal (G)" {
		t.Fatalf("pressed again: jumping %v, button %q", c.Jumping(), c.PlayToGoal.Text)
	}
	events := s.Events
	v.q.Drain()
	if s.Events != events || shownSnap(t, s).Kind == search.SolutionFound {
		t.Errorf("paused at event %d, now at %d", events, s.Events)
	}
	// Stepping goes on from there; Reset during a jump stops it.
	test.Tap(s.StepButton)
	if s.Events != events+1 {
		t.Errorf("a step after pausing: event %d, want %d", s.Events, events+1)
	}
	// Back or Step during Play to goal takes over: the play stops.
	for _, b := range []*widget.Button{s.BackButton, s.StepButton} {
		test.Tap(c.PlayToGoal)
		v.q.Until(t, func() bool { return s.Events > events+3 })
		test.Tap(b)
		at := shownSnap(t, s).Event
		v.q.Drain()
		if c.Jumping() || shownSnap(t, s).Event != at {
			t.Errorf("%s during Play to goal: still playing %v", b.Text, c.Jumping())
		}
		events = s.Events
	}
	test.Tap(c.PlayToGoal)
	test.Tap(s.ResetButton)
	v.q.Drain()
	if c.Jumping() || s.Events != 0 {
		t.Errorf("Reset during Play to goal: jumping %v, events %d", c.Jumping(), s.Events)
	}
}

func TestHistorySlider(t *testing.T) {
	if raceForm() {
		t.Skip("race form: 100 steps, then the history slider's events (the test goroutine's alone); make test-short and make test-full run it")
	}
	v := newTestView(t)
	s, c := v.search, v.code
	v.eightPuzzle(t, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("A*")
	if !c.History.Disabled() {
		t.Error("the slider is enabled before anything is recorded")
	}
	// A small history, to see the bound.
	const keep = 40
	s.Timeline = toolkit.NewTimeline[SearchSnap](keep)
	var shown []SearchSnap
	var cells [][]int
	for range 100 {
		test.Tap(s.StepButton)
		shown = append(shown, shownSnap(t, s))
		cells = append(cells, v.puzzle.Board.Cells())
	}
	if c.History.Disabled() || c.History.Max != keep-1 || c.History.Value != keep-1 {
		t.Fatalf("slider: disabled %v, max %v, value %v; want 0..%d at the end", c.History.Disabled(), c.History.Max, c.History.Value, keep-1)
	}
	if !regexp.MustCompile(`^Event 100 of 61–100 recorded`).MatchString(c.HistoryInfo.Text) {
		t.Errorf("history says %q", c.HistoryInfo.Text)
	}
	// Dragging shows each recorded event: the counters, the board, the
	// pseudocode line and the narration follow.
	for _, at := range []int{0, 17, keep - 2, 5} {
		c.History.SetValue(float64(at))
		want := shown[len(shown)-keep+at]
		snap := shownSnap(t, s)
		if snap.Event != want.Event {
			t.Fatalf("slider at %d shows event %d, want %d", at, snap.Event, want.Event)
		}
		if s.Expanded.Text != toolkit.FormatCount(want.Stats.Expanded) || s.Generated.Text != toolkit.FormatCount(want.Stats.Generated) {
			t.Errorf("slider at %d: counters %s/%s, event %d had %d/%d", at, s.Expanded.Text, s.Generated.Text,
				want.Event, want.Stats.Expanded, want.Stats.Generated)
		}
		if got := v.puzzle.Board.Cells(); !slices.Equal(got, cells[len(cells)-keep+at]) {
			t.Errorf("slider at %d: the board is not event %d's", at, want.Event)
		}
		if c.CurrentLine() != want.Trace[len(want.Trace)-1].Line || c.Narration.Text != narrate(orderKey{alg: search.AStar}, want) {
			t.Errorf("slider at %d: line %d, narration %q", at, c.CurrentLine(), c.Narration.Text)
		}
		if !strings.Contains(s.EventInfo.Text, "recorded") {
			t.Errorf("slider at %d: the event is not marked as recorded: %q", at, s.EventInfo.Text)
		}
	}
	// Out of range values are clamped; stepping goes forward from the
	// slider's event, through the recorded ones, without searching.
	events := s.Events
	c.Seek(-5)
	if snap := shownSnap(t, s); snap.Event != shown[len(shown)-keep].Event {
		t.Errorf("seek below the oldest shows event %d", snap.Event)
	}
	test.Tap(s.StepButton)
	if snap := shownSnap(t, s); snap.Event != shown[len(shown)-keep+1].Event || s.Events != events || c.History.Value != 1 {
		t.Errorf("a step after the slider: event %d, search at %d (was %d), slider %v", snap.Event, s.Events, events, c.History.Value)
	}
	// Reset empties the history.
	test.Tap(s.ResetButton)
	if !c.History.Disabled() || c.History.Value != 0 {
		t.Errorf("after Reset the slider is enabled (%v) at %v", !c.History.Disabled(), c.History.Value)
	}
}

// heapInUse returns the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func TestThousandsOfStepsStayBounded(t *testing.T) {
	v := newTestView(t)
	s, c := v.search, v.code
	if err := v.puzzle.LoadKorf(ClassroomSet[0]); err != nil {
		t.Fatal(err)
	}
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	// Thousands of single steps through the button (tapped and pressed as
	// its key does), enough to fill the history. In the race form
	// (raceForm) the history and the trace window are a fiftieth of the
	// app's (100 events, the narration log's length), so that filling
	// them takes a fiftieth of the steps, and 100 steps past them instead
	// of 500: the steps are the test goroutine's alone, the jumps below
	// what the race detector is for (the full form took 1,048 s there at
	// a load of 25; a tenth of it, 24 s on an idle machine).
	timelineCap, traceCap, past := timelineCap, traceCap, 500
	if raceForm() {
		timelineCap, traceCap, past = timelineCap/50, traceCap/50, 100
		s.Timeline = toolkit.NewTimeline[SearchSnap](timelineCap)
		s.traceLog = search.NewTraceWindow(traceCap)
	}
	for i := range timelineCap + past {
		if i%2 == 0 {
			test.Tap(s.StepButton)
		} else {
			toolkit.Press(s.StepButton)()
		}
	}
	if s.Events != timelineCap+past {
		t.Fatalf("%d steps made %d events", timelineCap+past, s.Events)
	}
	first := heapInUse()
	eventsAtFirst := s.Events
	// Then thousands of jumps, each a job handing the Fyne goroutine (the
	// test goroutine here) its chunks.
	// Without SLIDELAB_FULL=1 a third of them: the history is full
	// and evicting from the first jump on, so each bound below is already
	// tested past its limit (the full count took 250 of the package's 600
	// seconds at a load of 30). In the race form 150 (two events each),
	// more events than its smaller history holds, so the history turns
	// over.
	jumps, atLeast := 3000, 5000
	switch {
	case uitest.FullMatrix():
	case uitest.RaceEnabled:
		jumps, atLeast = 150, timelineCap
	default:
		jumps, atLeast = 1000, 1700
	}
	for range jumps {
		toolkit.Press(c.NextExpansion)()
		v.q.Until(t, func() bool { return !c.Jumping() })
	}
	if s.Events-eventsAtFirst < atLeast {
		t.Fatalf("only %d events after the first measure", s.Events-eventsAtFirst)
	}
	if s.Timeline.Len() != timelineCap || s.TraceLog().Len() > traceCap || len(c.logLines()) != narrationLogCap {
		t.Errorf("history %d (cap %d), trace %d (cap %d), log %d (cap %d)", s.Timeline.Len(), timelineCap,
			s.TraceLog().Len(), traceCap, len(c.logLines()), narrationLogCap)
	}
	if n := c.Log.Length(); n != narrationLogCap {
		t.Errorf("the log list has %d rows", n)
	}
	// The history was full at the first measure: the heap stays level.
	if last := heapInUse(); last > first+64<<20 {
		t.Errorf("heap grew from %d MB to %d MB over %d more events", first>>20, last>>20, s.Events-eventsAtFirst)
	}
	// A long jump (the next IDA* iteration on the 15-puzzle: millions of
	// events) gives control back between chunks and stops when asked.
	// The race form's search is some 500 events in, in the pass of bound
	// 36 (events 59 to 590 here), which one F jump finishes: the next
	// pass is 4,500 events, many chunks.
	if raceForm() {
		jumpAndWait(t, v, c.NextLevel)
	}
	test.Tap(c.NextLevel)
	chunks := 0
	v.q.Until(t, func() bool {
		chunks++
		return strings.HasPrefix(s.Status.Text, "Jumping") && chunks > 3
	})
	if !c.Jumping() || c.NextLevel.Text != "Stop jump (F)" {
		t.Fatalf("during the jump: jumping %v, button %q", c.Jumping(), c.NextLevel.Text)
	}
	test.Tap(c.NextLevel)
	events := s.Events
	v.q.Drain()
	if c.Jumping() || s.Events != events {
		t.Errorf("stopped jump: jumping %v, events %d -> %d", c.Jumping(), events, s.Events)
	}
}

// TestJumpToFarEvent: a far event (a session's saved position) is reached
// in chunks, as a jump: JumpTo returns at once with the search short of it
// (the window keeps drawing), N's button reads Stop, and once the jump ends
// the search is exactly at the event and done has been called; a near
// event is reached at once.
func TestJumpToFarEvent(t *testing.T) {
	v := newTestView(t)
	c := v.code
	far := 3*jumpChunkSteps + 17
	called := 0
	c.JumpTo(far, func() { called++ })
	if v.search.Position() >= far || !c.Jumping() || c.NextExpansion.Text != "Stop jump (N)" {
		t.Fatalf("JumpTo(%d) returned at %d, jumping %v, N reads %q: want a jump under way", far, v.search.Position(), c.Jumping(), c.NextExpansion.Text)
	}
	v.q.Until(t, func() bool { return !c.Jumping() })
	if got := v.search.Position(); got != far || called != 1 {
		t.Fatalf("after the jump: position %d (want %d), done called %d times", got, far, called)
	}
	near := far + 10
	c.JumpTo(near, func() { called++ })
	if got := v.search.Position(); got != near || called != 2 || c.Jumping() {
		t.Fatalf("near JumpTo: position %d (want %d at once), done %d, jumping %v", got, near, called, c.Jumping())
	}
}
