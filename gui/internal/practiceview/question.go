package practiceview

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// Board sizes, in text sizes along a side: the board a question is about,
// and the others (an open list's nodes, a property's boards).
const (
	mainBoardEms  = 13
	otherBoardEms = 8
)

// buildQuestionArea makes the widgets of a question.
func (v *PracticeView) buildQuestionArea() {
	v.Header = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.Header.Wrapping = fyne.TextWrapWord
	v.Score = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.Text = widget.NewLabel("")
	v.Text.Wrapping = fyne.TextWrapWord
	v.boardBox = toolkit.NewFlowAligned(toolkit.FlowCenter)
	v.choiceBox = container.NewVBox()
	v.Entry = widget.NewEntry()
	v.Entry.SetPlaceHolder("Your answer (a number)")
	v.Entry.OnSubmitted = func(string) { toolkit.Press(v.CheckButton)() }
	v.CheckButton = widget.NewButton("Check (Enter)", v.check)
	v.CheckButton.Importance = widget.HighImportance
	v.checkTipped = controlHelp.WithTip(v.CheckButton, TipCheck) // placed under the choices or the answer box
	v.numberBox = container.NewVBox(v.Entry)
	v.Marked = widget.NewLabel("")
	v.Marked.Wrapping = fyne.TextWrapWord
	v.Feedback = widget.NewLabel("")
	v.Feedback.Wrapping = fyne.TextWrapWord
	v.Explanation = widget.NewLabel("")
	v.Explanation.Wrapping = fyne.TextWrapWord
	v.NextButton = widget.NewButton("Next (N)", v.Next)
	v.VoteButton = widget.NewButton("Class vote…", v.vote)
	v.SaveCSV = widget.NewButton("Save summary as CSV…", func() { v.saveDialog("csv") })
	v.SaveJSON = widget.NewButton("Save summary as JSON…", func() { v.saveDialog("json") })
	v.SummaryTable = v.newSummaryTable()
	v.summary = container.NewVBox(widget.NewLabelWithStyle("Summary", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.New(fixedHeight{ems: 16}, v.SummaryTable), toolkit.NewFlow(controlHelp.WithTip(v.SaveCSV, TipCSV), controlHelp.WithTip(v.SaveJSON, TipJSON)))
}

// clearQuestion shows no question: before the first Start.
func (v *PracticeView) clearQuestion() {
	v.Header.SetText("Practice")
	v.Text.SetText("Questions with boards, checked by the engine as you answer them. Pick topics on the right and press Start.")
	v.Score.SetText("")
	v.hideQuestion()
	v.CheckButton.Hide()
	v.summary.Hide()
}

// hideQuestion takes the question's boards, answers and feedback off the
// screen (before the first set, and at the summary).
func (v *PracticeView) hideQuestion() {
	v.boardBox.Objects = nil
	v.boardBox.Refresh()
	v.Boards = nil
	v.setChoices(nil)
	v.numberBox.Hide()
	v.Marked.Hide()
	v.Feedback.Hide()
	v.Explanation.Hide()
	v.NextButton.Disable()
	v.VoteButton.Hide()
	v.nav.Hide()
}

// current returns the question shown (false: none).
func (v *PracticeView) current() (exercise.Question, bool) {
	if v.set == nil || v.set.i >= len(v.set.questions) {
		return exercise.Question{}, false
	}
	return v.set.questions[v.set.i], true
}

// showQuestion shows the set's current question, unanswered.
func (v *PracticeView) showQuestion() {
	s := v.set
	q, _ := v.current()
	s.answered = false
	s.picked = make([]bool, len(choiceTexts(q)))
	s.marked = map[int]bool{}
	s.shown = v.now()
	v.summary.Hide()
	v.Header.SetText(fmt.Sprintf("Question %d of %d: %s (level %d, seed %d)", s.i+1, len(s.questions), kindTitle(q.Kind), q.Level, q.Seed))
	v.Text.SetText(q.Text + "\n" + howToAnswer(q))
	v.showBoards(q)
	v.setChoices(choiceTexts(q))
	numeric := q.Answer == exercise.Numeric
	toolkit.ShowIf(v.numberBox, numeric)
	v.Entry.SetText("")
	v.Entry.Enable()
	v.CheckButton.Enable()
	toolkit.ShowIf(v.CheckButton, numeric || q.Answer == exercise.MultipleChoice)
	if numeric {
		v.numberBox.Objects = []fyne.CanvasObject{v.Entry, v.checkTipped}
	} else {
		v.numberBox.Objects = []fyne.CanvasObject{v.Entry}
		v.choiceBox.Add(v.checkTipped) // under the choices
	}
	v.numberBox.Refresh()
	v.focus(false) // digits reach the answer box through the view's keys (typeKey)
	v.Marked.SetText("")
	v.Marked.Hide() // until a tile is marked
	v.Feedback.Hide()
	v.Explanation.Hide()
	v.NextButton.Disable()
	v.NextButton.SetText("Next (N)")
	if s.i == len(s.questions)-1 {
		v.NextButton.SetText("Finish (N)")
	}
	toolkit.ShowIf(v.VoteButton, v.OnVote != nil)
	v.nav.Show()
	v.updateScore()
	v.Status.SetText(fmt.Sprintf("Set of %d %s, seed %d.", len(s.questions), toolkit.Plural(len(s.questions), "question", "questions"), s.seed))
	v.relayout()
}

// howToAnswer says how the question is answered in this view.
func howToAnswer(q exercise.Question) string {
	switch {
	case q.Kind == "next-node":
		return "Click the node's board, or pick it on the right (keys 1 to 9)."
	case q.Kind == "ida-prune":
		return "Click the tiles the blank would move to for the pruned children (or pick the moves on the right), then Check."
	case marksTiles(q.Kind):
		return "Type the number and press Enter. Clicking a tile marks it, to help you count."
	case q.Answer == exercise.Numeric:
		return "Type the number and press Enter."
	case q.Answer == exercise.MultipleChoice:
		return "Pick every right answer (keys 1 to 9), then Check."
	}
	return "Pick an answer on the right (keys 1 to 9)."
}

// marksTiles reports whether the tiles of kind's board can be marked while
// counting.
func marksTiles(kind string) bool {
	return kind == "hamming" || kind == "manhattan" || kind == "linear-conflict"
}

// showBoards draws the question's boards with their captions.
func (v *PracticeView) showBoards(q exercise.Question) {
	v.Boards = nil
	var cards []fyne.CanvasObject
	for i, p := range q.Boards {
		bv := widgets.NewBoardView(p.Board, session.Groups{})
		ems := float32(otherBoardEms)
		if i == 0 {
			ems = mainBoardEms
		}
		i := i
		bv.OnTapped = func(cell int) { v.tapped(i, cell) }
		v.Boards = append(v.Boards, bv)
		caption := widget.NewLabelWithStyle(p.Caption, fyne.TextAlignCenter, fyne.TextStyle{Monospace: true})
		cards = append(cards, container.NewVBox(container.New(squareEms{ems: ems}, bv), caption))
	}
	v.boardBox.Objects = cards
	v.boardBox.Refresh()
}

// setChoices makes one button per answer offered, numbered for the keys.
func (v *PracticeView) setChoices(texts []string) {
	v.Choices = nil
	v.choiceBox.Objects = nil
	for i, t := range texts {
		i := i
		b := widget.NewButton(fmt.Sprintf("%d.  %s", i+1, t), func() { v.pick(i) })
		b.Alignment = widget.ButtonAlignLeading
		v.Choices = append(v.Choices, b)
		v.choiceBox.Add(b)
	}
	v.choiceBox.Refresh()
}

// pick answers a single-choice or true-false question with choice i, or
// picks or unpicks choice i of a multiple-choice question.
func (v *PracticeView) pick(i int) {
	q, ok := v.current()
	if !ok || v.set.answered {
		return
	}
	if q.Answer != exercise.MultipleChoice {
		v.answer(pickedAnswer(q, []int{i}))
		return
	}
	v.focus(false) // Enter checks, rather than pressing this button again
	v.set.picked[i] = !v.set.picked[i]
	v.Choices[i].Importance = widget.MediumImportance
	if v.set.picked[i] {
		v.Choices[i].Importance = widget.HighImportance
	}
	v.Choices[i].Refresh()
	v.showPrunedMarks(q)
}

// tapped handles a click on cell of board i.
func (v *PracticeView) tapped(i, cell int) {
	q, ok := v.current()
	if !ok || v.set.answered {
		return
	}
	switch {
	case q.Kind == "next-node" && i > 0 && i-1 < len(v.Choices):
		v.pick(i - 1) // the open list's boards are in the choices' order
	case q.Kind == "ida-prune" && i == 0:
		if c := moveChoice(q, cell); c >= 0 {
			v.pick(c)
		}
	case marksTiles(q.Kind) && i == 0 && q.Boards[0].Board.At(cell) != 0:
		v.set.marked[cell] = !v.set.marked[cell]
		v.showMarks()
	}
}

// moveChoice returns the choice of an IDA* pruning question for the move
// that takes the blank to cell (-1: none).
func moveChoice(q exercise.Question, cell int) int {
	b := q.Boards[0].Board
	for _, d := range board.Dirs {
		if c, ok := b.Move(d); ok && c.Blank() == cell {
			return slices.IndexFunc(q.Choices, func(ch exercise.Choice) bool { return strings.HasPrefix(ch.Text, d.String()+" ") })
		}
	}
	return -1
}

// showMarks draws the marked tiles (a dot in their corner) and counts them.
func (v *PracticeView) showMarks() {
	bv := v.Boards[0]
	marks := make([]string, len(bv.Cells()))
	n := 0
	for c, on := range v.set.marked {
		if on {
			marks[c] = "✓"
			n++
		}
	}
	bv.SetOverlay(widgets.BoardOverlay{Cells: bv.Cells(), Share: marks})
	v.Marked.SetText(fmt.Sprintf("%d %s marked", n, toolkit.Plural(n, "tile", "tiles")))
	v.Marked.Show()
	v.relayout()
}

// showPrunedMarks greys the tiles of the moves picked as pruned on an IDA*
// pruning question's board.
func (v *PracticeView) showPrunedMarks(q exercise.Question) {
	if q.Kind != "ida-prune" || len(v.Boards) == 0 {
		return
	}
	bv := v.Boards[0]
	var moves []widgets.MoveMark
	for cell := range bv.Cells() {
		if c := moveChoice(q, cell); c >= 0 && v.set.picked[c] {
			moves = append(moves, widgets.MoveMark{Cell: cell, Kind: widgets.MoveDropped, Text: "pruned"})
		}
	}
	bv.SetOverlay(widgets.BoardOverlay{Cells: bv.Cells(), Moves: moves})
}

// focus gives the keyboard to the answer box (entry) or takes it from
// whatever control has it, so that the view's keys work.
func (v *PracticeView) focus(entry bool) {
	w := v.window()
	if w == nil {
		return
	}
	if entry {
		w.Canvas().Focus(v.Entry)
	} else {
		w.Canvas().Unfocus()
	}
}
