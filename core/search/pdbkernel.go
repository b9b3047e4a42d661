package search

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// newPDBKernel returns the specialised IDA* loop for an additive PDB,
// plain or reflected, or for a maximum of such (pdbmaxkernel.go), or nil
// for other heuristics.
func newPDBKernel(h Heuristic) kernel {
	switch h := h.(type) {
	case *Max:
		return newPDBMaxKernel(h)
	case *PDB:
		k := &pdbKernel{}
		k.tabs.init(h.db)
		return k
	case *Reflected:
		inner, ok := h.inner.(*PDB)
		if !ok {
			return newPDBMaxKernel(h)
		}
		k := &pdbMirrorKernel{}
		k.tabs.init(inner.db)
		s := inner.size
		for p := 0; p < s.Cells(); p++ {
			k.mirrorCell[p] = uint8(s.Col(p)*s.W + s.Row(p))
		}
		for t := 0; t < s.Cells(); t++ {
			mt := inner.goal.GoalTile(s, int(k.mirrorCell[inner.goal.GoalCell(s, t)]))
			k.mirrorTile[t] = uint8(mt)
			k.mirrorGroup[t] = k.tabs.groupOf[mt]
		}
		return k
	}
	return nil
}

// pdbTables is a copy of a DB's layout the kernels read directly: each
// group's tiles in rank order, its values, and for every tile its group,
// its index in the group and the weight of its digit in the group's rank.
type pdbTables struct {
	n       int
	groups  []pdbGroup
	groupOf [board.MaxCells]int8  // -1 for the blank and tiles in no group
	index   [board.MaxCells]uint8 // position of the tile in its group's rank order
	weight  [board.MaxCells]int   // weight of the tile's rank digit
	// pass[t][u] is how the rank of t's group changes when t moves
	// downwards (to a higher cell) past tile u: minus t's weight for an
	// earlier tile of its group, u's weight for a later one, else 0.
	pass [board.MaxCells][board.MaxCells]int
}

type pdbGroup struct {
	vals  []uint8
	tiles [board.MaxCells]uint8
	k     int
}

func (pt *pdbTables) init(db *pdb.DB) {
	pt.n = db.Partition.Size.Cells()
	for i := range pt.groupOf {
		pt.groupOf[i] = -1
	}
	for gi, t := range db.Tables {
		tiles := t.Tiles()
		grp := pdbGroup{vals: t.Values(), k: len(tiles)}
		w := 1
		for i := len(tiles) - 1; i >= 0; i-- {
			tile := tiles[i]
			grp.tiles[i] = uint8(tile)
			pt.groupOf[tile] = int8(gi)
			pt.index[tile] = uint8(i)
			pt.weight[tile] = w
			w *= pt.n - i
		}
		pt.groups = append(pt.groups, grp)
	}
	for t := range pt.pass {
		for u := range pt.pass[t] {
			switch {
			case pt.groupOf[t] < 0 || pt.groupOf[u] != pt.groupOf[t] || u == t:
			case pt.index[u] < pt.index[t]:
				pt.pass[t][u] = -pt.weight[t]
			default:
				pt.pass[t][u] = pt.weight[u]
			}
		}
	}
}

// rank returns group gi's rank for the tile positions pos (tile -> cell).
// It is pdb.Table.Rank: a mixed-radix number whose i-th digit is the i-th
// tile's cell counted among the cells the tiles before it leave free.
func (pt *pdbTables) rank(gi int, pos *[board.MaxCells]uint8) int {
	grp := &pt.groups[gi]
	var occ uint32
	r := uint(0)
	n := uint(pt.n)
	for i := 0; i < grp.k; i++ {
		p := pos[grp.tiles[i]] & 31
		bit := uint32(1) << p
		r = r*(n-uint(i)) + uint(p) - uint(bits.OnesCount32(occ&(bit-1)))
		occ |= bit
	}
	return int(r)
}

// load fills rk and hv with every group's rank and value for pos and returns
// the sum of the values.
func (pt *pdbTables) load(pos *[board.MaxCells]uint8, rk, hv *[board.MaxCells]int) int {
	s := 0
	for gi := range pt.groups {
		rk[gi] = pt.rank(gi, pos)
		hv[gi] = int(pt.groups[gi].vals[rk[gi]])
		s += hv[gi]
	}
	return s
}

// rankDelta returns how the rank of t's group changes when tile t moves from
// cell a to the adjacent cell b on the board cells (cell -> tile). Only the
// digits of t and of group tiles in the cells strictly between a and b
// change: t's digit by the distance less the earlier group tiles it passes,
// and each later group tile passed by one. A horizontal move passes none.
func (pt *pdbTables) rankDelta(cells *[board.MaxCells]uint8, t uint8, a, b int) int {
	if b == a+1 {
		return pt.weight[t]
	}
	if b == a-1 {
		return -pt.weight[t]
	}
	lo, hi := min(a, b), max(a, b)
	pass := &pt.pass[t]
	d := (hi - lo) * pt.weight[t]
	for c := lo + 1; c < hi; c++ {
		d += pass[cells[c]] // without branches: a table of what each tile passed adds
	}
	if b < a {
		return -d
	}
	return d
}

// pdbKernel is IDA* with an additive PDB: after a move only the moved
// tile's group is looked up again, its rank updated from the move.
type pdbKernel struct {
	idaCore
	tabs  pdbTables
	cells [board.MaxCells]uint8
	rk    [board.MaxCells]int // current rank of each group
	hv    [board.MaxCells]int // current value of each group
	blank int
}

