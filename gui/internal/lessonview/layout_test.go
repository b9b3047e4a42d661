package lessonview

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/internal/lesson"
)

// TestPanelTipsAndNarrow checks the controls' tips, and that a built-in
// lesson's panel as narrow as it is beside the views at 1024x768 and
// 150 % (about 220 of 683 units) fits its width, keeps Next in view and
// leaves most of its height to the lesson's text.
func TestPanelTipsAndNarrow(t *testing.T) {
	tp := newTestPanel(t, nil)
	uitest.CheckTips(t, uitest.TipCheck{
		Content: tp.Content, TipOf: toolkit.TipOf, Tip: controlHelp.Tip, Help: ControlHelpText(), IDs: controlHelp.IDs(),
		Want: map[fyne.CanvasObject]string{tp.Parts: TipParts, tp.Again: TipAgain, tp.Prev: TipPrev, tp.Next: TipNext},
	})
	l, err := lesson.LoadBuiltin("astar")
	if err != nil {
		t.Fatal(err)
	}
	tp.Open(l, 0)
	tp.settle(t)
	const w, h = 220, 512
	tp.w.Resize(fyne.NewSize(w, h))
	if min := tp.Content.MinSize().Width; min > w {
		t.Errorf("the panel needs %.0f units of width, more than %d", min, w)
	}
	next := fyne.CurrentApp().Driver().AbsolutePositionForObject(tp.Next)
	if !tp.Next.Visible() || next.X+tp.Next.Size().Width > w || next.Y+tp.Next.Size().Height > h/3 {
		t.Errorf("Next at %v size %v: not in the top third of a %dx%d panel", next, tp.Next.Size(), w, h)
	}
	if text := fyne.CurrentApp().Driver().AbsolutePositionForObject(tp.scroll); text.Y > h/3 {
		t.Errorf("the lesson's text starts at %.0f of %d units", text.Y, h)
	}
}
