package board

import (
	"fmt"
	"strings"
)

// String formats the board as a grid, one row a line, "_" for the blank.
func (b Board) String() string {
	if !b.IsValid() {
		return "<invalid board>"
	}
	s := b.Size()
	width := len(fmt.Sprint(s.Cells() - 1))
	var sb strings.Builder
	for r := 0; r < s.H; r++ {
		for c := 0; c < s.W; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			t := b.At(r*s.W + c)
			if t == 0 {
				fmt.Fprintf(&sb, "%*s", width, "_")
			} else {
				fmt.Fprintf(&sb, "%*d", width, t)
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Line formats the board on one line, rows separated by " / " and 0 for the
// blank, for example "1 2 3 / 4 5 6 / 7 8 0". Parse reads it back.
func (b Board) Line() string {
	if !b.IsValid() {
		return "<invalid board>"
	}
	s := b.Size()
	var sb strings.Builder
	for p := 0; p < s.Cells(); p++ {
		if p > 0 {
			if p%s.W == 0 {
				sb.WriteString(" / ")
			} else {
				sb.WriteByte(' ')
			}
		}
		fmt.Fprint(&sb, b.At(p))
	}
	return sb.String()
}

// Flat formats the board as its cells separated by single spaces, 0 for the
// blank, in the layout of instance files.
func (b Board) Flat() string {
	parts := make([]string, 0, MaxCells)
	for _, t := range b.Tiles() {
		parts = append(parts, fmt.Sprint(t))
	}
	return strings.Join(parts, " ")
}