func (k *pdbKernel) base() *idaCore { return &k.idaCore }

func (k *pdbKernel) load(b board.Board) int {
	var pos [board.MaxCells]uint8
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.tabs.n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		pos[t] = uint8(p)
	}
	k.blank = b.Blank()
	return k.tabs.load(&pos, &k.rk, &k.hv)
}

func (k *pdbKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *pdbKernel) dfs(blank, g, h, prev int) int {
	if h == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var hs, rs [4]int
	for i := 0; i < n; i++ {
		c := int(steps[i].c)
		t := k.cells[c]
		gi := int(k.tabs.groupOf[t])
		if gi < 0 {
			hs[i] = h
			continue
		}
		r := k.rk[gi] + k.tabs.rankDelta(&k.cells, t, c, blank)
		rs[i] = r
		hs[i] = h - k.hv[gi] + int(k.tabs.groups[gi].vals[r])
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		gi := int(k.tabs.groupOf[t])
		oldR, oldV := 0, 0
		if gi >= 0 {
			oldR, oldV = k.rk[gi], k.hv[gi]
			k.rk[gi], k.hv[gi] = rs[i], oldV+hs[i]-h
		}
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		if gi >= 0 {
			k.rk[gi], k.hv[gi] = oldR, oldV
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// pdbMirrorKernel is IDA* with an additive PDB and the reflected lookup: it
// keeps the mirrored board alongside and the two sums separately, h being
// the larger. A move of tile t from c to b is, on the mirror, a move of tile
// mirrorTile[t] from mirrorCell[c] to mirrorCell[b].
type pdbMirrorKernel struct {
	idaCore
	tabs        pdbTables
	cells       [board.MaxCells]uint8 // cell -> tile
	mcells      [board.MaxCells]uint8 // the mirrored board
	rk, hv      [board.MaxCells]int
	mrk, mhv    [board.MaxCells]int
	mirrorCell  [board.MaxCells]uint8
	mirrorTile  [board.MaxCells]uint8
	mirrorGroup [board.MaxCells]int8 // group of mirrorTile[t]
	blank       int
	s1, s2      int // sums of the loaded board
}

func (k *pdbMirrorKernel) base() *idaCore { return &k.idaCore }

func (k *pdbMirrorKernel) load(b board.Board) int {
	var pos, mpos [board.MaxCells]uint8
	k.cells = [board.MaxCells]uint8{}
	k.mcells = [board.MaxCells]uint8{}
	for p := 0; p < k.tabs.n; p++ {
		t := b.At(p)
		mt, mc := k.mirrorTile[t], k.mirrorCell[p]
		k.cells[p] = uint8(t)
		k.mcells[mc] = mt
		pos[t] = uint8(p)
		mpos[mt] = mc
	}
	k.blank = b.Blank()
	k.s1 = k.tabs.load(&pos, &k.rk, &k.hv)
	k.s2 = k.tabs.load(&mpos, &k.mrk, &k.mhv)
	return max(k.s1, k.s2)
}

func (k *pdbMirrorKernel) search(g, h, prev int) int {
	return k.dfs(k.blank, g, k.s1, k.s2, prev)
}

func (k *pdbMirrorKernel) dfs(blank, g, s1, s2, prev int) int {
	if s1 == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, max(s1, s2)) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var a1, r1 [4]int
	mb := int(k.mirrorCell[blank])
	for i := 0; i < n; i++ {
		c := int(steps[i].c)
		t := k.cells[c]
		a1[i] = s1
		if gi := int(k.tabs.groupOf[t]); gi >= 0 {
			r := k.rk[gi] + k.tabs.rankDelta(&k.cells, t, c, blank)
			r1[i] = r
			a1[i] = s1 - k.hv[gi] + int(k.tabs.groups[gi].vals[r])
		}
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + a1[i]
		if f > k.bound && f >= k.next {
			// Korf's shortcut: the regular sum prunes the move already,
			// and the mirror's sum could only raise f, so it cannot lower
			// the next bound either: skip its lookup (a cache miss in a
			// large table). Counts and bounds are those of the plain max.
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		gi, gm := int(k.tabs.groupOf[t]), int(k.mirrorGroup[t])
		mt, mc := k.mirrorTile[t], k.mirrorCell[c]
		a2, r2 := s2, 0
		if gm >= 0 {
			r2 = k.mrk[gm] + k.tabs.rankDelta(&k.mcells, mt, int(mc), mb)
			a2 = s2 - k.mhv[gm] + int(k.tabs.groups[gm].vals[r2])
		}
		f = max(f, g1+a2)
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		var oldR1, oldV1, oldR2, oldV2 int
		if gi >= 0 {
			oldR1, oldV1 = k.rk[gi], k.hv[gi]
			k.rk[gi], k.hv[gi] = r1[i], oldV1+a1[i]-s1
		}
		if gm >= 0 {
			oldR2, oldV2 = k.mrk[gm], k.mhv[gm]
			k.mrk[gm], k.mhv[gm] = r2, oldV2+a2-s2
		}
		k.cells[blank], k.cells[c] = t, 0
		k.mcells[mb], k.mcells[mc] = mt, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, a1[i], a2, int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.mcells[mb], k.mcells[mc] = 0, mt
		if gi >= 0 {
			k.rk[gi], k.hv[gi] = oldR1, oldV1
		}
		if gm >= 0 {
			k.mrk[gm], k.mhv[gm] = oldR2, oldV2
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}
