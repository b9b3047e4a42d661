package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/slidelab/slidelab/core/tracecheck"
)

// checkReport is `slidelab check --json`'s object (docs/formats-trace.md).
type checkReport struct {
	Format      string         `json:"format"`
	Version     int            `json:"version"`
	Verdict     string         `json:"verdict"` // pass, fail, invalid or error
	Algorithm   string         `json:"algorithm,omitempty"`
	Heuristic   string         `json:"heuristic,omitempty"`
	Goal        string         `json:"goal,omitempty"`
	StrictOrder bool           `json:"strict_order"`
	Start       string         `json:"start,omitempty"`
	Difference  *checkDiff     `json:"difference"`
	Error       *checkError    `json:"error,omitempty"`
	Trace       *checkCounts   `json:"trace,omitempty"`
	Reference   *checkRefCount `json:"reference,omitempty"`
}

// checkDiff is the first difference.
type checkDiff struct {
	Line      int    `json:"line"`
	Expansion int    `json:"expansion"`
	Rule      string `json:"rule"`
	Message   string `json:"message"`
}

// checkError says why the file is not a trace.
type checkError struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// checkCounts are the trace's counts (up to the first difference).
type checkCounts struct {
	Events     int  `json:"events"`
	Expansions int  `json:"expansions"`
	Generated  int  `json:"generated"`
	Iterations int  `json:"iterations"`
	Found      bool `json:"found"`
	Length     *int `json:"length"`
}

// checkRefCount are the reference search's counts.
type checkRefCount struct {
	Complete  bool   `json:"complete"`
	Expanded  uint64 `json:"expanded"`
	Generated uint64 `json:"generated"`
	Length    *int   `json:"length"`
}

func newCheckReport(opts tracecheck.Options, res *tracecheck.Result, ref tracecheck.Reference) checkReport {
	r := checkReport{Format: "slidelab-check", Version: 1, Verdict: "pass", Algorithm: opts.Algorithm.String(),
		Heuristic: opts.HeuristicName, Goal: opts.Goal.String(), StrictOrder: opts.StrictOrder, Start: tracecheck.Show(res.Start)}
	if d := res.Difference; d != nil {
		r.Verdict = "fail"
		r.Difference = &checkDiff{Line: d.Line, Expansion: d.Expansion, Rule: string(d.Rule), Message: d.Message}
	}
	s := res.Summary
	r.Trace = &checkCounts{Events: s.Events, Expansions: s.Expansions, Generated: s.Generated, Iterations: s.Iterations, Found: s.Found}
	if s.Found {
		r.Trace.Length = &s.Length
	}
	r.Reference = &checkRefCount{Complete: ref.Complete, Expanded: ref.Expanded, Generated: ref.Generated}
	if ref.Complete {
		r.Reference.Length = &ref.Length
	}
	return r
}

func writeCheckJSON(w io.Writer, r checkReport) {
	b, _ := json.Marshal(r) // plain structs: cannot fail
	b = append(b, '\n')
	_, _ = w.Write(b) // run reports a failed write
}

// writeCheckText prints the first difference (or "pass") and the summary.
func writeCheckText(w io.Writer, r checkReport) {
	if r.Difference != nil {
		fmt.Fprintf(w, "FAIL %s\n", r.Difference.Message)
	} else {
		with := " with " + r.Heuristic
		if r.Algorithm == "bfs" {
			with = ""
		}
		fmt.Fprintf(w, "PASS the trace follows %s%s\n", r.Algorithm, with)
	}
	t, ref := r.Trace, r.Reference
	upTo := ""
	if r.Difference != nil {
		upTo = " (up to the difference)"
	}
	fmt.Fprintf(w, "start:     %s (goal %s)\n", r.Start, r.Goal)
	fmt.Fprintf(w, "trace:     %d events, %d expansions, %d generated%s", t.Events, t.Expansions, t.Generated, upTo)
	if r.Algorithm == "ida*" {
		fmt.Fprintf(w, ", %d passes", t.Iterations)
	}
	if t.Length != nil {
		fmt.Fprintf(w, ", solution of %d moves", *t.Length)
	}
	fmt.Fprintln(w)
	if ref.Complete {
		fmt.Fprintf(w, "reference: %d expansions, %d generated, solution of %d moves (slidelab %s)\n", ref.Expanded, ref.Generated, *ref.Length, r.Algorithm)
	} else {
		fmt.Fprintf(w, "reference: stopped by its limit after %d expansions, %d generated (--node-limit)\n", ref.Expanded, ref.Generated)
	}
	fmt.Fprintf(w, "verdict:   %s\n", r.Verdict)
}
