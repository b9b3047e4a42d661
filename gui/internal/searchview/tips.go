package searchview

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// ControlHelp says what one of the search view's buttons or selectors
// does (toolkit.ControlHelp).
type ControlHelp = toolkit.ControlHelp

// The IDs of the controls with a tip.
const (
	TipAlgorithm  = "algorithm"
	TipHeuristic  = "heuristic"
	TipStep       = "step"
	TipBack       = "back"
	TipPlay       = "play"
	TipRun        = "run"
	TipReset      = "reset"
	TipExpansion  = "expansion"
	TipLevel      = "level"
	TipGoal       = "goal"
	TipRace       = "race"
	TipGIF        = "gif"
	TipShowH      = "showh"
	TipTreeToggle = "tree"
	TipPredict    = "predict"
)

// controlHelp is the table, in the order the controls appear.
var controlHelp = toolkit.TipTable{
	{TipAlgorithm, "Algorithm", "", "The search to step through: IDA*, A*, breadth-first or greedy best-first. Changing it starts the search again."},
	{TipHeuristic, "Heuristic", "", "The estimate h of the moves still needed that the search orders its nodes by. A pattern database needs its tables built first."},
	{TipShowH, "Show h per tile", "", "Writes on the board how much each tile adds to h."},
	{TipStep, "Step", "Space", "Shows the search's next event: a node selected, expanded, or the goal found."},
	{TipBack, "Back", "Backspace", "Goes back one recorded event; Step replays from there."},
	{TipPlay, "Play", "P", "Steps on its own at the speed set below; press again to pause."},
	{TipRun, "Run to end", "", "Runs the search at full speed to its end and shows its counts and solution."},
	{TipReset, "Reset", "R", "Starts the search again from the board."},
	{TipExpansion, "Next expansion", "N", "Jumps to the next node the search expands."},
	{TipLevel, "Next f / iteration", "F", "Jumps to the next f (A*), iteration (IDA*), lower h (greedy) or depth (breadth-first)."},
	{TipGoal, "Play to goal", "G", "Plays fast until the goal is found; press again to pause."},
	{TipRace, "Race heuristics…", "", "Opens the race: the same board solved with several heuristics side by side."},
	{TipTreeToggle, "Search tree", "T", "Shows or hides the search tree beside the board."},
	{TipPredict, "Predict mode", "1 to 6", "Before each step the class guesses which node comes next; the keys 1 to 6 pick an option."},
	{TipGIF, "Export GIF…", "", "Saves the solution or the search run as an animated GIF."},
}

// Tip returns the tip of the control id (see the Tip constants), "" for
// an id not in the table (TestEveryTipInTable checks the constants).
func Tip(id string) string { return controlHelp.Tip(id) }

// WithTip returns o with the tip of the control id.
func WithTip(o fyne.CanvasObject, id string) *fyne.Container { return controlHelp.WithTip(o, id) }

// ControlHelpText is the table as lines for the shortcut list: the
// control, its key, and what it does.
func ControlHelpText() string { return controlHelp.Text() }
