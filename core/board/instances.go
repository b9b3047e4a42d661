package board

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/slidelab/slidelab/internal/inputfile"
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

// Limits of ReadInstances. Instance lines are short (Korf's are under 60
// bytes), so anything near these limits is not an instance file.
const (
	// MaxLineBytes is the longest line kept: a longer line is reported as a
	// bad line (ErrLineTooLong) and skipped, and reading goes on.
	MaxLineBytes = 64 << 10
	// MaxSkipBytes is the longest line skipped: past it (a file with no line
	// breaks, such as /dev/zero) reading stops with ErrLineTooLong.
	MaxSkipBytes = 64 << 20
	// MaxInstances is the most instances one file may hold.
	MaxInstances = 1_000_000
)

// ErrLineTooLong marks an instance line longer than MaxLineBytes.
var ErrLineTooLong = errors.New("line too long")

// ErrNotText marks input that is not text: a NUL byte, or bytes that are not
// UTF-8. ReadInstances stops at the first such line.
var ErrNotText = errors.New("not a text file")

// ReadInstances reads an instance file: one board per line, its cells in
// row-major order (0 or _ for the blank, separated by spaces or commas, "/"
// between rows allowed; the grammar is in the package documentation),
// optionally followed by the optimal solution length. Lines end with LF,
// CRLF or CR. Blank lines and lines starting with # are skipped, and so is a
// UTF-8 byte order mark at the start. This is the format of Korf's 100 instances
// (core/board/data/korf100.txt).
//
// Each line's size follows ParseInstance's rule. Every board is checked for
// solvability towards goal g; a bad line (including one longer than
// MaxLineBytes) yields an Instance with Err set rather than stopping the read.
// The error returned is for I/O failures, a line longer than MaxSkipBytes,
// more than MaxInstances instances and input that is not text (ErrNotText: a
// NUL byte or bytes that are not UTF-8, so that a binary file is refused at
// its first line); the instances read before it are returned with it.
func ReadInstances(r io.Reader, s Size, g Goal) ([]Instance, error) {
	var out []Instance
	br := bufio.NewReaderSize(&lineBreaks{r: r}, MaxLineBytes)
	line := 0
	for {
		raw, tooLong, err := readLine(br)
		if err != nil && !(errors.Is(err, io.EOF) && (len(raw) > 0 || tooLong)) {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, fmt.Errorf("reading instances: line %d: %w", line+1, err)
		}
		line++
		if line == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\uFEFF"))
		}
		if bytes.IndexByte(raw, 0) >= 0 || !utf8.Valid(raw) {
			return out, fmt.Errorf("reading instances: line %d: %w (a NUL byte or bytes that are not UTF-8)", line, ErrNotText)
		}
		var inst Instance
		if tooLong {
			inst = Instance{Line: line, Optimal: -1, Err: fmt.Errorf("line %d: %w", line, fmt.Errorf("%w (more than %d bytes); skipped", ErrLineTooLong, MaxLineBytes))}
		} else {
			text := strings.TrimSpace(string(raw))
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			b, opt, perr := ParseInstance(text, s, g)
			if perr != nil {
				perr = fmt.Errorf("line %d: %w", line, perr)
			}
			inst = Instance{Line: line, Board: b, Optimal: opt, Err: perr}
		}
		if len(out) == MaxInstances {
			return out, fmt.Errorf("reading instances: line %d: more than %d instances in one file", line, MaxInstances)
		}
		out = append(out, inst)
	}
}

