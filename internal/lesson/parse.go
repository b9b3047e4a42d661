package lesson

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// ErrNotLesson marks input that cannot be a lesson at all: too large, not
// text, too many lines. Parse returns it alone, wrapped with the reason.
var ErrNotLesson = errors.New("not a lesson file")

// ReadFile reads and parses the lesson at path. A FIFO, a device or a
// directory is refused at once (internal/inputfile), and so is a file
// larger than MaxBytes (/dev/zero included).
func ReadFile(path string) (*Lesson, error) {
	data, err := inputfile.ReadFile(path, MaxBytes)
	if err != nil {
		return nil, fmt.Errorf("lesson: %w", err)
	}
	l, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	l.Dir = filepath.Dir(path)
	return l, nil
}

// Read reads and parses a lesson from r, at most MaxBytes.
func Read(name string, r io.Reader) (*Lesson, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", name, err)
	}
	return Parse(name, data)
}

// Parse reads a lesson. It checks every part (keys, values, names, boards,
// placeholders, questions) without running any search, and returns every
// error it finds (at most MaxErrors) as an ErrorList, each naming its line.
// Input that is not a lesson at all (larger than MaxBytes, binary, more
// than MaxLines lines) gives one error wrapping ErrNotLesson.
func Parse(name string, data []byte) (*Lesson, error) {
	if err := checkText(data); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	lines := strings.Split(text, "\n")
	p := &parser{lesson: &Lesson{Name: name}, lines: lines}
	p.state = Settings{View: "puzzle", Size: board.Size3x3, Goal: board.BlankLast, Heuristic: "manhattan", Params: defaultParams}
	p.state.Board = board.Solved(p.state.Size, p.state.Goal)
	p.state.Source = "goal"
	p.scan()
	if len(p.errs) > 0 {
		return nil, p.errs
	}
	return p.lesson, nil
}

// checkText refuses what is not a lesson before it is split into lines.
func checkText(data []byte) error {
	if len(data) > MaxBytes {
		return fmt.Errorf("%w: larger than %d bytes", ErrNotLesson, MaxBytes)
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		return fmt.Errorf("%w: a NUL byte at offset %d (a binary file?)", ErrNotLesson, i)
	}
	if !utf8.Valid(data) {
		return fmt.Errorf("%w: not UTF-8 text", ErrNotLesson)
	}
	if n := bytes.Count(data, []byte("\n")); n >= MaxLines {
		return fmt.Errorf("%w: more than %d lines", ErrNotLesson, MaxLines)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return fmt.Errorf("%w: the file is empty", ErrNotLesson)
	}
	return nil
}

// parser splits a lesson into parts.
type parser struct {
	lesson *Lesson
	lines  []string
	state  Settings
	errs   ErrorList
	// cur is the part being read; text its lines.
	cur          *Part
	text         []string
	placeholders int
	// exercisesSeen counts the lesson's exercises so far.
	exercisesSeen int
}

func (p *parser) fail(e *Error) {
	if len(p.errs) < MaxErrors {
		p.errs = append(p.errs, e)
	}
}

// scan reads the lines in order, splitting parts at headings and "---"
// outside code fences, and reading ```slidelab blocks.
func (p *parser) scan() {
	fence := ""
	fenceLine := 0
	for i := 0; i < len(p.lines) && len(p.errs) < MaxErrors; i++ {
		line, n := p.lines[i], i+1
		if len(line) > MaxLineBytes {
			p.fail(errorf(n, "line longer than %d bytes", MaxLineBytes))
			continue
		}
		if fence != "" {
			if isFenceClose(line, fence) {
				fence = ""
			}
			p.addText(n, line)
			continue
		}
		if f, info, ok := fenceOpen(line); ok {
			if strings.EqualFold(info, "slidelab") {
				i = p.block(i)
				continue
			}
			fence, fenceLine = f, n
			p.addText(n, line)
			continue
		}
		if d := depth(line); d > MaxDepth {
			p.fail(errorf(n, "nested %d deep (block quotes or list indentation); at most %d", d, MaxDepth))
			continue
		}
		switch {
		case isHeading(line):
			p.startPart(n, headingText(line))
		case isBreak(line):
			p.endPart()
		default:
			p.addText(n, line)
		}
	}
	if fence != "" {
		p.fail(errorf(fenceLine, "code fence %s is never closed", fence))
	}
	p.endPart()
	if len(p.lesson.Parts) == 0 && len(p.errs) == 0 {
		p.fail(errorf(0, "the lesson has no text"))
	}
}

