package lessonview

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/lesson"
)

// TestBuiltinLessonsPartByPart opens every built-in lesson and presses
// Next through it. Each part is applied once, in order, with the state
// Resolve promises; a fresh stepper replayed for the part's step count (as
// the shell replays it) reaches the part's board and counters, and the
// text shown has every placeholder filled.
func TestBuiltinLessonsPartByPart(t *testing.T) {
	for _, b := range lesson.Builtins() {
		t.Run(b.Name, func(t *testing.T) {
			slow := b.Name == "bfs" || b.Name == "astar" || b.Name == "idastar"
			if slow && (testing.Short() || uitest.RaceEnabled) {
				t.Skip("resolving the 15-puzzle searches takes seconds: not with -short or -race (internal/lesson resolves them)")
			}
			if b.Name == "quality" && raceForm() {
				// The race form (raceForm) keeps the puzzle and pdb
				// lessons, which drive the same panel, resolver jobs and
				// queue; quality's parts measure every 8-puzzle board (77%
				// of the package's race run), all on one goroutine.
				t.Skip("race form: the quality lesson's measurements of every board; make test-short and make test-full run it")
			}
			l, err := lesson.LoadBuiltin(b.Name)
			if err != nil {
				t.Fatal(err)
			}
			tp := newTestPanel(t, nil)
			tp.Open(l, 0)
			tp.settle(t)
			for i := 1; i < len(l.Parts); i++ {
				test.Tap(tp.Next)
				tp.settle(t)
				if tp.Index() != i {
					t.Fatalf("after Next: part %d shown, want %d (status %q)", tp.Index(), i, tp.Status.Text)
				}
			}
			if !tp.Next.Disabled() {
				t.Error("Next enabled on the last part")
			}
			if len(tp.apply.applied) != len(l.Parts) {
				t.Fatalf("%d parts applied, want %d", len(tp.apply.applied), len(l.Parts))
			}
			replay := lesson.NewResolver()
			for i, st := range tp.apply.applied {
				if st.Part != l.Parts[i] {
					t.Fatalf("apply %d: part %d, want %d", i, st.Part.Index, i)
				}
				checkReplay(t, replay, st)
			}
		})
	}
}

// checkReplay replays a part's search for its step count on a fresh
// stepper, as the shell does, and checks the board and counters reached.
func checkReplay(t *testing.T, r *lesson.Resolver, st *lesson.State) {
	t.Helper()
	if st.Run == nil {
		if st.Board != st.Settings.Board {
			t.Errorf("part %d: board %s without a search, want the start %s", st.Part.Index+1, st.Board.Line(), st.Settings.Board.Line())
		}
		return
	}
	ctx := context.Background()
	stp, err := r.NewStepper(ctx, st)
	if err != nil {
		t.Fatalf("part %d: %v", st.Part.Index+1, err)
	}
	board := st.Settings.Board
	if st.Settings.At.Kind == lesson.AtGoal {
		res, err := stp.Run(ctx)
		if err != nil || !res.Found {
			t.Fatalf("part %d: run to the goal: found %v, %v", st.Part.Index+1, res.Found, err)
		}
		if len(res.Moves) != len(st.Run.Moves) {
			t.Errorf("part %d: %d moves, the lesson says %d", st.Part.Index+1, len(res.Moves), len(st.Run.Moves))
		}
	} else {
		for n := 0; n < st.Run.Steps; n++ {
			ev, err := stp.Step(ctx)
			if err != nil {
				t.Fatalf("part %d: step %d of %d: %v", st.Part.Index+1, n+1, st.Run.Steps, err)
			}
			if ev.Node.Board.IsValid() {
				board = ev.Node.Board
			}
		}
	}
	if got, want := stp.Stats(), st.Run.Stats; got.Expanded != want.Expanded || got.Generated != want.Generated {
		t.Errorf("part %d (%s): replayed %d expanded / %d generated, the lesson says %d / %d",
			st.Part.Index+1, st.Settings.At, got.Expanded, got.Generated, want.Expanded, want.Generated)
	}
	if st.Settings.At.Kind != lesson.AtGoal && board != st.Board {
		t.Errorf("part %d: replay shows %s, the lesson %s", st.Part.Index+1, board.Line(), st.Board.Line())
	}
}

