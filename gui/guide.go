package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/slidelab/slidelab/docs"
	"github.com/slidelab/slidelab/gui/internal/helpview"
)

// showGuide opens the user guide (docs/guide, embedded) in a dialog that
// fills most of the window: Help > User guide; Escape closes it, as the
// Keys list. F1 shows the help of the view on screen (viewhelp.go).
func (u *UI) showGuide() { u.showGuidePage("") }

// showGuidePage opens the user guide on the page called name (the index
// when "").
func (u *UI) showGuidePage(name string) {
	g, err := helpview.New(docs.Guide())
	if err != nil {
		dialog.ShowError(err, u.Window)
		return
	}
	if name != "" {
		if err := g.Show(name); err != nil {
			fyne.LogError("guide", err)
		}
	}
	d := dialog.NewCustom("Slidelab user guide", "Close", g.Content, u.Window)
	if c := u.Window.Canvas(); c != nil {
		s := c.Size()
		d.Resize(fyne.NewSize(s.Width*0.9, s.Height*0.9))
	}
	d.SetOnClosed(func() { u.helpDialog = nil })
	u.helpDialog = d
	d.Show()
}