// startPart begins a part at a heading.
func (p *parser) startPart(line int, title string) {
	p.endPart()
	p.cur = &Part{Line: line, Title: title}
	if p.lesson.Title == "" {
		p.lesson.Title = title
	}
	p.text = []string{strings.Repeat("#", headingLevel(p.lines[line-1])) + " " + title}
}

// addText adds a line of text to the part, starting one when needed.
func (p *parser) addText(line int, s string) {
	if p.cur == nil {
		if strings.TrimSpace(s) == "" {
			return
		}
		p.cur = &Part{Line: line}
	}
	p.text = append(p.text, s)
	p.scanPlaceholders(line, s)
}

// endPart finishes the part being read, if any.
func (p *parser) endPart() {
	c := p.cur
	if c == nil {
		return
	}
	p.cur = nil
	c.Text = strings.TrimSpace(strings.Join(p.text, "\n"))
	p.text = nil
	if c.Text == "" && c.BlockLine == 0 {
		return
	}
	if len(p.lesson.Parts) >= MaxParts {
		p.fail(errorf(c.Line, "more than %d parts", MaxParts))
		return
	}
	for _, ph := range c.placeholders {
		if err := checkPlaceholder(ph, &p.state); err != nil {
			p.fail(err)
		}
	}
	c.Index = len(p.lesson.Parts)
	c.Settings = p.state
	c.Settings.Overlays = append([]string(nil), p.state.Overlays...)
	p.lesson.Parts = append(p.lesson.Parts, c)
}

// fenceOpen reports a code fence's opening line: its marker (``` or ~~~,
// possibly longer) and its info string.
func fenceOpen(line string) (fence, info string, ok bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 {
		return "", "", false
	}
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			info = strings.TrimSpace(t[n:])
			if c == '`' && strings.Contains(info, "`") {
				return "", "", false
			}
			if f := strings.Fields(info); len(f) > 0 {
				info = f[0]
			}
			return t[:n], info, true
		}
	}
	return "", "", false
}

// isFenceClose reports a line that closes a fence opened with fence.
func isFenceClose(line, fence string) bool {
	t := strings.TrimSpace(line)
	return len(line)-len(strings.TrimLeft(line, " ")) <= 3 && len(t) >= len(fence) &&
		strings.Trim(t, fence[:1]) == "" && t[0] == fence[0]
}

func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	return n
}

// isHeading reports an ATX heading: 1 to 6 #s, then a space or the end.
func isHeading(line string) bool {
	n := headingLevel(line)
	return n >= 1 && n <= 6 && (len(line) == n || line[n] == ' ' || line[n] == '\t')
}

func headingText(line string) string {
	t := strings.TrimSpace(line[headingLevel(line):])
	return strings.TrimSpace(strings.TrimRight(t, "#"))
}

// isBreak reports a line of three or more dashes alone: a part break.
func isBreak(line string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= 3 && strings.Trim(t, "-") == "" && len(line)-len(strings.TrimLeft(line, " ")) <= 3
}

// depth counts the nesting of a line: ">"s of block quotes and, before a
// list marker or a quote, indentation in steps of two columns. Indentation
// before other text (an indented code block, ASCII art) is not nesting.
func depth(line string) int {
	d, spaces := 0, 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '>':
			d++
		case ' ':
			spaces++
		case '\t':
			spaces += 4
		default:
			if c == '-' || c == '*' || c == '+' || (c >= '0' && c <= '9') || d > 0 {
				return d + spaces/2
			}
			return d
		}
	}
	return d
}
