package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/docs"
	"github.com/slidelab/slidelab/gui/internal/helpview"
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// richTexts joins what the rich texts under o show.
func richTexts(o fyne.CanvasObject) string {
	var s []string
	for _, c := range uitest.ObjectsIn(o) {
		if r, ok := c.(*widget.RichText); ok {
			s = append(s, r.String())
		}
	}
	return strings.Join(s, "\n")
}

// firstWords returns the first line of a guide section's text, as the
// rich text shows it (its Markdown emphasis gone).
func firstWords(t *testing.T, page, heading string) string {
	t.Helper()
	r, err := helpview.NewSection(docs.Guide(), page, heading)
	if err != nil {
		t.Fatal(err)
	}
	line, _, _ := strings.Cut(r.String(), "\n")
	return line
}

// TestViewHelpOnEveryView: on every view F1 and the view's "?" button show
// that view's help, the section of its guide page; Escape closes it, and
// its button opens the whole page in the guide.
//
// The race form (raceForm) skips it: the help is text shown on the UI
// goroutine, and every view is built for it (5.2 s of the shell's race
// run); TestEscapeClosesKeys and TestGuideOpensAndCloses open help under
// the race detector.
func TestViewHelpOnEveryView(t *testing.T) {
	skipInRaceForm(t, "every view's help text")
	u := newTestUI(t)
	for i, v := range u.views {
		page := viewGuidePages[v.name]
		if page == "" {
			t.Fatalf("view %s has no guide page", v.name)
		}
		want := firstWords(t, page, helpview.ViewHelpHeading)
		if err := u.ShowView(v.name); err != nil {
			t.Fatal(err)
		}
		q := uitest.ButtonIn(t, u.Tabs.Items[i].Content, "?")
		for how, open := range map[string]func(){
			"F1":   func() { u.typedKey(&fyne.KeyEvent{Name: fyne.KeyF1}) },
			"?":    func() { test.Tap(q) },
			"menu": func() { u.Files.ViewHelp.Action() },
		} {
			open()
			top := uitest.TopOverlay(u.Window)
			if top == nil || u.helpDialog == nil {
				t.Fatalf("%s, %s: no help shown", v.name, how)
			}
			if got := richTexts(top); !strings.Contains(got, want) {
				t.Fatalf("%s, %s: the help shows %q, want the guide's %q", v.name, how, got, want)
			}
			u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			if uitest.TopOverlay(u.Window) != nil || u.helpDialog != nil {
				t.Fatalf("%s, %s: Escape did not close the help", v.name, how)
			}
		}
	}
	// The whole page, from the help's button.
	test.Tap(uitest.ButtonIn(t, u.Tabs.Items[0].Content, "?"))
	test.Tap(uitest.ButtonIn(t, uitest.TopOverlay(u.Window), "The whole page in the user guide"))
	if top := uitest.TopOverlay(u.Window); top == nil || !strings.Contains(richTexts(top), "Puzzle and search") {
		t.Error("the help's button did not open the guide's page")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

// TestFirstStartShownOnce: the first-start panel (three things to try) is
// shown on the first start only, and Help reopens it.
//
// The race form (raceForm) skips it: it is text shown on the UI goroutine;
// TestEscapeClosesKeys and TestGuideOpensAndCloses open help panels under
// the race detector.
func TestFirstStartShownOnce(t *testing.T) {
	skipInRaceForm(t, "the first-start panel's text")
	u := newTestUI(t)
	want := firstWords(t, "README.md", helpview.StartHeading)
	u.ShowFirstStart()
	top := uitest.TopOverlay(u.Window)
	if top == nil || !strings.Contains(richTexts(top), want) {
		t.Fatal("the first start showed no panel of things to try")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	u.ShowFirstStart()
	if uitest.TopOverlay(u.Window) != nil {
		t.Error("the panel was shown again on the next start")
	}
	u.Files.Try.Action()
	if top := uitest.TopOverlay(u.Window); top == nil || !strings.Contains(richTexts(top), want) {
		t.Error("Help > Three things to try did not show the panel")
	}
}

// TestHelpDialogFitsItsText: a help dialog is as tall as its text needs,
// at most three quarters of the window, the rest scrolling: the short
// first-start panel used to sit above an empty half window. The Keys list
// scrolls too, and ends with what the search view's controls do (their
// tips' text).
//
// The race form (raceForm) skips it: it is layout and text on the UI
// goroutine.
func TestHelpDialogFitsItsText(t *testing.T) {
	skipInRaceForm(t, "the help dialog's height fitting its text")
	u := newTestUI(t)
	h := u.Window.Canvas().Size().Height
	scrollIn := func(what string) *container.Scroll {
		t.Helper()
		for _, o := range uitest.ObjectsIn(uitest.TopOverlay(u.Window)) {
			if s, ok := o.(*container.Scroll); ok {
				return s
			}
		}
		t.Fatalf("%s: no scroll in the dialog", what)
		return nil
	}
	for _, c := range []struct {
		what string
		open func()
		long bool // the text is longer than the most the dialog takes
	}{
		{"first start", u.showThingsToTry, false},
		{"puzzle help", func() { u.showHelpFor(ViewPuzzle) }, true},
		{"keys", u.showHelp, true},
	} {
		c.open()
		s := scrollIn(c.what)
		text, shown := s.Content.MinSize().Height, s.Size().Height
		if !c.long && text > shown+1 {
			t.Errorf("%s: the text needs %.0f pixels, the dialog shows %.0f", c.what, text, shown)
		}
		if empty := shown - text; empty > 4*theme.TextSize() {
			t.Errorf("%s: %.0f empty pixels under the text", c.what, empty)
		}
		if shown > 0.8*h {
			t.Errorf("%s: the dialog's text is %.0f tall in a %.0f window", c.what, shown, h)
		}
		if c.what == "keys" && !strings.Contains(richTexts(s), searchview.Tip(searchview.TipStep)) {
			t.Error("the Keys list does not say what Step does")
		}
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	}
}
