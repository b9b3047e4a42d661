package compare

import (
	"bytes"
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
)

func sampleReport() *Report {
	r := &Report{
		Set: "classroom", Goal: "blank-last", Algorithm: "ida*", NodeLimit: 1000, Timeout: 2.5,
		Heuristics: []string{"manhattan", "lc-pairs"}, Inadmissible: []string{"lc-pairs"},
		Instances: []InstanceInfo{
			{Name: "9", Board: "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", Optimal: 1},
			{Name: "12", Board: "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15", Optimal: -1},
		},
	}
	r.Results = []Result{
		{Instance: "9", Heuristic: "manhattan", Status: Solved, Length: 1, H0: 1, Expanded: 1, Generated: 2,
			Iterations: []Iteration{{Bound: 1, Expanded: 1, Generated: 2}}, Seconds: 0.001, Moves: "R"},
		{Instance: "9", Heuristic: "lc-pairs", Status: Solved, Length: 1, H0: 2, Expanded: 1, Generated: 2, Reopened: 3,
			Iterations: []Iteration{{Bound: 1, Expanded: 1, Generated: 2}}, Seconds: 0.002, Moves: "R"},
		{Instance: "12", Heuristic: "manhattan", Status: NodeLimit, Length: -1, H0: 2, Expanded: 600, Generated: 1000,
			Iterations: []Iteration{{Bound: 2, Expanded: 5, Generated: 9}, {Bound: 4, Expanded: 595, Generated: 991}}, Seconds: 0.5,
			Error: "node limit reached, with a comma"},
		{Instance: "12", Heuristic: "lc-pairs", Status: Skipped, Length: -1},
	}
	return r
}

func TestReportTotals(t *testing.T) {
	r := sampleReport()
	exp, gen, partial := r.Totals()
	if !reflect.DeepEqual(exp, []uint64{601, 1}) || !reflect.DeepEqual(gen, []uint64{1002, 2}) || !reflect.DeepEqual(partial, []bool{true, true}) {
		t.Errorf("Totals = %v %v %v", exp, gen, partial)
	}
	if r.Complete() {
		t.Error("report with partial runs reported complete")
	}
	if r.At(1, 0).Status != NodeLimit {
		t.Error("At(1, 0) is not instance 12 with manhattan")
	}
	for _, s := range []Status{NodeLimit, MemoryLimit, Timeout, Cancelled, Skipped, Failed} {
		if !s.Partial() {
			t.Errorf("%s is not partial", s)
		}
	}
}

func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := sampleReport().WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 || !reflect.DeepEqual(recs[0], csvHeader) {
		t.Fatalf("csv: %d records, header %v", len(recs), recs[0])
	}
	col := func(rec []string, name string) string {
		for i, h := range csvHeader {
			if h == name {
				return rec[i]
			}
		}
		t.Fatalf("no column %q", name)
		return ""
	}
	r3 := recs[3]
	checks := map[string]string{
		"instance": "12", "heuristic": "manhattan", "status": "node-limit", "length": "-1", "optimal": "-1",
		"expanded": "600", "generated": "1000", "iterations": "2", "iteration_bounds": "2;4",
		"iteration_expanded": "5;595", "iteration_generated": "9;991", "error": "node limit reached, with a comma",
		"algorithm": "ida*", "seconds": "0.500000",
	}
	for name, want := range checks {
		if got := col(r3, name); got != want {
			t.Errorf("csv %s = %q, want %q", name, got, want)
		}
	}
	if col(recs[1], "board") != "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15" || col(recs[1], "optimal") != "1" {
		t.Errorf("csv row 1: %v", recs[1])
	}
	if col(recs[1], "admissible") != "true" || col(recs[2], "admissible") != "false" || col(recs[2], "reopened") != "3" || col(recs[1], "reopened") != "0" {
		t.Errorf("csv rows 1 and 2: admissible and reopened in %v and %v", recs[1], recs[2])
	}
	r := sampleReport()
	if r.Marked("lc-pairs") != "lc-pairs (inadmissible)" || r.Marked("manhattan") != "manhattan" {
		t.Errorf("Marked: %q, %q", r.Marked("lc-pairs"), r.Marked("manhattan"))
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := sampleReport()
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"status": "node-limit"`) {
		t.Errorf("json lacks the status: %s", buf.String())
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("round trip differs:\n%+v\n%+v", back, r)
	}
	for _, bad := range []string{`{"set": 1}`, `{"results": [{}]}`, `{"bogus": true}`, `[`} {
		if _, err := ReadJSON(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadJSON(%s) accepted", bad)
		}
	}
}