// twoSteps is a small lesson of three parts: a board, A* three steps on
// with a number question, and a part whose position never comes.
const twoSteps = `# Two steps

` + "```slidelab" + `
board: 1 2 3 / 4 0 6 / 7 5 8
algorithm: a*
heuristic: manhattan
` + "```" + `

The board {{board}}.

## Three steps

` + "```slidelab" + `
at: step 3
question: How many boards has A* generated?
answer: {{generated}}
` + "```" + `

A* expanded {{expanded}}.

## Never

` + "```slidelab" + `
at: f 40
` + "```" + `

Unreachable.
`

// TestRememberedPart: the part shown last is shown when the lesson is
// opened again, in a new panel over the same preferences; a part number
// no longer in the lesson falls back to the first.
func TestRememberedPart(t *testing.T) {
	mem := memory{}
	tp := newTestPanel(t, mem)
	l := parse(t, "two.md", twoSteps)
	tp.Open(l, -1)
	tp.settle(t)
	if tp.Index() != 0 {
		t.Fatalf("first open shows part %d, want 0", tp.Index())
	}
	test.Tap(tp.Next)
	tp.settle(t)
	again := openAt(t, mem, twoSteps, -1)
	if again.Index() != 1 {
		t.Errorf("reopened at part %d, want the remembered 1", again.Index())
	}
	mem[prefPart+"two.md"] = 99
	third := openAt(t, mem, twoSteps, -1)
	if third.Index() != 0 {
		t.Errorf("remembered part out of range: part %d shown, want 0", third.Index())
	}
}

// TestBadPartChangesNothing: a part whose search never reaches its
// position is reported with its line, nothing is applied and the part
// before stays shown; an applier's refusal likewise.
func TestBadPartChangesNothing(t *testing.T) {
	tp := openAt(t, nil, twoSteps, 1)
	n := len(tp.apply.applied)
	test.Tap(tp.Next)
	tp.settle(t)
	if tp.Index() != 1 || len(tp.apply.applied) != n {
		t.Errorf("after a failing part: part %d shown, %d applied; want 1 and %d", tp.Index(), len(tp.apply.applied), n)
	}
	line := fmt.Sprintf("line %d", tp.Lesson().Parts[2].Settings.KeyLine("at"))
	if !strings.Contains(tp.Status.Text, line) || tp.Status.Importance != widget.DangerImportance || !tp.Status.Visible() {
		t.Errorf("status %q (importance %v): want the error at %s", tp.Status.Text, tp.Status.Importance, line)
	}
	tp.apply.fail = errRefused
	test.Tap(tp.Prev)
	tp.settle(t)
	if tp.Index() != 1 || !strings.Contains(tp.Status.Text, errRefused.Error()) {
		t.Errorf("refused part: part %d shown, status %q", tp.Index(), tp.Status.Text)
	}
}

// TestPrevNextEnds: Previous is off on the first part, Next on the last;
// Next pressed twice before the first finishes goes two parts on.
func TestPrevNextEnds(t *testing.T) {
	tp := newTestPanel(t, nil)
	if !tp.Prev.Disabled() || !tp.Next.Disabled() || !tp.Again.Disabled() {
		t.Error("buttons enabled without a lesson")
	}
	src := "# A\n\none\n\n## B\n\ntwo\n\n## C\n\nthree\n"
	tp.Open(parse(t, "abc.md", src), 0)
	tp.settle(t)
	if !tp.Prev.Disabled() || tp.Next.Disabled() {
		t.Errorf("first part: Previous disabled %v, Next disabled %v", tp.Prev.Disabled(), tp.Next.Disabled())
	}
	test.Tap(tp.Next)
	test.Tap(tp.Next)
	tp.settle(t)
	if tp.Index() != 2 || !tp.Next.Disabled() || tp.Prev.Disabled() {
		t.Errorf("after Next twice: part %d, Next disabled %v", tp.Index(), tp.Next.Disabled())
	}
	if got := textOf(tp.Text.Segments); !strings.Contains(got, "three") {
		t.Errorf("text %q, want part C's", got)
	}
	test.Tap(tp.Again)
	tp.settle(t)
	// Parts A and C were applied (B was dropped for C), and C again.
	if tp.Index() != 2 || len(tp.apply.applied) != 3 {
		t.Errorf("Again: part %d, %d applied; want 2 and 3 (the part applied again)", tp.Index(), len(tp.apply.applied))
	}
	tp.Parts.SetSelectedIndex(0)
	tp.settle(t)
	if tp.Index() != 0 {
		t.Errorf("choosing part 1 in the list shows part %d", tp.Index())
	}
}

