package adapt

import (
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
