package charts

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette is the Okabe-Ito set of colours, distinguishable by most colour-blind
// readers, in the order series receive them (yellow is left out: too pale on
// white). Beyond seven series the colours repeat.
var palette = [...]color.RGBA{
	{R: 0x00, G: 0x72, B: 0xB2, A: 0xFF}, // blue
	{R: 0xE6, G: 0x9F, B: 0x00, A: 0xFF}, // orange
	{R: 0x00, G: 0x9E, B: 0x73, A: 0xFF}, // bluish green
	{R: 0xD5, G: 0x5E, B: 0x00, A: 0xFF}, // vermillion
	{R: 0xCC, G: 0x79, B: 0xA7, A: 0xFF}, // reddish purple
	{R: 0x56, G: 0xB4, B: 0xE9, A: 0xFF}, // sky blue
	{R: 0x44, G: 0x44, B: 0x44, A: 0xFF}, // dark grey
}

// seriesColor returns the colour of the i-th series.
func seriesColor(i int) color.RGBA { return palette[i%len(palette)] }

// lighten mixes c with white; f = 1 gives white.
func lighten(c color.RGBA, f float64) color.RGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f + 0.5) }
	return color.RGBA{R: mix(c.R), G: mix(c.G), B: mix(c.B), A: 0xFF}
}

var (
	grey      = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xFF}
	gridColor = color.RGBA{R: 0xDD, G: 0xDD, B: 0xDD, A: 0xFF}
)

// chartFonts is the typeface charts are set in: the Go fonts, whose 1 has a
// flag and a foot, so that "11" never reads as "1l" as it did in Liberation
// Sans. It is built once and only read.
var chartFonts = newChartFonts()

// fontSet is a typeface and the text handler that finds its faces.
type fontSet struct {
	typeface font.Typeface
	handler  text.Handler
}

// newChartFonts parses the Go fonts (regular and bold); should that fail,
// charts fall back to gonum/plot's default fonts (Liberation).
func newChartFonts() fontSet {
	const typeface = "Go"
	var coll font.Collection
	for _, f := range []struct {
		weight xfont.Weight
		ttf    []byte
	}{{xfont.WeightNormal, goregular.TTF}, {xfont.WeightBold, gobold.TTF}} {
		face, err := opentype.Parse(f.ttf)
		if err != nil {
			return fontSet{typeface: "Liberation", handler: plot.DefaultTextHandler}
		}
		coll = append(coll, font.Face{Font: font.Font{Typeface: typeface, Weight: f.weight}, Face: face})
	}
	return fontSet{typeface: typeface, handler: text.Plain{Fonts: font.NewCache(coll)}}
}

// style holds the fonts and line widths of one chart size.
type style struct {
	w, h                  vg.Length // canvas size
	scale                 float64   // 1 at 900x560 pixels
	title, subtitle, note text.Style
	label, tick, legend   text.Style
	value                 text.Style // labels on bars, rotated a quarter turn
	line, thin            vg.Length
	margin, gap           vg.Length
}

// Base sizes in points at scale 1.
const (
	titleSize    = 15
	subtitleSize = 11
	labelSize    = 12
	tickSize     = 11
	legendSize   = 11
	valueSize    = 9
	noteSize     = 9.5
)

// newStyle returns the style for a canvas of w x h: text and lines grow with
// the smaller of the two relative sizes, so charts for slides are readable and
// a small chart in the GUI is not all text.
func newStyle(w, h vg.Length) style {
	s := math.Min(float64(w)/675, float64(h)/420) // 900x560 pixels at 96 DPI
	s = math.Max(0.7, math.Min(3, s))
	sans := font.Font{Typeface: chartFonts.typeface}
	bold := sans
	bold.Weight = xfont.WeightBold
	ts := func(f font.Font, size float64, c color.Color) text.Style {
		return text.Style{
			Color:   c,
			Font:    font.From(f, vg.Length(size*s)),
			XAlign:  draw.XCenter,
			YAlign:  draw.YTop,
			Handler: chartFonts.handler,
		}
	}
	st := style{
		w: w, h: h, scale: s,
		title:    ts(bold, titleSize, color.Black),
		subtitle: ts(sans, subtitleSize, grey),
		note:     ts(sans, noteSize, grey),
		label:    ts(sans, labelSize, color.Black),
		tick:     ts(sans, tickSize, color.Black),
		legend:   ts(sans, legendSize, color.Black),
		value:    ts(sans, valueSize, color.Black),
		line:     vg.Length(1.6 * s),
		thin:     vg.Length(0.8 * s),
		margin:   vg.Length(10 * s),
		gap:      vg.Length(5 * s),
	}
	st.legend.XAlign, st.legend.YAlign = draw.XLeft, draw.YCenter
	st.note.XAlign = draw.XLeft
	st.value.Rotation = math.Pi / 2
	st.value.XAlign, st.value.YAlign = draw.XLeft, draw.YCenter
	return st
}

