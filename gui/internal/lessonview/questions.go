package lessonview

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/internal/lesson"
)

// answerBox is one question in the panel: what the student picks or types,
// a Check button, and the verdict with the engine's answer.
type answerBox struct {
	// Question is the question's text.
	Question string
	// Pick offers the options (nil for a number); Picks the options of an
	// exercise where several may be right; Entry takes a number.
	Pick  *widget.RadioGroup
	Picks *widget.CheckGroup
	Entry *widget.Entry
	// Check judges the answer; Verdict shows the result.
	Check   *widget.Button
	Verdict *widget.Label
	// judge returns whether the answer given is right and what to say.
	judge func() (bool, string)
	right bool
}

// showQuestions lays out the part's questions and exercises.
func (p *Panel) showQuestions(st *lesson.State) {
	p.Questions.RemoveAll()
	p.answered = nil
	var boxes []*answerBox
	for _, a := range st.Answers {
		boxes = append(boxes, questionBox(a))
	}
	for _, q := range st.Exercises {
		boxes = append(boxes, exerciseBox(q))
	}
	if len(boxes) > 0 {
		p.Questions.Add(widget.NewSeparator())
		p.Questions.Add(widget.NewLabelWithStyle("Questions", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	for _, b := range boxes {
		p.Questions.Add(b.content())
		p.answered = append(p.answered, b)
	}
	p.Questions.Refresh()
}

// content lays out the box and wires its Check button.
func (b *answerBox) content() fyne.CanvasObject {
	q := widget.NewLabel(b.Question)
	q.Wrapping = fyne.TextWrapWord
	b.Verdict = widget.NewLabel("")
	b.Verdict.Wrapping = fyne.TextWrapWord
	b.Verdict.Hide()
	text := "Check"
	if b.Pick == nil && b.Picks == nil && b.Entry == nil {
		text = "Show the answer"
	}
	b.Check = widget.NewButton(text, func() {
		ok, msg := b.judge()
		b.right = ok
		b.Verdict.Importance = widget.SuccessImportance
		if !ok {
			b.Verdict.Importance = widget.DangerImportance
		}
		b.Verdict.SetText(msg)
		b.Verdict.Show()
	})
	box := container.NewVBox(q)
	if b.Pick != nil {
		box.Add(b.Pick)
	}
	if b.Picks != nil {
		box.Add(b.Picks)
	}
	if b.Entry != nil {
		box.Add(b.Entry)
	}
	box.Add(b.Check)
	box.Add(b.Verdict)
	return box
}

// questionBox asks one of the part's own questions: the options of a
// multiple-choice or next-node question, or a number. IDA*'s next-node
// question has no options: the answer is shown in words on Check.
func questionBox(a lesson.Answer) *answerBox {
	b := &answerBox{Question: a.Text}
	if a.Kind == lesson.AskNext && a.Text == "" {
		b.Question = "Which board does the search select next?"
	}
	values := ""
	if len(a.Values) == len(a.Options) && len(a.Values) > 0 {
		var v []string
		for i, o := range a.Options {
			v = append(v, o+": "+a.Values[i])
		}
		values = " (" + strings.Join(v, "; ") + ")"
	}
	switch {
	case len(a.Options) > 0 && a.Correct >= 0:
		b.Pick = widget.NewRadioGroup(a.Options, nil)
		b.judge = func() (bool, string) {
			if b.Pick.Selected == "" {
				return false, "Pick an answer first."
			}
			if b.Pick.Selected == a.Options[a.Correct] {
				return true, "Right: " + a.Answer + values
			}
			return false, "Not quite: the answer is " + a.Answer + values
		}
	case a.Kind == lesson.AskNumber:
		b.Entry = widget.NewEntry()
		b.Entry.SetPlaceHolder("a number")
		b.judge = func() (bool, string) {
			got, ok := number(b.Entry.Text)
			want, _ := number(a.Answer)
			switch {
			case !ok:
				return false, fmt.Sprintf("%q is not a number.", strings.TrimSpace(b.Entry.Text))
			case got == want:
				return true, "Right: " + a.Answer + "."
			}
			return false, "Not quite: the answer is " + a.Answer + "."
		}
	default:
		b.judge = func() (bool, string) { return true, "The answer: " + a.Answer }
	}
	return b
}

// exerciseBox asks a question of the exercise generator, judged by its own
// rule (exercise.Question.Judge), with its explanation.
func exerciseBox(q exercise.Question) *answerBox {
	b := &answerBox{Question: q.Text}
	var texts []string
	for _, c := range q.Choices {
		texts = append(texts, c.Text)
	}
	answer := func() string {
		switch q.Answer {
		case exercise.Numeric:
			return b.Entry.Text
		case exercise.TrueFalse:
			return strings.ToLower(b.Pick.Selected)
		case exercise.MultipleChoice:
			return indices(texts, b.Picks.Selected)
		}
		return indices(texts, []string{b.Pick.Selected})
	}
	switch q.Answer {
	case exercise.Numeric:
		b.Entry = widget.NewEntry()
		b.Entry.SetPlaceHolder("a number")
	case exercise.TrueFalse:
		b.Pick = widget.NewRadioGroup([]string{"True", "False"}, nil)
	case exercise.MultipleChoice:
		b.Picks = widget.NewCheckGroup(texts, nil)
	default:
		b.Pick = widget.NewRadioGroup(texts, nil)
	}
	b.judge = func() (bool, string) {
		v := q.Judge(answer())
		msg := strings.Join(v.Feedback, " ")
		if v.Explanation != "" {
			msg += "\n" + v.Explanation
		}
		return v.Right, msg
	}
	return b
}

// indices returns the positions of picked in texts, as exercise.Judge
// reads a choice answer ("0,2").
func indices(texts, picked []string) string {
	var out []string
	for i, t := range texts {
		for _, p := range picked {
			if p != "" && p == t {
				out = append(out, strconv.Itoa(i))
			}
		}
	}
	return strings.Join(out, ",")
}

// number reads a whole number as a lesson writes it ("12,345").
func number(s string) (int64, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), ",", "")
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}
