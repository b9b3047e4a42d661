package gui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestPracticeWiring: the Practice tab is in the window, its keys reach its
// buttons (and only while it is shown), and Class vote… fills the screen
// with the vote, whose keys are its own until Escape brings the window
// back as it was.
func TestPracticeWiring(t *testing.T) {
	u := newTestUI(t)
	p := u.practice()
	if err := u.ShowView(ViewPractice); err != nil {
		t.Fatal(err)
	}
	// A click on a difficulty option (a radio option, which takes the
	// focus when clicked) leaves the keys to the shortcuts.
	var hard fyne.Focusable
	for _, o := range uitest.ObjectsIn(p.Level) {
		if f, ok := o.(fyne.Focusable); ok && isRadioOption(f) {
			hard = f
		}
	}
	if hard == nil {
		t.Fatal("no radio option in the difficulty selector")
	}
	test.Tap(hard.(fyne.Tappable))
	if f := u.Window.Canvas().Focused(); f != nil || p.Level.Selected == "" {
		t.Errorf("after a click on a difficulty (%q), %T keeps the focus: shortcuts would go to it", p.Level.Selected, f)
	}
	// Tab reaches an option; Space picks it and P is still no option's.
	p.Level.SetSelected("")
	for range 200 {
		if tab(u); u.keyFocus == hard {
			break
		}
	}
	if u.keyFocus != hard {
		t.Fatal("Tab never reached the difficulty option")
	}
	pressKey(u.Window.Canvas(), fyne.KeySpace)
	if p.Level.Selected == "" {
		t.Error("Space on the difficulty option Tab reached picked nothing")
	}
	for _, g := range p.Topics {
		g.SetSelected(nil)
	}
	p.Topics[0].SetSelected([]string{"Solvable or not"})
	p.SeedEntry.SetText("8")
	p.CountEntry.SetText("2")
	test.Tap(p.StartButton)
	u.q.Wait(t, p.Done())
	key := func(k fyne.KeyName) { u.typedKey(&fyne.KeyEvent{Name: k}) }

	key(fyne.Key1) // Yes
	if s := p.Summary(); len(s.Answers) != 1 || s.Answers[0].Answer != "yes" {
		t.Fatalf("key 1 on the Practice view: %+v", s.Answers)
	}
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	key(fyne.KeyN) // the puzzle view's N: not the Practice view's
	if err := u.ShowView(ViewPractice); err != nil {
		t.Fatal(err)
	}
	if p.NextButton.Text != "Next (N)" {
		t.Fatal("N on another view went on in Practice")
	}
	key(fyne.KeyN)
	if p.NextButton.Text != "Finish (N)" {
		t.Fatalf("N on the Practice view did not go on: %q", p.NextButton.Text)
	}

	before := u.Window.Content()
	test.Tap(p.VoteButton)
	if u.vote == nil || u.Window.Content() == before || !u.Window.FullScreen() {
		t.Fatal("Class vote did not fill the screen")
	}
	v := u.vote.vote
	if !toolkit.HasTipLayer(u.Window.Content()) {
		t.Error("the vote's buttons have no layer to draw their tips in")
	}
	key(fyne.Key2) // the practice view's key: not behind the vote
	if len(p.Summary().Answers) != 1 {
		t.Error("a key behind the vote answered in the Practice view")
	}
	key(fyne.KeyR)
	if !v.Answer.Visible() {
		t.Error("R did not reveal the answer")
	}
	windowed := u.Window.Canvas().Size()
	u.Window.Resize(fyne.NewSize(1920, 1080)) // full screen
	key(fyne.KeyEscape)
	if got := u.Window.Canvas().Size(); got != windowed {
		t.Errorf("the window came back from the vote %v, was %v", got, windowed)
	}
	if u.vote != nil || u.Window.Content() != before || u.Window.FullScreen() || u.CurrentView() != ViewPractice {
		t.Error("Escape did not bring the window back")
	}

	// A session saved on the Practice tab opens on it.
	path := filepath.Join(t.TempDir(), "practice.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatalf("save on the Practice tab: %v", err)
	}
	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	if err := u.OpenFile(path); err != nil {
		t.Fatalf("open: %v", err)
	}
	u.q.Drain()
	if u.CurrentView() != ViewPractice {
		t.Errorf("the session opened on %s", u.CurrentView())
	}
}
