package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
	"github.com/slidelab/slidelab/internal/inputfile"
)

func checkCommand() command {
	return command{
		name: "check",
		usage: "--algorithm a*|ida*|bfs|greedy [--heuristic H] [--goal blank-last|blank-first] [--board B] " +
			"[--strict-order] [--json] TRACE|-",
		summary: "Check a search trace written by another program (a student's A*, IDA*, BFS or greedy search; " +
			"format: docs/formats-trace.md) against the algorithm's rules and Slidelab's own search: " +
			"prints the first difference in one sentence and a summary; exit 0 pass, 1 fail, 2 not a trace.",
		run: runCheck,
	}
}

// drainLimit bounds what check reads from standard input after the trace
// was decided.
const drainLimit = 64 << 20

// Bounds of --max-events.
const maxCheckEvents = 1_000_000_000

// bytesPerBoard is what the checker holds for each distinct board of an A*,
// greedy or BFS trace (map entry and open-list entry, measured: see
// docs/cli.md#check); --memory divided by it bounds the boards.
const bytesPerBoard = 160

// checkFlags are check's flags.
type checkFlags struct {
	search    solveFlags
	start     *string
	strict    *bool
	json      *bool
	maxEvents *int64
}

func runCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "check")
	f := checkFlags{
		search:    addSearchFlags(fs, "manhattan"),
		start:     fs.String("board", "", "the start board (default: the board of the trace's first line, which must have g = 0)"),
		strict:    fs.Bool("strict-order", false, "ties must be broken as Slidelab does (the pseudocode of 'slidelab trace --pseudocode'), not in any order"),
		json:      fs.Bool("json", false, "print the report as one JSON object (docs/formats-trace.md#the-check-report) for autograders"),
		maxEvents: fs.Int64("max-events", tracecheck.DefaultMaxEvents, fmt.Sprintf("refuse traces of more events (1 to %d)", int64(maxCheckEvents))),
	}
	retell(fs, "algorithm", "required: the search the trace claims to be: a* (or astar), ida* (or ida), bfs or greedy; quote the * in a shell")
	retell(fs, "memory", "memory in MiB for the checker's tables of an a*, greedy or bfs trace (about 160 bytes a board; past it the check stops) and for the reference search")
	retell(fs, "node-limit", "the reference search stops after this many generated nodes (0: four times the trace's, plus 1,000,000)")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	algSet := false
	fs.Visit(func(fl *flag.Flag) { algSet = algSet || fl.Name == "algorithm" })
	if !algSet {
		return usagef("give --algorithm: the search the trace is checked against (a*, ida*, bfs or greedy)")
	}
	if len(rest) != 1 {
		return usagef("give one trace file (or - for standard input), got %d arguments", len(rest))
	}
	if err := checkRange("max-events", *f.maxEvents, 1, maxCheckEvents); err != nil {
		return err
	}
	rd, err := f.reader(ctx, e)
	if err != nil {
		return err
	}
	return checkTrace(ctx, e, &f, rd, rest[0])
}

// reader makes the trace reader from the flags.
func (f *checkFlags) reader(ctx context.Context, e *env) (*tracecheck.Reader, error) {
	cfg, err := f.search.config()
	if err != nil {
		return nil, err
	}
	if !tracecheck.Supports(cfg.Algorithm) {
		return nil, usagef("--algorithm %s: check knows the rules of %s", cfg.Algorithm, checkAlgorithmNames())
	}
	size, err := f.search.fixedSize()
	if err != nil {
		return nil, err
	}
	opts := tracecheck.Options{Algorithm: cfg.Algorithm, Goal: cfg.Goal, StrictOrder: *f.strict,
		HeuristicName: strings.TrimSpace(*f.search.heuristic), MaxBoards: int(cfg.MemoryLimit / bytesPerBoard)}
	if *f.start != "" {
		if opts.Start, err = board.ParseSolvable(*f.start, size, cfg.Goal); err != nil {
			return nil, usagef("--board: %v", err)
		}
	}
	if cfg.Algorithm == search.BFS {
		opts.HeuristicName = "none"
	}
	rd := &tracecheck.Reader{Options: opts, MaxEvents: int(*f.maxEvents)}
	rd.HeuristicFor = func(s board.Size) (search.Heuristic, error) {
		if size != (board.Size{}) && s != size {
			return nil, usagef("--size %s, but the trace's first board is %s", size, s)
		}
		return f.search.makeHeuristic(ctx, e, s, cfg.Goal)
	}
	return rd, nil
}

