package searchview

import (
	"fmt"
	"testing"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
)

// TestNoArrowSpaceInProportionalText steps every algorithm (and answers
// predict mode's questions) and looks at every text the search view draws:
// none drawn in the proportional font has "←" followed by whitespace, which
// Fyne's font fallback draws as "←" and a stray glyph. The race form
// (raceForm) keeps its smallest case, one view: A* in predict mode (its
// steps show the narration, the question and the verdict); the texts are
// the test goroutine's alone, and make test-short and make test-full look
// at every algorithm in both modes.
func TestNoArrowSpaceInProportionalText(t *testing.T) {
	board := "1 2 3 4 5 6 0 7 8"
	modes := []bool{false, true}
	var algs []string
	if raceForm() {
		algs, modes = []string{"A*"}, []bool{true}
	} else {
		algs = newTestViewAlgorithms(t)
	}
	for _, alg := range algs {
		for _, predict := range modes {
			t.Run(fmt.Sprint(alg, " predict ", predict), func(t *testing.T) {
				u := newTestView(t)
				u.eightPuzzle(t, board)
				u.search.AlgorithmSelect.SetSelected(alg)
				if predict {
					key(u, fyne.KeyR)
					test.Tap(u.predict.Toggle)
					if !u.predict.On() {
						t.Skip("no predict mode for", alg)
					}
				}
				for i := 0; i < 12; i++ {
					key(u, fyne.KeySpace)
					if q := u.predict.Q; predict && q != nil {
						key(u, fyne.Key1) // any answer: the verdict quotes the rule
						if len(q.Children) > 0 {
							key(u, fyne.KeySpace)
						}
					}
					u.q.Drain()
					if bad := arrowSpaceTexts(u.w.Content()); len(bad) > 0 {
						t.Fatalf("step %d: proportional text with \"← \": %q", i+1, bad)
					}
				}
			})
		}
	}
}

// newTestViewAlgorithms returns the algorithms the search view offers.
func newTestViewAlgorithms(t *testing.T) []string {
	u := newTestView(t)
	return append([]string(nil), u.search.AlgorithmSelect.Options...)
}

// arrowSpaceTexts returns the visible proportional texts under o that have
// "←" followed by whitespace.
func arrowSpaceTexts(o fyne.CanvasObject) []string {
	var bad []string
	for _, x := range objectsIn(o) {
		txt, ok := x.(*canvas.Text)
		if !ok || txt.TextStyle.Monospace || !txt.Visible() {
			continue
		}
		s := txt.Text
		for i, r := range s {
			if r != '←' {
				continue
			}
			if next, _ := utf8.DecodeRuneInString(s[i+len("←"):]); unicode.IsSpace(next) || i+len("←") == len(s) {
				bad = append(bad, s)
				break
			}
		}
	}
	return bad
}