// TestNumberQuestion answers the number question of a part: a wrong
// number, a right one written with a separator, and no number at all.
func TestNumberQuestion(t *testing.T) {
	tp := openAt(t, nil, twoSteps, 1)
	if len(tp.answered) != 1 || tp.answered[0].Entry == nil {
		t.Fatalf("%d questions shown, want one number question", len(tp.answered))
	}
	st := tp.State()
	want := st.Answers[0].Answer
	if want != fmt.Sprint(st.Run.Stats.Generated) {
		t.Fatalf("answer %q, the run generated %d", want, st.Run.Stats.Generated)
	}
	b := tp.answered[0]
	for _, c := range []struct {
		typed string
		right bool
		says  string
	}{
		{"1", false, "the answer is " + want},
		{" " + want + " ", true, "Right"},
		{"many", false, "not a number"},
	} {
		b.Entry.SetText(c.typed)
		test.Tap(b.Check)
		if b.right != c.right || !strings.Contains(b.Verdict.Text, c.says) {
			t.Errorf("typed %q: right %v, verdict %q; want %v and %q", c.typed, b.right, b.Verdict.Text, c.right, c.says)
		}
	}
}

// TestChoiceAndNextQuestions: the options of a multiple-choice and a
// next-node question, picked right and wrong, are judged by the engine's
// answer; an exercise by its generator's rule.
func TestChoiceAndNextQuestions(t *testing.T) {
	src := "# Q\n\n```slidelab\nboard: random walk 40 seed 3\nalgorithm: a*\nat: step 3\n" +
		"question: next\nquestion: Which expands fewer?\nchoices: hamming | manhattan\nanswer: largest h\n" +
		"exercise: manhattan board\n```\n\nText.\n"
	tp := newTestPanel(t, nil)
	tp.Open(parse(t, "q.md", src), 0)
	tp.settle(t)
	if len(tp.answered) != 3 {
		t.Fatalf("%d questions shown, want 3 (status %q)", len(tp.answered), tp.Status.Text)
	}
	st := tp.State()
	for i, a := range st.Answers {
		b := tp.answered[i]
		if b.Pick == nil || len(b.Pick.Options) != len(a.Options) {
			t.Fatalf("question %d: options %v, want %v", i, b.Pick, a.Options)
		}
		wrong := (a.Correct + 1) % len(a.Options)
		b.Pick.SetSelected(a.Options[wrong])
		test.Tap(b.Check)
		if b.right {
			t.Errorf("question %d: %q judged right, the answer is %q", i, a.Options[wrong], a.Answer)
		}
		b.Pick.SetSelected(a.Options[a.Correct])
		test.Tap(b.Check)
		if !b.right || !strings.Contains(b.Verdict.Text, a.Answer) {
			t.Errorf("question %d: right option judged %v, verdict %q", i, b.right, b.Verdict.Text)
		}
	}
	ex := tp.answered[2]
	q := st.Exercises[0]
	if ex.Entry == nil {
		t.Fatalf("the Manhattan exercise has no entry")
	}
	ex.Entry.SetText(fmt.Sprint(q.Number))
	test.Tap(ex.Check)
	if !ex.right {
		t.Errorf("exercise answered %v judged wrong: %q", q.Number, ex.Verdict.Text)
	}
	ex.Entry.SetText(fmt.Sprint(q.Number + 1))
	test.Tap(ex.Check)
	if ex.right {
		t.Errorf("exercise answered %v judged right", q.Number+1)
	}
	if st.Settings.Algorithm != search.AStar {
		t.Errorf("algorithm %v", st.Settings.Algorithm)
	}
}

// TestPictures: a picture with a relative path is looked for beside the
// lesson's file; an absolute one, an address, or one in a lesson without
// a folder becomes its caption.
func TestPictures(t *testing.T) {
	dir := t.TempDir()
	md := "![the board](img/board.png)\n\n![far](/etc/passwd.png)\n\n![web](https://example.com/x.png)\n"
	segs := markdown(md, dir)
	var images, captions []string
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.ImageSegment:
			images = append(images, s.Source.Path())
		}
	}
	captions = strings.Split(strings.TrimSpace(textOf(segs)), "(picture:")[1:]
	if len(images) != 1 || images[0] != filepath.Join(dir, "img", "board.png") {
		t.Errorf("images %v, want the one beside the lesson", images)
	}
	if len(captions) != 2 {
		t.Errorf("captions %v, want two", captions)
	}
	if got := textOf(markdown("![](b.png)\n", "")); !strings.Contains(got, "(picture: b.png)") {
		t.Errorf("built-in lesson's picture: %q", got)
	}
}
