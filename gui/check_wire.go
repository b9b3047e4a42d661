package gui

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/gui/internal/checkview"
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// ViewCheck names the view that checks a student's search trace (ShowView,
// SLIDELAB_VIEW).
const ViewCheck = "check"

// newCheck builds the check view: the trees of both runs are the search
// tab's tree widget, fed the runs' recorded events (searchview.ReplayTree).
func (u *UI) newCheck() *checkview.CheckView {
	return checkview.NewCheckView(u.ctx, u.do, func() fyne.Window { return u.Window }, u.Session, u.heuristicOptions,
		func() checkview.Tree { return searchview.NewReplayTree() })
}

// checkViewSpec is the check view's entry in the views table; its keys
// press its buttons.
func (u *UI) checkViewSpec() viewSpec {
	c := u.Check
	return viewSpec{
		name: ViewCheck, title: "Check a trace", content: func() fyne.CanvasObject { return c.Content }, stop: c.Stop, leave: c.Pause,
		keys: map[fyne.KeyName]func(){
			fyne.KeySpace:     toolkit.Press(c.StepButton),
			fyne.KeyP:         toolkit.Press(c.PlayButton),
			fyne.KeyBackspace: toolkit.Press(c.BackButton),
			fyne.KeyHome:      toolkit.Press(c.StartButton),
			fyne.KeyE:         toolkit.Press(c.EndButton),
			fyne.KeyD:         toolkit.Press(c.DiffButton),
		},
	}
}

// openTrace opens a search trace file (File > Open, the command line) in
// the check view and shows it; the check runs in the background and the
// view reports what goes wrong.
func (u *UI) openTrace(path string) error {
	u.Check.Open(path)
	return u.ShowView(ViewCheck)
}

// dropped opens the first file dropped on the window, as File > Open does
// (a trace, a session file, an instance file); other URIs are ignored.
func (u *UI) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, uri := range uris {
		if uri.Scheme() == "file" {
			_ = u.Open(uri.Path()) // an error is shown in the window
			return
		}
	}
}