// checkTrace reads and checks the trace at path, runs the reference and
// prints the report.
func checkTrace(ctx context.Context, e *env, f *checkFlags, rd *tracecheck.Reader, path string) error {
	var in io.Reader = e.stdin
	if path != "-" {
		file, err := inputfile.Open(path) // a FIFO or a device is refused, not waited on
		if err != nil {
			return checkFailed(e, f, err.Error())
		}
		defer file.Close()
		in = file
	}
	res, err := rd.Check(ctx, in)
	if path == "-" {
		// A program piping its trace in is not cut off with a broken pipe
		// when the check stops early (at most drainLimit more bytes are read).
		_, _ = io.CopyN(io.Discard, in, drainLimit)
	}
	var fe *tracecheck.FormatError
	var le *tracecheck.LimitError
	var ue usageError
	switch {
	case err == nil:
	case errors.As(err, &ue), ctx.Err() != nil:
		return err
	case errors.As(err, &fe):
		if *f.json {
			writeCheckJSON(e.stdout, checkReport{Format: "slidelab-check", Version: 1, Verdict: "invalid",
				Error: &checkError{Line: fe.Line, Field: fe.Field, Message: fe.Error()}})
		}
		return usagef("%s is not a valid trace: %v", path, err)
	case errors.As(err, &le):
		return checkFailed(e, f, fmt.Sprintf("%s: %v", path, err))
	default:
		return checkFailed(e, f, fmt.Sprintf("reading %s: %v", path, err))
	}
	opts := rd.Options
	opts.Start = res.Start
	if opts.Algorithm != search.BFS {
		if opts.Heuristic, err = rd.HeuristicFor(res.Start.Size()); err != nil {
			return err
		}
	}
	limit := *f.search.nodeLimit
	if limit == 0 {
		limit = 4*uint64(res.Summary.Generated) + 1_000_000
	}
	cfg, _ := f.search.config()
	ref, err := tracecheck.RunReference(ctx, opts, limit, cfg.MemoryLimit)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return failError{msg: err.Error()}
	}
	res.CheckLength(opts.Algorithm, ref)
	rep := newCheckReport(opts, res, ref)
	if *f.json {
		writeCheckJSON(e.stdout, rep)
	} else {
		writeCheckText(e.stdout, rep)
	}
	if !res.Pass() {
		return failError{msg: "the trace does not pass: " + res.Difference.Message}
	}
	return nil
}

// checkFailed reports a trace that could not be checked (unreadable, over a
// bound): exit status 1, and with --json an object with verdict "error".
func checkFailed(e *env, f *checkFlags, msg string) error {
	if *f.json {
		writeCheckJSON(e.stdout, checkReport{Format: "slidelab-check", Version: 1, Verdict: "error",
			Error: &checkError{Message: msg}})
	}
	return failError{msg: msg}
}

// retell replaces a shared flag's help with check's meaning of it (and
// hides a default that check does not use).
func retell(fs *flag.FlagSet, name, usage string) {
	if fl := fs.Lookup(name); fl != nil {
		fl.Usage = usage
		if name == "algorithm" {
			fl.DefValue = ""
		}
	}
}

// checkAlgorithmNames lists the algorithms check knows the rules of
// (tracecheck.Algorithms): "a*, ida*, bfs and greedy".
func checkAlgorithmNames() string {
	var names []string
	for _, a := range tracecheck.Algorithms() {
		names = append(names, a.String())
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
