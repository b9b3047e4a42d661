package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

func traceCommand() command {
	return command{
		name: "trace",
		usage: "[--algorithm ALGORITHM] [--weight W] [--depth-limit D] [--cycle-check C] [--memory-nodes N] [--cost unit|tile] [--heuristic H] [--reflect] [--goal blank-last|blank-first] [--limit N] BOARD" +
			" | --contours FILE.csv|.png|.svg|.pdf|- [--chart-size WxH] ... BOARD | --pseudocode ALGORITHM|pdb|fringe",
		summary: "Explain a search: stream every step of one search of BOARD (select, expand, generate, duplicate, improve, " +
			"reopen, prune, iteration, goal, meet) as JSON lines with node ids, g, h, f, the board and the pseudocode line; " +
			"--contours counts the nodes expanded per f value (A*) or per iteration (IDA*) instead; " +
			"--pseudocode prints the numbered pseudocode those lines refer to.",
		run: runTrace,
	}
}

// Bounds of --limit: the number of events printed.
const (
	defaultTraceLimit = 1_000_000
	maxTraceLimit     = 1_000_000_000
)

// errTraceLimit ends a trace that printed --limit events.
var errTraceLimit = errors.New("trace limit reached")

func runTrace(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "trace")
	sf := addSearchFlags(fs, "linear-conflict")
	limit := fs.Int64("limit", defaultTraceLimit, fmt.Sprintf("print at most this many events (1 to %d); the search stops there", int64(maxTraceLimit)))
	pseudo := fs.String("pseudocode", "", "print the numbered pseudocode of an algorithm ('slidelab help algorithms') or of the pattern-database build (pdb, fringe) that the events' \"line\" refers to, instead of tracing")
	contours := fs.String("contours", "", "instead of the events, write the f-contours: the nodes expanded (and generated) per f value, or per iteration for IDA*, to this .csv, .png, .svg or .pdf file (and a table on standard output), or - for CSV on standard output")
	chartSize := fs.String("chart-size", defaultChartSize, "size of a --contours chart in pixels, WxH")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *pseudo != "" {
		if len(rest) > 0 || *contours != "" {
			return usagef("give --pseudocode or a board, not both")
		}
		return printPseudocode(e.stdout, *pseudo)
	}
	cw, ch, err := parseChartSize(*chartSize)
	if err != nil {
		return usagef("--chart-size: %v", err)
	}
	if *contours != "" {
		if err := checkContoursPath(*contours); err != nil {
			return err
		}
	}
	cfg, err := sf.config()
	if err != nil {
		return err
	}
	if err := checkRange("limit", *limit, 1, maxTraceLimit); err != nil {
		return err
	}
	size, err := sf.fixedSize()
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usagef("no board: give one as an argument, such as \"1 2 3 / 4 5 6 / 0 7 8\" (or --pseudocode ALGORITHM)")
	}
	// "1 2 3 4 5 6 7 8 0" may arrive as one argument or as nine.
	start, err := board.ParseSolvable(strings.Join(rest, " "), size, cfg.Goal)
	if err != nil {
		return failError{msg: err.Error()}
	}
	if cfg.Algorithm.UsesHeuristic() {
		if cfg.Heuristic, err = sf.makeHeuristic(ctx, e, start.Size(), cfg.Goal); err != nil {
			return err
		}
	}
	limitHeap(cfg)
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		return failError{msg: err.Error()}
	}
	if *contours != "" {
		return contoursRun{st: st, alg: cfg.Algorithm, heuristic: markedHeuristic(cfg.Heuristic), start: start,
			path: *contours, limit: *limit, chartW: cw, chtH: ch}.run(ctx, e)
	}
	return streamTrace(ctx, e, st, cfg.Algorithm, *limit)
}

// streamTrace prints the events of st's search as JSON lines, at most
// limit of them.
func streamTrace(ctx context.Context, e *env, st *search.Stepper, alg search.Algorithm, limit int64) error {
	out := &lineBuffer{w: e.stdout, buf: make([]byte, 0, 64<<10)}
	var line []byte
	var printed int64
	err := search.Trace(ctx, st, func(ev search.TraceEvent) error {
		if printed == limit {
			return errTraceLimit
		}
		if err := ctx.Err(); err != nil {
			return err // a signal: the lines printed so far are whole
		}
		line = appendTraceJSON(line[:0], ev, alg)
		printed++
		return out.add(line)
	})
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errTraceLimit):
		fmt.Fprintf(e.stderr, "slidelab trace: stopped after %d events (--limit) before the goal\n", printed)
		return nil
	case e.writeFailed() != nil:
		return err // run reports the write error
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return ctx.Err()
	}
	return failError{msg: err.Error()}
}

