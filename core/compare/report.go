package compare

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/internal/digits"
)

// Status says how one run (an instance with a heuristic) ended.
type Status string

// The statuses of a run. Every status but Solved marks a partial result: the
// counts are those gathered until the run stopped (zero for Skipped).
const (
	// Solved: the search finished and found a solution.
	Solved Status = "solved"
	// NodeLimit: the run was stopped by the node limit.
	NodeLimit Status = "node-limit"
	// MemoryLimit: the run was stopped by the search's memory limit.
	MemoryLimit Status = "memory-limit"
	// Timeout: the run was stopped by the per-run time limit.
	Timeout Status = "timeout"
	// Cancelled: the comparison was cancelled while the run was going.
	Cancelled Status = "cancelled"
	// Skipped: the comparison was cancelled before the run started.
	Skipped Status = "skipped"
	// Failed: the search reported an error (see Result.Error).
	Failed Status = "failed"
)

// Partial reports whether a run with this status stopped early.
func (s Status) Partial() bool { return s != Solved }

// Iteration is one IDA* pass: the cost bound and the nodes of that pass.
type Iteration struct {
	Bound     int    `json:"bound"`
	Expanded  uint64 `json:"expanded"`
	Generated uint64 `json:"generated"`
}

// Result is the outcome of one run.
type Result struct {
	// Instance and Heuristic name the pair.
	Instance  string `json:"instance"`
	Heuristic string `json:"heuristic"`
	// Status says how the run ended.
	Status Status `json:"status"`
	// Length is the solution length, or -1 when none was found.
	Length int `json:"length"`
	// Cost is the solution's cost under the report's cost model (the
	// length under unit costs), or -1 when none was found.
	Cost int `json:"cost"`
	// H0 is the heuristic's estimate of the start board.
	H0 int `json:"h0"`
	// Expanded and Generated count nodes (see core/search for the conventions).
	Expanded  uint64 `json:"expanded"`
	Generated uint64 `json:"generated"`
	// Reopened counts the closed nodes A* put back on the open list because
	// a shorter path reached them (the heuristic is not consistent); 0 for
	// other algorithms.
	Reopened uint64 `json:"reopened,omitempty"`
	// Iterations lists IDA*'s passes (the last may be partial); empty for
	// other algorithms.
	Iterations []Iteration `json:"iterations,omitempty"`
	// Seconds is the wall time of the run.
	Seconds float64 `json:"seconds"`
	// Moves is the solution (directions of the blank), when found.
	Moves string `json:"moves,omitempty"`
	// Error describes a failure (Status Failed) or the limit hit.
	Error string `json:"error,omitempty"`
}

// InstanceInfo describes one instance in a Report.
type InstanceInfo struct {
	Name    string `json:"name"`
	Board   string `json:"board"`
	Optimal int    `json:"optimal"`
}

// Report is a whole comparison: what was run and every result.
type Report struct {
	// Set names the instance set; Goal is "blank-last" or "blank-first".
	Set  string `json:"set"`
	Goal string `json:"goal"`
	// Algorithm is the search algorithm ("ida*").
	Algorithm string `json:"algorithm"`
	// CostModel is "tile" when moving tile t cost t (search.TileCost);
	// empty for unit costs, where a solution's cost is its length.
	CostModel string `json:"cost_model,omitempty"`
	// NodeLimit (0: none) and Timeout (seconds a run, 0: none) are the limits.
	NodeLimit uint64  `json:"node_limit"`
	Timeout   float64 `json:"timeout_seconds"`
	// Heuristics names the heuristics in column order.
	Heuristics []string `json:"heuristics"`
	// Inadmissible names the heuristics of Heuristics that may
	// overestimate under the cost model (search.AdmissibleUnder): their
	// solutions may be longer (costlier) than optimal.
	Inadmissible []string `json:"inadmissible,omitempty"`
	// Instances lists the instances in row order; Numbering says what their
	// names are (see Set.Numbering).
	Instances []InstanceInfo `json:"instances"`
	Numbering string         `json:"numbering,omitempty"`
	// Results holds one result per instance and heuristic, instance-major:
	// Results[i*len(Heuristics)+j] is instance i with heuristic j.
	Results []Result `json:"results"`
	// Seconds is the wall time of the whole comparison.
	Seconds float64 `json:"seconds"`
}

// IsAdmissible reports whether the heuristic named is not listed as
// inadmissible.
func (r *Report) IsAdmissible(name string) bool {
	for _, n := range r.Inadmissible {
		if n == name {
			return false
		}
	}
	return true
}

// Marked returns the heuristic's name as tables, legends and charts show
// it: followed by " (inadmissible)" when it may overestimate.
func (r *Report) Marked(name string) string {
	if r.IsAdmissible(name) {
		return name
	}
	return name + InadmissibleMark
}

