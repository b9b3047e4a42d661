package search

import (
	"github.com/slidelab/slidelab/core/board"
)

// The specialised depth-first kernels of the fast IDA* (see ida.go): one
// loop per heuristic kind (Manhattan distance, linear conflict) on a byte
// array of cells with precomputed move tables, and the generic kernel that
// calls the Heuristic per node. All follow the node protocol of the stepping
// IDA* so the counts agree exactly.

// mdShift places the tile above the cell (5 bits for up to 25 cells) and the
// direction (2 bits) in an index of a Manhattan delta table.
const mdShift = 7

// mdDeltaLen is the length of a Manhattan delta table.
const mdDeltaLen = board.MaxCells << mdShift

// mdKernel is IDA* with Manhattan distance updated from a delta table.
type mdKernel struct {
	idaCore
	cells [board.MaxCells]uint8
	blank int
	// delta[tile<<mdShift | cell<<2 | dir] is the change in h when the blank
	// moves in direction dir into cell, sliding tile out of it.
	delta [mdDeltaLen]int8
	m     *Manhattan
}

func newMDKernel(m *Manhattan) *mdKernel {
	k := &mdKernel{m: m}
	s := m.size
	for t := 1; t < m.n; t++ {
		for c := 0; c < m.n; c++ {
			for _, d := range board.Dirs {
				if b, ok := s.Neighbor(c, d.Inverse()); ok {
					k.delta[t<<mdShift|c<<2|int(d)] = m.dist[t][b] - m.dist[t][c]
				}
			}
		}
	}
	return k
}

func (k *mdKernel) base() *idaCore { return &k.idaCore }

func (k *mdKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	for p := 0; p < k.m.n; p++ {
		k.cells[p] = uint8(b.At(p))
	}
	k.blank = b.Blank()
	return k.m.Estimate(b)
}

