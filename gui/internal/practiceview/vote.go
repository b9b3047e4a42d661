package practiceview

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// Vote puts a practice question to a class: the question with its boards
// and its answers lettered A, B, C, ... for a show of hands; Reveal shows
// the right answer and the explanation, Next the next question of the set.
// The shell shows Content large (presentation mode's theme) under a
// layer for the buttons' tips (toolkit.WithTips) and sets OnExit.
type Vote struct {
	Title       *widget.Label
	Text        *widget.Label
	Choices     []*widget.Label
	Answer      *widget.Label
	Explanation *widget.Label
	// RevealButton shows the answer (R), NextButton the next question (N),
	// ExitButton leaves the vote (Escape).
	RevealButton *widget.Button
	NextButton   *widget.Button
	ExitButton   *widget.Button
	// Content is the vote's whole screen.
	Content fyne.CanvasObject
	// OnExit is called by the Exit button.
	OnExit func()

	questions []exercise.Question
	i         int
	boards    *fyne.Container
	choices   *fyne.Container
	side      *fyne.Container
}

// NewVote returns a vote on questions[i]; Next goes on through the set.
func NewVote(questions []exercise.Question, i int) *Vote {
	v := &Vote{questions: questions, i: i}
	v.Title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.Title.Wrapping = fyne.TextWrapWord
	v.Text = widget.NewLabel("")
	v.Text.Wrapping = fyne.TextWrapWord
	v.Answer = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.Answer.Wrapping = fyne.TextWrapWord
	v.Answer.Importance = widget.SuccessImportance
	v.Explanation = widget.NewLabel("")
	v.Explanation.Wrapping = fyne.TextWrapWord
	v.RevealButton = widget.NewButton("Reveal (R)", v.Reveal)
	v.RevealButton.Importance = widget.HighImportance
	v.NextButton = widget.NewButton("Next question (N)", v.Next)
	v.ExitButton = widget.NewButtonWithIcon("Exit (Esc)", theme.ViewRestoreIcon(), func() {
		if v.OnExit != nil {
			v.OnExit()
		}
	})
	v.boards = container.NewGridWithColumns(1)
	v.choices = container.NewVBox()
	v.side = container.NewVBox(v.Title, v.Text, v.choices, toolkit.NewFlow(voteHelp.WithTip(v.RevealButton, TipReveal),
		voteHelp.WithTip(v.NextButton, TipVoteNext), voteHelp.WithTip(v.ExitButton, TipVoteExit)), v.Answer, v.Explanation)
	// The boards take the room the text leaves, as large as it allows.
	v.Content = toolkit.NewSide(container.NewPadded(v.boards), container.NewVScroll(container.NewPadded(v.side)), 0.45)
	v.show()
	return v
}

// Question returns the question put to the class.
func (v *Vote) Question() exercise.Question { return v.questions[v.i] }

// show draws the current question, answer hidden.
func (v *Vote) show() {
	q := v.Question()
	v.Title.SetText(fmt.Sprintf("Class vote: %s (question %d of %d)", kindTitle(q.Kind), v.i+1, len(v.questions)))
	v.Text.SetText(q.Text)
	var cards []fyne.CanvasObject
	for _, p := range q.Boards {
		bv := widgets.NewBoardView(p.Board, session.Groups{})
		caption := widget.NewLabelWithStyle(p.Caption, fyne.TextAlignCenter, fyne.TextStyle{Monospace: true})
		cards = append(cards, container.NewBorder(nil, caption, nil, nil, bv))
	}
	v.boards.Layout = layout.NewGridLayoutWithColumns(voteColumns(len(cards)))
	v.boards.Objects = cards
	v.boards.Refresh()
	v.Choices = nil
	v.choices.Objects = nil
	for i, t := range choiceTexts(q) {
		l := widget.NewLabel(letter(i) + ".  " + t)
		l.Wrapping = fyne.TextWrapWord
		v.Choices = append(v.Choices, l)
		v.choices.Add(l)
	}
	if q.Answer == exercise.Numeric {
		l := widget.NewLabel("Answer with a number.")
		v.choices.Add(l)
	}
	v.choices.Refresh()
	v.Answer.Hide()
	v.Explanation.Hide()
	v.RevealButton.Enable()
	toolkit.Enable(v.NextButton, v.i+1 < len(v.questions))
	v.side.Refresh()
}

// voteColumns is the number of columns n boards are laid out in.
func voteColumns(n int) int {
	switch {
	case n <= 1:
		return 1
	case n <= 4:
		return 2
	}
	return 3
}

// Reveal shows the right answer (its letters) and the explanation.
func (v *Vote) Reveal() {
	q := v.Question()
	var letters []string
	for _, i := range rightIndices(q) {
		letters = append(letters, letter(i))
		v.Choices[i].Importance = widget.SuccessImportance
		v.Choices[i].TextStyle = fyne.TextStyle{Bold: true}
		v.Choices[i].Refresh()
	}
	text := "Answer: " + rightAnswer(q)
	if q.Answer != exercise.Numeric {
		text = "Answer: " + strings.Join(letters, ", ") + " (" + rightAnswer(q) + ")"
	}
	v.Answer.SetText(text)
	v.Answer.Show()
	v.Explanation.SetText(q.Explanation)
	v.Explanation.Show()
	v.RevealButton.Disable()
	v.side.Refresh()
}

// Next puts the set's next question to the class.
func (v *Vote) Next() {
	if v.i+1 >= len(v.questions) {
		return
	}
	v.i++
	v.show()
}

// Keys are the vote's shortcuts (Escape is the shell's): R reveals, N goes
// to the next question; each presses its button.
func (v *Vote) Keys() map[fyne.KeyName]func() {
	return map[fyne.KeyName]func(){
		fyne.KeyR: toolkit.Press(v.RevealButton),
		fyne.KeyN: toolkit.Press(v.NextButton),
	}
}
