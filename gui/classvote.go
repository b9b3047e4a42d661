package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/slidelab/slidelab/gui/internal/practiceview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// A class vote (the Practice view's Class vote… button): the question on
// screen, full screen in presentation mode's large type, its answers
// lettered for a show of hands; R reveals the answer and the explanation, N
// puts the next question of the set, Escape (or Exit) returns to the
// window as it was.

// classVote is the vote on screen and what it replaced.
type classVote struct {
	vote  *practiceview.Vote
	saved fyne.CanvasObject
	// windowed is the window's size before the vote filled the screen.
	windowed fyne.Size
}

// showClassVote shows v full screen. Nothing happens in presentation mode
// (which holds the screen) or without a window.
func (u *UI) showClassVote(v *practiceview.Vote) {
	if u.Window == nil || u.Presenting() || u.vote != nil {
		return
	}
	u.vote = &classVote{vote: v, saved: u.Window.Content(), windowed: u.Window.Canvas().Size()}
	v.OnExit = u.leaveClassVote
	// The layer of the buttons' tips, and the holder of the keys
	// (keyholder.go), around the vote in large type.
	u.Window.SetContent(toolkit.WithTips(u.withKeyHolder(container.NewThemeOverride(v.Content, u.presentTheme()))))
	u.Window.SetMainMenu(nil)
	u.Window.SetFullScreen(true)
}

// leaveClassVote returns to the window as it was before the vote.
func (u *UI) leaveClassVote() {
	if u.vote == nil {
		return
	}
	saved, windowed := u.vote.saved, u.vote.windowed
	u.vote = nil
	u.Window.SetFullScreen(false)
	u.Window.Resize(windowed) // as presentation mode does (present.go)
	u.Files.restoreMenu(u.Window)
	u.Window.SetContent(saved)
}

// voteKey handles a key while a vote is on screen: Escape leaves, the
// vote's own keys press its buttons, and no view's shortcut runs behind it.
func (u *UI) voteKey(k fyne.KeyName) {
	if k == fyne.KeyEscape {
		toolkit.Press(u.vote.vote.ExitButton)()
		return
	}
	if f := u.vote.vote.Keys()[k]; f != nil {
		f()
	}
}
