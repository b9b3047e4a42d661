package board

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Instance is one line of an instance file.
type Instance struct {
	// Line is the 1-based line number in the file.
	Line int
	// Board is the puzzle; it is the zero Board when Err is set.
	Board Board
	// Optimal is the optimal solution length given on the line, or -1.
	Optimal int
	// Err says why the line is not a usable instance (bad numbers, unsolvable
	// for the goal asked for). Other lines are still read.
	Err error
}

// ReadInstances reads an instance file: one board per line, its cells in
// row-major order (0 or _ for the blank, separated by spaces or commas, "/"
// between rows allowed), optionally followed by the optimal solution length.
// Blank lines and lines starting with # are skipped. This is the format of
// Korf's 100 instances (shared/data/korf100.txt).
//
// When s is the zero Size, each line's size is inferred: from its rows when
// they are separated by "/" (so "1 2 3 / 4 5 0" is a 3x2 board, and
// "1 2 3 / 4 5 0 7" the same board with length 7), else from its count of
// numbers: a square count is a board, a square plus one is a board followed by
// its length. Every board is checked for solvability towards goal g; a bad line
// yields an Instance with Err set rather than stopping the read. The error
// returned is only for I/O failures.
func ReadInstances(r io.Reader, s Size, g Goal) ([]Instance, error) {
	var out []Instance
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		b, opt, err := ParseInstance(text, s, g)
		if err != nil {
			err = fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, Instance{Line: line, Board: b, Optimal: opt, Err: err})
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("reading instances: line %d: %w", line+1, err)
	}
	return out, nil
}

// ReadInstanceFile opens path and calls ReadInstances.
func ReadInstanceFile(path string, s Size, g Goal) ([]Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("instances: %w", err)
	}
	defer f.Close()
	return ReadInstances(f, s, g)
}

// ParseInstance parses one instance line (see ReadInstances) and returns the
// board and the optimal length, or -1 when the line gives none.
func ParseInstance(text string, s Size, g Goal) (Board, int, error) {
	if i := strings.Index(text, "#"); i >= 0 {
		text = text[:i]
	}
	rows, err := splitRows(text)
	if err != nil {
		return Board{}, -1, err
	}
	var nums []int
	for _, r := range rows {
		nums = append(nums, r...)
	}
	cells := s.Cells()
	if s == (Size{}) {
		if inferred, err := inferSize(rows, len(nums)); err == nil {
			s, cells = inferred, inferred.Cells()
		} else if inferred, err := inferSize(rows, len(nums)-1); err == nil {
			s, cells = inferred, inferred.Cells()
		} else {
			return Board{}, -1, fmt.Errorf("%w: %d numbers is neither a square board nor a square board and a length", ErrCount, len(nums))
		}
	}
	opt := -1
	switch len(nums) {
	case cells:
	case cells + 1:
		opt = nums[cells]
		nums = nums[:cells]
		if opt < 0 {
			return Board{}, -1, fmt.Errorf("optimal length %d is negative", opt)
		}
	default:
		return Board{}, -1, fmt.Errorf("%w: a %s board has %d cells (optionally followed by a length), got %d numbers", ErrCount, s, cells, len(nums))
	}
	b, err := New(s, nums)
	if err != nil {
		return Board{}, -1, err
	}
	if !b.Solvable(g) {
		return Board{}, -1, fmt.Errorf("%w: %s cannot reach the %s goal", ErrUnsolvable, b.Line(), g)
	}
	return b, opt, nil
}

// WriteInstances writes boards in the instance-file format, one per line,
// each followed by its optimal length when lengths[i] >= 0 (lengths may be nil).
func WriteInstances(w io.Writer, boards []Board, lengths []int) error {
	bw := bufio.NewWriter(w)
	for i, b := range boards {
		bw.WriteString(b.Flat())
		if i < len(lengths) && lengths[i] >= 0 {
			fmt.Fprintf(bw, " %d", lengths[i])
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing instances: %w", err)
	}
	return nil
}
