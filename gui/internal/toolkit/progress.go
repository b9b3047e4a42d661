package toolkit

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2/widget"
)

// PercentText writes a fraction as a whole percentage, truncated as Fyne's
// progress bar does by default: every bar and the text beside it use it, so
// they never differ by one.
func PercentText(f float64) string {
	return fmt.Sprintf("%d%%", int(math.Floor(min(max(f, 0), 1)*100)))
}

// NewProgressBar returns a progress bar whose text is percentText.
func NewProgressBar() *widget.ProgressBar {
	b := widget.NewProgressBar()
	b.TextFormatter = func() string { return PercentText((b.Value - b.Min) / max(b.Max-b.Min, 1e-9)) }
	return b
}
