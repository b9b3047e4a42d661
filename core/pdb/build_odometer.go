package pdb

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// odometer walks ranks in increasing order, keeping the cells of the
// placement up to date at an amortised cost of O(1) per rank, and seeking
// with a full unrank when it must jump far.
type odometer struct {
	k, n   int
	rank   uint64
	valid  bool
	digits [board.MaxCells]uint8
	cells  [board.MaxCells]uint8
	prefix [17]uint32 // prefix[i]: cells taken by tiles 0..i-1
	// changed is the first tile whose cell may have changed since it was
	// last set to k (by placement.update); 0 at the start.
	changed int
	// recip[i] is ceil(2^64 / (n-i)): the high word of x*recip[i] is x/(n-i)
	// for every x below 2^32.
	recip [16]uint64
}

func (o *odometer) init(k, n int) {
	o.k, o.n = k, n
	for i := 0; i < k; i++ {
		o.recip[i] = ^uint64(0)/uint64(n-i) + 1
	}
}

// seekGap is the largest forward jump seek makes by stepping rather than
// decoding from scratch.
const seekGap = 32

// seek moves to rank r and returns the mask of occupied cells.
func (o *odometer) seek(r uint64) uint32 {
	if !o.valid || r < o.rank || r-o.rank > seekGap {
		o.set(r)
		return o.prefix[o.k]
	}
	// Within the same placement of the first k-1 tiles only the last tile
	// moves: one select instead of a step per rank.
	last := o.k - 1
	if d := uint64(o.digits[last]) + (r - o.rank); d < uint64(o.n-last) {
		p := selectFree(o.prefix[last], uint8(d))
		o.digits[last] = uint8(d)
		o.cells[last] = p
		o.prefix[o.k] = o.prefix[last] | 1<<p
		o.rank = r
		o.changed = min(o.changed, last)
		return o.prefix[o.k]
	}
	// The last digit overflows: carry into the tiles before it, then select
	// the last tile's cell.
	base := uint64(o.n - last)
	d := uint64(o.digits[last]) + (r - o.rank)
	for ; d >= base; d -= base {
		o.bump(last - 1)
	}
	p := selectFree(o.prefix[last], uint8(d))
	o.digits[last] = uint8(d)
	o.cells[last] = p
	o.prefix[o.k] = o.prefix[last] | 1<<p
	o.rank = r
	return o.prefix[o.k]
}

// bump adds 1 to the number formed by digits 0..s (s >= 0, the result must
// exist), updating the cells and prefixes of tiles 0..s; the later tiles'
// digits, cells and prefixes are left for the caller to set.
func (o *odometer) bump(s int) {
	i := s
	for ; i > 0 && int(o.digits[i]) == o.n-i-1; i-- {
		o.digits[i] = 0
	}
	o.digits[i]++
	o.changed = min(o.changed, i)
	free := ^o.prefix[i] &^ (uint32(2)<<o.cells[i] - 1)
	p := uint8(bits.TrailingZeros32(free))
	o.cells[i] = p
	o.prefix[i+1] = o.prefix[i] | 1<<p
	for i++; i <= s; i++ {
		p := uint8(bits.TrailingZeros32(^o.prefix[i]))
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// set decodes r (below 2^32) from scratch.
func (o *odometer) set(r uint64) {
	o.rank = r
	o.valid = true
	o.changed = 0
	x := r
	for i := o.k - 1; i >= 0; i-- {
		q, _ := bits.Mul64(x, o.recip[i])
		o.digits[i] = uint8(x - q*uint64(o.n-i))
		x = q
	}
	for i := 0; i < o.k; i++ {
		p := selectFree(o.prefix[i], o.digits[i])
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// selectFree returns the d-th (from 0) cell not in occ, for boards of at most 16 cells.
func selectFree(occ uint32, d uint8) uint8 {
	free := ^occ
	low := uint8(free)
	if c := uint8(bits.OnesCount8(low)); d >= c {
		return 8 + selectByte[uint8(free>>8)][(d-c)&7]
	}
	return selectByte[low][d&7]
}

// selectByte[b][d] is the position of the d-th set bit of b.
var selectByte = func() (t [256][8]uint8) {
	for b := 0; b < 256; b++ {
		d := 0
		for p := 0; p < 8; p++ {
			if b&(1<<p) != 0 {
				t[b][d] = uint8(p)
				d++
			}
		}
	}
	return t
}()
