package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// solveJSON is the --json form of one solved board. Line (the input line,
// absent for a board given as an argument) and Expected (the optimal length
// the line gave, when it differs from Length) let a reader match outputs
// to inputs. Cost is the solution's cost under --cost (the length with unit
// costs).
type solveJSON struct {
	Line      int     `json:"line,omitempty"`
	Length    int     `json:"length"`
	Cost      int     `json:"cost"`
	Moves     string  `json:"moves"`
	Expanded  uint64  `json:"expanded"`
	Generated uint64  `json:"generated"`
	H0        int     `json:"h0"`
	Seconds   float64 `json:"seconds"`
	Expected  *int    `json:"expected,omitempty"`
	// Inadmissible marks a solution found with a heuristic that may
	// overestimate, and Optimal is then the optimal length when known.
	Inadmissible bool `json:"inadmissible,omitempty"`
	Optimal      *int `json:"optimal,omitempty"`
	// Reopened counts A*'s reopened nodes (absent when none).
	Reopened uint64 `json:"reopened,omitempty"`
}

// solveShow says how to print a solved board: expected is the optimal
// length its line gave when the solution's length differs from it, else -1;
// note says when the heuristic may overestimate.
type solveShow struct {
	expected   int
	note       lieNote
	json       bool
	iterations bool
	cfg        search.Config
}

// writeSolveResult prints one solved board.
func writeSolveResult(w io.Writer, in solveInput, r search.Result, show solveShow) {
	moves := board.FormatMoves(r.Moves)
	expected := show.expected
	if show.json {
		sj := solveJSON{Line: in.line, Length: r.Length(), Cost: r.Cost, Moves: moves, Expanded: r.Expanded,
			Generated: r.Generated, H0: r.H0, Seconds: r.Elapsed.Seconds(), Inadmissible: show.note.heuristic != "", Reopened: r.Reopened}
		if expected >= 0 {
			sj.Expected = &expected
		}
		if show.note.heuristic != "" && show.note.optimal >= 0 {
			sj.Optimal = &show.note.optimal
		}
		data, _ := json.Marshal(sj)
		fmt.Fprintf(w, "%s\n", data)
		return
	}
	if in.label != "" {
		fmt.Fprintf(w, "%s: ", in.label)
	}
	if moves == "" {
		moves = "-"
	}
	fmt.Fprintf(w, "length %d%s  ", r.Length(), show.note.text(r.Length()))
	if show.cfg.Cost != search.UnitCost {
		fmt.Fprintf(w, "cost %d  ", r.Cost)
	}
	if r.BackwardExpanded > 0 {
		fmt.Fprintf(w, "backward expanded %d  generated %d  ", r.BackwardExpanded, r.BackwardGenerated)
	}
	reopened := ""
	if r.Reopened > 0 {
		reopened = fmt.Sprintf("  reopened %d", r.Reopened)
	}
	fmt.Fprintf(w, "h0 %d  expanded %d  generated %d%s  seconds %.3f  moves %s\n",
		r.H0, r.Expanded, r.Generated, reopened, r.Elapsed.Seconds(), moves)
	if show.cfg.Algorithm == search.WAStar && in.expected >= 0 && show.cfg.Cost == search.UnitCost {
		fmt.Fprintf(w, "  weighted A*: length %d, optimum %d, bound w*C* = %g x %d = %g\n",
			r.Length(), in.expected, show.cfg.Weight, in.expected, show.cfg.Weight*float64(in.expected))
	}
	if show.iterations {
		for _, it := range r.Iterations {
			fmt.Fprintf(w, "  iteration bound %d: expanded %d, generated %d\n", it.Bound, it.Expanded, it.Generated)
		}
	}
}
