package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/charts/adapt"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/digits"
)

// contoursCSVHeader names the columns of `trace --contours FILE.csv`
// (docs/formats.md, "Contours CSV"): search's, which the app writes too.
var contoursCSVHeader = search.ContoursCSVHeader

// checkContoursPath fails unless path ends in .csv, .png, .svg or .pdf, or
// is - (CSV on standard output), or cannot be written.
func checkContoursPath(path string) error {
	if path == "-" {
		return nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".csv", ".png", ".svg", ".pdf":
	default:
		return usagef("--contours %s: the file name must end in .csv, .png, .svg or .pdf (or give - for CSV on standard output)", path)
	}
	return checkWritable(outputFlag{"contours", path})
}

// markedHeuristic returns h's name, followed by " (inadmissible)" when it
// may overestimate, or "none" (BFS).
func markedHeuristic(h search.Heuristic) string {
	if h == nil {
		return "none"
	}
	if !search.Admissible(h) {
		return h.Name() + compare.InadmissibleMark
	}
	return h.Name()
}

// contoursRun is one `trace --contours` run: what to trace and where the
// contours go.
type contoursRun struct {
	st           *search.Stepper
	alg          search.Algorithm
	heuristic    string // the heuristic's name, marked when inadmissible
	start        board.Board
	path         string // a .csv, .png, .svg or .pdf file, or - for CSV on stdout
	limit        int64  // most trace events to go through
	chartW, chtH int
}

// run traces the search to its end (or limit events) without printing the
// events, then writes the contours: CSV on standard output for -, else
// the file and a table on standard output.
func (c contoursRun) run(ctx context.Context, e *env) error {
	counter := search.NewContourCounter(c.alg)
	var events int64
	err := search.Trace(ctx, c.st, func(ev search.TraceEvent) error {
		if events == c.limit {
			return errTraceLimit
		}
		events++
		counter.Add(ev)
		return nil
	})
	partial := errors.Is(err, errTraceLimit)
	switch {
	case partial:
		fmt.Fprintf(e.stderr, "slidelab trace: stopped after %d events (--limit) before the goal: the contours are partial\n", events)
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return ctx.Err()
	case err != nil:
		return failError{msg: err.Error()}
	}
	cs := counter.Contours()
	var csv bytes.Buffer
	if err := search.WriteContoursCSV(&csv, cs); err != nil {
		return err // a bytes.Buffer does not fail; kept for the contract
	}
	if c.path == "-" {
		_, err := e.stdout.Write(csv.Bytes())
		return err
	}
	writeContoursTable(e.stdout, c, cs)
	if strings.EqualFold(filepath.Ext(c.path), ".csv") {
		if err := atomicfile.WriteBytes(c.path, csv.Bytes()); err != nil {
			return fmt.Errorf("--contours: %w", err)
		}
		return nil
	}
	sub := fmt.Sprintf("%s · %s · %s", c.alg, c.heuristic, c.start.Line())
	if partial {
		sub += " · partial (--limit)"
	}
	return charts.Save(adapt.Contours(cs, c.alg, c.heuristic, sub, adapt.Expanded), c.path, c.chartW, c.chtH)
}

// writeContoursTable prints the contours with a total.
func writeContoursTable(w io.Writer, c contoursRun, cs []search.Contour) {
	what := "f"
	if c.alg == search.IDAStar {
		what = "bound"
	}
	fmt.Fprintf(w, "f-contours · %s · %s · %s\n", c.alg, c.heuristic, c.start.Line())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\texpanded\tgenerated\t\n", what)
	var exp, gen uint64
	for _, k := range cs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t\n", strconv.Itoa(k.F), digits.Group(k.Expanded, ","), digits.Group(k.Generated, ","))
		exp += k.Expanded
		gen += k.Generated
	}
	fmt.Fprintf(tw, "total\t%s\t%s\t\n", digits.Group(exp, ","), digits.Group(gen, ","))
	tw.Flush()
}
