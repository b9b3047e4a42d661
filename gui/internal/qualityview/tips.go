package qualityview

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The IDs of the quality view's controls with a tip.
const (
	TipSample     = "sample"
	TipFile       = "file"
	TipHeuristics = "heuristics"
	TipRun        = "run"
	TipCancel     = "cancel"
	TipHeat       = "heat"
	TipPNG        = "png"
	TipSVG        = "svg"
	TipPDF        = "pdf"
	TipJSON       = "json"
)

// controlHelp is the quality view's table of tips, in the order the
// controls appear; the shell's Keys list shows the same lines
// (ControlHelpText).
var controlHelp = toolkit.TipTable{
	{ID: TipSample, Name: "Sample", Text: "The states measured: every 8-puzzle state, or the states on optimal solutions of Korf's 15-puzzles or of a file's boards."},
	{ID: TipFile, Name: "Open…", Text: "Chooses the instance file: one board a line, # comments, an optional optimal length (checked)."},
	{ID: TipHeuristics, Name: "Heuristics", Text: "The heuristics whose h is compared with the true distance h*."},
	{ID: TipRun, Name: "Run", Text: "Measures the ticked heuristics on the sample in the background."},
	{ID: TipCancel, Name: "Cancel", Text: "Stops the run, or a run waiting for a pattern database to be built."},
	{ID: TipHeat, Name: "Heuristic (heat map)", Text: "The heuristic whose h against h* the heat map shows."},
	{ID: TipPNG, Name: "Export PNG", Text: "Saves the chart on screen as a PNG picture."},
	{ID: TipSVG, Name: "Export SVG", Text: "Saves the chart on screen as an SVG drawing."},
	{ID: TipPDF, Name: "Export PDF", Text: "Saves the chart on screen as a PDF page."},
	{ID: TipJSON, Name: "Export JSON", Text: "Saves the run's figures as JSON for other programs."},
}

// Tip returns the tip of the control id (see the Tip constants), "" for
// an id not in the table.
func Tip(id string) string { return controlHelp.Tip(id) }

// withTip returns o with the tip of the control id.
func withTip(o fyne.CanvasObject, id string) *fyne.Container { return controlHelp.WithTip(o, id) }

// ControlHelpText is the table as lines for the shortcut list.
func ControlHelpText() string { return controlHelp.Text() }
