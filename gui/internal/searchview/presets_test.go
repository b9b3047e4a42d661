package searchview

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// drawnText returns the visible texts drawn under o, joined by spaces (a
// wrapped label's lines, a truncated one's cut line).
func drawnText(o fyne.CanvasObject) string {
	var parts []string
	for _, x := range objectsIn(o) {
		if t, ok := x.(*canvas.Text); ok && t.Visible() && strings.TrimSpace(t.Text) != "" {
			parts = append(parts, strings.TrimSpace(t.Text))
		}
	}
	return strings.Join(parts, " ")
}

// labelAbove returns the text of the label drawn above sel in its row,
// and the row, or "" and nil.
func labelAbove(p *PuzzleView, sel *widget.Select) (string, fyne.CanvasObject) {
	for _, row := range []fyne.CanvasObject{p.classroomRow, p.korfRow, p.korf24Row} {
		box, ok := row.(*fyne.Container)
		if !ok {
			continue
		}
		if !slices.Contains(box.Objects, fyne.CanvasObject(sel)) {
			continue
		}
		for _, o := range box.Objects {
			if l, ok := o.(*widget.Label); ok {
				return l.Text, row
			}
		}
	}
	return "", nil
}

// TestPresetSelectorsLabelledAndShownForTheirSize: each instance selector
// has a label that says what it selects (the classroom set and all of
// Korf's 100 no longer look alike), and shows only on its board size.
func TestPresetSelectorsLabelledAndShownForTheirSize(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	sels := map[string]*widget.Select{"classroom": p.ClassroomSelect, "korf": p.KorfSelect, "korf24": p.Korf24Select}
	sizes := map[string]board.Size{"classroom": board.Size4x4, "korf": board.Size4x4, "korf24": board.Size5x5}
	labels := map[string]bool{}
	for name, sel := range sels {
		text, row := labelAbove(p, sel)
		if text == "" || row == nil {
			t.Fatalf("the %s selector has no label above it", name)
		}
		if labels[text] {
			t.Errorf("two selectors are labelled %q", text)
		}
		labels[text] = true
	}
	for _, size := range []board.Size{board.Size3x3, board.Size4x4, board.Size5x5, board.Size4x4, board.Size3x3} {
		p.SizeSelect.SetSelected(toolkit.SizeLabel(size))
		for name, sel := range sels {
			_, row := labelAbove(p, sel)
			if want := sizes[name] == size; row.Visible() != want {
				t.Errorf("%s: the %s selector shown %v, want %v", size, name, row.Visible(), want)
			}
		}
	}
}

// TestBFSNoteNotCut: the note shown for breadth-first search is drawn in
// full at a narrow window, not cut with an ellipsis.
func TestBFSNoteNotCut(t *testing.T) {
	v := newTestView(t)
	v.w.Resize(fyne.NewSize(800, 700))
	v.search.AlgorithmSelect.SetSelected("Breadth-first")
	v.q.Drain()
	want := strings.Join(strings.Fields(v.search.HeuristicNote.Text), " ")
	if got := drawnText(v.search.HeuristicNote); got != want {
		t.Errorf("the note is drawn as %q, want %q", got, want)
	}
}

// TestRandomTitleAndSeedAgree: after Random (and Scramble) the Seed box
// shows the seed the title names; another press gives the next seed's
// board, and a typed seed is used as typed.
func TestRandomTitleAndSeedAgree(t *testing.T) {
	v := newTestView(t)
	p := v.puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	for _, c := range []struct {
		typed  string
		button *widget.Button
		seed   string
	}{{"1", p.RandomButton, "1"}, {"", p.RandomButton, "2"}, {"", p.RandomButton, "3"}, {"9", p.RandomButton, "9"},
		{"", p.WalkButton, "10"}, {"4", p.WalkButton, "4"}} {
		if c.typed != "" {
			p.SeedEntry.SetText(c.typed)
		}
		test.Tap(c.button)
		if p.SeedEntry.Text != c.seed || !strings.HasSuffix(p.Title.Text, "seed "+c.seed) {
			t.Errorf("typed %q, pressed %s: Seed box %q, title %q; want seed %s in both", c.typed, c.button.Text, p.SeedEntry.Text, p.Title.Text, c.seed)
		}
	}
}
