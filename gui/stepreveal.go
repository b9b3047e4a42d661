package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/slidelab/slidelab/gui/internal/searchview"
)

// A step shows on the board only when it changes the board shown: IDA*'s
// first Space selects the start, which leaves the board as it was, and at
// 1280x800 the counters and the event line that do change sit under the
// step buttons, below the puzzle tab's fold. So Space (or Step) scrolls the
// tab's column just far enough that the counters and the event line come
// into view, keeping the step buttons on screen; a column already showing
// them does not move.

// revealOnStep makes the Step button (and Space, which presses it) bring
// the counters into view in col, the puzzle tab's column.
func (u *UI) revealOnStep(col *container.Scroll) {
	s := u.Search
	step := s.StepButton.OnTapped
	s.StepButton.OnTapped = func() {
		if step != nil {
			step()
		}
		if !u.Presenting() {
			revealBelow(col, s.Buttons, s.StatsBox, s.EventInfo)
		}
	}
}

// revealBelow scrolls sc down as little as shows last's bottom (a row of
// box), but never so far that keep's top leaves the view. Nothing moves
// when it is in view already.
func revealBelow(sc *container.Scroll, keep, box, last fyne.CanvasObject) {
	if sc == nil || sc.Content == nil || sc.Size().Height <= 0 || !box.Visible() {
		return
	}
	c := sc.Content
	keepAt, ok1 := searchview.OffsetIn(c, keep)
	boxAt, ok2 := searchview.OffsetIn(c, box)
	if !ok1 || !ok2 {
		return
	}
	bottom := boxAt.Y + box.Size().Height
	if lastAt, ok := searchview.OffsetIn(box, last); ok && last.Visible() {
		bottom = boxAt.Y + lastAt.Y + last.Size().Height
	}
	view := sc.Size().Height
	y := sc.Offset.Y
	if bottom <= y+view {
		return
	}
	y = min(bottom-view, keepAt.Y, max(0, c.Size().Height-view))
	if y > sc.Offset.Y {
		sc.ScrollToOffset(fyne.NewPos(sc.Offset.X, y))
	}
}
