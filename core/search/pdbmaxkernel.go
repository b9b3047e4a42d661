package search

import (
	"github.com/slidelab/slidelab/core/board"
)

// maxPDBViews bounds the sums the max kernel keeps (two partitions, each
// plain and reflected, use four).
const maxPDBViews = 8

// pdbView is one additive sum the max kernel keeps up to date: a database's
// tables looked up on the board itself, or on its mirror image about the
// main diagonal. A move of tile t from cell c to cell b is, in the view, a
// move of tile tileOf[t] from cellOf[c] to cellOf[b].
type pdbView struct {
	tabs   *pdbTables
	cellOf [board.MaxCells]uint8 // board cell -> view cell
	tileOf [board.MaxCells]uint8 // board tile -> view tile
	group  [board.MaxCells]int8  // group of tileOf[t] (-1: none)
	cells  [board.MaxCells]uint8 // the view's board: cell -> tile
	rk, hv [board.MaxCells]int   // each group's rank and value
	sum    int
}

// pdbMaxKernel is IDA* with the maximum of several additive PDB sums, such
// as two partitions each with the reflected lookup. The first view is looked
// up for every child; the others only for a child the sums so far do not
// prune, or might lower the next bound (Korf's shortcut, generalised), so
// the counts and bounds are those of the plain maximum.
type pdbMaxKernel struct {
	idaCore
	cells [board.MaxCells]uint8
	views [maxPDBViews]pdbView
	nv    int
	blank int
}

// newPDBMaxKernel returns the max kernel for h when h is a maximum (or a
// reflected maximum) of PDBs and reflected PDBs, all for the same board,
// and nil otherwise.
func newPDBMaxKernel(h Heuristic) kernel {
	k := &pdbMaxKernel{}
	tabs := map[*PDB]*pdbTables{}
	if !k.addViews(h, false, tabs) || k.nv < 2 {
		return nil
	}
	return k
}

// addViews adds the sums whose maximum is h to k, on the mirror image
// when mirror is set (the mirror of the mirror is the board), and
// reports whether h is made of PDBs only (within maxPDBViews sums).
func (k *pdbMaxKernel) addViews(h Heuristic, mirror bool, tabs map[*PDB]*pdbTables) bool {
	switch h := h.(type) {
	case *Max:
		for _, p := range h.parts {
			if !k.addViews(p, mirror, tabs) {
				return false
			}
		}
		return true
	case *Reflected: // the larger of the inner value and its mirror's
		return k.addViews(h.inner, mirror, tabs) && k.addViews(h.inner, !mirror, tabs)
	case *PDB:
		if k.nv == maxPDBViews || (k.nv > 0 && k.views[0].tabs.n != h.size.Cells()) {
			return false
		}
		if mirror && h.size.W != h.size.H {
			return false
		}
		t, ok := tabs[h]
		if !ok {
			t = &pdbTables{}
			t.init(h.db)
			tabs[h] = t
		}
		k.views[k.nv].init(t, h, mirror)
		k.nv++
		return true
	}
	return false
}

// init sets the view up for p's tables t, on the mirror when mirror is set.
func (v *pdbView) init(t *pdbTables, p *PDB, mirror bool) {
	v.tabs = t
	s := p.size
	for c := 0; c < s.Cells(); c++ {
		v.cellOf[c] = uint8(c)
		if mirror {
			v.cellOf[c] = uint8(s.Col(c)*s.W + s.Row(c))
		}
	}
	for tile := 0; tile < s.Cells(); tile++ {
		v.tileOf[tile] = uint8(tile)
		if mirror {
			v.tileOf[tile] = uint8(p.goal.GoalTile(s, int(v.cellOf[p.goal.GoalCell(s, tile)])))
		}
		v.group[tile] = t.groupOf[v.tileOf[tile]]
	}
}

// load makes b the view's board and returns its sum.
func (v *pdbView) load(b board.Board) int {
	var pos [board.MaxCells]uint8
	v.cells = [board.MaxCells]uint8{}
	for p := 0; p < v.tabs.n; p++ {
		t, c := v.tileOf[b.At(p)], v.cellOf[p]
		v.cells[c] = t
		pos[t] = c
	}
	v.sum = v.tabs.load(&pos, &v.rk, &v.hv)
	return v.sum
}

// child returns the view's sum after tile t moves from cell c into the
// blank's cell, with the new rank of the tile's group (0 without a group).
func (v *pdbView) child(t uint8, c, blank int) (sum, rank int) {
	gi := v.group[t]
	if gi < 0 {
		return v.sum, 0
	}
	r := v.rk[gi] + v.tabs.rankDelta(&v.cells, v.tileOf[t], int(v.cellOf[c]), int(v.cellOf[blank]))
	return v.sum - v.hv[gi] + int(v.tabs.groups[gi].vals[r]), r
}

func (k *pdbMaxKernel) base() *idaCore { return &k.idaCore }

func (k *pdbMaxKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.views[0].tabs.n; p++ {
		k.cells[p] = uint8(b.At(p))
	}
	k.blank = b.Blank()
	h := 0
	for i := 0; i < k.nv; i++ {
		h = max(h, k.views[i].load(b))
	}
	return h
}

func (k *pdbMaxKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

// dfs is the hot loop: one function so that the views' sums stay in
// registers and on the stack.
func (k *pdbMaxKernel) dfs(blank, g, h, prev int) int {
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
	var a0, r0 [4]int
	v0 := &k.views[0]
	for i := 0; i < n; i++ {
		c := int(steps[i].c)
		a0[i], r0[i] = v0.child(k.cells[c], c, blank)
	}
	k.generated += uint64(n)
	g1 := g + 1
	nv := k.nv
children:
	for i := 0; i < n; i++ {
		f := g1 + a0[i]
		if f > k.bound && f >= k.next {
			continue // the other sums could only raise f
		}
		st := steps[i]
		c := int(st.c)
		t := k.cells[c]
		var sums, ranks [maxPDBViews]int
		sums[0], ranks[0] = a0[i], r0[i]
		for j := 1; j < nv; j++ {
			sums[j], ranks[j] = k.views[j].child(t, c, blank)
			f = max(f, g1+sums[j])
			if f > k.bound && f >= k.next {
				continue children
			}
		}
		if f > k.bound {
			k.next = f // f < k.next here
			continue
		}
		var oldR, oldV, oldS [maxPDBViews]int
		for j := 0; j < nv; j++ {
			v := &k.views[j]
			oldS[j] = v.sum
			if gi := v.group[t]; gi >= 0 {
				oldR[j], oldV[j] = v.rk[gi], v.hv[gi]
				v.rk[gi], v.hv[gi] = ranks[j], oldV[j]+sums[j]-v.sum
			}
			v.sum = sums[j]
			vt, vc, vb := v.tileOf[t], v.cellOf[c], v.cellOf[blank]
			v.cells[vb], v.cells[vc] = vt, 0
		}
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, f-g1, int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		for j := 0; j < nv; j++ {
			v := &k.views[j]
			v.sum = oldS[j]
			if gi := v.group[t]; gi >= 0 {
				v.rk[gi], v.hv[gi] = oldR[j], oldV[j]
			}
			vt, vc, vb := v.tileOf[t], v.cellOf[c], v.cellOf[blank]
			v.cells[vb], v.cells[vc] = 0, vt
		}
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}
