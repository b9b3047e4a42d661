package board

import (
	"fmt"
	"strings"
)

// The board grammar (see the package documentation), shared by Parse and
// ParseInstance.

// blankMark is the cell "_" in the rows splitRows returns: a cell, not a
// length (it becomes 0 in a board).
const blankMark = -1

// maxDigits is the longest number read: boards need two digits, optimal
// lengths four.
const maxDigits = 6

// splitRows splits text into rows of numbers by the board grammar; "_" is
// blankMark. Empty text gives no rows.
func splitRows(text string) ([][]int, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.Trim(text, " \t\n")
	if text == "" {
		return nil, nil
	}
	several := strings.ContainsAny(text, "/\n")
	var rows [][]int
	for i := 0; ; i++ {
		end := strings.IndexAny(text, "/\n")
		seg := text
		if end >= 0 {
			seg = text[:end]
		}
		row, err := parseRow(strings.Trim(seg, " \t"))
		if err != nil && several {
			return nil, fmt.Errorf("row %d: %w", i+1, err)
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
		if end < 0 {
			return rows, nil
		}
		text = text[end+1:]
	}
}

// parseRow reads one row's cells (seg has no space at either end).
func parseRow(seg string) ([]int, error) {
	if seg == "" {
		return nil, fmt.Errorf("%w: an empty row (two row separators in a row, or one at the start or the end)", ErrSyntax)
	}
	var row []int
	for i := 0; ; {
		j := i
		for j < len(seg) && seg[j] != ' ' && seg[j] != '\t' && seg[j] != ',' {
			j++
		}
		if j == i {
			return nil, fmt.Errorf("%w: a comma without a number before it", ErrSyntax)
		}
		v, err := parseCell(seg[i:j])
		if err != nil {
			return nil, err
		}
		row = append(row, v)
		if j == len(seg) {
			return row, nil
		}
		for j < len(seg) && (seg[j] == ' ' || seg[j] == '\t') {
			j++
		}
		if seg[j] == ',' {
			j++
			for j < len(seg) && (seg[j] == ' ' || seg[j] == '\t') {
				j++
			}
			if j == len(seg) {
				return nil, fmt.Errorf("%w: a comma without a number after it", ErrSyntax)
			}
		}
		i = j
	}
}

// parseCell reads one cell: "_" (blankMark) or a number.
func parseCell(f string) (int, error) {
	if f == "_" {
		return blankMark, nil
	}
	var hint string
	switch {
	case f[0] == '+' || f[0] == '-':
		hint = "numbers have no sign"
	case len(f) > 1 && f[0] == '0' && allDigits(f):
		hint = "numbers have no leading zero"
	case !allDigits(f):
		hint = "use whole numbers, and 0 or _ for the blank"
	case len(f) > maxDigits:
		return 0, fmt.Errorf("%w: %s is more than %d digits", ErrRange, truncate(f, 20), maxDigits)
	}
	if hint != "" {
		return 0, fmt.Errorf("%w: %q (%s)", ErrSyntax, truncate(f, 20), hint)
	}
	return digitsValue(f), nil
}

// atoiStrict reads a number of the grammar (digits, no sign, no leading
// zero, at most maxDigits), for sizes such as "4x4".
func atoiStrict(f string) (int, error) {
	if f == "" || len(f) > maxDigits || !allDigits(f) || (len(f) > 1 && f[0] == '0') {
		return 0, fmt.Errorf("%w: %q", ErrSyntax, truncate(f, 20))
	}
	return digitsValue(f), nil
}

// digitsValue is the value of at most maxDigits decimal digits.
func digitsValue(f string) int {
	v := 0
	for i := 0; i < len(f); i++ {
		v = v*10 + int(f[i]-'0')
	}
	return v
}

func allDigits(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return false
		}
	}
	return true
}

// blankCells turns blankMark cells into 0, the blank.
func blankCells(cells []int) {
	for i, v := range cells {
		if v == blankMark {
			cells[i] = 0
		}
	}
}
