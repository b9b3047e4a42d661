package board

import (
	"fmt"
	"math"
)

// Parse reads a board that a person typed or pasted, by the board grammar
// (see the package documentation): numbers (decimal digits, no sign,
// no leading zero) separated by spaces, tabs or a comma, 0 or _ for the
// blank, rows separated by "/" or by line breaks (LF, CRLF or CR). Empty
// rows, stray separators and anything else are refused with ErrSyntax.
//
// When s is the zero Size the size is inferred: from the rows when there are
// several rows of equal length, otherwise from the count when it is a square
// (4, 9, 16 or 25 numbers). Otherwise the text must hold exactly s.Cells()
// numbers. Parse checks that the numbers form a board (ErrCount, ErrDuplicate,
// ErrRange, ErrNoBlank, ErrSyntax) but not that it is solvable; use
// ParseSolvable for that.
func Parse(text string, s Size) (Board, error) {
	rows, err := splitRows(text)
	if err != nil {
		return Board{}, err
	}
	var tiles []int
	for _, r := range rows {
		tiles = append(tiles, r...)
	}
	blankCells(tiles)
	if len(tiles) == 0 {
		return Board{}, fmt.Errorf("%w: the board is empty", ErrCount)
	}
	switch {
	case len(rows) > 1:
		if s, _, err = rowsShape(rows, s, false); err != nil {
			return Board{}, err
		}
	case s == (Size{}):
		if s, err = inferSize(nil, len(tiles)); err != nil {
			return Board{}, err
		}
	default:
		if err := s.Validate(); err != nil {
			return Board{}, fmt.Errorf("%w: %v", ErrSize, err)
		}
		if len(tiles) != s.Cells() {
			return Board{}, fmt.Errorf("%w: a %s board has %d cells, got %d numbers", ErrCount, s, s.Cells(), len(tiles))
		}
	}
	return New(s, tiles)
}

// rowsShape returns the size that rows of numbers (two or more) describe:
// each row one board row, all of the same length. With withLength the last
// row may hold one more number, an optimal length, and the second result says
// whether it does. A non-zero want must equal the rows' size.
func rowsShape(rows [][]int, want Size, withLength bool) (Size, bool, error) {
	w, h := len(rows[0]), len(rows)
	for i, r := range rows[1 : h-1] {
		if len(r) != w {
			return Size{}, false, fmt.Errorf("%w: row %d has %d numbers, row 1 has %d (rows must be equally long)", ErrCount, i+2, len(r), w)
		}
	}
	last := len(rows[h-1])
	extra := withLength && last == w+1
	if last != w && !extra {
		return Size{}, false, fmt.Errorf("%w: row %d has %d numbers, row 1 has %d (rows must be equally long)", ErrCount, h, last, w)
	}
	s := Size{W: w, H: h}
	if err := s.Validate(); err != nil {
		return Size{}, false, fmt.Errorf("%w: %d rows of %d: %v", ErrSize, h, w, err)
	}
	if want != (Size{}) && want != s {
		return Size{}, false, fmt.Errorf("%w: the rows make a %s board, but the size asked for is %s", ErrSize, s, want)
	}
	return s, extra, nil
}

// ParseSolvable is Parse followed by a solvability check for goal g.
func ParseSolvable(text string, s Size, g Goal) (Board, error) {
	b, err := Parse(text, s)
	if err != nil {
		return Board{}, err
	}
	if !b.Solvable(g) {
		return Board{}, fmt.Errorf("%w: %s cannot reach the %s goal (wrong permutation parity; swap two tiles to fix it)", ErrUnsolvable, b.Line(), g)
	}
	return b, nil
}

// inferSize guesses the board's shape from its rows or its number count.
func inferSize(rows [][]int, count int) (Size, error) {
	if len(rows) > 1 {
		s := Size{W: len(rows[0]), H: len(rows)}
		if s.Validate() == nil && s.Cells() == count {
			return s, nil
		}
	}
	side := int(math.Round(math.Sqrt(float64(count))))
	s := Size{W: side, H: side}
	if side*side == count && s.Validate() == nil {
		return s, nil
	}
	if count > MaxCells {
		return Size{}, fmt.Errorf("%w: %d numbers; at most %d cells are supported", ErrCount, count, MaxCells)
	}
	return Size{}, fmt.Errorf("%w: %d numbers is not a square board; separate the rows with / or give the size", ErrCount, count)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
