package toolkit

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
)

// ControlHelp says what one of a view's buttons or selectors does: the
// hover tip of the control (WithTip) and, for keyboard users, a line of
// the shortcut list (TipTable.Text). One table per view, so the two never
// disagree.
type ControlHelp struct {
	// ID names the control in its table; Name is what a teacher sees on
	// it; Key its shortcut ("" for none).
	ID, Name, Key string
	// Text is the tip: what it does, in a sentence or two.
	Text string
}

// TipTable is a view's tips, in the order its controls appear.
type TipTable []ControlHelp

// Tip returns the tip of the control id, "" for an id not in the table.
func (t TipTable) Tip(id string) string {
	for _, c := range t {
		if c.ID == id {
			return c.Text
		}
	}
	return ""
}

// IDs returns the table's IDs, in its order.
func (t TipTable) IDs() []string {
	ids := make([]string, len(t))
	for i, c := range t {
		ids[i] = c.ID
	}
	return ids
}

// WithTip returns o with the tip of the control id (WithTip).
func (t TipTable) WithTip(o fyne.CanvasObject, id string) *fyne.Container {
	return WithTip(o, t.Tip(id))
}

// Text is the table as lines for the shortcut list: the control, its key,
// and what it does.
func (t TipTable) Text() string {
	lines := make([]string, len(t))
	for i, c := range t {
		name := c.Name
		if c.Key != "" {
			name += " (" + c.Key + ")"
		}
		lines[i] = fmt.Sprintf("%s: %s", name, c.Text)
	}
	return strings.Join(lines, "\n")
}

// The IDs of the chart export buttons' tips (ChartExportTips).
const (
	TipExportPNG = "png"
	TipExportSVG = "svg"
	TipExportPDF = "pdf"
)

// ChartExportTips are the tips of NewChartExportButtons' buttons, for a
// view's table.
func ChartExportTips() TipTable {
	return TipTable{
		{ID: TipExportPNG, Name: "Export PNG", Text: "Saves the chart on screen as a PNG picture."},
		{ID: TipExportSVG, Name: "Export SVG", Text: "Saves the chart on screen as an SVG drawing."},
		{ID: TipExportPDF, Name: "Export PDF", Text: "Saves the chart on screen as a PDF page."},
	}
}
