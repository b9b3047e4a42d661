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
	TipWeight     = "weight"
	TipDepth      = "depth"
	TipCycle      = "cycle"
	TipBudget     = "budget"
	TipCost       = "cost"
)

// controlHelp is the table, in the order the controls appear.
var controlHelp = toolkit.TipTable{
	{ID: TipAlgorithm, Name: "Algorithm", Text: "The search to step through, grouped as the search chapter groups them (uninformed, informed, memory-bounded); the line under it says what the chosen one does, and its parameters follow. Changing it starts the search again."},
	{ID: TipHeuristic, Name: "Heuristic", Text: "The estimate h of the moves still needed that the search orders its nodes by (off for the uninformed searches). A pattern database needs its tables built first."},
	{ID: TipWeight, Name: "Weight w", Text: "Weighted A*'s w in f = g + w·h, 1 to 10: the higher, the fewer nodes and the longer the solution may be (at most w times the optimum). Ctrl+Z takes a change back."},
	{ID: TipDepth, Name: "Depth limit", Text: "How deep depth-first (none or a depth), depth-limited (a depth) and iterative deepening search (none, or its last pass's limit) go; a child one move deeper is cut off. Ctrl+Z takes a change back."},
	{ID: TipCycle, Name: "Cycle check", Text: "Which boards the depth-first searches refuse to visit again: none, the boards on the current path, or every board reached (a closed set). Ctrl+Z takes a change back."},
	{ID: TipBudget, Name: "Node budget", Text: "The most tree nodes SMA* keeps in memory; when full it drops the leaf with the highest F. Ctrl+Z takes a change back."},
	{ID: TipCost, Name: "Cost", Text: "What a move costs: unit (every move 1) or tile (moving tile t costs t), for the algorithms that count g by it. Ctrl+Z takes a change back."},
	{ID: TipShowH, Name: "Show h per tile", Text: "Writes on the board how much each tile adds to h."},
	{ID: "show-g", Name: "Show g", Text: "A badge in the blank's cell with g, the moves from the start to the board shown."},
	{ID: "show-f", Name: "Show f", Text: "A badge in the blank's cell with f = g + h of the board shown (the line under the toggles adds it up)."},
	{ID: "show-open", Name: "Show open", Text: "A badge with the number of boards on the open list (the queue for breadth-first search)."},
	{ID: "show-path", Name: "Show path", Text: "Numbers the cells the blank passed through on the way from the start: the move after which it was last there."},
	{ID: "show-moved", Name: "Show moved", Text: "Outlines the tile that moved last to make the board shown."},
	{ID: "show-conflicts", Name: "Show conflicts", Text: "Marks linear conflict's tiles (+2: a tile that must leave its row or column), whatever the heuristic."},
	{ID: "show-goal", Name: "Show goal", Text: "Writes faintly in each cell the tile the goal has there, where the board has another."},
	{ID: "show-groups", Name: "Show groups", Text: "Colours the tiles by pattern group; off, every tile is grey."},
	{ID: TipStep, Name: "Step", Key: "Space", Text: "Shows the search's next event: a node selected, expanded, or the goal found."},
	{ID: TipBack, Name: "Back", Key: "Backspace", Text: "Goes back one recorded event; Step replays from there."},
	{ID: TipPlay, Name: "Play", Key: "P", Text: "Steps on its own at the speed set below; press again to pause."},
	{ID: TipRun, Name: "Run to end", Text: "Runs the search at full speed to its end and shows its counts and solution."},
	{ID: TipReset, Name: "Reset", Key: "R", Text: "Starts the search again from the board."},
	{ID: TipExpansion, Name: "Next expansion", Key: "N", Text: "Jumps to the next node the search expands."},
	{ID: TipLevel, Name: "Next f / iteration", Key: "F", Text: "Jumps to the next f (A*; g + w·h for weighted A*), iteration (IDA*), lower h (greedy), depth (breadth-first), pass (IDDFS), layer (bidirectional BFS), g (uniform-cost) or backtrack (depth-first)."},
	{ID: TipGoal, Name: "Play to goal", Key: "G", Text: "Plays fast until the goal is found; press again to pause."},
	{ID: TipRace, Name: "Race heuristics…", Text: "Opens the race: the same board solved with several heuristics side by side."},
	{ID: TipTreeToggle, Name: "Search tree", Key: "T", Text: "Shows or hides the search tree beside the board."},
	{ID: TipPredict, Name: "Predict mode", Key: "1 to 6", Text: "Before each step the class guesses which node comes next; the keys 1 to 6 pick an option."},
	{ID: TipGIF, Name: "Export GIF…", Text: "Saves the solution or the search run as an animated GIF."},
}

// TipShow returns the tip ID of the "Show:" row's toggle of an overlay
// (overlays.go).
func TipShow(overlay string) string { return "show-" + overlay }

// Tip returns the tip of the control id (see the Tip constants), "" for
// an id not in the table (TestEveryTipInTable checks the constants).
func Tip(id string) string { return controlHelp.Tip(id) }

// WithTip returns o with the tip of the control id.
func WithTip(o fyne.CanvasObject, id string) *fyne.Container { return controlHelp.WithTip(o, id) }

// ControlHelpText is the table as lines for the shortcut list: the
// control, its key, and what it does.
func ControlHelpText() string { return controlHelp.Text() }