func (k *mdKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *mdKernel) dfs(blank, g, h, prev int) int {
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
	var hs [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		hs[i] = h + int(k.delta[int(k.cells[st.c])<<mdShift|int(st.c)<<2|int(st.d)])
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
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// maxLCTable bounds the size of a line-penalty table (base L+1, L digits).
const maxLCTable = 1 << 20

// lcKernel is IDA* with linear conflict: Manhattan from a delta table plus
// line penalties looked up from a table indexed by a base-(L+1) key per
// line, kept up to date as tiles move.
type lcKernel struct {
	idaCore
	cells  [board.MaxCells]uint8
	blank  int
	lc     *LinearConflict
	w, h   int
	md     [mdDeltaLen]int8
	key    [2 * board.MaxCells]int32 // rows 0..H-1, then columns H..H+W-1
	pen    [2 * board.MaxCells]int8
	rowTab []int8 // penalty by row key
	colTab []int8 // penalty by column key
	// rk[t][p] and ck[t][p]: what tile t in cell p adds to its row's and its column's key.
	rk, ck [board.MaxCells][board.MaxCells]int32
}

func newLCKernel(lc *LinearConflict) (*lcKernel, bool) {
	s := lc.size
	rowTab, ok1 := penaltyTable(s.W)
	colTab, ok2 := penaltyTable(s.H)
	if !ok1 || !ok2 {
		return nil, false
	}
	k := &lcKernel{lc: lc, w: s.W, h: s.H, rowTab: rowTab, colTab: colTab}
	md := newMDKernel(&lc.Manhattan)
	k.md = md.delta
	for t := 1; t < lc.n; t++ {
		for p := 0; p < lc.n; p++ {
			r, c := s.Row(p), s.Col(p)
			if lc.goalRow[t] == r {
				k.rk[t][p] = int32(lc.goalCol[t]+1) * pow32(s.W+1, c)
			}
			if lc.goalCol[t] == c {
				k.ck[t][p] = int32(lc.goalRow[t]+1) * pow32(s.H+1, r)
			}
		}
	}
	return k, true
}

// penaltyTable returns, for every key of a line of length L (digit i, base
// L+1, is 0 for a tile not in its goal line or 1 + its goal index), the
// linear-conflict penalty 2 x (in-line tiles - LIS).
func penaltyTable(L int) ([]int8, bool) {
	size := 1
	for i := 0; i < L; i++ {
		size *= L + 1
		if size > maxLCTable {
			return nil, false
		}
	}
	tab := make([]int8, size)
	var goals [board.MaxCells]int
	for key := range tab {
		k, x := 0, key
		for i := 0; i < L; i++ {
			if d := x % (L + 1); d > 0 {
				goals[k] = d - 1
				k++
			}
			x /= L + 1
		}
		tab[key] = int8(2 * (k - longestIncreasing(goals[:k])))
	}
	return tab, true
}

func pow32(b, e int) int32 {
	r := int32(1)
	for ; e > 0; e-- {
		r *= int32(b)
	}
	return r
}

func (k *lcKernel) base() *idaCore { return &k.idaCore }

func (k *lcKernel) load(b board.Board) int {
	k.cells = [board.MaxCells]uint8{}
	k.key = [2 * board.MaxCells]int32{}
	n := k.lc.n
	for p := 0; p < n; p++ {
		t := b.At(p)
		k.cells[p] = uint8(t)
		k.key[p/k.w] += k.rk[t][p]
		k.key[k.h+p%k.w] += k.ck[t][p]
	}
	k.blank = b.Blank()
	h := k.lc.Manhattan.Estimate(b)
	for r := 0; r < k.h; r++ {
		k.pen[r] = k.rowTab[k.key[r]]
		h += int(k.pen[r])
	}
	for c := 0; c < k.w; c++ {
		k.pen[k.h+c] = k.colTab[k.key[k.h+c]]
		h += int(k.pen[k.h+c])
	}
	return h
}

func (k *lcKernel) search(g, h, prev int) int { return k.dfs(k.blank, g, h, prev) }

func (k *lcKernel) dfs(blank, g, h, prev int) int {
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
	var hs [4]int
	w, hh := k.w, k.h
	for i := 0; i < n; i++ {
		st := steps[i]
		c := int(st.c)
		t := int(k.cells[c])
		v := h + int(k.md[t<<mdShift|c<<2|int(st.d)])
		if st.d >= uint8(board.Left) {
			// Horizontal: the tile leaves column c%w for column blank%w.
			l1, l2 := hh+c%w, hh+blank%w
			v += int(k.colTab[k.key[l1]-k.ck[t][c]]) - int(k.pen[l1])
			v += int(k.colTab[k.key[l2]+k.ck[t][blank]]) - int(k.pen[l2])
		} else {
			l1, l2 := c/w, blank/w
			v += int(k.rowTab[k.key[l1]-k.rk[t][c]]) - int(k.pen[l1])
			v += int(k.rowTab[k.key[l2]+k.rk[t][blank]]) - int(k.pen[l2])
		}
		hs[i] = v
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
		rc, rb, cc, cb := c/w, blank/w, hh+c%w, hh+blank%w
		oldKeys := [4]int32{k.key[rc], k.key[rb], k.key[cc], k.key[cb]}
		oldPen := [4]int8{k.pen[rc], k.pen[rb], k.pen[cc], k.pen[cb]}
		k.key[rc] -= k.rk[t][c]
		k.key[rb] += k.rk[t][blank]
		k.key[cc] -= k.ck[t][c]
		k.key[cb] += k.ck[t][blank]
		if st.d >= uint8(board.Left) {
			k.pen[cc] = k.colTab[k.key[cc]]
			k.pen[cb] = k.colTab[k.key[cb]]
		} else {
			k.pen[rc] = k.rowTab[k.key[rc]]
			k.pen[rb] = k.rowTab[k.key[rb]]
		}
		k.cells[blank], k.cells[c] = t, 0
		k.path[g] = st.d
		r := k.dfs(c, g1, hs[i], int(st.d))
		k.cells[blank], k.cells[c] = 0, t
		k.key[cb], k.key[cc], k.key[rb], k.key[rc] = oldKeys[3], oldKeys[2], oldKeys[1], oldKeys[0]
		k.pen[cb], k.pen[cc], k.pen[rb], k.pen[rc] = oldPen[3], oldPen[2], oldPen[1], oldPen[0]
		if r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

// genericKernel runs IDA* for any Heuristic, calling it per node (through
// Update when it is Incremental).
type genericKernel struct {
	idaCore
	h    Heuristic
	inc  Incremental
	size board.Size
	cur  board.Board
}

func (k *genericKernel) base() *idaCore { return &k.idaCore }

func (k *genericKernel) load(b board.Board) int {
	k.cur = b
	return k.h.Estimate(b)
}

func (k *genericKernel) search(g, h, prev int) int { return k.dfs(k.cur, g, h, prev) }

func (k *genericKernel) dfs(b board.Board, g, h, prev int) int {
	if h == 0 && k.isGoal(b) {
		k.depth = g
		return dfsFound
	}
	if k.countdown <= 0 && k.poll(g, h) {
		return dfsAbort
	}
	k.countdown--
	k.expanded++
	blank := b.Blank()
	n := int(k.mt.count[blank][prev])
	steps := &k.mt.steps[blank][prev]
	var kids [4]board.Board
	var hs [4]int
	for i := 0; i < n; i++ {
		st := steps[i]
		kids[i], _ = b.Move(board.Dir(st.d))
		if k.inc != nil {
			hs[i] = k.inc.Update(kids[i], h, b.At(int(st.c)), int(st.c), blank)
		} else {
			hs[i] = k.h.Estimate(kids[i])
		}
	}
	k.generated += uint64(n)
	for i := 0; i < n; i++ {
		f := g + 1 + hs[i]
		if f > k.bound {
			if f < k.next {
				k.next = f
			}
			continue
		}
		k.path[g] = steps[i].d
		if r := k.dfs(kids[i], g+1, hs[i], int(steps[i].d)); r != dfsContinue {
			return r
		}
	}
	return dfsContinue
}

func (k *genericKernel) isGoal(b board.Board) bool {
	for p := 0; p < k.size.Cells(); p++ {
		if uint8(b.At(p)) != k.goal[p] {
			return false
		}
	}
	return true
}
