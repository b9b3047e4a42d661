package charts

import (
	"fmt"
	"sort"
	"strconv"
)

// Contours is the f-contour chart: for each f value (A*) or IDA* iteration
// bound, one bar per series with the nodes expanded there, on a log scale.
// Series of several searches (heuristics) of one board are drawn side by
// side; a series without a contour at some f has no bar there.
type Contours struct {
	// Title defaults to "f-contours: nodes expanded per f value".
	Title string
	// Subtitle is the line under the title (the board, the algorithm).
	Subtitle string
	// XLabel labels the X axis; it defaults to "f = g + h".
	XLabel string
	// Measure labels the Y axis; it defaults to "nodes expanded".
	Measure string
	// Series holds one search each.
	Series []ContourSeries
}

// ContourSeries is one search's contours.
type ContourSeries struct {
	// Name labels the series in the legend.
	Name string
	// Points holds one count per f value, each f at most once.
	Points []ContourPoint
}

// ContourPoint is one contour: the f value (or bound) and its node count.
type ContourPoint struct {
	F     int
	Nodes int64
}

// figure implements Chart: a NodeCounts with one group per f value.
func (c Contours) figure(st style) (*figure, error) {
	seen := map[int]bool{}
	var fs []int
	for i, s := range c.Series {
		mine := map[int]bool{}
		for _, p := range s.Points {
			if mine[p.F] {
				return nil, fmt.Errorf("contour chart: series %d (%q) has f = %d twice", i+1, s.Name, p.F)
			}
			mine[p.F] = true
			if !seen[p.F] {
				seen[p.F] = true
				fs = append(fs, p.F)
			}
		}
	}
	sort.Ints(fs)
	index := make(map[int]int, len(fs))
	nc := NodeCounts{
		Title:    orDefault(c.Title, "f-contours: nodes expanded per f value"),
		Subtitle: c.Subtitle,
		Measure:  c.Measure,
		XLabel:   orDefault(c.XLabel, "f = g + h"),
		NoTotal:  true,
	}
	for i, f := range fs {
		index[f] = i
		nc.Instances = append(nc.Instances, strconv.Itoa(f))
	}
	for _, s := range c.Series {
		cs := CountSeries{Name: s.Name, Counts: make([]int64, len(fs))}
		for _, p := range s.Points {
			cs.Counts[index[p.F]] = p.Nodes
		}
		nc.Series = append(nc.Series, cs)
	}
	return nc.figure(st)
}
