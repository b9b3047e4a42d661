package charts

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"path/filepath"
	"strings"

	xfont "golang.org/x/image/font"
	"golang.org/x/text/encoding/charmap"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/slidelab/slidelab/internal/atomicfile"
)

// Chart is the data of one chart: a NodeCounts, Iterations, PDBLayers,
// Histogram, QualityMeans, QualityHeatMap or Contours value.
type Chart interface {
	// figure validates the data and lays the chart out for style st.
	figure(st style) (*figure, error)
}

// Size limits, in pixels, for Render, Write and Save.
const (
	MinSize = 160
	MaxSize = 8000
)

// dpi is the resolution that maps requested pixels to vector lengths.
const dpi = 96

// ErrFormat is returned (wrapped) for a file extension or format name that is
// not png, svg or pdf.
var ErrFormat = errors.New("unknown chart format")

// Render draws c on a white image of width x height pixels.
func Render(c Chart, width, height int) (*image.RGBA, error) {
	return RenderScaled(c, width, height, 1)
}

// RenderScaled is Render with text, lines and margins scale times the size
// Render gives them on the same image (0.25 <= scale <= 8): a GUI passes its
// zoom so a chart on a projector stays readable.
func RenderScaled(c Chart, width, height int, scale float64) (*image.RGBA, error) {
	if err := checkSize(width, height); err != nil {
		return nil, err
	}
	if !(scale >= 0.25 && scale <= 8) {
		return nil, fmt.Errorf("chart scale %g: want a value from 0.25 to 8", scale)
	}
	res := int(math.Round(dpi * scale))
	w := vg.Length(width) * vg.Inch / vg.Length(res)
	h := vg.Length(height) * vg.Inch / vg.Length(res)
	fig, err := c.figure(newStyle(w, h))
	if err != nil {
		return nil, err
	}
	cv := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(res), vgimg.UseBackgroundColor(color.White))
	fig.draw(draw.New(cv))
	img := cv.Image()
	rgba, ok := img.(*image.RGBA)
	if !ok || rgba.Bounds().Dx() != width || rgba.Bounds().Dy() != height {
		// vgimg rounds the size; copy into an image of exactly the size asked for.
		out := image.NewRGBA(image.Rect(0, 0, width, height))
		for y := 0; y < height; y++ {
			for x := 0; x < width; x++ {
				out.Set(x, y, img.At(img.Bounds().Min.X+x, img.Bounds().Min.Y+y))
			}
		}
		return out, nil
	}
	return rgba, nil
}

// Write renders c as format ("png", "svg" or "pdf", case-insensitive, with or
// without a leading dot) of width x height pixels (at 96 DPI for SVG and PDF)
// to w. SVG and PDF embed their fonts.
func Write(w io.Writer, c Chart, format string, width, height int) error {
	format = strings.ToLower(strings.TrimPrefix(format, "."))
	switch format {
	case "png", "svg", "pdf":
	default:
		return fmt.Errorf("%w %q (want png, svg or pdf)", ErrFormat, format)
	}
	if err := checkSize(width, height); err != nil {
		return err
	}
	if format == "png" {
		img, err := Render(c, width, height)
		if err != nil {
			return err
		}
		if err := png.Encode(w, img); err != nil {
			return fmt.Errorf("encoding png: %w", err)
		}
		return nil
	}
	wl, hl := pixels(width), pixels(height)
	st := newStyle(wl, hl)
	if format == "pdf" {
		// gonum/plot v0.17.0's PDF canvas can carry one face only: it embeds
		// every font file under the same name, so a bold title would be
		// drawn with the regular glyphs at bold widths. Titles in PDF files
		// are set in the regular face.
		st.title.Font.Weight = xfont.WeightNormal
	}
	fig, err := c.figure(st)
	if err != nil {
		return err
	}
	var cv vg.CanvasWriterTo
	if format == "svg" {
		cv = vgsvg.NewWith(vgsvg.UseWH(wl, hl), vgsvg.EmbedFonts(true))
	} else {
		pc := vgpdf.New(wl, hl)
		pc.EmbedFonts(true)
		cv = pdfCanvas{pc}
	}
	fig.draw(draw.New(cv))
	if _, err := cv.WriteTo(w); err != nil {
		return fmt.Errorf("writing %s: %w", format, err)
	}
	return nil
}

