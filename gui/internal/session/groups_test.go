package session

import (
	"testing"

	"github.com/slidelab/slidelab/internal/a11y"

	"github.com/slidelab/slidelab/core/board"
)

func TestGroupColours(t *testing.T) {
	g := DefaultGroups(board.Size4x4, board.BlankLast)
	for _, c := range []struct{ tile, group int }{{1, 0}, {13, 0}, {7, 1}, {15, 1}, {2, 2}, {4, 2}, {0, -1}} {
		if got := g.Of(c.tile); got != c.group {
			t.Errorf("group of tile %d = %d, want %d", c.tile, got, c.group)
		}
	}
	seen := map[[3]uint8]bool{}
	for i := range 3 {
		c := GroupColor(i)
		seen[[3]uint8{c.R, c.G, c.B}] = true
		fill, text := a11y.Luminance(c), a11y.Luminance(TextOn(c))
		hi, lo := max(fill, text), min(fill, text)
		if ratio := (hi + 0.05) / (lo + 0.05); ratio < 4.5 {
			t.Errorf("group %d: contrast of the number on its tile is %.2f, want >= 4.5", i, ratio)
		}
	}
	if len(seen) != 3 {
		t.Error("the three 6-6-3 groups do not have three colours")
	}
	for _, bad := range [][][]int{{{1, 2}, {2, 3}}, {{0, 1}}, {{16}}, {{}}} {
		if _, err := NewGroups(board.Size4x4, bad); err == nil {
			t.Errorf("NewGroups(%v) accepted", bad)
		}
	}
}
