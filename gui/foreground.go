package gui

import "time"

// The click that brings the window to the front. A teacher back from the
// slides clicks the board to give the app the keyboard; the window manager
// focuses the window and passes the click on, which slid a tile and marked
// the board "(edited)". Fyne 2.8 tells only when the app comes to the
// front (Lifecycle's OnEnteredForeground, which runs before the click's
// press is handled), so a press on the board within foregroundClick of it
// only focuses. Buttons keep acting on that click, as in other programs.

// foregroundClick is how soon after the window came to the front a press
// on the board is taken for the click that brought it there.
const foregroundClick = 500 * time.Millisecond

// installForeground notes when the app comes to the front and makes the
// puzzle's board ask (justFocused).
func (u *UI) installForeground() {
	u.App.Lifecycle().SetOnEnteredForeground(u.enteredForeground)
	u.Puzzle.Board.JustFocused = u.justFocused
}

// enteredForeground notes that the app came to the front.
func (u *UI) enteredForeground() { u.foregroundAt = time.Now() }

// justFocused reports whether the app came to the front within
// foregroundClick.
func (u *UI) justFocused() bool {
	return !u.foregroundAt.IsZero() && time.Since(u.foregroundAt) < foregroundClick
}
