package charts

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// NodeCounts is the input of the node-count chart: for each instance a group
// of bars, one per heuristic (series), plus a group with the totals, on a log
// scale.
type NodeCounts struct {
	// Title defaults to "Nodes expanded per heuristic".
	Title string
	// Set names the instance set (for example "classroom"); it is shown
	// under the title with the number of instances.
	Set string
	// Subtitle is appended to the line under the title (for example the
	// algorithm and limits).
	Subtitle string
	// Measure labels the Y axis; it defaults to "nodes expanded".
	Measure string
	// XLabel labels the X axis; it defaults to "instance".
	XLabel string
	// Instances labels the groups, in order.
	Instances []string
	// Series holds one heuristic each; every Counts has one entry per instance.
	Series []CountSeries
	// NoTotal leaves out the group of totals.
	NoTotal bool
}

// CountSeries is one heuristic's counts in a NodeCounts chart.
type CountSeries struct {
	// Name labels the series in the legend.
	Name string
	// Counts holds one non-negative count per instance.
	Counts []int64
	// Limited, when not nil, has one entry per instance: true when the run
	// hit a limit, so the count is a lower bound. Such bars are drawn paler
	// and marked with "*".
	Limited []bool
}

// figure implements Chart.
func (nc NodeCounts) figure(st style) (*figure, error) {
	n := len(nc.Instances)
	if err := nc.check(); err != nil {
		return nil, err
	}
	title := orDefault(nc.Title, "Nodes expanded per heuristic")
	measure := orDefault(nc.Measure, "nodes expanded")
	sub := setLine(nc.Set, n, nc.Subtitle)

	p := plot.New()
	st.styleAxes(p, orDefault(nc.XLabel, "instance"))
	p.Y.Scale = clampedLog{}
	p.Y.Tick.Marker = logTicks{maxLabels: 8}
	fig := &figure{st: st, title: title, subtitle: sub, yLabel: measure, plot: p}

	if n == 0 || len(nc.Series) == 0 {
		p.X.Min, p.X.Max = 0, 1
		p.Y.Min, p.Y.Max = 1, 1000
		p.X.Tick.Marker = plot.ConstantTicks{}
		p.Y.Tick.Marker = plot.ConstantTicks{}
		fig.empty = "no data"
		return fig, nil
	}

	withTotal := !nc.NoTotal && n > 1
	groups := n
	if withTotal {
		groups++
	}
	xs := make([]float64, groups)
	labels := make([]string, groups)
	for i := 0; i < n; i++ {
		xs[i] = float64(i)
		labels[i] = nc.Instances[i]
	}
	gap := math.Max(0.6, 0.03*float64(n)) // between the last instance and the total
	if withTotal {
		xs[n] = float64(n-1) + 1 + gap
		labels[n] = "total"
	}
	anyLimited := false
	bars := &groupedBars{st: st, xs: xs, groupWidth: 0.8, log: true}
	if withTotal {
		bars.separator = float64(n-1) + (1+gap)/2
	}
	for i, s := range nc.Series {
		bs := barSeries{color: seriesColor(i), values: make([]float64, groups), limited: make([]bool, groups)}
		var total float64
		for j, v := range s.Counts {
			bs.values[j] = float64(v)
			total += float64(v)
			if s.Limited != nil && s.Limited[j] {
				bs.limited[j] = true
				anyLimited = true
				if withTotal {
					bs.limited[n] = true
				}
			}
		}
		if withTotal {
			bs.values[n] = total
		}
		bars.series = append(bars.series, bs)
		fig.legend = append(fig.legend, legendEntry{label: orDefault(s.Name, fmt.Sprintf("series %d", i+1)), color: seriesColor(i), kind: legendBox})
	}
	if anyLimited {
		fig.note = "* paler bars: the run hit a limit, so the count is a lower bound"
	}
	p.X.Min, p.X.Max = xs[0]-0.6, xs[groups-1]+0.6
	p.Y.Min, p.Y.Max = bars.logRange()
	p.Add(gridLines{st}, bars)
	fig.bars = bars
	fig.prepare = func(pc draw.Canvas) {
		fitNominal(p, pc, st, xs, labels)
		bars.fitValues(p, pc)
	}
	return fig, nil
}

