package adapt

import (
	"fmt"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/quality"
)

// QualityMeans returns the chart of mean h against h*, one line per
// heuristic of the report.
func QualityMeans(r *quality.Report) charts.QualityMeans {
	c := charts.QualityMeans{Subtitle: qualitySubtitle(r)}
	for _, h := range r.Heuristics {
		s := charts.MeansSeries{Name: h.Marked()}
		for _, row := range h.ByDistance {
			s.Points = append(s.Points, charts.MeanPoint{HStar: row.HStar, MeanH: row.MeanH})
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// QualityHeatMap returns the heat map of (h*, h) counts of the report's
// i-th heuristic.
func QualityHeatMap(r *quality.Report, i int) (charts.QualityHeatMap, error) {
	if i < 0 || i >= len(r.Heuristics) {
		return charts.QualityHeatMap{}, fmt.Errorf("heat map: no heuristic %d in a report of %d", i+1, len(r.Heuristics))
	}
	h := r.Heuristics[i]
	c := charts.QualityHeatMap{
		Title:    "States by true distance and estimate: " + h.Marked(),
		Subtitle: qualitySubtitle(r),
	}
	for _, cell := range h.Cells {
		c.Cells = append(c.Cells, charts.HeatCell{HStar: cell.HStar, H: cell.H, States: cell.States})
	}
	return c, nil
}

func qualitySubtitle(r *quality.Report) string {
	return fmt.Sprintf("%s puzzle, %s goal · %s", r.Size, r.Goal, r.Description)
}
