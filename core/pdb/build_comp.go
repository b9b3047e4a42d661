package pdb

import "math/bits"

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
}