// check checks that every series has a count (and a limit flag, if any)
// for each instance, none negative.
func (nc NodeCounts) check() error {
	n := len(nc.Instances)
	for i, s := range nc.Series {
		if len(s.Counts) != n {
			return fmt.Errorf("node-count chart: series %d (%q) has %d counts for %d instances", i+1, s.Name, len(s.Counts), n)
		}
		if s.Limited != nil && len(s.Limited) != n {
			return fmt.Errorf("node-count chart: series %d (%q) has %d limit flags for %d instances", i+1, s.Name, len(s.Limited), n)
		}
		for j, v := range s.Counts {
			if v < 0 {
				return fmt.Errorf("node-count chart: series %q, instance %q: negative count %d", s.Name, nc.Instances[j], v)
			}
		}
	}
	return nil
}

// setLine is the line under a chart's title: the instance set, the number of
// instances and any extra text.
func setLine(set string, n int, extra string) string {
	var parts []string
	if set != "" {
		noun := "instances"
		if n == 1 {
			noun = "instance"
		}
		parts = append(parts, fmt.Sprintf("instance set: %s · %d %s", set, n, noun))
	}
	return joinParts(append(parts, extra))
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// barSeries is one colour of bars in a grouped bar chart.
type barSeries struct {
	color   color.RGBA
	values  []float64 // one per group
	limited []bool    // one per group
}

// groupedBars draws, for each group position in xs, one bar per series side
// by side; bars start at the bottom of the Y axis, so zero is an empty bar on
// a log scale. It can label each bar with its value.
type groupedBars struct {
	st         style
	xs         []float64
	groupWidth float64 // in X units
	series     []barSeries
	log        bool
	values     bool    // draw value labels above bars
	separator  float64 // when > 0, a dashed vertical line at this X
}

// logRange returns a Y range for a log axis that shows every positive value
// as a bar at least a fraction of a decade tall.
func (g *groupedBars) logRange() (min, max float64) {
	minPos, maxV := math.Inf(1), 0.0
	for _, s := range g.series {
		for _, v := range s.values {
			if v > 0 && v < minPos {
				minPos = v
			}
			maxV = math.Max(maxV, v)
		}
	}
	if maxV == 0 {
		return 0.5, 10
	}
	min = math.Pow(10, math.Floor(math.Log10(minPos)+1e-9))
	if minPos/min < 2 {
		min /= 10
	}
	return min, maxV * 1.3
}

// linearRange returns a Y range for a linear axis from 0.
func (g *groupedBars) linearRange() (min, max float64) {
	maxV := 0.0
	for _, s := range g.series {
		for _, v := range s.values {
			maxV = math.Max(maxV, v)
		}
	}
	if maxV == 0 {
		return 0, 1
	}
	return 0, maxV * 1.05
}

// barWidth returns the width of one bar on data canvas dc.
func (g *groupedBars) barWidth(p *plot.Plot, dc draw.Canvas) vg.Length {
	unit := (dc.Max.X - dc.Min.X) / vg.Length(p.X.Max-p.X.Min)
	return unit * vg.Length(g.groupWidth) / vg.Length(len(g.series))
}

// starFits reports whether bars are wide enough for a "*" above them.
func (g *groupedBars) starFits(p *plot.Plot, dc draw.Canvas) bool {
	return g.barWidth(p, dc) >= g.st.value.Width("*")*1.3
}

// label returns the value label of bar j of series s.
func (g *groupedBars) label(s barSeries, j int) string {
	l := compact(s.values[j])
	if s.limited[j] {
		l += "*"
	}
	return l
}

// fitValues decides whether bars are wide enough for value labels and raises
// the Y maximum so the labels (or at least the bars) fit under the top.
func (g *groupedBars) fitValues(p *plot.Plot, pc draw.Canvas) {
	dc := p.DataCanvas(pc)
	height := dc.Max.Y - dc.Min.Y
	if height <= 0 {
		return
	}
	textW := g.st.value.Height("0") // across a rotated label
	g.values = g.barWidth(p, dc) >= textW*1.05
	tr := func(v float64) float64 { return v }
	inv := tr
	if g.log {
		tr, inv = math.Log, math.Exp
	}
	fit := func(values bool) (float64, bool) {
		lo := tr(p.Y.Min)
		need := lo + 1e-9
		for _, s := range g.series {
			for j, v := range s.values {
				if v <= p.Y.Min {
					continue
				}
				f := 0.03
				switch {
				case values:
					f = float64((g.st.value.Width(g.label(s, j)) + g.st.gap) / height)
				case s.limited[j] && g.starFits(p, dc):
					f = float64((g.st.value.Height("*") + g.st.gap) / height)
				}
				if f > 0.45 {
					return 0, false
				}
				need = math.Max(need, lo+(tr(v)-lo)/(1-f))
			}
		}
		return inv(need), true
	}
	if max, ok := fit(g.values); ok {
		p.Y.Max = max
		return
	}
	g.values = false
	if max, ok := fit(false); ok {
		p.Y.Max = max
	}
}

// Plot draws the bars on the data canvas.
func (g *groupedBars) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	base := c.Min.Y
	if !g.log && p.Y.Min < 0 {
		base = trY(0)
	}
	if g.separator > 0 {
		x := trX(g.separator)
		c.StrokeLine2(draw.LineStyle{Color: grey, Width: g.st.thin, Dashes: []vg.Length{4 * vg.Length(g.st.scale), 3 * vg.Length(g.st.scale)}}, x, c.Min.Y, x, c.Max.Y)
	}
	m := vg.Length(len(g.series))
	stars := g.starFits(p, c)
	for gi, x := range g.xs {
		left, right := trX(x-g.groupWidth/2), trX(x+g.groupWidth/2)
		bw := (right - left) / m
		inset := vg.Length(0)
		if bw > 4 {
			inset = bw * 0.06
		}
		for si, s := range g.series {
			v := s.values[gi]
			x0 := left + vg.Length(si)*bw + inset
			x1 := left + vg.Length(si+1)*bw - inset
			top := base
			if v > 0 && v > p.Y.Min {
				top = trY(math.Min(v, p.Y.Max))
			}
			if top > base {
				fill := s.color
				if s.limited[gi] {
					fill = lighten(s.color, 0.55)
				}
				pts := []vg.Point{{X: x0, Y: base}, {X: x1, Y: base}, {X: x1, Y: top}, {X: x0, Y: top}}
				c.FillPolygon(fill, pts)
				if s.limited[gi] {
					c.StrokeLines(draw.LineStyle{Color: s.color, Width: g.st.thin}, append(pts, pts[0]))
				}
			}
			if g.values || (s.limited[gi] && stars) {
				text := g.label(s, gi)
				if !g.values {
					text = "*"
				}
				sty := g.st.value
				if !g.values {
					sty.Rotation = 0
					sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
				}
				c.FillText(sty, vg.Point{X: (x0 + x1) / 2, Y: top + g.st.gap/2}, text)
			}
		}
	}
}

