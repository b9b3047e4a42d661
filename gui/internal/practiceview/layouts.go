package practiceview

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// squareEms gives its objects a square of ems text sizes at the least, so
// that a board grows with the zoom.
type squareEms struct{ ems float32 }

// MinSize is the square, or the objects' own minimum if larger.
func (l squareEms) MinSize(objects []fyne.CanvasObject) fyne.Size {
	side := l.ems * theme.TextSize()
	s := fyne.NewSize(side, side)
	for _, o := range objects {
		s = s.Max(o.MinSize())
	}
	return s
}

// Layout gives every object the whole room.
func (squareEms) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// fixedHeight gives its objects ems text sizes of height (a table, which
// asks for a single row otherwise).
type fixedHeight struct{ ems float32 }

// MinSize is the objects' minimum width and the fixed height.
func (l fixedHeight) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objects {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, l.ems*theme.TextSize())
}

// Layout gives every object the whole room.
func (fixedHeight) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

// summaryColumns head the summary table.
var summaryColumns = []string{"#", "Question", "Your answer", "Right answer", "", "Time"}

// newSummaryTable returns the table of the answers of the set (a header row,
// then one row per answer).
func (v *PracticeView) newSummaryTable() *widget.Table {
	t := widget.NewTable(
		func() (int, int) {
			if v.set == nil {
				return 1, len(summaryColumns)
			}
			return len(v.set.records) + 1, len(summaryColumns)
		},
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			l.TextStyle = fyne.TextStyle{Bold: id.Row == 0}
			l.Importance = widget.MediumImportance
			l.SetText(v.summaryCell(id.Row, id.Col))
			if id.Row > 0 && id.Col == 4 {
				l.Importance = widget.DangerImportance
				if v.set.records[id.Row-1].Right {
					l.Importance = widget.SuccessImportance
				}
				l.Refresh()
			}
		})
	for i, w := range []float32{3, 16, 14, 14, 5, 5} {
		t.SetColumnWidth(i, w*theme.TextSize())
	}
	return t
}

// summaryCell is the text of a cell of the summary table.
func (v *PracticeView) summaryCell(row, col int) string {
	if row == 0 {
		return summaryColumns[col]
	}
	if v.set == nil || row > len(v.set.records) {
		return ""
	}
	r := v.set.records[row-1]
	switch col {
	case 0:
		return fmt.Sprint(r.N)
	case 1:
		return kindTitle(r.Kind)
	case 2:
		return r.Answer
	case 3:
		return r.RightAnswer
	case 4:
		if r.Right {
			return "right"
		}
		return "wrong"
	}
	return fmt.Sprintf("%.1f s", r.Seconds)
}
