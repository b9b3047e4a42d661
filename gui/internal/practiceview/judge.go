package practiceview

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/exercise"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// check answers with the typed number or the choices picked (Enter).
func (v *PracticeView) check() {
	q, ok := v.current()
	if !ok || v.set.answered {
		return
	}
	switch q.Answer {
	case exercise.Numeric:
		text, err := typedNumber(v.Entry.Text)
		if err != nil {
			v.showFeedback(fmt.Sprintf("Not checked: %v.", err), widget.WarningImportance)
			return
		}
		v.answer(text, text)
	case exercise.MultipleChoice:
		var picked []int
		for i, p := range v.set.picked {
			if p {
				picked = append(picked, i)
			}
		}
		if len(picked) == 0 {
			v.showFeedback("Not checked: pick at least one answer (click it, or press its number), then Check.", widget.WarningImportance)
			return
		}
		v.answer(pickedAnswer(q, picked))
	}
}

// showFeedback shows a line under the boards.
func (v *PracticeView) showFeedback(text string, imp widget.Importance) {
	v.Feedback.SetText(text)
	v.Feedback.Importance = imp
	v.Feedback.Show()
	v.Feedback.Refresh()
	v.relayout()
}

// answer judges the answer (as Question.Judge takes it; shown is how the
// summary records it), records it and shows the verdict, the explanation
// and the right answer.
func (v *PracticeView) answer(judge, shown string) {
	s := v.set
	q, _ := v.current()
	verdict := q.Judge(judge)
	secs := math.Round(v.now().Sub(s.shown).Seconds()*10) / 10
	s.records = append(s.records, Record{N: s.i + 1, Kind: q.Kind, Level: q.Level, Seed: q.Seed, Title: q.Title,
		Answer: shown, RightAnswer: rightAnswer(q), Right: verdict.Right, Seconds: max(0, secs)})
	s.answered = true
	if verdict.Right {
		s.score++
		s.streak++
		s.best = max(s.best, s.streak)
		text := strings.Join(verdict.Feedback, " ")
		if !strings.HasPrefix(text, "Right") {
			text = "Right. " + text
		}
		v.showFeedback(text, widget.SuccessImportance)
	} else {
		s.streak = 0
		v.showFeedback("Not right. "+strings.Join(verdict.Feedback, " ")+" The right answer: "+rightAnswer(q)+".", widget.DangerImportance)
	}
	v.Explanation.SetText(verdict.Explanation + v.marksNote(q))
	v.Explanation.Show()
	v.markChoices(q, judge)
	v.Entry.Disable()
	v.CheckButton.Disable()
	v.NextButton.Enable()
	v.showAnswerOnBoard(q)
	v.updateScore()
	v.focus(false) // the keys (N) reach the view again
	v.relayout()
}

func (v *PracticeView) window() fyne.Window {
	if v.win == nil {
		return nil
	}
	return v.win()
}

