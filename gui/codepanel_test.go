package gui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/search"
)

func TestPresentationShowsNarration(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	u.Search.AlgorithmSelect.SetSelected("A*")
	u.EnterPresentation()
	pr := u.present
	for range 4 {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
		if pr.narration.Text != u.Code.Narration.Text || pr.narration.Text == "" {
			t.Fatalf("presentation narrates %q, the panel %q", pr.narration.Text, u.Code.Narration.Text)
		}
		if pr.event.Visible() {
			t.Error("the presentation shows the event line beside its narration")
		}
		want := fmt.Sprintf("Line %d of A*: ", u.Code.CurrentLine())
		if !strings.HasPrefix(pr.codeLine.Text, want) {
			t.Fatalf("presentation's line %q, want %q…", pr.codeLine.Text, want)
		}
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyN})
	u.q.Until(t, func() bool { return !u.Code.Jumping() })
	if pr.narration.Text != u.Code.Narration.Text || !strings.HasPrefix(pr.narration.Text, "Expanded node") {
		t.Errorf("after N the presentation narrates %q", pr.narration.Text)
	}
	test.Tap(u.Search.ResetButton)
	if pr.codeLine.Text != "" {
		t.Errorf("after Reset the presentation shows line %q", pr.codeLine.Text)
	}
}

// TestSearchJumpKeys checks that N, F and G press the code panel's jump
// buttons (next expansion, next level, Play to goal) in the search view;
// what the jumps do is tested beside the view (gui/internal/searchview).
func TestSearchJumpKeys(t *testing.T) {
	u := newTestUI(t)
	s, c := u.Search, u.Code
	eightPuzzle(t, u, "4 0 5 / 2 8 3 / 7 1 6")
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyN})
	u.q.Until(t, func() bool { return !c.Jumping() })
	snap, ok := s.Timeline.Current()
	if !ok || snap.Kind != search.NodeExpanded {
		t.Fatalf("N landed on %v (shown %v)", snap.Kind, ok)
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyF})
	u.q.Until(t, func() bool { return !c.Jumping() })
	if next, _ := s.Timeline.Current(); next.Kind != search.NodeSelected || next.Node.F() <= snap.Node.F() {
		t.Fatalf("F from f %d landed on a %s with f %d", snap.Node.F(), next.Kind, next.Node.F())
	}
	s.SpeedSlider.SetValue(1)
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyG})
	if !c.Jumping() || c.PlayToGoal.Text != "Pause (G)" {
		t.Fatalf("G: jumping %v, button %q", c.Jumping(), c.PlayToGoal.Text)
	}
	u.q.Until(t, func() bool { return !c.Jumping() })
	if snap, _ := s.Timeline.Current(); snap.Kind != search.SolutionFound {
		t.Fatalf("G ended on a %s", snap.Kind)
	}
}
