package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/docs"
	"github.com/slidelab/slidelab/gui/internal/helpview"
)

// Help on screen: each view's "what this view shows and how to use it"
// (F1 or the view's "?" button), and the first-start panel with three
// things to try. Both are sections of the user guide (docs/guide), so the
// help and the guide say the same.

// viewGuidePages names the guide page of each view.
var viewGuidePages = map[string]string{
	ViewPuzzle: "puzzle.md", ViewRace: "race.md", ViewPDB: "pdb.md",
	ViewCompare: "compare.md", ViewQuality: "quality.md",
	ViewCheck: "check.md", ViewPractice: "practice.md",
}

// prefFirstStartShown remembers that the first-start panel was shown.
const prefFirstStartShown = "help.firstStartShown"

// withHelpButton puts a "?" button in the top right corner of a view's
// content: it shows that view's help, as F1 does.
func (u *UI) withHelpButton(name string, content fyne.CanvasObject) fyne.CanvasObject {
	b := widget.NewButton("?", func() { u.showHelpFor(name) })
	b.Importance = widget.LowImportance
	corner := container.NewVBox(container.NewHBox(layout.NewSpacer(), b))
	return container.NewStack(content, corner)
}

// showViewHelp shows the help of the view on screen (F1).
func (u *UI) showViewHelp() { u.showHelpFor(u.CurrentView()) }

// showHelpFor shows the help of the view called name: its section of the
// guide, and a button to the whole page.
func (u *UI) showHelpFor(name string) {
	page, ok := viewGuidePages[name]
	if !ok {
		u.showGuide()
		return
	}
	title := name
	for _, v := range u.views {
		if v.name == name {
			title = v.title
		}
	}
	u.showHelpSection(title+": how to use this view", page, helpview.ViewHelpHeading)
}

// ShowFirstStart shows the first-start panel unless it was shown before
// (the preferences remember it); Help > Three things to try shows it
// again.
func (u *UI) ShowFirstStart() {
	prefs := u.App.Preferences()
	if prefs.Bool(prefFirstStartShown) {
		return
	}
	prefs.SetBool(prefFirstStartShown, true)
	u.showThingsToTry()
}

// showThingsToTry shows the three things to try first.
func (u *UI) showThingsToTry() {
	u.showHelpSection("Welcome to Slidelab: three things to try", "README.md", helpview.StartHeading)
}

// showHelpSection shows a section of the guide's page in a dialog that
// Escape closes, with a button that opens the whole page.
func (u *UI) showHelpSection(title, page, heading string) {
	r, err := helpview.NewSection(docs.Guide(), page, heading)
	if err != nil {
		dialog.ShowError(err, u.Window)
		return
	}
	if u.helpDialog != nil {
		u.helpDialog.Hide()
	}
	var d dialog.Dialog
	more := widget.NewButton("The whole page in the user guide", func() {
		d.Hide()
		u.showGuidePage(page)
	})
	content := container.NewBorder(nil, container.NewHBox(more), nil, nil, container.NewVScroll(r))
	d = dialog.NewCustom(title, "Close", content, u.Window)
	if c := u.Window.Canvas(); c != nil {
		s := c.Size()
		w := min(s.Width*0.9, max(s.Width*0.6, 640))
		d.Resize(fyne.NewSize(w, helpHeight(r, d, w, s.Height*0.75)))
	}
	d.SetOnClosed(func() {
		if u.helpDialog == d {
			u.helpDialog = nil
		}
	})
	u.helpDialog = d
	d.Show()
}

// helpHeight is the height of a help dialog width wide whose scroll shows
// text: what the text needs at that width with the dialog's title and
// buttons, at most most (a longer text scrolls). A short section no longer
// sits above an empty three quarters of the window.
func helpHeight(text fyne.CanvasObject, d dialog.Dialog, width, most float32) float32 {
	// The text's width inside the dialog: a little narrower than the
	// dialog's padding leaves, so its height is not underestimated.
	inner := width - 6*theme.Padding() - 2*theme.InnerPadding()
	text.Resize(fyne.NewSize(inner, text.MinSize().Height))
	need := d.MinSize().Height + text.MinSize().Height + 2*theme.Padding()
	return min(most, need)
}
