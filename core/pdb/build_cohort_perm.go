package pdb

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
)

// cohortMaxTiles is the largest group the cohort engine builds: the orders
// of its tiles are numbered in 16 bits (8! = 40,320).
const cohortMaxTiles = 8

// permTables number the orders of k tiles over the k occupied cells of a
// placement (in increasing cell order) and say how a move changes the
// number.
//
// An order p lists, for each occupied cell in increasing order, the index
// (in Tiles order) of the tile on it. Its number is its Lehmer code read
// with the first cell's digit most significant: the sum over positions s of
// d_s (k-1-s)!, where d_s counts the later positions holding a smaller
// tile index. Numbers run over 0..k!-1 without gaps.
//
// A move of a tile from one cell to a free neighbour keeps the order of
// the other tiles, and the moving tile keeps its place among them unless
// occupied cells lie between its old and new cells (a vertical move skips
// the w-1 cells between): then it leaves position a of the order and
// enters at position b. shift[id] gives the new number of every order for
// one such pair (a, b); shiftID maps the pair to its id (0 for a == b,
// which changes nothing).
type permTables struct {
	k     int
	count int // k!
	// inv[q*k+j] is the position (0..k-1) of tile j in the order numbered q.
	inv []uint8
	// corr[q] is the part of a file rank that depends on the order only
	// (see fileRank).
	corr []uint64
	// shift[id-1][q] is the number of order q after the tile at position a
	// moved to position b, for the pair (a, b) of id.
	shift   [][]uint16
	shiftID [cohortMaxTiles][cohortMaxTiles]uint8
}

// newPermTables makes the numbering of the orders of k tiles (at most
// cohortMaxTiles) and each tile's place value weight in a file rank, with
// the shift tables of every pair of positions at most span apart.
func newPermTables(k int, weight []uint64, span int) *permTables {
	t := &permTables{k: k, count: 1}
	for i := 2; i <= k; i++ {
		t.count *= i
	}
	t.inv = make([]uint8, t.count*k)
	t.corr = make([]uint64, t.count)
	var p [cohortMaxTiles]uint8
	for q := 0; q < t.count; q++ {
		unrankOrder(q, k, &p)
		for s := 0; s < k; s++ {
			t.inv[q*k+int(p[s])] = uint8(s)
		}
		// A tile's digit in a file rank is its cell less the cells of the
		// earlier tiles (in Tiles order) below it; those are the earlier
		// tiles at lower positions of the order.
		var c uint64
		inv := t.inv[q*k : q*k+k]
		for j := 0; j < k; j++ {
			below := 0
			for i := 0; i < j; i++ {
				if inv[i] < inv[j] {
					below++
				}
			}
			c += uint64(below) * weight[j]
		}
		t.corr[q] = c
	}
	for a := 0; a < k; a++ {
		for b := 0; b < k; b++ {
			if a == b || a-b > span || b-a > span {
				continue
			}
			tab := make([]uint16, t.count)
			for q := 0; q < t.count; q++ {
				unrankOrder(q, k, &p)
				moveInOrder(&p, a, b)
				tab[q] = uint16(rankOrder(&p, k))
			}
			t.shift = append(t.shift, tab)
			t.shiftID[a][b] = uint8(len(t.shift))
		}
	}
	return t
}

// moveInOrder takes the entry at position a of p out and puts it back at
// position b, the entries between moving up or down by one.
func moveInOrder(p *[cohortMaxTiles]uint8, a, b int) {
	x := p[a]
	for ; a < b; a++ {
		p[a] = p[a+1]
	}
	for ; a > b; a-- {
		p[a] = p[a-1]
	}
	p[b] = x
}

// rankOrder returns the number of the order p of k tiles.
func rankOrder(p *[cohortMaxTiles]uint8, k int) int {
	r := 0
	for s := 0; s < k; s++ {
		d := 0
		for t := s + 1; t < k; t++ {
			if p[t] < p[s] {
				d++
			}
		}
		r = r*(k-s) + d
	}
	return r
}

// unrankOrder fills p with the order of k tiles numbered q.
func unrankOrder(q, k int, p *[cohortMaxTiles]uint8) {
	var d [cohortMaxTiles]int
	for s := k - 1; s >= 0; s-- {
		d[s] = q % (k - s)
		q /= k - s
	}
	var used uint16
	for s := 0; s < k; s++ {
		// The d[s]-th smallest tile index not used yet.
		n := d[s]
		for j := 0; ; j++ {
			if used&(1<<j) != 0 {
				continue
			}
			if n == 0 {
				p[s] = uint8(j)
				used |= 1 << j
				break
			}
			n--
		}
	}
}

// cohortShape counts what the cohort engine allocates for k tiles on size:
// the maps (C(n, k)), the slots (a component of a map each) and the moves
// (a tile next to a free cell, over all maps).
func cohortShape(size board.Size, k int) (maps, slots, moves uint64) {
	full := uint32(1)<<size.Cells() - 1
	notFirst, notLast := colMasks(size)
	w := uint(size.W)
	eachMap(size, k, func(occ uint32, comps []uint32) {
		maps++
		slots += uint64(len(comps))
		// The tile cells with a free neighbour, counted per direction.
		free := full &^ occ
		moves += uint64(bits.OnesCount32(occ&notLast&(free>>1)) + bits.OnesCount32(occ&notFirst&(free<<1)) +
			bits.OnesCount32(occ&(free>>w)) + bits.OnesCount32(occ&(free<<w)&full))
	})
	return maps, slots, moves
}

// eachMap calls f with every mask of k occupied cells on size, in
// colexicographic order (so the i-th call has the map numbered i), and the
// masks of the components of its free cells, numbered by their lowest cell
// (comps is reused between calls).
func eachMap(size board.Size, k int, f func(occ uint32, comps []uint32)) {
	n := size.Cells()
	full := uint32(1)<<n - 1
	notFirst, notLast := colMasks(size)
	var comps []uint32
	occ := uint32(1)<<k - 1
	for x, maps := uint32(0), binomial(n, k); x < maps; x++ {
		comps = comps[:0]
		for free := full &^ occ; free != 0; {
			region := flood(free&-free, free, notFirst, notLast, uint(size.W))
			free &^= region
			comps = append(comps, region)
		}
		f(occ, comps)
		if x+1 < maps { // the next mask of k cells in colex order (Gosper)
			c := occ & -occ
			r := occ + c
			occ = (((r ^ occ) >> 2) / c) | r
		}
	}
}

// cohortScratch is builderScratch for the cohort engine: three bit sets of
// k! bits per slot and one per map, the maps' and slots' tables, the moves,
// and the numbering of the orders with its shift tables.
func cohortScratch(size board.Size, k int) uint64 {
	maps, slots, moves := cohortShape(size, k)
	count := uint64(1)
	for i := 2; i <= k; i++ {
		count *= uint64(i)
	}
	words := (count + 63) / 64
	span := min(size.W-1, k-1)
	pairs := uint64(0)
	for a := 0; a < k; a++ {
		for b := max(0, a-span); b <= min(k-1, a+span); b++ {
			if a != b {
				pairs++
			}
		}
	}
	bitSets := 8 * words * (3*slots + maps)
	tables := maps*(4+4+uint64(k)) + slots*(4+4+4+3) + 4*moves // slots: comp, from, fill, flags
	orders := count*(uint64(k)+8) + 2*count*pairs
	return builderFixed + bitSets + tables + orders
}
