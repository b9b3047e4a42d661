package raceview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The IDs of the race's controls with a tip.
const (
	TipLanes     = "lanes"
	TipAlgorithm = "algorithm"
	TipHeuristic = "heuristic"
	TipStep      = "step"
	TipPlay      = "play"
	TipRun       = "run"
	TipCancel    = "cancel"
	TipReset     = "reset"
	TipSpeed     = "speed"
)

// controlHelp is the race's table of tips, in the order the controls
// appear; the shell's Keys list shows the same lines (Tips).
var controlHelp = toolkit.TipTable{
	{ID: TipLanes, Name: "Lanes", Text: "Races two or three searches side by side on the same board."},
	{ID: TipStep, Name: "Step", Key: "Space", Text: "Every lane that has not finished expands one more node."},
	{ID: TipPlay, Name: "Play", Key: "P", Text: "Steps all lanes together at the pace chosen beside it; press again to pause."},
	{ID: TipRun, Name: "Run live", Text: "Races the lanes in the background at the pace chosen, each from where it is."},
	{ID: TipCancel, Name: "Cancel", Text: "Stops a live race; the lanes that finished keep their results and no lane wins."},
	{ID: TipReset, Name: "Reset", Key: "R", Text: "Starts every lane again from the board."},
	{ID: TipSpeed, Name: "Pace", Text: "How many nodes each lane expands a second in Play and Run live."},
	{ID: TipAlgorithm, Name: "Lane's algorithm", Text: "The search this lane runs, any of the chapter's twelve (BFS against bidirectional BFS against A*, say); changing it resets the race."},
	{ID: catalog.ParamWeight, Name: "Lane's weight w", Text: "Weighted A*'s w in f = g + w·h: its solution costs at most w times the optimum."},
	{ID: catalog.ParamDepthLimit, Name: "Lane's depth limit", Text: "How deep this lane's depth-first search goes (none: no limit; depth-limited search needs one)."},
	{ID: catalog.ParamCycleCheck, Name: "Lane's cycle check", Text: "What this lane's depth-first search skips: only the move back (none), boards on the path, or every board reached (closed)."},
	{ID: catalog.ParamMemoryNodes, Name: "Lane's node budget", Text: "How many tree nodes this lane's SMA* keeps; it drops the worst leaves and regenerates them."},
	{ID: TipHeuristic, Name: "Lane's heuristic", Text: "The estimate this lane's search orders its nodes by; those that can overestimate come last and are marked."},
}

// Tips returns the view's table of tips, for the shell's Keys list.
func Tips() toolkit.TipTable { return controlHelp }
