package charts

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// QualityMeans is the input of the chart of a heuristic's accuracy: the true
// distance h* on X, the mean estimate of the states at that distance on Y,
// one line per heuristic, and the diagonal h = h* that a perfect heuristic
// would follow (an admissible one stays on or under it).
type QualityMeans struct {
	// Title defaults to "Mean heuristic value against true distance".
	Title string
	// Subtitle is shown under the title (for example the sample).
	Subtitle string
	// Series holds one heuristic each.
	Series []MeansSeries
}

// MeansSeries is one heuristic's mean estimates.
type MeansSeries struct {
	// Name labels the series in the legend.
	Name string
	// Points holds one point per true distance.
	Points []MeanPoint
}

// MeanPoint is the mean estimate of the states at one true distance.
type MeanPoint struct {
	HStar int
	MeanH float64
}

// figure implements Chart.
func (q QualityMeans) figure(st style) (*figure, error) {
	p := plot.New()
	st.styleAxes(p, "true distance h* (moves)")
	fig := &figure{st: st, title: orDefault(q.Title, "Mean heuristic value against true distance"),
		subtitle: q.Subtitle, yLabel: "mean h of the states", plot: p}
	lp := &linesPlot{st: st}
	hi := 0.0
	for i, s := range q.Series {
		ls := lineSeries{color: seriesColor(i), glyph: draw.CircleGlyph{}}
		pts := slices.Clone(s.Points)
		slices.SortStableFunc(pts, func(a, b MeanPoint) int { return a.HStar - b.HStar })
		for _, pt := range pts {
			if math.IsNaN(pt.MeanH) || math.IsInf(pt.MeanH, 0) || pt.HStar < 0 {
				return nil, fmt.Errorf("quality chart: series %q: bad point (%d, %v)", s.Name, pt.HStar, pt.MeanH)
			}
			ls.x = append(ls.x, float64(pt.HStar))
			ls.y = append(ls.y, pt.MeanH)
			hi = math.Max(hi, math.Max(float64(pt.HStar), pt.MeanH))
		}
		lp.series = append(lp.series, ls)
		fig.legend = append(fig.legend, legendEntry{label: orDefault(s.Name, fmt.Sprintf("series %d", i+1)), color: ls.color, kind: legendLine, glyph: ls.glyph})
	}
	if hi == 0 {
		emptyPlot(fig)
		return fig, nil
	}
	dashes := []vg.Length{vg.Length(6 * st.scale), vg.Length(4 * st.scale)}
	fig.legend = append(fig.legend, legendEntry{label: "h = h* (perfect)", color: grey, kind: legendLine, dashes: dashes})
	fig.note = "An admissible heuristic stays on or under the diagonal; the closer to it, the fewer nodes a search expands."
	p.X.Min, p.X.Max = -0.5, hi+0.5
	p.Y.Min, p.Y.Max = 0, hi*1.04
	p.X.Tick.Marker = linearTicks{max: 16, integer: true}
	p.Y.Tick.Marker = linearTicks{max: 10, integer: true}
	diag := lineSeries{color: grey, dashes: dashes, glyph: noGlyph{}, x: []float64{0, hi}, y: []float64{0, hi}}
	lp.series = append([]lineSeries{diag}, lp.series...)
	p.Add(gridLines{st}, lp)
	return fig, nil
}

// noGlyph draws nothing: a line without markers.
type noGlyph struct{}

// DrawGlyph draws nothing.
func (noGlyph) DrawGlyph(*draw.Canvas, draw.GlyphStyle, vg.Point) {}

// QualityHeatMap is the input of the heat map of one heuristic on a sample:
// a cell per (h*, h) pair, coloured by the number of states on a log scale,
// with the diagonal h = h*. Cells above the diagonal overestimate.
type QualityHeatMap struct {
	// Title defaults to "States by true distance and estimate".
	Title string
	// Subtitle is shown under the title (for example the heuristic).
	Subtitle string
	// Cells holds the non-empty cells.
	Cells []HeatCell
}

// HeatCell is the number of states with true distance HStar and estimate H.
type HeatCell struct {
	HStar, H int
	States   int64
}