// pdfCanvas hands text to vgpdf in Windows-1252, the encoding of the fonts
// it embeds: vgpdf writes a string's bytes as they are, so the UTF-8 of "·"
// would print as "Â·".
type pdfCanvas struct{ *vgpdf.Canvas }

// FillString draws s, converted to Windows-1252.
func (c pdfCanvas) FillString(f font.Face, pt vg.Point, s string) {
	c.Canvas.FillString(f, pt, toWindows1252(s))
}

// toWindows1252 encodes s in Windows-1252; a rune outside it becomes "?".
func toWindows1252(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if c, ok := charmap.Windows1252.EncodeRune(r); ok {
			b = append(b, c)
		} else {
			b = append(b, '?')
		}
	}
	return string(b)
}

// Save writes c to path in the format named by its extension (.png, .svg or
// .pdf). The file is written to a temporary name in the same directory,
// synced and renamed, so a failure never leaves a half-written chart.
func Save(c Chart, path string, width, height int) error {
	ext := filepath.Ext(path)
	format := strings.ToLower(strings.TrimPrefix(ext, "."))
	switch format {
	case "png", "svg", "pdf":
	default:
		if ext == "" {
			return fmt.Errorf("saving chart %s: %w: no file extension (want .png, .svg or .pdf)", path, ErrFormat)
		}
		return fmt.Errorf("saving chart %s: %w %q (want .png, .svg or .pdf)", path, ErrFormat, ext)
	}
	var buf bytes.Buffer
	if err := Write(&buf, c, format, width, height); err != nil {
		return fmt.Errorf("saving chart %s: %w", path, err)
	}
	if err := atomicfile.WriteBytes(path, buf.Bytes()); err != nil {
		return fmt.Errorf("saving chart %s: %w", path, err)
	}
	return nil
}

func checkSize(width, height int) error {
	if width < MinSize || height < MinSize || width > MaxSize || height > MaxSize {
		return fmt.Errorf("chart size %dx%d: width and height must be between %d and %d pixels", width, height, MinSize, MaxSize)
	}
	return nil
}

// pixels converts a pixel count at 96 DPI to a vector length.
func pixels(n int) vg.Length { return vg.Length(n) * vg.Inch / dpi }

// legendKind says how a legend entry's swatch is drawn.
type legendKind int

const (
	legendBox  legendKind = iota // a filled square, for bars
	legendLine                   // a short line with a glyph, for lines
)

// legendEntry is one item of the legend row(s) under the title.
type legendEntry struct {
	label  string
	color  color.Color
	kind   legendKind
	dashes []vg.Length
	glyph  draw.GlyphDrawer
}

// figure is a laid-out chart: a title, a subtitle, a legend drawn in rows
// under them, a gonum plot, and a note at the bottom.
type figure struct {
	st              style
	title, subtitle string
	legend          []legendEntry
	note            string
	yLabel          string // drawn turned a quarter left of the plot
	plot            *plot.Plot
	bars            *groupedBars // the bar plotter of a bar chart, or nil
	// empty, when set, is written in the middle of the data area (no data).
	empty string
	// prepare, when set, is called with the canvas the plot will be drawn in,
	// before drawing, to fit tick labels and headroom to the real data area.
	prepare func(c draw.Canvas)
}

