package gui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// legendItems returns one swatch and tile list per group.
func legendItems(g Groups) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for i, set := range g.Sets() {
		sw := canvas.NewRectangle(groupColor(i))
		sw.CornerRadius = theme.Size(theme.SizeNameInputRadius)
		side := theme.Size(theme.SizeNameText) * 1.2
		sw.SetMinSize(fyne.NewSize(side, side))
		nums := make([]string, len(set))
		for j, t := range set {
			nums[j] = fmt.Sprint(t)
		}
		l := widget.NewLabel(strings.Join(nums, " "))
		out = append(out, container.NewHBox(container.NewCenter(sw), l))
	}
	return out
}