// figure implements Chart.
func (q QualityHeatMap) figure(st style) (*figure, error) {
	p := plot.New()
	st.styleAxes(p, "true distance h* (moves)")
	fig := &figure{st: st, title: orDefault(q.Title, "States by true distance and estimate"),
		subtitle: q.Subtitle, yLabel: "heuristic value h", plot: p}
	hm := &heatPlot{st: st}
	hi := 0
	for _, c := range q.Cells {
		if c.States < 0 || c.HStar < 0 || c.H < 0 {
			return nil, fmt.Errorf("heat map: bad cell (%d, %d): %d states", c.HStar, c.H, c.States)
		}
		if c.States == 0 {
			continue
		}
		hm.cells = append(hm.cells, c)
		hm.max = max(hm.max, c.States)
		hi = max(hi, c.HStar, c.H)
	}
	if len(hm.cells) == 0 {
		emptyPlot(fig)
		return fig, nil
	}
	p.X.Min, p.X.Max = -0.5, float64(hi)+0.5
	p.Y.Min, p.Y.Max = -0.5, float64(hi)+0.5
	p.X.Tick.Marker = linearTicks{max: 16, integer: true}
	p.Y.Tick.Marker = linearTicks{max: 12, integer: true}
	last := 0.0
	for _, f := range []float64{0, 0.5, 1} {
		v := math.Round(math.Pow(float64(hm.max), f))
		if v == last {
			continue // few states: one swatch per value
		}
		last = v
		label := compact(v) + " states"
		if v == 1 {
			label = "1 state"
		}
		fig.legend = append(fig.legend, legendEntry{label: label, color: heatColor(v, hm.max), kind: legendBox})
	}
	fig.legend = append(fig.legend, legendEntry{label: "h = h*", color: grey, kind: legendLine,
		dashes: []vg.Length{vg.Length(6 * st.scale), vg.Length(4 * st.scale)}})
	fig.note = "Colour: number of states, log scale. Cells above the diagonal would overestimate (h > h*)."
	p.Add(hm)
	return fig, nil
}

// heatPlot draws the cells of a heat map and the diagonal.
type heatPlot struct {
	st    style
	cells []HeatCell
	max   int64
}

// Plot draws the cells on the data canvas.
func (hm *heatPlot) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for _, cell := range hm.cells {
		x0, x1 := trX(float64(cell.HStar)-0.5), trX(float64(cell.HStar)+0.5)
		y0, y1 := trY(float64(cell.H)-0.5), trY(float64(cell.H)+0.5)
		c.FillPolygon(heatColor(float64(cell.States), hm.max), []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	}
	ls := draw.LineStyle{Color: grey, Width: hm.st.line, Dashes: []vg.Length{vg.Length(6 * hm.st.scale), vg.Length(4 * hm.st.scale)}}
	c.StrokeLines(ls, c.ClipLinesXY([]vg.Point{{X: trX(p.X.Min), Y: trY(p.X.Min)}, {X: trX(p.X.Max), Y: trY(p.X.Max)}})...)
}

// heatStops is the colour ramp of heat maps, from one state to the most:
// pale yellow, orange, red, dark purple (readable in grey too: it darkens
// steadily).
var heatStops = [...]color.RGBA{
	{R: 0xFF, G: 0xF3, B: 0xB0, A: 0xFF},
	{R: 0xF9, G: 0xA8, B: 0x3C, A: 0xFF},
	{R: 0xD6, G: 0x3E, B: 0x2A, A: 0xFF},
	{R: 0x5B, G: 0x0F, B: 0x5E, A: 0xFF},
}

// heatColor returns the colour of a cell holding v of at most most states,
// on a log scale.
func heatColor(v float64, most int64) color.RGBA {
	f := 1.0
	if most > 1 {
		f = math.Log(math.Max(v, 1)) / math.Log(float64(most))
	}
	f = math.Max(0, math.Min(1, f)) * float64(len(heatStops)-1)
	i := min(int(f), len(heatStops)-2)
	t := f - float64(i)
	a, b := heatStops[i], heatStops[i+1]
	mix := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t + 0.5) }
	return color.RGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xFF}
}
