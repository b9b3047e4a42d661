package charts

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Iterations is the input of the chart of nodes per IDA* iteration: the cost
// threshold on X, the nodes of that iteration on a log Y, one line per
// heuristic.
type Iterations struct {
	// Title defaults to "Nodes per IDA* iteration".
	Title string
	// Set names the instance set and Instance the instance shown, both
	// optional; they are shown under the title.
	Set, Instance string
	// Subtitle is appended to the line under the title.
	Subtitle string
	// Measure labels the Y axis; it defaults to "nodes expanded".
	Measure string
	// Series holds one heuristic each.
	Series []IterationSeries
}

// IterationSeries is one heuristic's iterations.
type IterationSeries struct {
	// Name labels the series in the legend.
	Name string
	// Points holds one point per iteration.
	Points []IterationPoint
	// Limited says the run hit a limit, so its last iteration is incomplete;
	// that point is drawn as a ring.
	Limited bool
	// Predicted, when not empty, is a prediction of the same iterations
	// (such as KRE's formula), drawn as a dashed line in the series' colour.
	Predicted []IterationPoint
}

// addIterations appends pts, by increasing threshold, to the line and
// returns thresholds with theirs; a negative count (what names it in the
// error) of series name is an error.
func (ls *lineSeries) addIterations(pts []IterationPoint, thresholds []float64, name, what string) ([]float64, error) {
	pts = slices.Clone(pts)
	slices.SortStableFunc(pts, func(a, b IterationPoint) int { return a.Threshold - b.Threshold })
	for _, pt := range pts {
		if pt.Nodes < 0 {
			return nil, fmt.Errorf("iteration chart: series %q, threshold %d: negative %s %d", name, pt.Threshold, what, pt.Nodes)
		}
		ls.x = append(ls.x, float64(pt.Threshold))
		ls.y = append(ls.y, float64(pt.Nodes))
		thresholds = append(thresholds, float64(pt.Threshold))
	}
	return thresholds, nil
}

// IterationPoint is one IDA* iteration: its cost threshold and node count.
type IterationPoint struct {
	Threshold int
	Nodes     int64
}

// figure implements Chart.
func (it Iterations) figure(st style) (*figure, error) {
	var parts []string
	if it.Set != "" {
		parts = append(parts, "instance set: "+it.Set)
	}
	if it.Instance != "" {
		parts = append(parts, "instance: "+it.Instance)
	}
	sub := joinParts(append(parts, it.Subtitle))
	p := plot.New()
	st.styleAxes(p, "cost threshold of the iteration")
	fig := &figure{st: st, title: orDefault(it.Title, "Nodes per IDA* iteration"), subtitle: sub,
		yLabel: orDefault(it.Measure, "nodes expanded"), plot: p}
	lp := &linesPlot{st: st}
	anyLimited, anyPredicted := false, false
	dashes := []vg.Length{vg.Length(6 * st.scale), vg.Length(4 * st.scale)}
	var thresholds []float64
	for i, s := range it.Series {
		ls := lineSeries{color: seriesColor(i), glyph: draw.CircleGlyph{}, ringLast: s.Limited}
		var err error
		if thresholds, err = ls.addIterations(s.Points, thresholds, s.Name, "count"); err != nil {
			return nil, err
		}
		name := orDefault(s.Name, fmt.Sprintf("series %d", i+1))
		if s.Limited && len(s.Points) > 0 {
			name += " *"
			anyLimited = true
		}
		lp.series = append(lp.series, ls)
		fig.legend = append(fig.legend, legendEntry{label: name, color: ls.color, kind: legendLine, glyph: ls.glyph})
		if len(s.Predicted) > 0 {
			anyPredicted = true
			ps := lineSeries{color: ls.color, glyph: draw.TriangleGlyph{}, dashes: dashes}
			if thresholds, err = ps.addIterations(s.Predicted, thresholds, s.Name, "predicted count"); err != nil {
				return nil, err
			}
			lp.series = append(lp.series, ps)
		}
	}
	if anyPredicted {
		fig.legend = append(fig.legend,
			legendEntry{label: "measured", color: grey, kind: legendLine, glyph: draw.CircleGlyph{}},
			legendEntry{label: "predicted", color: grey, kind: legendLine, glyph: draw.TriangleGlyph{}, dashes: dashes})
	}
	if anyLimited {
		fig.note = "* the run hit a limit: its last iteration (ring) is incomplete"
	}
	if len(thresholds) == 0 {
		emptyPlot(fig)
		return fig, nil
	}
	slices.Sort(thresholds)
	thresholds = slices.Compact(thresholds)
	p.X.Min, p.X.Max = thresholds[0]-0.5, thresholds[len(thresholds)-1]+0.5
	if len(thresholds) <= 14 {
		ticks := make(plot.ConstantTicks, len(thresholds))
		for i, t := range thresholds {
			ticks[i] = plot.Tick{Value: t, Label: compact(t)}
		}
		p.X.Tick.Marker = ticks
	} else {
		p.X.Tick.Marker = linearTicks{max: 12, integer: true}
	}
	lp.yAxis(p, true)
	p.Add(gridLines{st}, lp)
	return fig, nil
}

