package tracecheck

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// DefaultMaxEvents is the default bound on a trace's event lines.
const DefaultMaxEvents = 50_000_000

// LimitError reports a trace past a bound of the checker (too many events,
// too many distinct boards): it was not checked to the end.
type LimitError struct{ Msg string }

func (e *LimitError) Error() string { return e.Msg }

// Result is the outcome of checking a whole trace.
type Result struct {
	// Header is the header line, when the trace has one.
	Header *Header
	// Start is the start board.
	Start board.Board
	// Summary counts the trace's events.
	Summary Summary
	// Difference is the first difference, nil when the trace passes.
	Difference *Difference
}

// Pass reports whether the trace passed.
func (r *Result) Pass() bool { return r.Difference == nil }

// Reader reads and checks a trace.
type Reader struct {
	// Options are the checker's; Heuristic may be nil when HeuristicFor is set.
	Options Options
	// HeuristicFor makes the heuristic once the start's size is known
	// (when Options.Heuristic is nil and the algorithm needs one).
	HeuristicFor func(board.Size) (search.Heuristic, error)
	// MaxEvents bounds the event lines (0: DefaultMaxEvents).
	MaxEvents int
	// OnEvent, when set, sees every event line in order before it is
	// checked (a viewer keeps what it shows); its error stops the reading
	// and is returned, except ErrStopEvents. With OnEvent set, the reader
	// reads on after the first difference (to the end, up to MaxEvents) so
	// that the viewer sees the whole run, until OnEvent returns
	// ErrStopEvents.
	OnEvent func(Event) error
}

// ErrStopEvents, returned by a Reader's OnEvent, says it wants no more
// events (a viewer has all it keeps): the reader stops calling it, checks
// on to the first difference and stops there, as it does without OnEvent.
var ErrStopEvents = errors.New("tracecheck: no more events wanted")

// Check reads the trace from r line by line and checks it. It returns a
// *FormatError for a line that is not a trace line (the file is not a
// trace), a *LimitError past a bound, the context's error, a read error, or
// the result (whose Difference says whether the trace passes). Lines longer
// than MaxLineBytes are refused without being read whole; blank lines are
// skipped. Memory: the line buffer, plus what the checker keeps (see
// Options.MaxBoards).
func (rd *Reader) Check(ctx context.Context, r io.Reader) (*Result, error) {
	maxEvents := rd.MaxEvents
	if maxEvents <= 0 {
		maxEvents = DefaultMaxEvents
	}
	br := bufio.NewReaderSize(r, MaxLineBytes+1)
	res := &Result{}
	var c *Checker
	events, onEvent := 0, rd.OnEvent
lines:
	for lineNo := 1; ; lineNo++ {
		if lineNo&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		h, ev, blank, err := rd.nextLine(br, lineNo, c)
		switch {
		case err == io.EOF, (err != nil || h != nil) && c != nil && c.diff != nil:
			// The end, or a viewer reading on past the difference meets
			// what need not be a trace (a program cut off mid-line).
			break lines
		case err != nil:
			return nil, err
		case blank:
			continue
		}
		if h != nil {
			if c != nil || res.Header != nil {
				return nil, &FormatError{Line: lineNo, Field: "format", Msg: "a header line may only be the first line"}
			}
			res.Header = h
			continue
		}
		if c == nil {
			if c, err = rd.newChecker(ev); err != nil {
				return nil, err
			}
		}
		if events >= maxEvents && c.diff != nil {
			break
		}
		if events >= maxEvents {
			return nil, &LimitError{Msg: fmt.Sprintf("line %d: the trace has more than %d events (the checker's bound; --max-events)", lineNo, maxEvents)}
		}
		events++
		if onEvent != nil {
			if err := onEvent(ev); errors.Is(err, ErrStopEvents) {
				onEvent = nil
			} else if err != nil {
				return nil, err
			}
		}
		if c.diff != nil {
			if onEvent != nil {
				continue // a viewer reads on past the difference
			}
			break
		}
		if err := c.Add(ev); err != nil {
			var d *Difference
			if errors.As(err, &d) {
				if onEvent != nil {
					continue
				}
				break // the first difference: the rest need not be read
			}
			return nil, &LimitError{Msg: fmt.Sprintf("line %d: %v", lineNo, err)} // the memory bound
		}
	}
	if c == nil {
		return nil, &FormatError{Line: 1, Msg: "the trace has no events (a trace has one JSON line per expansion at the least)"}
	}
	d, err := c.Finish()
	if err != nil {
		return nil, err
	}
	res.Start, res.Summary, res.Difference = c.opts.Start, c.sum, d
	return res, nil
}

// nextLine reads and parses the next line: io.EOF at the end, blank for a
// line of spaces, else Parse's result (boards of the start's size, once
// known).
func (rd *Reader) nextLine(br *bufio.Reader, lineNo int, c *Checker) (h *Header, ev Event, blank bool, err error) {
	line, err := readLine(br, lineNo)
	if err != nil {
		return nil, Event{}, false, err
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return nil, Event{}, true, nil
	}
	var size board.Size
	if c != nil {
		size = c.opts.Start.Size()
	} else if rd.Options.Start.IsValid() {
		size = rd.Options.Start.Size()
	}
	h, ev, err = Parse(line, lineNo, size)
	return h, ev, false, err
}

// newChecker makes the checker once the first event gives the start's size.
func (rd *Reader) newChecker(first Event) (*Checker, error) {
	opts := rd.Options
	size := first.Board.Size()
	if opts.Start.IsValid() {
		size = opts.Start.Size()
	}
	if opts.Heuristic == nil && opts.Algorithm != search.BFS {
		if rd.HeuristicFor == nil {
			return nil, errors.New("tracecheck: no heuristic")
		}
		h, err := rd.HeuristicFor(size)
		if err != nil {
			return nil, err
		}
		opts.Heuristic = h
	}
	return New(opts), nil
}

// readLine returns the next line without its line break, a *FormatError for
// a line longer than MaxLineBytes (which is not kept), or io.EOF.
func readLine(br *bufio.Reader, lineNo int) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	switch {
	case err == nil:
		return bytes.TrimSuffix(line, []byte("\n")), nil
	case errors.Is(err, bufio.ErrBufferFull):
		return nil, &FormatError{Line: lineNo, Msg: fmt.Sprintf("the line is longer than %d bytes: not a trace line (is this a trace file?)", MaxLineBytes)}
	case err == io.EOF && len(line) > 0:
		return line, nil
	}
	return nil, err
}
