package compare

import (
	"strings"
	"testing"
)

// columnsReport is a report of one instance and three heuristics, the
// last of which lies and found a longer solution.
func columnsReport(cost string, optimal int) *Report {
	r := &Report{Algorithm: "a*", CostModel: cost, Heuristics: []string{"manhattan", "pdb:44", "lc-pairs"}, Inadmissible: []string{"lc-pairs"},
		Instances: []InstanceInfo{{Name: "1", Optimal: optimal}}}
	r.Results = []Result{
		{Heuristic: "manhattan", Status: Solved, Length: 14, Cost: 40},
		{Heuristic: "pdb:44", Status: Solved, Length: 14, Cost: 40, Reopened: 5},
		{Heuristic: "lc-pairs", Status: Solved, Length: 16, Cost: 38},
	}
	return r
}

func TestShortestAndLonger(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cost     string
		optimal  int
		column   string
		shortest int
		marks    [3]string
	}{
		{"unit, optimum known", "", 14, ColumnLength, 14, [3]string{"", "", " [16 moves]"}},
		{"unit, optimum unknown", "", -1, ColumnLength, 14, [3]string{"", "", " [16 moves]"}},
		// Under tile costs the lying heuristic's path is cheaper than the
		// admissible ones' (made up): the admissible least is shown, the
		// cheaper one is not marked.
		{"tile", "tile", 14, ColumnCost, 40, [3]string{"", "", ""}},
	} {
		r := columnsReport(tc.cost, tc.optimal)
		if r.ValueColumn() != tc.column || r.Shortest(0) != tc.shortest {
			t.Errorf("%s: column %q, shortest %d", tc.name, r.ValueColumn(), r.Shortest(0))
		}
		for j := range r.Heuristics {
			if got := r.Longer(0, r.At(0, j)); got != tc.marks[j] {
				t.Errorf("%s: %s marked %q, want %q", tc.name, r.Heuristics[j], got, tc.marks[j])
			}
		}
	}
	r := columnsReport("tile", -1)
	r.Results[2].Cost = 57
	if got := r.Longer(0, r.At(0, 2)); got != " [cost 57]" || !strings.HasPrefix(r.LongerNote(), "[cost N]") {
		t.Errorf("tile costs: %q, %q", got, r.LongerNote())
	}
	r.Results[0].Status, r.Results[1].Status = NodeLimit, Failed
	if r.Shortest(0) != 57 {
		t.Errorf("only the lying heuristic solved: shortest %d, want its 57", r.Shortest(0))
	}
	if note := (&Report{Algorithm: "greedy"}).LongerNote(); !strings.Contains(note, "found by greedy, which does not promise") {
		t.Errorf("greedy's note: %q", note)
	}
	if note := (&Report{Algorithm: "a*"}).LongerNote(); !strings.HasSuffix(note, "found with a heuristic that overestimates") {
		t.Errorf("A*'s note: %q", note)
	}
	if !r.ShowsReopenings() || (&Report{Algorithm: "ida*"}).ShowsReopenings() {
		t.Error("ShowsReopenings: want A* only")
	}
}

// TestColumnNamesInCSV: the CSV header uses the shared column names.
func TestColumnNamesInCSV(t *testing.T) {
	var b strings.Builder
	if err := columnsReport("", 14).WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	header := strings.Split(strings.SplitN(b.String(), "\n", 2)[0], ",")
	for _, c := range []string{ColumnInstance, ColumnLength, ColumnOptimal, ColumnReopened, ColumnCost} {
		found := false
		for _, h := range header {
			found = found || h == c
		}
		if !found {
			t.Errorf("CSV header %q lacks %q", header, c)
		}
	}
	if ColumnTitle(ColumnReopened) != "Reopened" || ColumnTitle("") != "" {
		t.Errorf("ColumnTitle: %q", ColumnTitle(ColumnReopened))
	}
}
