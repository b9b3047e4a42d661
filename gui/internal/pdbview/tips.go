package pdbview

import "github.com/slidelab/slidelab/gui/internal/toolkit"

// The IDs of the pattern database view's controls with a tip.
const (
	TipKind       = "kind"
	TipSize       = "size"
	TipPartition  = "partition"
	TipApply      = "apply"
	TipTable      = "table"
	TipStep       = "step"
	TipStepState  = "step-state"
	TipPlay       = "play"
	TipPlayStates = "play-states"
	TipRun        = "run"
	TipCancel     = "cancel"
	TipSpeed      = "speed"
	TipLogScale   = "log"
	TipGIF        = "gif"
)

// controlHelp is the pattern database view's table of tips, in the order
// the controls appear; the shell's Keys list shows the same lines
// (Tips).
var controlHelp = append(toolkit.TipTable{
	{ID: TipKind, Name: "Kind", Text: "Additive tables, whose values are summed, or fringe (non-additive) tables, used alone or in a maximum with linear conflict."},
	{ID: TipSize, Name: "Size", Text: "The puzzle the pattern database is for."},
	{ID: TipPartition, Name: "Partition", Text: "A ready partition of the tiles into groups, one table a group; or type your own below."},
	{ID: TipApply, Name: "Apply", Text: "Uses the partition typed beside it: groups of tiles split by /, e.g. 1,2,3/4,5,6."},
	{ID: TipTable, Name: "Table", Text: "The group whose table is built and shown."},
	{ID: TipStep, Name: "Step layer", Key: "Space", Text: "Builds the next cost layer of the selected table."},
	{ID: TipStepState, Name: "Step state", Key: "S", Text: "Takes one step of the selected table's build state by state, catching up with the layers built first."},
	{ID: TipPlay, Name: "Play", Key: "P", Text: "Builds layer after layer at the speed set below; press again to pause."},
	{ID: TipPlayStates, Name: "Play states", Text: "Steps state after state at the speed set below; press again to pause."},
	{ID: TipRun, Name: "Run to end", Text: "Builds the selected table and every unfinished one after it at full speed."},
	{ID: TipCancel, Name: "Cancel", Text: "Stops the build; the unfinished table is discarded."},
	{ID: TipSpeed, Name: "Speed", Text: "How many layers (or states) a second Play shows."},
	{ID: TipLogScale, Name: "Log scale", Text: "Draws the charts' counts on a logarithmic scale, so small layers show too."},
	{ID: TipGIF, Name: "Export GIF…", Text: "Saves the build, layer by layer, as an animated GIF."},
}, toolkit.ChartExportTips()...) // the export buttons last

// Tips returns the view's table of tips, for the shell's Keys list.
func Tips() toolkit.TipTable { return controlHelp }
