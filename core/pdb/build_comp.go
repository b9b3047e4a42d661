package pdb

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// compInfo describes the free cells of one placement (one mask of occupied
// cells): the component of every cell, the size of every component and how
// many components there are.
type compInfo struct {
	// of holds, 4 bits per cell, the component number of each free cell
	// (15 for the occupied cells).
	of uint64
	// sizes holds, 4 bits per component, the number of cells of each
	// component.
	sizes uint32
	// count is the number of components (at most 8).
	count uint32
}

// size returns the number of cells of component ci (0..7).
func (c *compInfo) size(ci uint32) uint64 { return uint64(c.sizes>>(4*(ci&7))) & 15 }

// compTables are the components of the free cells for every placement of
// k tiles on a board of n cells, stored densely: a placement's mask of
// occupied cells is numbered by the combinatorial number system (the sum of
// C(c_i, i+1) over its cells c_0 < c_1 < ..., split into a table for each
// byte of the mask), so the tables hold C(n, k) entries (8,008 for six tiles
// of the 15-puzzle: 128 KB for info, 128 KB for cells) and stay in the
// cache, unlike tables indexed by the 16-bit mask itself.
type compTables struct {
	// lo[m]: the part of the index given by the low byte m of the mask;
	// hi[p][m]: the part given by the high byte m when the low byte has p
	// cells.
	lo [256]uint16
	hi [16][256]uint16
	// info[index(occ)] describes the free cells under occ.
	info []compInfo
	// cells[index(occ)*8+i] is the mask of the cells of component i.
	cells []uint16
	// succ: see successors.
	succ []uint8
}

// index returns the dense number of a mask of k occupied cells.
func (t *compTables) index(occ uint32) uint32 {
	low := uint8(occ)
	return uint32(t.lo[low]) + uint32(t.hi[bits.OnesCount8(low)&15][uint8(occ>>8)])
}

