package toolkit

import (
	"errors"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/internal/atomicfile"
)

// This file holds the parts the run-and-chart views (compare, quality)
// build alike: Run and Cancel, the status line, the results table, the
// heuristics' check boxes and the export of a chart to a file.

// NewRunButtons returns a Run button (high importance) calling run and a
// Cancel button, disabled until a run starts, calling cancel.
func NewRunButtons(run, cancel func()) (runButton, cancelButton *widget.Button) {
	runButton = widget.NewButton("Run", run)
	runButton.Importance = widget.HighImportance
	cancelButton = widget.NewButton("Cancel", cancel)
	cancelButton.Disable()
	return runButton, cancelButton
}

// SwitchRunning enables Cancel while a run is on and Run otherwise.
func SwitchRunning(runButton, cancelButton *widget.Button, on bool) {
	Enable(runButton, !on)
	Enable(cancelButton, on)
}

// NewStatusLabel returns a word-wrapped label showing text.
func NewStatusLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}

// BoldLabel returns a label in bold, a heading of the settings column.
func BoldLabel(s string) *widget.Label {
	return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
}

// NewCellTable returns a table of the text cells returns (read at every
// refresh; the first row is the header), its cells sized for template and in
// bold where bold(row, rows) says.
func NewCellTable(cells func() [][]string, template string, bold func(row, rows int) bool) *widget.Table {
	return widget.NewTable(
		func() (int, int) {
			c := cells()
			if len(c) == 0 {
				return 0, 0
			}
			return len(c), len(c[0])
		},
		func() fyne.CanvasObject { return widget.NewLabel(template) },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			c := cells()
			l := o.(*widget.Label)
			l.SetText(c[id.Row][id.Col])
			l.TextStyle = fyne.TextStyle{Bold: bold(id.Row, len(c))}
		})
}

// NewChartExportButtons returns the Export PNG, SVG and PDF buttons, each
// calling export with its format.
func NewChartExportButtons(export func(format string)) (png, svg, pdf *widget.Button) {
	button := func(format, label string) *widget.Button {
		return widget.NewButton("Export "+label, func() { export(format) })
	}
	return button("png", "PNG"), button("svg", "SVG"), button("pdf", "PDF")
}

// WriteChart writes the chart c in format ("png", "svg" or "pdf") at the
// export size; a nil c is an error.
func WriteChart(w io.Writer, c charts.Chart, format string) error {
	if c == nil {
		return errors.New("no chart to export")
	}
	return charts.Write(w, c, format, ExportWidth, ExportHeight)
}

// ExportToFile writes export's output to path atomically: a temporary file
// in the same directory, synced, then renamed over path.
func ExportToFile(path string, export func(io.Writer) error) error {
	if err := atomicfile.Write(path, export); err != nil {
		return fmt.Errorf("export %s: %w", path, err)
	}
	return nil
}

// ExportWithDialog asks in w for a file name and writes export's output in
// format there, then tells on status where it was saved; without a window
// it does nothing.
func ExportWithDialog(w fyne.Window, name, format string, export func(w io.Writer, format string) error, status *widget.Label) {
	if w == nil {
		return
	}
	ExportFile(w, name, format,
		func(out io.Writer) error { return export(out, format) },
		func(where string) { status.SetText("Saved " + where) })
}