// lineBuffer gathers whole lines and writes them in batches of up to its
// buffer's capacity, so that every write to the output ends at a line
// break: a run stopped by a signal, a failed write or even SIGKILL between
// two writes never leaves a cut JSON line (bufio.Writer would cut lines at
// its buffer's boundary).
type lineBuffer struct {
	w   io.Writer
	buf []byte
}

// add appends one line (ending in a newline), writing the lines gathered
// before it first when it would not fit.
func (b *lineBuffer) add(line []byte) error {
	if len(b.buf) > 0 && len(b.buf)+len(line) > cap(b.buf) {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.buf = append(b.buf, line...)
	return nil
}

// flush writes the lines gathered so far.
func (b *lineBuffer) flush() error {
	if len(b.buf) == 0 {
		return nil
	}
	_, err := b.w.Write(b.buf)
	b.buf = b.buf[:0]
	return err
}

// printPseudocode prints the numbered pseudocode of an algorithm or of the
// pattern-database build.
func printPseudocode(w io.Writer, name string) error {
	if lines, ok := buildPseudocode(name); ok {
		for i, l := range lines {
			fmt.Fprintf(w, "%2d  %s\n", i+1, l)
		}
		return nil
	}
	alg, err := search.ParseAlgorithm(name)
	if err != nil {
		return usagef("--pseudocode: %v (or pdb, fringe)", err)
	}
	_, err = io.WriteString(w, search.FormatPseudocode(alg))
	return err
}

// appendTraceJSON appends one event as a JSON object and a newline:
// {"seq":N,"event":"expand","node":ID,"parent":ID,"g":G,"h":H,"f":F,"board":"1 2 3 ...","line":L}
// with "bound" after "line" on iteration and prune events (IDA*'s f bound;
// the depth limit of dfs, dls and iddfs), then "side" on every event of
// bibfs, and "earlier" and "earlier_g" (the other side's node and its
// distance) on its meet events; for rbfs, "bound" (the f-limit, -1 for
// infinite) on select and backup events and "backed" (the stored f) on
// select, generate and backup events; for sma*, "backed" (the key, the F)
// on select, generate and drop events. Every
// value is a number, a kind name or digits and spaces, so nothing needs
// escaping.
func appendTraceJSON(b []byte, ev search.TraceEvent, alg search.Algorithm) []byte {
	rbfs := alg == search.RBFS
	backed := rbfs || alg == search.SMAStar
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, ev.Seq, 10)
	b = append(b, `,"event":"`...)
	b = append(b, ev.Kind.String()...)
	b = append(b, `","node":`...)
	b = strconv.AppendInt(b, ev.Node, 10)
	b = append(b, `,"parent":`...)
	b = strconv.AppendInt(b, ev.Parent, 10)
	b = append(b, `,"g":`...)
	b = strconv.AppendInt(b, int64(ev.G), 10)
	b = append(b, `,"h":`...)
	b = strconv.AppendInt(b, int64(ev.H), 10)
	b = append(b, `,"f":`...)
	b = strconv.AppendInt(b, int64(ev.F), 10)
	b = append(b, `,"board":"`...)
	for p := 0; p < ev.Board.Size().Cells(); p++ {
		if p > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(ev.Board.At(p)), 10)
	}
	b = append(b, `","line":`...)
	b = strconv.AppendInt(b, int64(ev.Line), 10)
	if ev.Kind == search.TraceIteration || ev.Kind == search.TracePrune || ev.Kind == search.TraceBackup ||
		(rbfs && ev.Kind == search.TraceSelect) {
		b = append(b, `,"bound":`...)
		b = strconv.AppendInt(b, int64(ev.Bound), 10)
	}
	if ev.Side != search.NoSide {
		b = append(b, `,"side":"`...)
		b = append(b, ev.Side.String()...)
		b = append(b, '"')
	}
	if backed && (ev.Kind == search.TraceSelect || ev.Kind == search.TraceGenerate || ev.Kind == search.TraceBackup ||
		ev.Kind == search.TraceDrop) {
		b = append(b, `,"backed":`...)
		b = strconv.AppendInt(b, int64(ev.Backed), 10)
	}
	if ev.Kind == search.TraceMeet {
		b = append(b, `,"earlier":`...)
		b = strconv.AppendInt(b, ev.Earlier, 10)
		b = append(b, `,"earlier_g":`...)
		b = strconv.AppendInt(b, int64(ev.EarlierG), 10)
	}
	return append(b, "}\n"...)
}
