package pdb

import (
	"fmt"
	"math/bits"
	"sync/atomic"

	"github.com/slidelab/slidelab/core/board"
)

// maxComponents is the most components the free cells of a placement may
// fall into: the builder keeps one bit per component in a byte per rank.
const maxComponents = 8

// bigEngine is the part of a Builder that differs on boards of more than 16
// cells (the 24-puzzle's 5x5, 4x5, 3x7 ...). The layered 0-1 search, the
// packed component bits (visited, cur, next: one byte per rank, four ranks a
// word, kept in the Builder) and the table are the Builder's own; what changes is how the
// components of the free cells are found. A table indexed by the whole mask
// of occupied cells (2^n entries) does not fit for n = 25, so the masks of
// exactly k cells are numbered by their colexicographic rank (C(25,6) =
// 177,100 masks for a 6-tile group) and the component of each free cell and
// the cells of each component are kept per mask number: a few megabytes,
// whatever the table's size.
type bigEngine struct {
	n, k int
	// binom[c][j] is C(c, j): the colex rank of a mask is the sum of
	// binom[c][j+1] over its cells c, the j-th from the lowest.
	binom [board.MaxCells + 1][board.MaxCells + 1]uint32
	// compOf[m*32+c] is the component of free cell c under mask number m
	// (0xFF for an occupied cell); compCells[m*8+i] the cells of component i.
	compOf    []uint8
	compCells []uint32
	nb        [32]uint32
	weight    [board.MaxCells]uint64
	wtab      [board.MaxCells][board.MaxCells]uint64
}