// fitNominal puts the labels under the groups at xs: horizontal when they
// fit, otherwise turned 45 degrees, and thinned to every k-th (k = 1, 2, 5,
// 10, ...) when even that is too crowded. The last label (the total) is
// always kept.
func fitNominal(p *plot.Plot, pc draw.Canvas, st style, xs []float64, labels []string) {
	p.X.Tick.Length = 0
	p.X.Tick.Label = st.tick
	p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XCenter, draw.YTop
	all := make(plot.ConstantTicks, len(xs))
	for i := range xs {
		all[i] = plot.Tick{Value: xs[i], Label: labels[i]}
	}
	p.X.Tick.Marker = all
	dc := p.DataCanvas(pc)
	unit := (dc.Max.X - dc.Min.X) / vg.Length(p.X.Max-p.X.Min)
	if unit <= 0 {
		return
	}
	var wl vg.Length
	for i, l := range labels {
		if i < len(labels)-1 || len(labels) == 1 {
			wl = max(wl, st.tick.Width(l)) // the last (total) label has room around it
		}
	}
	th := st.tick.Height("0")
	kh := niceInt(float64((wl + th*0.7) / unit))
	kr := niceInt(float64(th * 1.5 / unit))
	k := kh
	if kh > 1 && kr < kh {
		k = kr
		p.X.Tick.Label.Rotation = math.Pi / 4
		// Anchored at the top right corner, the turned label stays under the axis.
		p.X.Tick.Label.XAlign, p.X.Tick.Label.YAlign = draw.XRight, draw.YTop
	}
	if k == 1 {
		return
	}
	var ticks plot.ConstantTicks
	last := len(xs) - 1
	for i := range xs {
		if i != last && i != 0 && (i+1)%k != 0 {
			continue
		}
		crowded := func() bool {
			return len(ticks) > 0 && xs[i]-ticks[len(ticks)-1].Value < 0.8*float64(k)
		}
		if i != last && crowded() {
			continue
		}
		for i == last && crowded() {
			ticks = ticks[:len(ticks)-1] // make room for the last label (the total)
		}
		ticks = append(ticks, plot.Tick{Value: xs[i], Label: labels[i]})
	}
	p.X.Tick.Marker = ticks
}

// niceInt rounds x up to 1, 2 or 5 times a power of ten (at least 1).
func niceInt(x float64) int {
	if x <= 1 {
		return 1
	}
	return int(math.Round(niceStep(x)))
}