// PDBLayers is the input of the chart of a pattern database's construction:
// per cost layer of the backward 0-1 BFS, the abstract states reached (pattern
// tiles and blank) and the table entries first set at that cost, one colour
// per table.
type PDBLayers struct {
	// Title defaults to "Pattern database construction: the BFS frontier".
	Title string
	// Subtitle is shown under the title (for example the partition).
	Subtitle string
	// LogY puts the counts on a log scale.
	LogY bool
	// Tables holds one table each.
	Tables []TableLayers
	// XLabel defaults to "cost (moves of pattern tiles)" (fringe tables
	// count every move).
	XLabel string
}

// TableLayers is the construction record of one table.
type TableLayers struct {
	// Name labels the table in the legend.
	Name string
	// Layers holds one entry per cost layer.
	Layers []Layer
}

// Layer is one cost layer of a table's construction.
type Layer struct {
	// Cost is the layer's cost (moves of pattern tiles).
	Cost int
	// States counts the abstract states (pattern placement and blank
	// position) whose least cost is Cost.
	States int64
	// New counts the table entries (pattern placements) whose value is Cost.
	New int64
}

// figure implements Chart.
func (pl PDBLayers) figure(st style) (*figure, error) {
	p := plot.New()
	st.styleAxes(p, orDefault(pl.XLabel, "cost (moves of pattern tiles)"))
	fig := &figure{st: st, title: orDefault(pl.Title, "Pattern database construction: the BFS frontier"),
		subtitle: pl.Subtitle, yLabel: "count per cost layer", plot: p}
	lp := &linesPlot{st: st}
	var xmin, xmax = math.Inf(1), math.Inf(-1)
	dashes := []vg.Length{vg.Length(6 * st.scale), vg.Length(4 * st.scale)}
	for i, t := range pl.Tables {
		states := lineSeries{color: seriesColor(i), glyph: draw.CircleGlyph{}}
		fresh := lineSeries{color: seriesColor(i), glyph: draw.TriangleGlyph{}, dashes: dashes}
		layers := slices.Clone(t.Layers)
		slices.SortStableFunc(layers, func(a, b Layer) int { return a.Cost - b.Cost })
		for _, l := range layers {
			if l.States < 0 || l.New < 0 {
				return nil, fmt.Errorf("pdb layer chart: table %q, cost %d: negative count", t.Name, l.Cost)
			}
			c := float64(l.Cost)
			states.x, states.y = append(states.x, c), append(states.y, float64(l.States))
			fresh.x, fresh.y = append(fresh.x, c), append(fresh.y, float64(l.New))
			xmin, xmax = math.Min(xmin, c), math.Max(xmax, c)
		}
		lp.series = append(lp.series, states, fresh)
		fig.legend = append(fig.legend, legendEntry{label: orDefault(t.Name, fmt.Sprintf("table %d", i+1)), color: seriesColor(i), kind: legendBox})
	}
	if len(pl.Tables) > 0 {
		fig.legend = append(fig.legend,
			legendEntry{label: "abstract states", color: grey, kind: legendLine, glyph: draw.CircleGlyph{}},
			legendEntry{label: "new table entries", color: grey, kind: legendLine, glyph: draw.TriangleGlyph{}, dashes: dashes})
	}
	if math.IsInf(xmin, 0) {
		emptyPlot(fig)
		return fig, nil
	}
	p.X.Min, p.X.Max = xmin-0.5, xmax+0.5
	p.X.Tick.Marker = linearTicks{max: 16, integer: true}
	lp.yAxis(p, pl.LogY)
	p.Add(gridLines{st}, lp)
	return fig, nil
}

// Histogram is the input of a histogram of table values: for each value the
// number of entries holding it, one colour of bars per series (table).
type Histogram struct {
	// Title defaults to "Pattern database values".
	Title string
	// Subtitle is shown under the title.
	Subtitle string
	// XLabel defaults to "heuristic value (moves)"; YLabel to "table entries".
	XLabel, YLabel string
	// LogY puts the counts on a log scale.
	LogY bool
	// Series holds one table each.
	Series []HistogramSeries
}

// HistogramSeries is one table's value counts.
type HistogramSeries struct {
	// Name labels the series in the legend.
	Name string
	// Counts[v] is the number of entries with value v.
	Counts []int64
}

