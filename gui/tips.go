package gui

import (
	"github.com/slidelab/slidelab/gui/internal/checkview"
	"github.com/slidelab/slidelab/gui/internal/compareview"
	"github.com/slidelab/slidelab/gui/internal/pdbview"
	"github.com/slidelab/slidelab/gui/internal/practiceview"
	"github.com/slidelab/slidelab/gui/internal/qualityview"
	"github.com/slidelab/slidelab/gui/internal/raceview"
	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The IDs of the header bar's controls with a tip.
const (
	tipGoal    = "goal"
	tipTheme   = "theme"
	tipZoom    = "zoom"
	tipPresent = "present"
	tipKeys    = "keys"
)

// headerTips are the tips of the header bar above the views, and its lines
// in the Keys list.
var headerTips = toolkit.TipTable{
	{ID: tipGoal, Name: "Goal", Text: "The goal every view solves towards: the blank last (1 2 … _) or first (_ 1 2 …, as in Korf's papers). Boards that cannot reach it are converted."},
	{ID: tipTheme, Name: "Theme", Text: "Light or dark colours, or those of the computer; light suits most projectors."},
	{ID: tipZoom, Name: "Zoom", Text: "Makes all text and controls larger for the back of the room."},
	{ID: tipPresent, Name: "Present", Key: "F11", Text: "Full screen for the class: the board and its step controls in large type. Esc leaves it."},
	{ID: tipKeys, Name: "Keys", Text: "Lists the keyboard shortcuts and what every button and selector does."},
}

// tipPresentExit is the ID of presentation mode's Exit button's tip (its
// other buttons have the search panel's tips).
const tipPresentExit = "present-exit"

// presentTips are the tips of presentation mode's own controls.
var presentTips = toolkit.TipTable{
	{ID: tipPresentExit, Name: "Exit", Key: "Esc, or L in the lecture layout", Text: "Leaves presentation mode (or the lecture layout) for the tabs; the board and the search stay where they are."},
}

// tipSection is a part of the Keys list: a heading and a table's lines.
type tipSection struct{ title, text string }

// tipSections are the parts of the Keys list after the shortcuts: what the
// buttons and selectors do, the same text as their hover tips.
func (u *UI) tipSections() []tipSection {
	return []tipSection{
		{"The bar above the views", headerTips.Text()},
		{"The search view's buttons and selectors (their tips)", searchview.ControlHelpText()},
		{"Presentation mode's", presentTips.Text()},
		{"The race's", raceview.Tips().Text()},
		{"Compare's", compareview.Tips().Text()},
		{"The pattern database view's", pdbview.Tips().Text()},
		{"Heuristic quality's", qualityview.Tips().Text()},
		{"Check a trace's", checkview.Tips().Text()},
		{"Practice's", practiceview.Tips().Text()},
	}
}