// InadmissibleMark follows the name of a heuristic that may overestimate
// wherever a comparison shows it.
const InadmissibleMark = " (inadmissible)"

// At returns the result of instance i with heuristic j.
func (r *Report) At(i, j int) *Result { return &r.Results[i*len(r.Heuristics)+j] }

// Complete reports whether every run was solved.
func (r *Report) Complete() bool {
	for i := range r.Results {
		if r.Results[i].Status.Partial() {
			return false
		}
	}
	return true
}

// Totals returns, per heuristic, the sum of expanded and of generated nodes
// over all instances, and whether any of its runs is partial.
func (r *Report) Totals() (expanded, generated []uint64, partial []bool) {
	n := len(r.Heuristics)
	expanded, generated, partial = make([]uint64, n), make([]uint64, n), make([]bool, n)
	for i := range r.Instances {
		for j := 0; j < n; j++ {
			res := r.At(i, j)
			expanded[j] += res.Expanded
			generated[j] += res.Generated
			partial[j] = partial[j] || res.Status.Partial()
		}
	}
	return expanded, generated, partial
}

// csvHeader names the CSV columns.
var csvHeader = []string{
	ColumnInstance, "heuristic", "algorithm", "status", ColumnLength, ColumnOptimal, "h0",
	"expanded", "generated", "seconds", "iterations",
	"iteration_bounds", "iteration_expanded", "iteration_generated", "board", "error",
	ColumnReopened, "admissible", ColumnCost,
}

// WriteCSV writes one line per run, with a header: the pair, its status,
// length (-1: none), known optimal length (-1: unknown), h0, node counts,
// seconds, the number of IDA* iterations and, separated by ';', each
// iteration's bound, expanded and generated nodes; then the start board, the
// error, A*'s reopened nodes, whether the heuristic is admissible
// ("true" or "false") and the solution's cost under the cost model (-1:
// none; the length under unit costs).
func (r *Report) WriteCSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	cw := csv.NewWriter(bw)
	if err := cw.Write(csvHeader); err != nil {
		return fmt.Errorf("writing csv: %w", err)
	}
	for i, in := range r.Instances {
		for j := range r.Heuristics {
			res := r.At(i, j)
			bounds := make([]string, len(res.Iterations))
			exp := make([]string, len(res.Iterations))
			gen := make([]string, len(res.Iterations))
			for k, it := range res.Iterations {
				bounds[k] = strconv.Itoa(it.Bound)
				exp[k] = strconv.FormatUint(it.Expanded, 10)
				gen[k] = strconv.FormatUint(it.Generated, 10)
			}
			rec := []string{
				in.Name, res.Heuristic, r.Algorithm, string(res.Status),
				strconv.Itoa(res.Length), strconv.Itoa(in.Optimal), strconv.Itoa(res.H0),
				strconv.FormatUint(res.Expanded, 10), strconv.FormatUint(res.Generated, 10),
				strconv.FormatFloat(res.Seconds, 'f', 6, 64), strconv.Itoa(len(res.Iterations)),
				strings.Join(bounds, ";"), strings.Join(exp, ";"), strings.Join(gen, ";"),
				in.Board, res.Error,
				strconv.FormatUint(res.Reopened, 10), strconv.FormatBool(r.IsAdmissible(res.Heuristic)),
				strconv.Itoa(res.Cost),
			}
			if err := cw.Write(rec); err != nil {
				return fmt.Errorf("writing csv: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing csv: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing csv: %w", err)
	}
	return nil
}

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("writing json: %w", err)
	}
	return nil
}

// ReadJSON reads a report written by WriteJSON and checks its shape.
func ReadJSON(rd io.Reader) (*Report, error) {
	var r Report
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("reading json report: %w", err)
	}
	if len(r.Results) != len(r.Instances)*len(r.Heuristics) {
		return nil, fmt.Errorf("reading json report: %d results for %d instances and %d heuristics", len(r.Results), len(r.Instances), len(r.Heuristics))
	}
	return &r, nil
}

// Reference returns the index of the heuristic the others are compared
// with: Manhattan distance when the report has it, else the first.
func (r *Report) Reference() int {
	for j, h := range r.Heuristics {
		if h == "manhattan" {
			return j
		}
	}
	return 0
}

// FormatRatio writes how many times fewer nodes a heuristic needed than the
// reference: "0.50x", "5.3x", "42x", "1,235x".
func FormatRatio(v float64) string {
	switch {
	case v >= 100:
		return digits.Group(uint64(v+0.5), ",") + "x"
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 0, 64) + "x"
	case v >= 1:
		return strconv.FormatFloat(v, 'f', 1, 64) + "x"
	default:
		return strconv.FormatFloat(v, 'f', 2, 64) + "x"
	}
}