// figure implements Chart.
func (h Histogram) figure(st style) (*figure, error) {
	p := plot.New()
	st.styleAxes(p, orDefault(h.XLabel, "heuristic value (moves)"))
	fig := &figure{st: st, title: orDefault(h.Title, "Pattern database values"), subtitle: h.Subtitle,
		yLabel: orDefault(h.YLabel, "table entries"), plot: p}
	n := 0
	for _, s := range h.Series {
		n = max(n, len(s.Counts))
	}
	bars := &groupedBars{st: st, groupWidth: 0.8, log: h.LogY}
	for v := 0; v < n; v++ {
		bars.xs = append(bars.xs, float64(v))
	}
	for i, s := range h.Series {
		bs := barSeries{color: seriesColor(i), values: make([]float64, n), limited: make([]bool, n)}
		for v, c := range s.Counts {
			if c < 0 {
				return nil, fmt.Errorf("histogram: series %q, value %d: negative count %d", s.Name, v, c)
			}
			bs.values[v] = float64(c)
		}
		bars.series = append(bars.series, bs)
		fig.legend = append(fig.legend, legendEntry{label: orDefault(s.Name, fmt.Sprintf("series %d", i+1)), color: seriesColor(i), kind: legendBox})
	}
	if n == 0 || len(h.Series) == 0 {
		emptyPlot(fig)
		return fig, nil
	}
	p.X.Min, p.X.Max = -0.6, float64(n)-0.4
	p.X.Tick.Marker = linearTicks{max: 16, integer: true}
	if h.LogY {
		p.Y.Scale = clampedLog{}
		p.Y.Tick.Marker = logTicks{maxLabels: 8}
		p.Y.Min, p.Y.Max = bars.logRange()
	} else {
		p.Y.Tick.Marker = linearTicks{max: 8}
		p.Y.Min, p.Y.Max = bars.linearRange()
	}
	p.Add(gridLines{st}, bars)
	fig.bars = bars
	fig.prepare = func(pc draw.Canvas) { bars.fitValues(p, pc) }
	return fig, nil
}

// emptyPlot turns fig into an empty frame saying "no data".
func emptyPlot(fig *figure) {
	p := fig.plot
	p.X.Min, p.X.Max = 0, 1
	p.Y.Min, p.Y.Max = 0, 1
	p.X.Tick.Marker = plot.ConstantTicks{}
	p.Y.Tick.Marker = plot.ConstantTicks{}
	fig.empty = "no data"
}

// joinParts joins the non-empty parts with " · ".
func joinParts(parts []string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, " · ")
}

// lineSeries is one polyline with a glyph at each point.
type lineSeries struct {
	color    color.RGBA
	dashes   []vg.Length
	glyph    draw.GlyphDrawer
	x, y     []float64
	ringLast bool // draw the last point as a ring (incomplete)
}

// linesPlot draws line series; values below the Y minimum of a log axis are
// drawn at the bottom.
type linesPlot struct {
	st     style
	series []lineSeries
}

// yAxis sets p's Y scale, ticks and range to fit the series.
func (lp *linesPlot) yAxis(p *plot.Plot, log bool) {
	minPos, maxV := math.Inf(1), 0.0
	for _, s := range lp.series {
		for _, v := range s.y {
			if v > 0 {
				minPos = math.Min(minPos, v)
			}
			maxV = math.Max(maxV, v)
		}
	}
	if !log {
		p.Y.Tick.Marker = linearTicks{max: 8}
		p.Y.Min, p.Y.Max = 0, maxV*1.08
		if maxV == 0 {
			p.Y.Max = 1
		}
		return
	}
	p.Y.Scale = clampedLog{}
	p.Y.Tick.Marker = logTicks{maxLabels: 8}
	if maxV == 0 {
		p.Y.Min, p.Y.Max = 1, 10
		return
	}
	p.Y.Min = math.Pow(10, math.Floor(math.Log10(minPos*0.8)))
	p.Y.Max = math.Pow(10, math.Ceil(math.Log10(maxV*1.25)))
}

// Plot draws the lines on the data canvas.
func (lp *linesPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	r := vg.Length(3.2 * lp.st.scale)
	for _, s := range lp.series {
		pts := make([]vg.Point, len(s.x))
		for i := range s.x {
			pts[i] = vg.Point{X: trX(s.x[i]), Y: trY(math.Min(s.y[i], p.Y.Max))}
		}
		ls := draw.LineStyle{Color: s.color, Width: lp.st.line, Dashes: s.dashes}
		if len(pts) > 1 {
			c.StrokeLines(ls, c.ClipLinesXY(pts)...)
		}
		for i, pt := range pts {
			gs := draw.GlyphStyle{Color: s.color, Radius: r, Shape: s.glyph}
			if s.ringLast && i == len(pts)-1 {
				gs.Shape = draw.RingGlyph{}
				gs.Radius = r * 1.5
			}
			c.DrawGlyphNoClip(gs, pt)
		}
	}
}
