package search

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Contour counts the nodes a search expanded at one f value: for A*,
// greedy search and breadth-first search, the expanded nodes whose f = g + h
// is F (BFS: h is 0, so a contour is a depth); for IDA*, the nodes expanded
// in the iteration whose bound is F (a pass may expand nodes of several f
// values up to its bound, and a node in every pass after its f is reached).
//
// With a consistent heuristic A* expands its contours in increasing f, each
// whole before the next, up to the optimal length C*; with an inconsistent
// one (additive pattern databases) f may fall along a path, and a node may
// be expanded again in a lower contour when it is reopened.
type Contour struct {
	// F is the f value, or IDA*'s bound.
	F int
	// Expanded counts the expansions and Generated their children.
	Expanded, Generated uint64
}

// ContourCounter gathers the contours of one search from its trace events
// (Tracer.Events, Trace). The zero value is not ready: use
// NewContourCounter. It is not safe for concurrent use.
type ContourCounter struct {
	perIteration bool
	byF          map[int]*Contour
	// current is IDA*'s contour for the pass under way.
	current *Contour
	list    []*Contour
}

// NewContourCounter returns a counter for a search with alg: per iteration
// for IDA*, per f value for the others.
func NewContourCounter(alg Algorithm) *ContourCounter {
	return &ContourCounter{perIteration: alg == IDAStar, byF: map[int]*Contour{}}
}

// Add counts one trace event: expand events add to a contour (with their
// children), IDA*'s iteration events start one; other events are ignored.
func (c *ContourCounter) Add(e TraceEvent) {
	switch {
	case e.Kind == TraceIteration && c.perIteration:
		c.current = &Contour{F: e.Bound}
		c.list = append(c.list, c.current)
	case e.Kind == TraceExpand:
		k := c.current
		if !c.perIteration {
			k = c.byF[e.F]
			if k == nil {
				k = &Contour{F: e.F}
				c.byF[e.F] = k
				c.list = append(c.list, k)
			}
		} else if k == nil { // an expansion before any iteration event: the first pass
			k = &Contour{F: e.Bound}
			c.current = k
			c.list = append(c.list, k)
		}
		k.Expanded++
		k.Generated += uint64(e.Children)
	}
}

// Contours returns the contours by increasing f (IDA*: in iteration order,
// which is the same), each with at least one expansion but IDA*'s passes,
// which are all listed (the last may have expanded nothing: the start was
// the goal).
func (c *ContourCounter) Contours() []Contour {
	out := make([]Contour, len(c.list))
	for i, k := range c.list {
		out[i] = *k
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].F < out[j].F })
	return out
}

// TraceContours steps st to its end (see Trace) and returns its contours.
// On an error it returns the contours gathered so far with the error.
func TraceContours(ctx context.Context, st *Stepper) ([]Contour, error) {
	c := NewContourCounter(st.cfg.Algorithm)
	err := Trace(ctx, st, func(e TraceEvent) error {
		c.Add(e)
		return nil
	})
	return c.Contours(), err
}

// ContoursCSVHeader names the columns of the contours CSV (docs/formats.md,
// "Contours CSV"), which `slidelab trace --contours FILE.csv` and the
// app's f-contours export write.
var ContoursCSVHeader = []string{"f", "expanded", "generated"}

// WriteContoursCSV writes cs as CSV: the header, then one line per contour
// (f or IDA*'s bound, expanded, generated) in the order given (Contours:
// by increasing f).
func WriteContoursCSV(w io.Writer, cs []Contour) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, strings.Join(ContoursCSVHeader, ","))
	for _, k := range cs {
		fmt.Fprintf(bw, "%d,%d,%d\n", k.F, k.Expanded, k.Generated)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing contours csv: %w", err)
	}
	return nil
}
