package compare

import (
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/search"
)

// Column names of a comparison, shared by the CSV (WriteCSV), the command
// line's table (slidelab compare) and the app's table (which capitalises
// them with ColumnTitle): one source for the names a class reads.
const (
	// ColumnInstance names the instance of a row.
	ColumnInstance = "instance"
	// ColumnOptimal is the known optimal length (CSV -1, the app "?":
	// unknown).
	ColumnOptimal = "optimal"
	// ColumnLength is the solution length shown for an instance under unit
	// costs (Report.Shortest).
	ColumnLength = "length"
	// ColumnCost replaces ColumnLength under tile costs: the cheapest
	// solution's cost (moving tile t costs t).
	ColumnCost = "cost"
	// ColumnReopened counts the closed nodes A* put back on the open list
	// (Report.ShowsReopenings).
	ColumnReopened = "reopened"
	// RowTotal names the row of totals.
	RowTotal = "total"
)

// ColumnTitle returns a column name as a table's header shows it:
// capitalised ("Reopened").
func ColumnTitle(name string) string {
	if name == "" {
		return ""
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// ValueColumn is the column of the solution's measure: ColumnCost under
// tile costs, else ColumnLength.
func (r *Report) ValueColumn() string {
	if r.CostModel != "" {
		return ColumnCost
	}
	return ColumnLength
}

// Value is what a table shows of res's solution: its cost under tile costs
// (CostModel), else its length (-1: none).
func (r *Report) Value(res *Result) int {
	if r.CostModel != "" {
		return res.Cost
	}
	return res.Length
}

// Shortest returns the length (under tile costs: the cost) shown for
// instance i: the known optimal length (unit costs only), else the least
// found with an admissible heuristic, else the least found (-1: none).
func (r *Report) Shortest(i int) int {
	if r.Instances[i].Optimal >= 0 && r.CostModel == "" {
		return r.Instances[i].Optimal
	}
	best, bestAny := -1, -1
	for j := range r.Heuristics {
		res := r.At(i, j)
		if res.Status != Solved {
			continue
		}
		v := r.Value(res)
		if bestAny < 0 || v < bestAny {
			bestAny = v
		}
		if r.IsAdmissible(res.Heuristic) && (best < 0 || v < best) {
			best = v
		}
	}
	if best < 0 {
		return bestAny
	}
	return best
}

// Longer returns the mark a table adds to the count of a run of instance
// i whose solution is longer (costlier) than Shortest: " [32 moves]" or,
// under tile costs, " [cost 57]"; "" for the others.
func (r *Report) Longer(i int, res *Result) string {
	shortest := r.Shortest(i)
	v := r.Value(res)
	if res.Status != Solved || shortest < 0 || v <= shortest {
		return ""
	}
	if r.CostModel != "" {
		return fmt.Sprintf(" [cost %d]", v)
	}
	return fmt.Sprintf(" [%d moves]", v)
}

// LongerNote explains Longer's mark, for the line under a table: a longer
// solution comes from a heuristic that overestimates, or from an algorithm
// that does not promise optimal solutions (greedy search, weighted A*).
func (r *Report) LongerNote() string {
	what := "[N moves]: a solution longer than the length shown"
	if r.CostModel != "" {
		what = "[cost N]: a solution costlier than the cost shown"
	}
	if a, err := search.ParseAlgorithm(r.Algorithm); err == nil && !a.Info().Optimal {
		return what + ", found by " + r.Algorithm + ", which does not promise optimal solutions"
	}
	return what + ", found with a heuristic that overestimates"
}

// ShowsReopenings reports whether tables show the reopened nodes: for A*,
// the one algorithm whose reopenings say something about the heuristic
// (none with a consistent heuristic, some with an admissible but
// inconsistent one such as additive pattern databases).
func (r *Report) ShowsReopenings() bool {
	return r.Algorithm == search.AStar.String()
}
