package adapt

import (
	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/search"
)

// Contours returns the f-contour chart of one search: alg's contours (see
// search.Contour) as one series called name, counting expanded or generated
// nodes, with subtitle under the title. IDA*'s bars are its iterations.
func Contours(cs []search.Contour, alg search.Algorithm, name, subtitle string, m Measure) charts.Contours {
	c := charts.Contours{Subtitle: subtitle, Measure: m.String()}
	what := "expanded"
	if m == Generated {
		what = "generated"
	}
	c.Title = "f-contours: nodes " + what + " per f value"
	if alg == search.IDAStar {
		c.Title = "IDA*: nodes " + what + " per iteration"
		c.XLabel = "iteration bound on f = g + h"
	}
	s := charts.ContourSeries{Name: name}
	for _, k := range cs {
		v := k.Expanded
		if m == Generated {
			v = k.Generated
		}
		s.Points = append(s.Points, charts.ContourPoint{F: k.F, Nodes: clamp(v)})
	}
	c.Series = append(c.Series, s)
	return c
}
