package search

import (
	"math/bits"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// newPDBKernel returns the specialised IDA* loop for an additive PDB,
// plain or reflected, or nil for other heuristics.
func newPDBKernel(h Heuristic) kernel {
	switch h := h.(type) {
	case *PDB:
		k := &pdbKernel{}
		k.tabs.init(h.db)
		return k
	case *Reflected:
		inner, ok := h.inner.(*PDB)
		if !ok {
			return nil
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
// group's tiles in rank order and its values.
type pdbTables struct {
	n       int
	groups  []pdbGroup
	groupOf [board.MaxCells]int8 // -1 for the blank and tiles in no group
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
		grp := pdbGroup{vals: t.Values(), k: len(t.Tiles())}
		for i, tile := range t.Tiles() {
			grp.tiles[i] = uint8(tile)
			pt.groupOf[tile] = int8(gi)
		}
		pt.groups = append(pt.groups, grp)
	}
}

// value returns group gi's entry for the tile positions pos (tile -> cell).
// The rank is pdb.Table.Rank: a mixed-radix number whose i-th digit is the
// i-th tile's cell counted among the cells the tiles before it leave free.
func (pt *pdbTables) value(gi int, pos *[board.MaxCells]uint8) int {
	grp := &pt.groups[gi]
	var occ uint32
	r := uint(0)
	n := uint(pt.n)
	for i := 0; i < grp.k; i++ {
		p := pos[grp.tiles[i]&15] & 31
		bit := uint32(1) << p
		r = r*(n-uint(i)) + uint(p) - uint(bits.OnesCount32(occ&(bit-1)))
		occ |= bit
	}
	return int(grp.vals[r])
}

// sum returns the sum of all groups' values for pos and fills hv with them.
func (pt *pdbTables) sum(pos *[board.MaxCells]uint8, hv *[board.MaxCells]int) int {
	s := 0
	for gi := range pt.groups {
		hv[gi] = pt.value(gi, pos)
		s += hv[gi]
	}
	return s
}

// pdbKernel is IDA* with an additive PDB: after a move only the moved
// tile's group is looked up again.
type pdbKernel struct {
	idaCore
	tabs  pdbTables
	cells [board.MaxCells]uint8
	pos   [board.MaxCells]uint8 // tile -> cell
	hv    [board.MaxCells]int   // current value of each group
	blank int
}

func (k *pdbKernel) base() *idaCore { return &k.idaCore }

func (k *pdbKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.tabs.n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		k.pos[t] = uint8(p)
	}
	k.blank = b.Blank()
	return k.tabs.sum(&k.pos, &k.hv)
}

func (k *pdbKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *pdbKernel) dfs(blank, g, h, prev int) int {
	if h == 0 && k.cells == k.goal {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll() {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var hs, vs [4]int
	for i := 0; i < n; i++ {
		c := steps[i].c
		t := k.cells[c]
		gi := int(k.tabs.groupOf[t])
		if gi < 0 {
			hs[i] = h
			continue
		}
		k.pos[t] = uint8(blank)
		v := k.tabs.value(gi, &k.pos)
		k.pos[t] = c
		vs[i] = v
		hs[i] = h - k.hv[gi] + v
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
		old := 0
		if gi >= 0 {
			old = k.hv[gi]
			k.hv[gi] = vs[i]
		}
		k.cells[blank], k.cells[c] = t, 0
		k.pos[t] = uint8(blank)
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.pos[t] = uint8(c)
		if gi >= 0 {
			k.hv[gi] = old
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// pdbMirrorKernel is IDA* with an additive PDB and the reflected lookup: it
// keeps the mirrored board's tile positions alongside and the two sums
// separately, h being the larger. A move of tile t from c to b is, on the
// mirror, a move of tile mirrorTile[t] from mirrorCell[c] to mirrorCell[b].
type pdbMirrorKernel struct {
	idaCore
	tabs        pdbTables
	cells       [board.MaxCells]uint8
	pos         [board.MaxCells]uint8 // tile -> cell
	mpos        [board.MaxCells]uint8 // mirrored tile -> mirrored cell
	hv, mhv     [board.MaxCells]int
	mirrorCell  [board.MaxCells]uint8
	mirrorTile  [board.MaxCells]uint8
	mirrorGroup [board.MaxCells]int8 // group of mirrorTile[t]
	blank       int
	s1, s2      int // sums of the loaded board
}

func (k *pdbMirrorKernel) base() *idaCore { return &k.idaCore }

func (k *pdbMirrorKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.tabs.n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		k.pos[t] = uint8(p)
		k.mpos[k.mirrorTile[t]] = k.mirrorCell[p]
	}
	k.blank = b.Blank()
	k.s1 = k.tabs.sum(&k.pos, &k.hv)
	k.s2 = k.tabs.sum(&k.mpos, &k.mhv)
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
	if k.countdown <= 0 && k.poll() {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var a1, a2, v1, v2 [4]int
	mb := k.mirrorCell[blank]
	for i := 0; i < n; i++ {
		c := steps[i].c
		t := k.cells[c]
		a1[i], a2[i] = s1, s2
		if gi := int(k.tabs.groupOf[t]); gi >= 0 {
			k.pos[t] = uint8(blank)
			v := k.tabs.value(gi, &k.pos)
			k.pos[t] = c
			v1[i] = v
			a1[i] = s1 - k.hv[gi] + v
		}
		if gm := int(k.mirrorGroup[t]); gm >= 0 {
			mt := k.mirrorTile[t]
			mc := k.mpos[mt]
			k.mpos[mt] = mb
			v := k.tabs.value(gm, &k.mpos)
			k.mpos[mt] = mc
			v2[i] = v
			a2[i] = s2 - k.mhv[gm] + v
		}
	}
	k.generated += uint64(n)
	g1 := g + 1
	for i := 0; i < n; i++ {
		f := g1 + max(a1[i], a2[i])
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		gi, gm := int(k.tabs.groupOf[t]), int(k.mirrorGroup[t])
		mt := k.mirrorTile[t]
		old1, old2 := 0, 0
		if gi >= 0 {
			old1 = k.hv[gi]
			k.hv[gi] = v1[i]
		}
		if gm >= 0 {
			old2 = k.mhv[gm]
			k.mhv[gm] = v2[i]
		}
		k.cells[blank], k.cells[c] = t, 0
		k.pos[t] = uint8(blank)
		k.mpos[mt] = mb
		k.path[g] = st.d
		r := k.dfs(c, g1, a1[i], a2[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.pos[t] = uint8(c)
		k.mpos[mt] = k.mirrorCell[c]
		if gi >= 0 {
			k.hv[gi] = old1
		}
		if gm >= 0 {
			k.mhv[gm] = old2
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}
