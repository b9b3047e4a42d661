package searchview

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestPredictScoreKeysAndReset answers A*'s questions with the number keys
// and the boards, right and wrong, and checks the score, the streak, the
// hint when Space is pressed with a question open, and that Back, turning
// predict mode off and Reset drop the question (Reset zeroes the score).
func TestPredictScoreKeysAndReset(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "A*", "manhattan")
	s := u.search
	// Steps until a question is asked.
	next := func() *Question {
		t.Helper()
		for i := 0; i < 10 && pr.Q == nil; i++ {
			key(u, fyne.KeySpace)
		}
		if pr.Q == nil {
			t.Fatal("no question within 10 steps")
		}
		return pr.Q
	}
	q := next()
	if !strings.Contains(pr.Question.Text, "Which node does A* select next") {
		t.Errorf("question %q", pr.Question.Text)
	}
	for i, o := range q.Options {
		if !pr.Cells[i].Visible() || pr.Options[i].Disabled() || pr.Options[i].Text != fmt.Sprintf("Pick (%d)", i+1) {
			t.Errorf("option %d: shown %v, button %q", i+1, pr.Cells[i].Visible(), pr.Options[i].Text)
		}
		if pr.Captions[i].Text != fmt.Sprintf("option %d\ng %d + h %d", i+1, o.G, o.H) {
			t.Errorf("option %d caption %q", i+1, pr.Captions[i].Text)
		}
	}
	for i := len(q.Options); i < len(pr.Cells); i++ {
		if pr.Cells[i].Visible() {
			t.Errorf("option %d shown with %d options", i+1, len(q.Options))
		}
	}
	// Space with a question open: no step, a hint.
	events := s.Events
	key(u, fyne.KeySpace)
	if s.Events != events || pr.Q != q || !strings.Contains(pr.Verdict.Text, "Click the board") {
		t.Fatalf("Space with a question open: %d events (was %d), verdict %q", s.Events, events, pr.Verdict.Text)
	}
	// Right, by tapping the board.
	u.w.Resize(fyne.NewSize(1280, 900)) // lays the new options out
	u.q.Drain()
	bv := pr.Boards[uitest.AnswerIndex(t, q.Options, q.Answer)]
	if bv.Size().Width < 10 {
		t.Fatalf("the option's board is %v", bv.Size())
	}
	test.TapAt(bv, fyne.NewPos(bv.Size().Width/2, bv.Size().Height/2))
	if pr.Score.Text != "Score: 1 of 1 right (100%) · streak 1 · best streak 1" {
		t.Errorf("score %q", pr.Score.Text)
	}
	if !strings.HasPrefix(pr.Verdict.Text, "Right. Option") || !strings.Contains(pr.Verdict.Text, "the lowest f in the open list") {
		t.Errorf("verdict %q", pr.Verdict.Text)
	}
	// Right, with the key.
	q = next()
	key(u, uitest.NumberKey((uitest.AnswerIndex(t, q.Options, q.Answer))))
	// Wrong.
	q = next()
	wrong := (uitest.AnswerIndex(t, q.Options, q.Answer) + 1) % len(q.Options)
	a := q.Answer
	key(u, uitest.NumberKey((wrong)))
	if pr.Score.Text != "Score: 2 of 3 right (66%) · streak 0 · best streak 2" {
		t.Errorf("score %q", pr.Score.Text)
	}
	want := fmt.Sprintf("Wrong: you picked option %d. Option %d comes next: f = %d = %d + %d", wrong+1, uitest.AnswerIndex(t, q.Options, q.Answer)+1, a.F(), a.G, a.H)
	if !strings.HasPrefix(pr.Verdict.Text, want) {
		t.Errorf("verdict %q, want it to start %q", pr.Verdict.Text, want)
	}
	// Keys do nothing without a question.
	events = s.Events
	key(u, fyne.Key1)
	if s.Events != events || pr.Asked != 3 {
		t.Error("a number key without a question stepped or counted")
	}
	// Back drops the question.
	next()
	key(u, fyne.KeyBackspace)
	if pr.Q != nil || pr.AskBox.Visible() || !s.FrontierBox.Visible() {
		t.Error("Back left the question open")
	}
	// Off drops it too, and the search steps without questions.
	for s.Timeline.Forward() {
	}
	next()
	test.Tap(pr.Toggle)
	if pr.Q != nil || pr.AskBox.Visible() || !s.FrontierBox.Visible() || pr.Score.Visible() {
		t.Error("turning predict mode off left the question or the score")
	}
	for range 6 {
		events = s.Events
		key(u, fyne.KeySpace)
		if s.Events != events+1 || pr.Q != nil {
			t.Fatal("with predict mode off, Space asked a question or did not step")
		}
	}
	// Reset zeroes the score.
	test.Tap(pr.Toggle)
	test.Tap(s.ResetButton) // the search was near its end
	next()
	test.Tap(s.ResetButton)
	if pr.Q != nil || pr.AskBox.Visible() || pr.Asked != 0 || pr.Score.Text != "Score: no answers yet." {
		t.Errorf("after Reset: question %v, score %q", pr.Q != nil, pr.Score.Text)
	}
}
