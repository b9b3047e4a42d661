package checkview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/gui/internal/catalog"
)

// bytesPerBoard is what the checker holds for each distinct board (as
// `slidelab check` counts it); the search memory limit divided by it bounds
// the boards of a trace checked in the app.
const bytesPerBoard = 160

// source opens a trace: a file (desktop) or bytes picked in a browser.
// size is the trace's length in bytes (for the progress), -1 when unknown.
type source struct {
	name string
	open func() (r io.ReadCloser, size int64, err error)
}

// errProbed stops the probe at the trace's first event.
var errProbed = errors.New("checkview: first event read")

// probe reads the trace up to its first event and returns that event's
// board: the start, whose size decides the heuristics offered.
func probe(ctx context.Context, src source) (board.Board, error) {
	r, _, err := src.open()
	if err != nil {
		return board.Board{}, err
	}
	defer r.Close()
	var first board.Board
	rd := tracecheck.Reader{Options: tracecheck.Options{Algorithm: search.BFS}, MaxEvents: 1,
		OnEvent: func(ev tracecheck.Event) error { first = ev.Board; return errProbed }}
	_, err = rd.Check(ctx, r)
	if errors.Is(err, errProbed) {
		return first, nil
	}
	if err == nil {
		err = errors.New("the trace has no events")
	}
	return board.Board{}, fmt.Errorf("%s: %w", src.name, err)
}

// outcome is a trace checked and the reference run beside it.
type outcome struct {
	student, reference run
	result             *tracecheck.Result
	ref                tracecheck.Reference
	opts               tracecheck.Options
}

// checkTrace reads and checks the trace (opts holds the algorithm, the
// heuristic for the start's size, the goal), keeping its run for
// stepping, then steps the reference search of the same start. progress
// gets the share of the trace read (0 to 1), and -1 once the reference
// runs. Memory is bounded: the checker's boards by the search memory
// limit, the runs by maxSteps.
func checkTrace(ctx context.Context, src source, opts tracecheck.Options, size board.Size, progress func(float64)) (*outcome, error) {
	r, total, err := src.open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	if opts.MaxBoards == 0 {
		opts.MaxBoards = catalog.SearchMemoryLimit / bytesPerBoard
	}
	sr := newStudentRun(opts.Algorithm, opts.Heuristic, opts.Goal, size)
	first := true
	cr := &countingReader{r: r, total: total, report: progress}
	rd := tracecheck.Reader{Options: opts, OnEvent: func(ev tracecheck.Event) error {
		if first && ev.Board.Size() != size {
			return fmt.Errorf("the trace's first board is %s now, but it was %s when it was opened: open it again", ev.Board.Size(), size)
		}
		first = false
		sr.add(ev)
		if sr.truncated {
			return tracecheck.ErrStopEvents // the view keeps no more: the check goes on to the first difference
		}
		return nil
	}}
	res, err := rd.Check(ctx, cr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src.name, err)
	}
	sr.finish()
	progress(-1)
	opts.Start = res.Start
	if !res.Start.IsValid() || !res.Start.Solvable(opts.Goal) {
		return &outcome{student: sr.run, result: res, opts: opts}, nil // the difference says so; no reference
	}
	cfg := search.Config{Algorithm: opts.Algorithm, Heuristic: opts.Heuristic, Goal: opts.Goal,
		MemoryLimit: catalog.SearchMemoryLimit, NodeLimit: referenceNodeLimit}
	ref, counts, err := referenceRun(ctx, res.Start, cfg, nil)
	if err != nil {
		return nil, err
	}
	res.CheckLength(opts.Algorithm, counts)
	return &outcome{student: sr.run, reference: ref, result: res, ref: counts, opts: opts}, nil
}

// countingReader counts the bytes read and reports the share of total
// read (when total is known) every half per cent, on the job's goroutine.
type countingReader struct {
	r      io.Reader
	n      int64
	total  int64
	next   int64
	report func(float64)
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.total > 0 && c.n >= c.next {
		c.report(min(1, float64(c.n)/float64(c.total)))
		c.next = c.n + c.total/200 + 1
	}
	return n, err
}

// traceStart matches the start of a trace line cut short: an object whose
// first field is a trace event's, or the header's format.
var traceStart = regexp.MustCompile(`^\{\s*("(seq|event|node|parent|g|h|f|board|line|bound|children)"\s*:|"format"\s*:\s*"slidelab-trace")`)

// IsTrace reports whether head, a file's first bytes, starts like a
// search trace: its first line that is not blank is a trace line (a
// header or an event) by tracecheck's reading, or at least begins as one
// when it is longer than head. A session file, whose first line is "{"
// alone, is not.
func IsTrace(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\uFEFF"))
	for len(head) > 0 {
		line, rest, complete := bytes.Cut(head, []byte("\n"))
		head = rest
		t := bytes.TrimSpace(line)
		if len(t) == 0 {
			continue
		}
		if !complete {
			return traceStart.Match(t)
		}
		_, _, err := tracecheck.Parse(t, 1, board.Size{})
		return err == nil
	}
	return false
}
