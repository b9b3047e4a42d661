package qualityview

import "github.com/slidelab/slidelab/gui/internal/toolkit"

// The IDs of the quality view's controls with a tip.
const (
	TipSample     = "sample"
	TipFile       = "file"
	TipHeuristics = "heuristics"
	TipRun        = "run"
	TipCancel     = "cancel"
	TipHeat       = "heat"
	TipJSON       = "json"
)

// controlHelp is the quality view's table of tips, in the order the
// controls appear; the shell's Keys list shows the same lines
// (Tips).
var controlHelp = append(toolkit.TipTable{
	{ID: TipSample, Name: "Sample", Text: "The states measured: every 8-puzzle state, or the states on optimal solutions of Korf's 15-puzzles or of a file's boards."},
	{ID: TipFile, Name: "Open…", Text: "Chooses the instance file: one board a line, # comments, an optional optimal length (checked)."},
	{ID: TipHeuristics, Name: "Heuristics", Text: "The heuristics whose h is compared with the true distance h*."},
	{ID: TipRun, Name: "Run", Text: "Measures the ticked heuristics on the sample in the background."},
	{ID: TipCancel, Name: "Cancel", Text: "Stops the run, or a run waiting for a pattern database to be built."},
	{ID: TipHeat, Name: "Heuristic (heat map)", Text: "The heuristic whose h against h* the heat map shows."},
	{ID: TipJSON, Name: "Export JSON", Text: "Saves the run's figures as JSON for other programs."},
}, toolkit.ChartExportTips()...) // the export buttons last

// Tips returns the view's table of tips, for the shell's Keys list.
func Tips() toolkit.TipTable { return controlHelp }
