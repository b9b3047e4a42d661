package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/docs"
	"github.com/slidelab/slidelab/gui/internal/helpview"
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
func TestViewHelpOnEveryView(t *testing.T) {
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
func TestFirstStartShownOnce(t *testing.T) {
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