// binomial returns C(n, r) for small n (0 when r > n).
func binomial(n, r int) uint32 {
	if r < 0 || r > n {
		return 0
	}
	c := uint64(1)
	for i := 0; i < r; i++ {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return uint32(c)
}

// components fills b.comp for every mask of k occupied cells.
func (b *Builder) components() {
	t := &b.comp
	for m := 0; m < 256; m++ {
		i := 0
		for r := uint32(m); r != 0; r &= r - 1 {
			t.lo[m] += uint16(binomial(bits.TrailingZeros32(r), i+1))
			i++
		}
		for p := 0; p <= 8; p++ {
			i := p
			for r := uint32(m); r != 0; r &= r - 1 {
				t.hi[p][m] += uint16(binomial(8+bits.TrailingZeros32(r), i+1))
				i++
			}
		}
	}
	count := binomial(b.n, b.k)
	t.info = make([]compInfo, count)
	t.cells = make([]uint16, int(count)*8)
	for occ := uint32(0); occ < 1<<b.n; occ++ {
		if bits.OnesCount32(occ) != b.k {
			continue
		}
		x := t.index(occ)
		free := b.boardMask &^ occ
		info := compInfo{of: ^uint64(0)} // 15 for every occupied cell
		for i := 0; free != 0; i++ {
			region := b.flood(free&-free, free)
			free &^= region
			t.cells[x*8+uint32(i)] = uint16(region)
			info.sizes |= uint32(bits.OnesCount32(region)) << (4 * i)
			info.count++
			for r := region; r != 0; r &= r - 1 {
				c := bits.TrailingZeros32(r)
				info.of &^= 15 << (4 * c)
				info.of |= uint64(i) << (4 * c)
			}
		}
		t.info[x] = info
	}
	b.successors()
}

// region returns the cells of the components in the mask cm of the
// placement with index x.
func (t *compTables) region(x uint32, cm uint32) uint32 {
	cells := t.cells[x*8 : x*8+8 : x*8+8]
	var r uint32
	for ; cm != 0; cm &= cm - 1 {
		r |= uint32(cells[bits.TrailingZeros32(cm)&7])
	}
	return r
}

// Move directions, in the order of a succ row: the tile slides right, left,
// down or up.
const (
	moveRight = iota
	moveLeft
	moveDown
	moveUp
)

// succRow returns the successor codes of the placement with index x:
// row[4*p+d] describes the move of the tile at cell p in direction d.
func (t *compTables) succRow(x uint32) *[64]uint8 {
	return (*[64]uint8)(t.succ[x*64 : x*64+64 : x*64+64])
}

// successors fills t.succ, once t.info is filled: for every placement and
// every tile that can slide into a free neighbour cell, the component of the
// tile's old cell after the move (3 bits) and that component's size (4 bits,
// above them), so that a step need not look up the successor placement.
func (b *Builder) successors() {
	t := &b.comp
	t.succ = make([]uint8, len(t.info)*64)
	w := b.size.W
	for occ := uint32(0); occ < 1<<b.n; occ++ {
		if bits.OnesCount32(occ) != b.k {
			continue
		}
		row := t.succRow(t.index(occ))
		free := b.boardMask &^ occ
		for o := occ; o != 0; o &= o - 1 {
			p := bits.TrailingZeros32(o)
			for d, c := range [4]int{p + 1, p - 1, p + w, p - w} {
				ok := c >= 0 && c < b.n && free>>c&1 != 0
				switch d {
				case moveRight:
					ok = ok && b.notLastCol>>p&1 != 0
				case moveLeft:
					ok = ok && b.notFirstCol>>p&1 != 0
				}
				if !ok {
					continue
				}
				info := &t.info[t.index(occ^1<<p^1<<c)]
				ci := uint32(info.of>>(4*p)) & 15
				row[4*p+d] = uint8(ci) | uint8(info.size(ci))<<3
			}
		}
	}
}

// moveList holds the successors of one component-state: for each move, the
// successor's rank and its code from the succ row (component and size).
// A board of at most 16 cells has at most 24 pairs of adjacent cells.
type moveList struct {
	rank   [32]uint64
	code   [32]uint8
	length int
}

// placement describes the current placement for moves: index[cell] is the
// index of the group tile at cell (15 when free) and weight[cell] the place
// value of that tile's digit (stale for free cells); cell[i] is tile i's
// cell.
type placement struct {
	index  [16]int8
	weight [16]uint64
	cell   [board.MaxCells]uint8
}

// update brings pl up to date with the odometer o's cells: only the tiles
// from o.changed on (after a step of the odometer, usually the last tile
// alone), or all of them when o.changed is 0. It sets o.changed to o.k.
func (pl *placement) update(o *odometer, weight *[16]uint64) {
	if o.changed == 0 {
		pl.index = [16]int8{15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15}
	} else {
		for i := o.changed; i < o.k; i++ {
			pl.index[pl.cell[i]&15] = 15
		}
	}
	for i := o.changed; i < o.k; i++ {
		c := o.cells[i] & 15
		pl.cell[i] = c
		pl.index[c] = int8(i)
		pl.weight[c] = weight[i]
	}
	o.changed = o.k
}

// moves lists the successors of the placement pl at rank (occupied cells
// occ, row its succ row) with the blank in the cells m: every group tile next
// to m slides into m. Sliding tile j sideways changes only its own digit, by
// one: the rank changes by weight[j]. Sliding it down from p to p+W also
// passes the W-1 cells in between: each earlier tile there lowers the change
// of j's digit by one (wtab[j][i] is -weight[j]) and each later tile i there
// gains 1 in its digit (wtab[j][i] is weight[i]); sliding up is the mirror
// image.
func (b *Builder) moves(rank uint64, occ, m uint32, pl *placement, row *[64]uint8, out *moveList) {
	n := 0
	index, cw := &pl.index, &pl.weight
	for x := occ & (m >> 1) & b.notLastCol; x != 0; x &= x - 1 {
		p := uint8(bits.TrailingZeros32(x)) & 15
		out.rank[n&31] = rank + cw[p]
		out.code[n&31] = row[4*p+moveRight]
		n++
	}
	for x := occ & (m << 1) & b.notFirstCol; x != 0; x &= x - 1 {
		p := uint8(bits.TrailingZeros32(x)) & 15
		out.rank[n&31] = rank - cw[p]
		out.code[n&31] = row[4*p+moveLeft]
		n++
	}
	w := uint8(b.size.W)
	if w == 4 {
		// The 15-puzzle, unrolled: three cells in between.
		for x := occ & (m >> 4); x != 0; x &= x - 1 {
			p := uint8(bits.TrailingZeros32(x)) & 15
			wj := &b.wtab[index[p]&15]
			out.rank[n&31] = rank + 4*cw[p] + wj[index[(p+1)&15]&15] + wj[index[(p+2)&15]&15] + wj[index[(p+3)&15]&15]
			out.code[n&31] = row[4*p+moveDown]
			n++
		}
		for x := occ & (m << 4); x != 0; x &= x - 1 {
			p := uint8(bits.TrailingZeros32(x)) & 15
			wj := &b.wtab[index[p]&15]
			out.rank[n&31] = rank - 4*cw[p] - wj[index[(p-1)&15]&15] - wj[index[(p-2)&15]&15] - wj[index[(p-3)&15]&15]
			out.code[n&31] = row[4*p+moveUp]
			n++
		}
		out.length = n
		return
	}
	for x := occ & (m >> w); x != 0; x &= x - 1 {
		p := uint8(bits.TrailingZeros32(x)) & 15
		wj := &b.wtab[index[p]&15]
		d := uint64(w) * cw[p]
		for q := p + 1; q < p+w; q++ {
			d += wj[index[q&15]&15]
		}
		out.rank[n&31] = rank + d
		out.code[n&31] = row[4*p+moveDown]
		n++
	}
	for x := occ & (m << w); x != 0; x &= x - 1 {
		p := uint8(bits.TrailingZeros32(x)) & 15
		wj := &b.wtab[index[p]&15]
		d := uint64(w) * cw[p]
		for q := p - w + 1; q < p; q++ {
			d += wj[index[q&15]&15]
		}
		out.rank[n&31] = rank - d
		out.code[n&31] = row[4*p+moveUp]
		n++
	}
	out.length = n
}
