package checkview

import "github.com/slidelab/slidelab/gui/internal/toolkit"

// The IDs of the check view's controls with a tip.
const (
	tipOpen      = "open"
	tipAlgorithm = "algorithm"
	tipHeuristic = "heuristic"
	tipStrict    = "strict"
	tipCancel    = "cancel"
	tipStart     = "start"
	tipBack      = "back"
	tipStep      = "step"
	tipPlay      = "play"
	tipEnd       = "end"
	tipDiff      = "diff"
)

// controlHelp is the check view's table of tips, in the order the controls
// appear; the shell's Keys list shows the same lines (Tips).
var controlHelp = toolkit.TipTable{
	{ID: tipOpen, Name: "Open trace…", Text: "Opens a student's trace (JSON lines) to check against Slidelab's run of the same search."},
	{ID: tipAlgorithm, Name: "Algorithm", Text: "The search the trace claims to be; a change checks the trace again."},
	{ID: tipHeuristic, Name: "Heuristic", Text: "The heuristic the trace's search used (breadth-first search uses none); a change checks it again."},
	{ID: tipStrict, Name: "Slidelab's tie order", Text: "Asks for the order slidelab trace --pseudocode prints; without it ties may be broken in any order."},
	{ID: tipCancel, Name: "Cancel", Text: "Stops reading the trace."},
	{ID: tipStart, Name: "Start", Key: "Home", Text: "Goes to the first expansion of both runs."},
	{ID: tipBack, Name: "Back", Key: "Backspace", Text: "Goes back one expansion in both runs."},
	{ID: tipStep, Name: "Step", Key: "Space", Text: "Goes on one expansion in both runs, side by side."},
	{ID: tipPlay, Name: "Play", Key: "P", Text: "Steps on its own; press again to pause."},
	{ID: tipEnd, Name: "Run to end", Key: "E", Text: "Goes to the last expansion."},
	{ID: tipDiff, Name: "First difference", Key: "D", Text: "Goes to the first expansion where the trace and Slidelab's run differ."},
}

// Tips returns the view's table of tips, for the shell's Keys list.
func Tips() toolkit.TipTable { return controlHelp }
