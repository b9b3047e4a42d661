package compareview

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The IDs of the compare view's controls with a tip.
const (
	TipSet        = "set"
	TipFile       = "file"
	TipAlgorithm  = "algorithm"
	TipCost       = "cost"
	TipHeuristics = "heuristics"
	TipRun        = "run"
	TipCancel     = "cancel"
	TipMeasure    = "measure"
	TipCSV        = "csv"
	TipIterBoard  = "iterations-instance"
	TipPredicted  = "predicted"
	TipContBoard  = "contours-instance"
	TipContH      = "contours-heuristic"
)

// controlHelp is the compare view's table of tips, in the order the
// controls appear; the shell's Keys list shows the same lines
// (Tips).
var controlHelp = append(toolkit.TipTable{
	{ID: TipSet, Name: "Instances", Text: "The boards every heuristic solves: a classroom set, Korf's 100, random 8-puzzles, random walks, or a file's boards."},
	{ID: TipFile, Name: "Open…", Text: "Chooses the instance file: one board a line, # comments, an optional optimal length."},
	{ID: TipAlgorithm, Name: "Algorithm", Text: "The search every heuristic runs with: any of the chapter's twelve, grouped uninformed, informed, memory-bounded."},
	{ID: catalog.ParamWeight, Name: "Weight w", Text: "Weighted A*'s w in f = g + w·h: its solutions cost at most w times the optimum."},
	{ID: catalog.ParamDepthLimit, Name: "Depth limit", Text: "How deep the depth-first searches go (none: no limit; depth-limited search needs one)."},
	{ID: catalog.ParamCycleCheck, Name: "Cycle check", Text: "What the depth-first searches skip: only the move back (none), boards on the path, or every board reached (closed)."},
	{ID: catalog.ParamMemoryNodes, Name: "Node budget", Text: "How many tree nodes SMA* keeps; it drops the worst leaves and regenerates them."},
	{ID: TipCost, Name: "Move cost", Text: "Every move costs 1, or moving tile t costs t (the heuristics that support it)."},
	{ID: TipHeuristics, Name: "Heuristics", Text: "The heuristics compared; those that can overestimate come last and are marked."},
	{ID: TipRun, Name: "Run", Text: "Solves every instance with every ticked heuristic in the background."},
	{ID: TipCancel, Name: "Cancel", Text: "Stops the run; the searches finished so far are kept."},
	{ID: TipMeasure, Name: "Measure", Text: "Whether the chart counts the nodes generated or expanded."},
	{ID: TipCSV, Name: "Export CSV", Text: "Saves the table as CSV for a spreadsheet."},
	{ID: TipIterBoard, Name: "Instance (IDA* iterations)", Text: "The instance whose IDA* iterations the chart shows."},
	{ID: TipPredicted, Name: "Predicted (KRE)", Text: "Adds the nodes KRE predicts for each iteration: an average over many boards, not this one's count."},
	{ID: TipContBoard, Name: "Instance (f-contours)", Text: "The instance whose nodes expanded at each f the chart shows."},
	{ID: TipContH, Name: "Heuristic (f-contours)", Text: "The heuristic whose run the f-contours show."},
}, toolkit.ChartExportTips()...) // the export buttons last

// Tips returns the view's table of tips, for the shell's Keys list.
func Tips() toolkit.TipTable { return controlHelp }
