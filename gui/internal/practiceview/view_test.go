package practiceview

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/exercise"
)

func TestTopicsCoverKinds(t *testing.T) {
	seen := map[string]int{}
	for _, tp := range topics {
		for _, k := range tp.kinds {
			seen[k]++
		}
	}
	for _, k := range exercise.Kinds() {
		if seen[k.Name] != 1 {
			t.Errorf("kind %s is in %d topics, want 1", k.Name, seen[k.Name])
		}
		delete(seen, k.Name)
	}
	for k := range seen {
		t.Errorf("topic lists %s, which core/exercise does not know", k)
	}
}

// answerRight answers the question shown rightly, through the widgets: a
// number typed, a board or tiles clicked, a choice picked by its key.
func answerRight(f *fixture, q exercise.Question) {
	f.t.Helper()
	right := rightIndices(q)
	switch {
	case q.Answer == exercise.Numeric:
		f.typeAnswer(strconv.FormatFloat(q.Number, 'f', -1, 64))
	case q.Kind == "next-node":
		f.tapCell(right[0]+1, 0) // the node's board
	case q.Kind == "ida-prune":
		for cell := range f.v.Boards[0].Cells() {
			if c := moveChoice(q, cell); c >= 0 && slices.Contains(right, c) {
				f.tapCell(0, cell)
			}
		}
		f.press(fyne.KeyReturn)
	default:
		f.press(keyOf(right[0]))
	}
}

// keyOf names the digit key that picks choice i.
func keyOf(i int) fyne.KeyName { return fyne.KeyName(strconv.Itoa(i + 1)) }

// answerWrong answers the question shown wrongly, through the widgets.
func answerWrong(f *fixture, q exercise.Question) {
	f.t.Helper()
	right := rightIndices(q)
	switch {
	case q.Answer == exercise.Numeric:
		f.typeAnswer(strconv.FormatFloat(q.Number+1, 'f', -1, 64))
	case q.Kind == "next-node":
		wrong := slices.IndexFunc(q.Choices, func(c exercise.Choice) bool { return !c.Correct })
		f.tapCell(wrong+1, 0)
	case q.Kind == "ida-prune":
		// The visited children, or, when every child is pruned, one of
		// them only.
		for cell := range f.v.Boards[0].Cells() {
			c := moveChoice(q, cell)
			if c >= 0 && (slices.Contains(right, c) == (len(right) == len(q.Choices))) {
				f.tapCell(0, cell)
				if len(right) == len(q.Choices) {
					break
				}
			}
		}
		f.press(fyne.KeyReturn)
	default:
		wrong := 0
		for slices.Contains(right, wrong) {
			wrong++
		}
		f.press(keyOf(wrong))
	}
}

// TestEveryKindRightAndWrong answers a question of every kind, at both
// levels, rightly and wrongly through the widgets, and checks the verdict,
// the record, the feedback and the explanation shown. One view serves
// every kind (a new set each), as a student's does.
//
// The race form (raceForm) asks each kind at one level, level 1 and 2 in
// turn down the list of kinds: it keeps every kind's answer widgets and
// both levels, with the set built, answered and scored as in the full run.
func TestEveryKindRightAndWrong(t *testing.T) {
	f := newTestView(t)
	for _, level := range []int{1, 2} {
		for ki, k := range exercise.Kinds() {
			if raceForm() && ki%2 != level-1 {
				continue
			}
			t.Run(fmt.Sprintf("%s/level%d", k.Name, level), func(t *testing.T) {
				f.t = t
				f.start(level, 2, 11, k.Name)
				for i, right := range []bool{true, false} {
					q := f.question()
					if q.Kind != k.Name || q.Level != level {
						t.Fatalf("question of %s level %d, want %s level %d", q.Kind, q.Level, k.Name, level)
					}
					checkBoardsMatchChoices(t, q)
					if right {
						answerRight(f, q)
					} else {
						answerWrong(f, q)
					}
					checkAnswered(t, f, q, i, right)
					f.press(fyne.KeyN)
				}
				if f.v.set.score != 1 || !f.v.summary.Visible() {
					t.Errorf("score %d, summary shown %v; want 1 and shown", f.v.set.score, f.v.summary.Visible())
				}
			})
		}
	}
}

// checkAnswered checks what the view shows after answer i to q.
func checkAnswered(t *testing.T, f *fixture, q exercise.Question, i int, right bool) {
	t.Helper()
	r := f.lastRecord()
	if r.Right != right || r.N != i+1 || r.Kind != q.Kind || r.Seed != q.Seed || r.RightAnswer != rightAnswer(q) {
		t.Fatalf("answer %d recorded as %+v, want right=%v", i+1, r, right)
	}
	if want := map[bool]string{true: "Right", false: "Not right"}[right]; !strings.HasPrefix(f.v.Feedback.Text, want) {
		t.Errorf("feedback %q, want it to start with %q", f.v.Feedback.Text, want)
	}
	if !f.v.Explanation.Visible() || f.v.Explanation.Text != q.Explanation {
		t.Errorf("explanation not shown")
	}
	if f.v.NextButton.Disabled() || !f.v.CheckButton.Disabled() {
		t.Errorf("after an answer: Next disabled %v, Check disabled %v", f.v.NextButton.Disabled(), f.v.CheckButton.Disabled())
	}
}

// checkBoardsMatchChoices checks that a next-node question's boards after the
// first are its choices' nodes, in the choices' order (a click on board
// i+1 picks choice i).
func checkBoardsMatchChoices(t *testing.T, q exercise.Question) {
	t.Helper()
	if q.Kind != "next-node" {
		return
	}
	if len(q.Boards) != len(q.Choices)+1 {
		t.Fatalf("%d boards for %d choices", len(q.Boards), len(q.Choices))
	}
	for i, c := range q.Choices {
		id, _, _ := strings.Cut(q.Boards[i+1].Caption, " ")
		if !strings.HasPrefix(c.Text, id+" ") {
			t.Errorf("board %d is %q but choice %d is %q", i+1, q.Boards[i+1].Caption, i, c.Text)
		}
	}
}
