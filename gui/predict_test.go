package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/gui/internal/uitest"

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

// TestPredictKeys checks that the window's keys reach predict mode: Space
// steps to a question and, with one open, gives the hint; a number key
// answers; Backspace drops the question. What the answers score is tested
// beside the view (gui/internal/searchview).
func TestPredictKeys(t *testing.T) {
	u, pr := predictUI(t, "4 1 3 / 7 2 5 / 0 8 6", "A*", "manhattan")
	s := u.Search
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
	events := s.Events
	key(u, fyne.KeySpace)
	if s.Events != events || pr.Q != q || !strings.Contains(pr.Verdict.Text, "Click the board") {
		t.Fatalf("Space with a question open: %d events (was %d), verdict %q", s.Events, events, pr.Verdict.Text)
	}
	key(u, uitest.NumberKey(uitest.AnswerIndex(t, q.Options, q.Answer)))
	if pr.Asked != 1 || pr.Right != 1 {
		t.Errorf("the answer's number key: %d of %d right", pr.Right, pr.Asked)
	}
	next()
	key(u, fyne.KeyBackspace)
	if pr.Q != nil || pr.AskBox.Visible() {
		t.Error("Backspace left the question open")
	}
}

// TestPredictQuestionReachable lays out the puzzle view with a question of
// six options (A*) and one of IDA* at the zooms of layoutZooms on the
// screens of layoutScreens (every zoom and screen under
// uitest.FullMatrix()):
// every option and button is reachable at its minimum size, the view does
// not scroll sideways, and the board keeps most of the height.
//
// The race form (raceForm) skips it: reachability is layout on the UI
// goroutine (8 s of the shell's race run); TestPredictKeys and
// TestPredictDemo ask questions under the race detector.
func TestPredictQuestionReachable(t *testing.T) {
	skipInRaceForm(t, "reachability of a predict question")
	for _, zoom := range layoutZooms() {
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
