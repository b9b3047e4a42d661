package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"codeberg.org/go-fonts/liberation/liberationmonobold"
	"codeberg.org/go-fonts/liberation/liberationmonoregular"
	"codeberg.org/go-fonts/liberation/liberationsansbold"
	"codeberg.org/go-fonts/liberation/liberationsansregular"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The fonts: Liberation Sans and Mono, which the charts (gonum/plot) link
// in already, so the frames cost the binary no font of their own.

// fontStyle picks one of the fonts.
type fontStyle uint8

const (
	sans fontStyle = iota
	sansBold
	mono
	monoBold
)

// parsedFonts holds the fonts, parsed once (they never change).
var parsedFonts = sync.OnceValues(func() ([]*opentype.Font, error) {
	var out []*opentype.Font
	for i, ttf := range [][]byte{liberationsansregular.TTF, liberationsansbold.TTF, liberationmonoregular.TTF, liberationmonobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("parsing font %d: %w", i, err)
		}
		out = append(out, f)
	}
	return out, nil
})

// typesetter makes font faces at the sizes asked for and keeps them (a
// face is not safe for concurrent use: one typesetter per animation).
type typesetter struct {
	fonts []*opentype.Font
	faces map[faceKey]font.Face
}

type faceKey struct {
	style fontStyle
	size  int // in quarter pixels
}

func newTypesetter() (*typesetter, error) {
	fs, err := parsedFonts()
	if err != nil {
		return nil, err
	}
	return &typesetter{fonts: fs, faces: map[faceKey]font.Face{}}, nil
}

// face returns the face of style at px pixels (rounded to a quarter pixel).
func (t *typesetter) face(style fontStyle, px float64) font.Face {
	k := faceKey{style, max(4, int(math.Round(px*4)))}
	if f, ok := t.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(t.fonts[style], &opentype.FaceOptions{Size: float64(k.size) / 4, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// NewFace fails only on a size out of range, which face rules out.
		f = nil
	}
	t.faces[k] = f
	return f
}

// align places a line of text in its box.
type align uint8

const (
	left align = iota
	center
	right
)

// text draws s in the box r (vertically centred on its cap height and x-height,
// horizontally as al says) with the face of style at px pixels, shortened with
// an ellipsis when it is wider than the box. It returns the width drawn.
func (t *typesetter) text(dst *image.RGBA, r rect, s string, style fontStyle, px float64, al align, c color.Color) float64 {
	f := t.face(style, px)
	if f == nil || s == "" {
		return 0
	}
	s = fit(f, s, r.w)
	w := fixedToFloat(font.MeasureString(f, s))
	x := r.x
	switch al {
	case center:
		x += (r.w - w) / 2
	case right:
		x += r.w - w
	}
	m := f.Metrics()
	// Centre the height of a capital (about the ascent less the descent's
	// share of the line) in the box.
	asc, capH := fixedToFloat(m.Ascent), fixedToFloat(m.CapHeight)
	if capH <= 0 {
		capH = asc * 0.72
	}
	base := r.y + (r.h+capH)/2
	d := font.Drawer{Dst: dst, Src: image.NewUniform(c), Face: f,
		Dot: fixed.Point26_6{X: floatToFixed(x), Y: floatToFixed(base)}}
	d.DrawString(s)
	return w
}

// fit returns s, or its longest start that fits in w with an ellipsis.
func fit(f font.Face, s string, w float64) string {
	if fixedToFloat(font.MeasureString(f, s)) <= w {
		return s
	}
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		t := string(rs[:n]) + "…"
		if fixedToFloat(font.MeasureString(f, t)) <= w {
			return t
		}
	}
	return ""
}

func fixedToFloat(v fixed.Int26_6) float64 { return float64(v) / 64 }

func floatToFixed(v float64) fixed.Int26_6 { return fixed.Int26_6(math.Round(v * 64)) }
