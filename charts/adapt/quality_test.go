package adapt

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/quality"
)

func qualityReport() *quality.Report {
	return &quality.Report{Size: "3x3", Goal: "blank-last", Description: "test", States: 3,
		Heuristics: []quality.Stats{
			{Name: "manhattan", ByDistance: []quality.DistanceRow{{HStar: 0, States: 1, MeanH: 0}, {HStar: 1, States: 2, MeanH: 1}},
				Cells: []quality.Cell{{HStar: 0, H: 0, States: 1}, {HStar: 1, H: 1, States: 2}}},
			{Name: "hamming", ByDistance: []quality.DistanceRow{{HStar: 0, States: 1, MeanH: 0}, {HStar: 1, States: 2, MeanH: 0.5}},
				Cells: []quality.Cell{{HStar: 0, H: 0, States: 1}, {HStar: 1, H: 0, States: 1}, {HStar: 1, H: 1, States: 1}}},
		}}
}

func TestQualityMeans(t *testing.T) {
	c := QualityMeans(qualityReport())
	if len(c.Series) != 2 || c.Series[1].Name != "hamming" || len(c.Series[1].Points) != 2 || c.Series[1].Points[1].MeanH != 0.5 {
		t.Errorf("chart: %+v", c)
	}
}

func TestQualityHeatMap(t *testing.T) {
	r := qualityReport()
	c, err := QualityHeatMap(r, 1)
	if err != nil || len(c.Cells) != 3 || c.Cells[1].HStar != 1 || c.Cells[1].H != 0 || c.Title == "" {
		t.Errorf("heat map: %+v, %v", c, err)
	}
	for _, i := range []int{-1, 2} {
		if _, err := QualityHeatMap(r, i); err == nil {
			t.Errorf("heuristic %d: no error", i)
		}
	}
}

// TestChartsMarkInadmissible: the legends and titles of comparison and
// quality charts mark a heuristic that may overestimate.
func TestChartsMarkInadmissible(t *testing.T) {
	q := qualityReport()
	q.Heuristics[1].Name, q.Heuristics[1].Inadmissible = "lc-pairs", true
	if c := QualityMeans(q); c.Series[0].Name != "manhattan" || c.Series[1].Name != "lc-pairs (inadmissible)" {
		t.Errorf("quality legend %q, %q", c.Series[0].Name, c.Series[1].Name)
	}
	if c, _ := QualityHeatMap(q, 1); !strings.HasSuffix(c.Title, "lc-pairs (inadmissible)") {
		t.Errorf("heat map title %q", c.Title)
	}
	r := report()
	r.Inadmissible = []string{"pdb:663"} // made up: the name only matters
	nc := NodeCounts(r, Expanded)
	it, err := Iterations(r, 0, Expanded)
	if err != nil || nc.Series[1].Name != "pdb:663 (inadmissible)" || nc.Series[0].Name != "manhattan" || it.Series[1].Name != "pdb:663 (inadmissible)" {
		t.Errorf("legends %q, %q, %v", nc.Series[1].Name, it.Series[1].Name, err)
	}
}