// readLine returns the next line without its line break. A line longer than
// MaxLineBytes is skipped up to its end (tooLong, raw empty); one longer than
// MaxSkipBytes is an error. At the end of the input err is io.EOF, with the
// last line in raw when it had no line break.
func readLine(br *bufio.Reader) (raw []byte, tooLong bool, err error) {
	chunk, err := br.ReadSlice('\n')
	if err == nil || errors.Is(err, io.EOF) {
		return bytes.TrimSuffix(chunk, []byte("\n")), false, err
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		return nil, false, err
	}
	if bytes.IndexByte(chunk, 0) >= 0 {
		return nil, false, fmt.Errorf("%w: a NUL byte in the first %d KiB of a line", ErrNotText, MaxLineBytes>>10)
	}
	skipped := len(chunk)
	for {
		chunk, err = br.ReadSlice('\n')
		skipped += len(chunk)
		switch {
		case err == nil || errors.Is(err, io.EOF):
			return nil, true, err
		case !errors.Is(err, bufio.ErrBufferFull):
			return nil, true, err
		case skipped > MaxSkipBytes:
			return nil, true, fmt.Errorf("%w: no line break in the first %d MiB; not an instance file", ErrLineTooLong, MaxSkipBytes>>20)
		}
	}
}

// lineBreaks passes a reader's bytes on with every line break made LF:
// CRLF becomes LF and a lone CR (old Mac files) becomes LF.
type lineBreaks struct {
	r      io.Reader
	lastCR bool // the last byte passed on was a CR turned into LF
}

func (l *lineBreaks) Read(p []byte) (int, error) {
	for {
		n, err := l.r.Read(p)
		out := 0
		for _, c := range p[:n] {
			switch {
			case c == '\n' && l.lastCR:
				l.lastCR = false
				continue // the LF of a CRLF, already passed on
			case c == '\r':
				c, l.lastCR = '\n', true
			default:
				l.lastCR = false
			}
			p[out] = c
			out++
		}
		if out > 0 || err != nil || n == 0 {
			return out, err
		}
		// Only the LF of a CRLF was read: read again rather than return 0, nil.
	}
}

// ReadInstanceFile opens path and calls ReadInstances. A path that is not a
// regular file (a FIFO, a device, a directory) is refused without blocking
// (see inputfile.Open).
func ReadInstanceFile(path string, s Size, g Goal) ([]Instance, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("instances: %w", err)
	}
	defer f.Close()
	return ReadInstances(f, s, g)
}

// ParseInstance parses one instance line (see ReadInstances) and returns the
// board and the optimal length, or -1 when the line gives none.
//
// The size follows one rule, shared with Parse: when the line has several rows
// ("/" between them) the rows give the shape, every row has the same count
// of numbers (the last may have one more: the length), and a size s that is
// not zero must agree with them. A line of one row is read with size s, or,
// when s is zero, as a square board (its count is a square) or a square board
// followed by its length.
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
	if len(nums) == 0 {
		return Board{}, -1, fmt.Errorf("%w: the line holds no numbers", ErrCount)
	}
	var withLength bool
	if len(rows) > 1 {
		if s, withLength, err = rowsShape(rows, s, true); err != nil {
			return Board{}, -1, err
		}
	} else if s == (Size{}) {
		if inferred, err := inferSize(nil, len(nums)); err == nil {
			s = inferred
		} else if inferred, err := inferSize(nil, len(nums)-1); err == nil {
			s, withLength = inferred, true
		} else {
			return Board{}, -1, fmt.Errorf("%w: %d numbers is neither a square board nor a square board and a length; separate the rows with / or give the size", ErrCount, len(nums))
		}
	} else {
		if err := s.Validate(); err != nil {
			return Board{}, -1, fmt.Errorf("%w: %v", ErrSize, err)
		}
		switch len(nums) {
		case s.Cells():
		case s.Cells() + 1:
			withLength = true
		default:
			return Board{}, -1, fmt.Errorf("%w: a %s board has %d cells (optionally followed by a length), got %d numbers", ErrCount, s, s.Cells(), len(nums))
		}
	}
	opt := -1
	if withLength {
		opt = nums[len(nums)-1]
		nums = nums[:len(nums)-1]
		if opt == blankMark {
			return Board{}, -1, fmt.Errorf("%w: the optimal length after the board is _ (a length is a number)", ErrSyntax)
		}
	}
	blankCells(nums)
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
