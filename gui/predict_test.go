package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// predictUI returns a test UI in predict mode with alg (and heuristic h
// unless empty) on the 8-puzzle board text.
func predictUI(t *testing.T, text, alg, h string) (testUI, *searchview.Predictor) {
	t.Helper()
	u := newTestUI(t)
	eightPuzzle(t, u, text)
	u.Search.AlgorithmSelect.SetSelected(alg)
	if h != "" {
		if err := u.Search.SelectHeuristic(h); err != nil {
			t.Fatal(err)
		}
	}
	test.Tap(u.Predict.Toggle)
	if !u.Predict.On() {
		t.Fatal("the toggle did not turn predict mode on")
	}
	return u, u.Predict
}

// key types a shortcut key in the puzzle view.
func key(u testUI, k fyne.KeyName) { u.typedKey(&fyne.KeyEvent{Name: k}) }

// numberKey returns the key of option i (0-based): 1 to 6.
func numberKey(i int) fyne.KeyName {
	return []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5, fyne.Key6}[i]
}

// answerIndex returns the index of the option the search selects next.
func answerIndex(t *testing.T, q *searchview.Question) int {
	t.Helper()
	for i, o := range q.Options {
		if o.ID == q.Answer.ID {
			return i
		}
	}
	t.Fatalf("the answer (node %d) is not among the options %v", q.Answer.ID, q.Options)
	return -1
}

// TestPredictScoreKeysAndReset answers A*'s questions with the number keys
// and the boards, right and wrong, and checks the score, the streak, the
// hint when Space is pressed with a question open, and that Back, turning
// predict mode off and Reset drop the question (Reset zeroes the score).
func TestPredictScoreKeysAndReset(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "A*", "manhattan")
	s := u.Search
	// Steps until a question is asked.
	next := func() *searchview.Question {
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
	u.Window.Resize(fyne.NewSize(1280, 900)) // lays the new options out
	settle(u.Window.Content())
	bv := pr.Boards[answerIndex(t, q)]
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
	key(u, numberKey((answerIndex(t, q))))
	// Wrong.
	q = next()
	wrong := (answerIndex(t, q) + 1) % len(q.Options)
	a := q.Answer
	key(u, numberKey((wrong)))
	if pr.Score.Text != "Score: 2 of 3 right (66%) · streak 0 · best streak 2" {
		t.Errorf("score %q", pr.Score.Text)
	}
	want := fmt.Sprintf("Wrong: you picked option %d. Option %d comes next: f = %d = %d + %d", wrong+1, answerIndex(t, q)+1, a.F(), a.G, a.H)
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

// TestPredictQuestionReachable lays out the puzzle view with a question of
// six options (A*) and one of IDA* at every zoom on the screens of
// layoutScreens (every classroom screen under uitest.FullMatrix()):
// every option and button is reachable at its minimum size, the view does
// not scroll sideways, and the board keeps most of the height.
func TestPredictQuestionReachable(t *testing.T) {
	for _, zoom := range zoomLevels {
		t.Run(zoomLabel(zoom), func(t *testing.T) {
			tu := newZoomedUI(t, zoom)
			u, q, w := tu.UI, tu.q, tu.Window
			eightPuzzle(t, tu, "8 6 7 / 2 5 4 / 3 0 1")
			s, pr := u.Search, u.Predict
			for _, alg := range []string{"A*", "IDA*"} {
				s.AlgorithmSelect.SetSelected(alg)
				if err := s.SelectHeuristic("manhattan"); err != nil {
					t.Fatal(err)
				}
				test.Tap(s.ResetButton)
				if !pr.On() {
					test.Tap(pr.Toggle)
				}
				want := 6
				if alg == "IDA*" {
					want = 3
				}
				for i := 0; i < 300; i++ {
					key(tu, fyne.KeySpace)
					if pr.Q != nil && (len(pr.Q.Options) >= want || len(pr.Q.Children) >= want) {
						break
					}
					if pr.Q != nil {
						key(tu, fyne.Key1)
						key(tu, fyne.KeySpace)
					}
				}
				if pr.Q == nil {
					t.Fatalf("%s: no question with %d options", alg, want)
				}
				content := w.Content()
				for _, screen := range layoutScreens(zoom) {
					w.Resize(screen)
					settle(content)
					q.Drain()
					sc := u.Tabs.Selected().Content.(*container.Scroll)
					if min, got := sc.Content.MinSize(), sc.Size(); min.Width > got.Width+1 {
						t.Errorf("%s, %.0fx%.0f: the view needs %.0f wide, more than %.0f: it scrolls sideways", alg, screen.Width, screen.Height, min.Width, got.Width)
					}
					for _, b := range unreachable(content, fyne.Position{}, rect{0, 0, screen.Width, screen.Height}, "predict") {
						t.Errorf("%s, %.0fx%.0f: %s", alg, screen.Width, screen.Height, b)
					}
					for i := range pr.Q.Options {
						if !pr.Options[i].Visible() || pr.Options[i].Size().Width < pr.Options[i].MinSize().Width-1 {
							t.Errorf("%s, %.0fx%.0f: option %d is not shown whole", alg, screen.Width, screen.Height, i+1)
						}
					}
					// The question is scrolled into view: the toggle, and
					// the options as far as they fit.
					col := pr.Scroll // the right column
					col.ScrollToTop()
					pr.Reveal()
					top, _ := searchview.OffsetIn(col.Content, pr.Box)
					at, _ := searchview.OffsetIn(col.Content, pr.AskBox)
					view := rect{0, col.Offset.Y, col.Size().Width, col.Offset.Y + col.Size().Height}
					if top.Y < view.y0-1 || (at.Y+pr.AskBox.Size().Height > view.y1+1 && top.Y > view.y0+1) {
						t.Errorf("%s, %.0fx%.0f: the question (%.0f to %.0f) is not scrolled into view %s", alg, screen.Width, screen.Height, top.Y, at.Y+pr.AskBox.Size().Height, view)
					}
					if side := u.Puzzle.Board.Size(); min(side.Width, side.Height) < screen.Height*0.3 {
						t.Errorf("%s, %.0fx%.0f: the board is %.0fx%.0f", alg, screen.Width, screen.Height, side.Width, side.Height)
					}
				}
			}
		})
	}
}

// TestPredictDemo reaches the screenshot's state: eight answers, one wrong,
// a question of six options open.
func TestPredictDemo(t *testing.T) {
	u := newTestUI(t)
	readied := false
	if err := u.Demo("predict", func() { readied = true }); err != nil {
		t.Fatal(err)
	}
	pr := u.Predict
	if !readied || pr.Q == nil || len(pr.Q.Options) != searchview.PredictOptions || pr.Asked != 8 || pr.Right != 7 {
		t.Fatalf("ready %v, question %v, score %d of %d", readied, pr.Q != nil, pr.Right, pr.Asked)
	}
	if u.CurrentView() != ViewPuzzle || !pr.Verdict.Visible() || !pr.AskBox.Visible() {
		t.Error("the demo does not show the puzzle view with the question and the last verdict")
	}
}