// newBigBuilder is NewBuilder for boards of more than 16 cells, once
// checkBuild has accepted its arguments.
func newBigBuilder(size board.Size, goal board.Goal, tiles []int) (*Builder, error) {
	e, err := newBigEngine(size, len(tiles))
	if err != nil {
		return nil, err
	}
	b, err := newBuilderBase(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	if err := b.allocLayers(false); err != nil {
		return nil, err
	}
	b.big = e
	return b, nil
}

func newBigEngine(size board.Size, k int) (*bigEngine, error) {
	n := size.Cells()
	e := &bigEngine{n: n, k: k}
	for c := 0; c <= board.MaxCells; c++ {
		e.binom[c][0] = 1
		for j := 1; j <= c && j <= board.MaxCells; j++ {
			e.binom[c][j] = e.binom[c-1][j-1]
			if j < c {
				e.binom[c][j] += e.binom[c-1][j]
			}
		}
	}
	full := uint32(1)<<n - 1
	notFirst, notLast := colMasks(size)
	for p := 0; p < n; p++ {
		for _, d := range board.Dirs {
			if q, ok := size.Neighbor(p, d); ok {
				e.nb[p] |= 1 << q
			}
		}
	}
	placeValues(n, k, e.weight[:])
	for j := 0; j < k; j++ {
		for i := 0; i < k; i++ {
			e.wtab[j][i] = jumpWeight(e.weight[:], j, i)
		}
	}
	masks := int(e.binom[n][k])
	e.compOf = make([]uint8, masks*32)
	e.compCells = make([]uint32, masks*maxComponents)
	// Walk every mask of k cells (Gosper's hack gives them in colex order).
	occ := uint32(1)<<k - 1
	for m := 0; m < masks; m++ {
		of := e.compOf[m*32 : m*32+32]
		for i := range of {
			of[i] = 0xFF
		}
		free := full &^ occ
		for i := 0; free != 0; i++ {
			if i == maxComponents {
				return nil, fmt.Errorf("%w: the free cells of %d tiles on a %s board can fall into more than %d pieces (this builder handles at most %d)",
					ErrPartition, k, size, maxComponents, maxComponents)
			}
			region := flood(free&-free, free, notFirst, notLast, uint(size.W))
			free &^= region
			e.compCells[m*maxComponents+i] = region
			for r := region; r != 0; r &= r - 1 {
				of[bits.TrailingZeros32(r)] = uint8(i)
			}
		}
		if m+1 < masks {
			c := occ & -occ
			r := occ + c
			occ = (((r ^ occ) >> 2) / c) | r
		}
	}
	return e, nil
}

// maskNum returns the colex number of a mask of k cells.
func (e *bigEngine) maskNum(occ uint32) uint32 {
	var r uint32
	for j := 1; occ != 0; j++ {
		r += e.binom[bits.TrailingZeros32(occ)&31][j&31]
		occ &= occ - 1
	}
	return r
}

// region returns the cells of the components in the mask cm under mask number m.
func (e *bigEngine) region(m uint32, cm uint32) uint32 {
	cells := e.compCells[m*maxComponents : m*maxComponents+maxComponents : m*maxComponents+maxComponents]
	var r uint32
	for ; cm != 0; cm &= cm - 1 {
		r |= cells[bits.TrailingZeros32(cm)&7]
	}
	return r
}

// expandWords is Builder.expandWords for boards of up to 25 cells: the same
// successor generation and rank arithmetic, with components looked up by the
// number of the occupied mask.
//
// hot loop: the builder's inner loop over every state of a layer; helpers would cost calls per state.
func (e *bigEngine) expandWords(b *Builder, lo, hi int, serial bool, res *expandCounts) {
	k, n := b.k, b.n
	newCost := uint8(b.cost + 1)
	values := b.table.values
	visited, next, cur := b.visited, b.next, b.cur
	compOf, compCells := e.compOf, e.compCells
	weight := &e.weight
	nb := &e.nb
	var od odometer25
	od.init(k, n)
	cells := &od.cells
	var index [32]int8 // index[cell]: tile index at cell, for the cells in occ
	states, fresh := res.states, res.fresh
	for w := lo; w < hi; w++ {
		word := cur[w]
		if word == 0 {
			continue
		}
		cur[w] = 0
		for ; word != 0; word &= ^(uint32(0xFF) << (bits.TrailingZeros32(word) &^ 7)) {
			sub := bits.TrailingZeros32(word) >> 3
			cm := word >> (8 * sub) & 0xFF
			rank := uint64(w)*4 + uint64(sub)
			occ := od.seek(rank)
			for i := range index {
				index[i] = board.MaxCells
			}
			for i := 0; i < k; i++ {
				index[cells[i]&31] = int8(i)
			}
			m := e.region(e.maskNum(occ), cm)
			for j := 0; j < k; j++ {
				p := cells[j] & 31
				wj := &e.wtab[j]
				for adj := nb[p] & m; adj != 0; adj &= adj - 1 {
					c := uint8(bits.TrailingZeros32(adj))
					lo, hi := p, c
					if c < p {
						lo, hi = c, p
					}
					delta := uint64(hi-lo) * weight[j]
					for q := lo + 1; q < hi; q++ {
						if x := index[q&31]; x < board.MaxCells {
							delta += wj[x]
						}
					}
					r2 := rank + delta
					if c < p {
						r2 = rank - delta
					}
					occ2 := occ ^ (1 << p) ^ (1 << c)
					m2 := e.maskNum(occ2)
					ci := uint32(compOf[m2*32+uint32(p)]) & 7
					sh := uint32(r2&3) * 8
					bit := uint32(1) << ci << sh
					idx := r2 >> 2
					var old uint32
					if serial {
						old = visited[idx]
						if old&bit != 0 {
							continue
						}
						visited[idx] = old | bit
						next[idx] |= bit
					} else {
						if atomic.LoadUint32(&visited[idx])&bit != 0 {
							continue
						}
						old = atomic.OrUint32(&visited[idx], bit)
						if old&bit != 0 {
							continue
						}
						atomic.OrUint32(&next[idx], bit)
					}
					states += uint64(bits.OnesCount32(compCells[m2*maxComponents+ci]))
					if old>>sh&0xFF == 0 {
						values[r2] = newCost
						fresh++
					}
				}
			}
		}
	}
	res.states, res.fresh = states, fresh
}

// odometer25 is the Builder's odometer for boards of up to 32 cells: it
// walks ranks in increasing order keeping the placement's cells up to date.
type odometer25 struct {
	k, n   int
	rank   uint64
	valid  bool
	digits [board.MaxCells]uint8
	cells  [board.MaxCells]uint8
	prefix [board.MaxCells + 1]uint32
	recip  [board.MaxCells]uint64
}

func (o *odometer25) init(k, n int) {
	o.k, o.n = k, n
	for i := 0; i < k; i++ {
		o.recip[i] = ^uint64(0)/uint64(n-i) + 1
	}
}

// seek moves to rank r and returns the mask of occupied cells.
func (o *odometer25) seek(r uint64) uint32 {
	if !o.valid || r < o.rank || r-o.rank > seekGap {
		o.set(r)
		return o.prefix[o.k]
	}
	last := o.k - 1
	if d := uint64(o.digits[last]) + (r - o.rank); d < uint64(o.n-last) {
		p := selectFree32(o.prefix[last], uint8(d))
		o.digits[last] = uint8(d)
		o.cells[last] = p
		o.prefix[o.k] = o.prefix[last] | 1<<p
		o.rank = r
		return o.prefix[o.k]
	}
	for o.rank < r {
		o.inc()
	}
	return o.prefix[o.k]
}

// set decodes r (below 2^32) from scratch.
func (o *odometer25) set(r uint64) {
	o.rank = r
	o.valid = true
	x := r
	for i := o.k - 1; i >= 0; i-- {
		q, _ := bits.Mul64(x, o.recip[i])
		o.digits[i] = uint8(x - q*uint64(o.n-i))
		x = q
	}
	for i := 0; i < o.k; i++ {
		p := selectFree32(o.prefix[i], o.digits[i])
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// inc moves to the next rank (which must exist).
func (o *odometer25) inc() {
	o.rank++
	i := o.k - 1
	for ; i > 0 && int(o.digits[i]) == o.n-i-1; i-- {
		o.digits[i] = 0
	}
	o.digits[i]++
	free := ^o.prefix[i] &^ (uint32(2)<<o.cells[i] - 1)
	p := uint8(bits.TrailingZeros32(free))
	o.cells[i] = p
	o.prefix[i+1] = o.prefix[i] | 1<<p
	for i++; i < o.k; i++ {
		p := uint8(bits.TrailingZeros32(^o.prefix[i]))
		o.cells[i] = p
		o.prefix[i+1] = o.prefix[i] | 1<<p
	}
}

// selectFree32 returns the d-th (from 0) cell not in occ, for boards of up
// to 32 cells.
func selectFree32(occ uint32, d uint8) uint8 {
	free := ^occ
	base := uint8(0)
	for {
		c := uint8(bits.OnesCount8(uint8(free)))
		if d < c {
			return base + selectByte[uint8(free)][d&7]
		}
		d -= c
		free >>= 8
		base += 8
	}
}

// checkFringeSize refuses fringe (non-additive) tables on boards of more
// than 16 cells: their builder packs the blank's region in 16-bit masks.
func checkFringeSize(size board.Size) error {
	if size.Cells() > board.SmallCells {
		return fmt.Errorf("%w: fringe tables are for boards of at most %d cells, not %s", ErrPartition, board.SmallCells, size)
	}
	return nil
}