// styleAxes applies the fonts and line widths to both axes of p. The Y
// axis label is drawn by the figure (gonum places it wrongly on log scales).
func (st style) styleAxes(p *plot.Plot, xLabel string) {
	p.BackgroundColor = color.White
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle = st.label
		a.Label.TextStyle.YAlign = draw.YBottom
		a.Label.Padding = st.gap
		a.Tick.Label = st.tick
		a.Tick.Length = vg.Length(5 * st.scale)
		a.Tick.Width = st.thin
		a.Width = st.thin
		a.Padding = 0
	}
	p.X.Label.Text = xLabel
	p.X.Tick.Label.YAlign = draw.YTop
	p.Y.Tick.Label.XAlign, p.Y.Tick.Label.YAlign = draw.XRight, draw.YCenter
}

// compact formats a count with three significant digits and a suffix:
// 999, 1.23k, 45.6M, 7B, 1T. Values below 1000 are printed exactly.
func compact(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	neg := v < 0
	if neg {
		v = -v
	}
	var s string
	if v < 1000 {
		if v == math.Trunc(v) {
			s = strconv.FormatFloat(v, 'f', 0, 64)
		} else {
			s = strconv.FormatFloat(v, 'g', 3, 64)
		}
	} else {
		suffixes := []string{"k", "M", "B", "T", "Q"}
		i := -1
		for v >= 999.5 && i < len(suffixes)-1 {
			v /= 1000
			i++
		}
		switch {
		case v >= 99.95:
			s = fmt.Sprintf("%.0f", v)
		case v >= 9.995:
			s = fmt.Sprintf("%.1f", v)
		default:
			s = fmt.Sprintf("%.2f", v)
		}
		// Drop trailing zeros: 1.00k -> 1k, 2.50M -> 2.5M.
		if i >= 0 {
			for len(s) > 1 && s[len(s)-1] == '0' && containsDot(s) {
				s = s[:len(s)-1]
			}
			if s[len(s)-1] == '.' {
				s = s[:len(s)-1]
			}
			s += suffixes[i]
		}
	}
	if neg {
		return "-" + s
	}
	return s
}

func containsDot(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			return true
		}
	}
	return false
}

// clampedLog is a log scale that draws values below the axis minimum at the
// minimum instead of panicking, so bars can start at the bottom of the axis
// and zero counts are drawn as empty bars. The axis minimum must be positive.
type clampedLog struct{}

// Normalize returns the fractional logarithmic distance of x between min and max.
func (clampedLog) Normalize(min, max, x float64) float64 {
	if x < min {
		x = min
	}
	lmin := math.Log(min)
	return (math.Log(x) - lmin) / (math.Log(max) - lmin)
}

// logTicks marks the decades between the axis limits, labelling 1, 10, 100,
// 1k, ... (only decades >= 1, as the axes count things) with minor ticks at
// 2..9 times each decade when there are few decades. When there are more than
// maxLabels decades only every k-th is labelled.
type logTicks struct{ maxLabels int }

// Ticks returns the tick marks in [min, max]; both must be positive.
func (t logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max > min) {
		return nil
	}
	lo := int(math.Floor(math.Log10(min) + 1e-9))
	hi := int(math.Floor(math.Log10(max) + 1e-9))
	decades := hi - lo + 1
	every := 1
	if t.maxLabels > 0 {
		for decades/every > t.maxLabels {
			every++
		}
	}
	var ticks []plot.Tick
	in := func(v float64) bool { return v >= min*(1-1e-9) && v <= max*(1+1e-9) }
	for d := lo; d <= hi; d++ {
		v := math.Pow(10, float64(d))
		if in(v) {
			label := ""
			if d >= 0 && d%every == 0 {
				label = compact(v)
			}
			ticks = append(ticks, plot.Tick{Value: v, Label: label})
		}
		if decades <= 6 {
			for i := 2; i < 10; i++ {
				if m := v * float64(i); in(m) {
					ticks = append(ticks, plot.Tick{Value: m})
				}
			}
		}
	}
	return ticks
}

// linearTicks marks round values (1, 2 or 5 times a power of ten apart) so
// that there are at most max ticks; integer restricts steps to whole numbers.
type linearTicks struct {
	max     int
	integer bool
}

// Ticks returns the tick marks in [min, max].
func (t linearTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) || math.IsInf(max-min, 0) {
		return nil
	}
	n := t.max
	if n < 2 {
		n = 2
	}
	step := niceStep((max - min) / float64(n-1))
	if t.integer && step < 1 {
		step = 1
	}
	var ticks []plot.Tick
	for v := math.Ceil(min/step-1e-9) * step; v <= max+step*1e-9; v += step {
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: compact(v)})
	}
	return ticks
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if !(x > 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}