// draw draws the whole figure on c.
func (f *figure) draw(c draw.Canvas) {
	st := f.st
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	area := draw.Crop(c, st.margin, -st.margin, st.margin, -st.margin)
	top := area.Max.Y
	cx := (area.Min.X + area.Max.X) / 2
	if f.title != "" {
		c.FillText(st.title, vg.Point{X: cx, Y: top}, f.title)
		top -= st.title.Height(f.title) + st.gap/2
	}
	if f.subtitle != "" {
		c.FillText(st.subtitle, vg.Point{X: cx, Y: top}, f.subtitle)
		top -= st.subtitle.Height(f.subtitle)
	}
	if len(f.legend) > 0 {
		top -= st.gap
		top = f.drawLegend(c, area.Min.X, area.Max.X, top)
	}
	top -= st.gap
	bottom := area.Min.Y
	if f.note != "" {
		c.FillText(st.note, vg.Point{X: area.Min.X, Y: bottom + st.note.Height(f.note)}, f.note)
		bottom += st.note.Height(f.note) + st.gap
	}
	pc := area
	pc.Min.Y, pc.Max.Y = bottom, top
	if pc.Max.Y-pc.Min.Y < 20 || pc.Max.X-pc.Min.X < 20 {
		return // too small to hold a plot; the title and legend said what they could
	}
	var labelX vg.Length
	if f.yLabel != "" {
		labelX = pc.Min.X + st.label.Height(f.yLabel) - st.label.FontExtents().Descent
		pc.Min.X += st.label.Height(f.yLabel) + st.gap
	}
	if f.prepare != nil {
		f.prepare(pc)
	}
	f.plot.Draw(pc)
	if f.yLabel != "" {
		dc := f.plot.DataCanvas(pc)
		sty := st.label
		sty.Rotation = math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YBottom
		c.FillText(sty, vg.Point{X: labelX, Y: dc.Center().Y}, f.yLabel)
	}
	if f.empty != "" {
		dc := f.plot.DataCanvas(pc)
		sty := st.label
		sty.Color = grey
		sty.YAlign = draw.YCenter
		c.FillText(sty, dc.Center(), f.empty)
	}
}

// drawLegend draws the legend entries in centred rows starting at y (the top)
// and returns the y below the last row.
func (f *figure) drawLegend(c draw.Canvas, minX, maxX, y vg.Length) vg.Length {
	st := f.st
	th := st.legend.Height("Xg")
	sw := th * 0.9 // swatch size
	lineW := th * 2.2
	spacing := th * 1.2
	width := func(e legendEntry) vg.Length {
		s := sw
		if e.kind == legendLine {
			s = lineW
		}
		return s + st.gap + st.legend.Width(e.label)
	}
	var rows [][]legendEntry
	var row []legendEntry
	var used vg.Length
	for _, e := range f.legend {
		w := width(e)
		if len(row) > 0 && used+spacing+w > maxX-minX {
			rows = append(rows, row)
			row, used = nil, 0
		}
		if len(row) > 0 {
			used += spacing
		}
		row = append(row, e)
		used += w
	}
	rows = append(rows, row)
	for _, r := range rows {
		var total vg.Length
		for i, e := range r {
			if i > 0 {
				total += spacing
			}
			total += width(e)
		}
		x := (minX+maxX)/2 - total/2
		cy := y - th/2
		for _, e := range r {
			switch e.kind {
			case legendBox:
				c.FillPolygon(e.color, []vg.Point{
					{X: x, Y: cy - sw/2}, {X: x + sw, Y: cy - sw/2},
					{X: x + sw, Y: cy + sw/2}, {X: x, Y: cy + sw/2},
				})
				x += sw
			case legendLine:
				ls := draw.LineStyle{Color: e.color, Width: st.line, Dashes: e.dashes}
				c.StrokeLine2(ls, x, cy, x+lineW, cy)
				if e.glyph != nil {
					c.DrawGlyphNoClip(draw.GlyphStyle{Color: e.color, Radius: vg.Length(3.2 * st.scale), Shape: e.glyph}, vg.Point{X: x + lineW/2, Y: cy})
				}
				x += lineW
			}
			x += st.gap
			c.FillText(st.legend, vg.Point{X: x, Y: cy}, e.label)
			x += st.legend.Width(e.label) + spacing
		}
		y -= th * 1.35
	}
	return y
}

// gridLines draws light horizontal lines at the labelled ticks of the Y axis.
type gridLines struct{ st style }

// Plot draws the grid on the data canvas.
func (g gridLines) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	ls := draw.LineStyle{Color: gridColor, Width: g.st.thin}
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if t.IsMinor() {
			continue
		}
		y := trY(t.Value)
		if y < c.Min.Y-0.01 || y > c.Max.Y+0.01 {
			continue
		}
		c.StrokeLine2(ls, c.Min.X, y, c.Max.X, y)
	}
}
