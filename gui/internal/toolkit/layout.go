package toolkit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// sideLayout places two objects side by side: the second (a column of
// controls) gets its minimum width, or share of the width if that is more,
// and the first (the board, a chart) everything else. Unlike a split there
// is no divider to drag: the controls always get the room they need, and
// the zoom enlarges them without squeezing them off the window.
type sideLayout struct {
	share float32 // the controls' share of the width when they need less
}

// NewSide returns a container with main on the left and side on the right.
func NewSide(main, side fyne.CanvasObject, share float32) *fyne.Container {
	return container.New(&sideLayout{share: share}, main, side)
}

// Layout places the two objects.
func (l *sideLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	if len(objects) != 2 {
		return
	}
	main, side := objects[0], objects[1]
	pad := theme.Padding()
	sw := max(side.MinSize().Width, size.Width*l.share)
	// The main object keeps at least its minimum width.
	sw = max(side.MinSize().Width, min(sw, size.Width-pad-main.MinSize().Width))
	mw := max(0, size.Width-pad-sw)
	main.Move(fyne.NewPos(0, 0))
	main.Resize(fyne.NewSize(mw, size.Height))
	side.Move(fyne.NewPos(mw+pad, 0))
	side.Resize(fyne.NewSize(sw, size.Height))
}

// MinSize is both minimum widths side by side.
func (l *sideLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	if len(objects) != 2 {
		return fyne.Size{}
	}
	a, b := objects[0].MinSize(), objects[1].MinSize()
	return fyne.NewSize(a.Width+theme.Padding()+b.Width, max(a.Height, b.Height))
}

// FitScroll wraps a view's content so that it never makes the window larger
// than the screen: where the window is big enough the content fills it, as
// without the wrapper; where it is not (a small screen at a large zoom),
// the content keeps its minimum size and scrolls, so every control stays
// reachable.
func FitScroll(content fyne.CanvasObject) *container.Scroll {
	return container.NewScroll(content)
}

// NewFoldButton returns a heading button that hides and shows detail, which
// the caller places under it; detail starts shown. (Fyne's Accordion caches
// its minimum size, so rows that wrap inside it left stale gaps.)
func NewFoldButton(title string, detail fyne.CanvasObject) *widget.Button {
	b := widget.NewButtonWithIcon(title, theme.MenuDropDownIcon(), nil)
	b.Importance = widget.LowImportance
	b.Alignment = widget.ButtonAlignLeading
	b.OnTapped = func() {
		if detail.Visible() {
			detail.Hide()
			b.SetIcon(theme.MenuExpandIcon())
		} else {
			detail.Show()
			b.SetIcon(theme.MenuDropDownIcon())
		}
	}
	return b
}
