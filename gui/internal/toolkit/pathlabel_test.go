package toolkit

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestPathLabelKeepsTheEnd checks that the path line keeps its latest
// moves, with an ellipsis in front, and its two-line height.
func TestPathLabelKeepsTheEnd(t *testing.T) {
	test.NewTempApp(t)
	l := NewPathLabel()
	w := test.NewTempWindow(t, l)
	w.Resize(fyne.NewSize(300, 200))
	moves := strings.Repeat("ULDR", 40) + "UUL"
	l.SetText("Path to the current node, 163 moves: " + moves)
	l.Resize(fyne.NewSize(300, l.MinSize().Height))
	h := l.MinSize().Height
	if !strings.HasPrefix(l.Tail.Text, "…") || !strings.HasSuffix(l.Tail.Text, "UUL") || len(l.Tail.Text) >= len(moves) {
		t.Errorf("tail %q", l.Tail.Text)
	}
	if l.Head.Text != "Path to the current node, 163 moves:" {
		t.Errorf("head %q", l.Head.Text)
	}
	l.SetText("Path to the current node: the start.")
	if l.MinSize().Height != h || l.Tail.Text != "the start." {
		t.Errorf("short text: height %v (was %v), tail %q", l.MinSize().Height, h, l.Tail.Text)
	}
}
