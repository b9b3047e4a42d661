package lessonview

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The IDs of the lesson panel's controls with a tip.
const (
	TipParts = "parts"
	TipAgain = "again"
	TipPrev  = "prev"
	TipNext  = "next"
)

// controlHelp is the panel's tip table, in the order the controls appear.
var controlHelp = toolkit.TipTable{
	{ID: TipParts, Name: "Parts", Text: "The lesson's parts: pick one to set the views up for it."},
	{ID: TipAgain, Name: "Show part again", Text: "Sets the part up again as the lesson wrote it, after stepping on live or changing the heuristic."},
	{ID: TipPrev, Name: "Previous", Key: "Page Up", Text: "Shows the previous part (presentation remotes send Page Up)."},
	{ID: TipNext, Name: "Next", Key: "Page Down", Text: "Shows the next part (presentation remotes send Page Down)."},
}

// withTip returns o with the tip of the control id.
func withTip(o fyne.CanvasObject, id string) *fyne.Container { return controlHelp.WithTip(o, id) }

// ControlHelpText is the tip table as lines for the shortcut list.
func ControlHelpText() string { return controlHelp.Text() }
