package searchview

import (
	"github.com/slidelab/slidelab/gui/internal/session"

	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// LegendItems returns one swatch and tile list per group, followed by
// notes[i] when given ("1 5 6 9 10 13: 18").
func LegendItems(g session.Groups, notes ...string) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for i, set := range g.Sets() {
		sw := canvas.NewRectangle(session.GroupColor(i))
		sw.CornerRadius = theme.Size(theme.SizeNameInputRadius)
		side := theme.Size(theme.SizeNameText) * 1.2
		sw.SetMinSize(fyne.NewSize(side, side))
		nums := make([]string, len(set))
		for j, t := range set {
			nums[j] = fmt.Sprint(t)
		}
		text := strings.Join(nums, " ")
		if i < len(notes) && notes[i] != "" {
			text += ": " + notes[i]
		}
		l := widget.NewLabel(text)
		out = append(out, container.NewHBox(container.NewCenter(sw), l))
	}
	return out
}