// markChoices colours the right choices green and a wrong pick red. They
// stay enabled, so that the colours show (a disabled button is grey); pick
// ignores them once the question is answered.
func (v *PracticeView) markChoices(q exercise.Question, judge string) {
	right := rightIndices(q)
	picked := map[int]bool{}
	if q.Answer == exercise.TrueFalse {
		picked[map[string]int{"true": 0, "false": 1}[judge]] = true
	} else {
		for i, p := range v.set.picked {
			picked[i] = p
		}
		var k int
		if _, err := fmt.Sscan(judge, &k); err == nil && q.Answer == exercise.SingleChoice {
			picked[k] = true
		}
	}
	for i, b := range v.Choices {
		switch {
		case containsInt(right, i):
			b.Importance = widget.SuccessImportance
		case picked[i]:
			b.Importance = widget.DangerImportance
		default:
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// showAnswerOnBoard draws the worked answer on the question's board where
// the app has a drawing for it: each tile's share of the heuristic, and the
// tiles linear conflict removes (+2).
func (v *PracticeView) showAnswerOnBoard(q exercise.Question) {
	if !marksTiles(q.Kind) || len(v.Boards) == 0 {
		return
	}
	b := q.Boards[0].Board
	bv := v.Boards[0]
	ov := widgets.BoardOverlay{Cells: bv.Cells(), Share: make([]string, len(bv.Cells())), Extra: make([]string, len(bv.Cells()))}
	var shares []int
	switch q.Kind {
	case "hamming":
		if h, err := search.NewHamming(b.Size(), q.Goal); err == nil {
			shares = h.Shares(b)
		}
	default:
		if m, err := search.NewManhattan(b.Size(), q.Goal); err == nil {
			shares = m.Shares(b)
		}
	}
	for p, sh := range shares {
		if sh > 0 {
			ov.Share[p] = fmt.Sprint(sh)
		}
	}
	if q.Kind == "linear-conflict" {
		if cb, err := search.ExplainLinearConflict(b, q.Goal); err == nil {
			for p := range ov.Extra {
				if x := cb.Extra(b.At(p)); x > 0 && b.At(p) != 0 {
					ov.Extra[p] = fmt.Sprintf("+%d", x)
				}
			}
		}
	}
	bv.SetOverlay(ov)
}

// updateScore shows the score and the streak.
func (v *PracticeView) updateScore() {
	s := v.set
	if s == nil {
		v.Score.SetText("")
		return
	}
	v.Score.SetText(fmt.Sprintf("Score %d of %d · streak %d · best %d", s.score, len(s.records), s.streak, s.best))
}

// Next shows the next question, or the summary after the last one.
func (v *PracticeView) Next() {
	if v.set == nil || !v.set.answered {
		return
	}
	v.set.i++
	if v.set.i < len(v.set.questions) {
		v.showQuestion()
		return
	}
	v.finish()
}

// finish shows the summary of the set.
func (v *PracticeView) finish() {
	s := v.set
	v.Header.SetText(fmt.Sprintf("Done: %d of %d right", s.score, len(s.records)))
	v.Text.SetText(fmt.Sprintf("Seed %d, %s. Best streak %d. Save the summary to hand it in; Start again for another set (the same seed gives the same questions).",
		s.seed, map[int]string{1: levelEasy, 2: levelHard}[s.level], s.best))
	v.hideQuestion()
	v.SummaryTable.Refresh()
	v.summary.Show()
	v.Status.SetText("Set finished.")
	v.showSetup(true)
	v.relayout()
}

// Summary returns the result of the set so far (all of it once finished).
func (v *PracticeView) Summary() Summary {
	s := v.set
	if s == nil {
		return Summary{}
	}
	return Summary{Seed: s.seed, Level: s.level, Kinds: append([]string(nil), s.kinds...), Questions: len(s.questions),
		Score: s.score, BestStreak: s.best, Answers: append([]Record(nil), s.records...)}
}

// saveDialog asks for a file and saves the summary in format there.
func (v *PracticeView) saveDialog(format string) {
	w := v.window()
	if w == nil || v.set == nil {
		return
	}
	sum := v.Summary()
	write := sum.WriteCSV
	if format == "json" {
		write = sum.WriteJSON
	}
	toolkit.ExportFile(w, fmt.Sprintf("practice-seed%d", sum.Seed), format, write, func(where string) {
		v.Status.SetText("Saved the summary to " + where + ".")
	})
}

// vote puts the current question to the class (the shell shows it large).
func (v *PracticeView) vote() {
	if v.OnVote == nil || v.set == nil {
		return
	}
	v.OnVote(NewVote(v.set.questions, v.set.i))
}

// marksNote compares the tiles marked on a linear-conflict question with the
// tiles the engine removes from their lines (one least set): a sentence to
// add to the explanation, "" when nothing was marked.
func (v *PracticeView) marksNote(q exercise.Question) string {
	if q.Kind != "linear-conflict" || len(v.set.marked) == 0 {
		return ""
	}
	b := q.Boards[0].Board
	var marked []int
	for cell := range b.Size().Cells() {
		if v.set.marked[cell] {
			marked = append(marked, b.At(cell))
		}
	}
	slices.Sort(marked)
	if len(marked) == 0 {
		return ""
	}
	cb, err := search.ExplainLinearConflict(b, q.Goal)
	if err != nil {
		return ""
	}
	var removed []int
	for _, l := range cb.Lines {
		for _, t := range l.Removed {
			if !slices.Contains(removed, t) {
				removed = append(removed, t)
			}
		}
	}
	slices.Sort(removed)
	note := fmt.Sprintf(" You marked %s; the tiles that leave their line here (+2 on the board) are %s", joinInts(marked), joinInts(removed))
	if len(removed) == 0 {
		note = fmt.Sprintf(" You marked %s; no tile has to leave its line here", joinInts(marked))
	}
	if slices.Equal(marked, removed) {
		note += ": the same tiles"
	}
	return note + "."
}

// joinInts lists numbers separated by ", ".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}
