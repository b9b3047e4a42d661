package anim

import (
	"cmp"
	"image/color"
	"slices"
)

// paletteFor returns a palette of at most maxColors colours for a colour
// histogram: the colours themselves when there are few enough (the frame
// is then stored exactly), else a median cut weighted by pixel counts, so
// large flat areas (tiles, background) keep their exact colour and the
// anti-aliased edges share the rest.
func paletteFor(hist map[color.RGBA]int) color.Palette {
	cols := make([]weighted, 0, len(hist))
	for c, n := range hist {
		cols = append(cols, weighted{c, n})
	}
	// A fixed order: the same frame gives the same palette.
	slices.SortFunc(cols, func(a, b weighted) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return cmp.Compare(pack(a.c), pack(b.c))
	})
	if len(cols) <= maxColors {
		pal := make(color.Palette, len(cols))
		for i, w := range cols {
			pal[i] = w.c
		}
		return pal
	}
	return medianCut(cols, maxColors)
}

type weighted struct {
	c color.RGBA
	n int
}

func pack(c color.RGBA) uint32 { return uint32(c.R)<<16 | uint32(c.G)<<8 | uint32(c.B) }

// medianCut splits the colours into k boxes, each time cutting the box with
// the largest weighted spread along its widest channel at its weighted
// median, and returns a colour for each box (see representative).
func medianCut(cols []weighted, k int) color.Palette {
	boxes := [][]weighted{cols}
	for len(boxes) < k {
		bi, ch, best := -1, 0, 0
		for i, b := range boxes {
			if len(b) < 2 {
				continue
			}
			c, spread := widest(b)
			score := spread * weight(b)
			if bi < 0 || score > best {
				bi, ch, best = i, c, score
			}
		}
		if bi < 0 || best == 0 {
			break
		}
		b := boxes[bi]
		slices.SortFunc(b, func(x, y weighted) int { return cmp.Compare(channel(x.c, ch), channel(y.c, ch)) })
		// Cut after the colour where half the weight is reached, keeping
		// both halves non-empty (a heavy colour last goes alone).
		half, acc, cut := weight(b)/2, 0, len(b)-1
		for i := range b[:len(b)-1] {
			acc += b[i].n
			if acc >= half {
				cut = i + 1
				break
			}
		}
		boxes[bi] = b[:cut:cut]
		boxes = append(boxes, b[cut:])
	}
	pal := make(color.Palette, 0, len(boxes))
	for _, b := range boxes {
		pal = append(pal, representative(b))
	}
	return pal
}

// representative returns the colour standing for a box: its most frequent
// colour when that holds most of the box's pixels (a flat area stays
// exact), else the weighted mean (anti-aliased edges).
func representative(b []weighted) color.RGBA {
	top := b[0]
	var r, g, bl, n int
	for _, w := range b {
		if w.n > top.n || w.n == top.n && pack(w.c) < pack(top.c) {
			top = w
		}
		r += int(w.c.R) * w.n
		g += int(w.c.G) * w.n
		bl += int(w.c.B) * w.n
		n += w.n
	}
	if 2*top.n >= n {
		return top.c
	}
	return color.RGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((bl + n/2) / n), 0xff}
}

func weight(b []weighted) int {
	n := 0
	for _, w := range b {
		n += w.n
	}
	return n
}

func channel(c color.RGBA, ch int) uint8 {
	switch ch {
	case 0:
		return c.R
	case 1:
		return c.G
	}
	return c.B
}

// widest returns the channel with the largest range in b, and the range.
func widest(b []weighted) (int, int) {
	best, bestR := 0, -1
	for ch := 0; ch < 3; ch++ {
		lo, hi := uint8(255), uint8(0)
		for _, w := range b {
			v := channel(w.c, ch)
			lo, hi = min(lo, v), max(hi, v)
		}
		if r := int(hi) - int(lo); r > bestR {
			best, bestR = ch, r
		}
	}
	return best, bestR
}
