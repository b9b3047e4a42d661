package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Dynamically partitioned additive pattern databases (Felner, Korf and
// Hanan, "Additive pattern database heuristics", JAIR 22, 2004): instead of
// one fixed partition of the tiles, keep the additive table of every pair of
// tiles (and of every triple) and choose, at each node, the set of disjoint
// groups whose values add up to the most.
//
// Following FKH, a group's weight is its table value less the Manhattan
// distances of its tiles (never negative: each tile needs at least its
// Manhattan distance of moves in the group's abstraction too), and
//
//	h = Manhattan + the largest total weight of pairwise disjoint groups.
//
// Admissible: the chosen groups are disjoint, so their tables are an additive
// pattern database of one partition (the tiles in no chosen group are
// singletons, whose table is their Manhattan distance). Every partition's sum
// is a lower bound, and so is the largest.
//
// The rule that chooses the groups is exact, not greedy:
//   - only groups of positive weight matter;
//   - a triple whose weight is no larger than that of one of its pairs is
//     dropped: that pair gives as much with fewer tiles, so some best cover
//     never uses the triple;
//   - the groups left split into independent components (groups that share
//     no tile, even through others, are solved apart), and each component is
//     solved by a depth-first branch and bound over its groups, heaviest
//     first, pruned by the sum of the weights still to come.
//
// On Korf's 100 positions a handful of groups are left at a node, so this is
// an exact maximum-weight matching (pairs) or set packing (triples) at little
// cost. With pairs only it is the maximum-weight matching FKH use.

// DynamicKind names the kind of the dynamically partitioned databases in the
// registry: "dpdb:pairs", "dpdb:triples".
const DynamicKind = "dpdb"

// Group sets of the dynamically partitioned databases.
const (
	// DynamicPairs uses the tables of every pair of tiles.
	DynamicPairs = "pairs"
	// DynamicTriples uses the tables of every pair and every triple of tiles.
	DynamicTriples = "triples"
)

// DynamicPDB is the dynamically partitioned additive pattern-database
// heuristic: Manhattan distance plus the best disjoint cover by pair (and
// triple) groups, chosen anew for every board. It is safe for concurrent use.
type DynamicPDB struct {
	geometry
	md      *Manhattan
	triples bool
	groups  []dynGroup
	byTile  [board.MaxCells][]int32 // groups holding the tile: pairs first, then triples
}

// dynGroup is one pair or triple with its weight table.
type dynGroup struct {
	tiles [3]uint8
	k     int
	mask  uint16
	// w is the weight (table value less the tiles' Manhattan distances)
	// indexed by the tiles' cells, 4 bits each, the first tile highest. A
	// triple's entry is 0 where the triple does not beat each of its pairs.
	w []uint8
}

// key returns the index into w for the cells pos (tile -> cell).
func (g *dynGroup) key(pos *[board.MaxCells]uint8) int {
	k := int(pos[g.tiles[0]&15])<<4 | int(pos[g.tiles[1]&15])
	if g.k == 3 {
		k = k<<4 | int(pos[g.tiles[2]&15])
	}
	return k
}

// BuildDynamicPDB builds the tables of every pair (and with triples, of every
// triple) of tiles in memory (pdb.BuildAllGroups: well under a second on 4x4)
// and returns the heuristic. progress, if not nil, receives the tables done
// and the total, pairs and triples counted together.
func BuildDynamicPDB(ctx context.Context, s board.Size, g board.Goal, triples bool, progress func(done, total int)) (*DynamicPDB, error) {
	return LoadDynamicPDB(ctx, s, g, triples, "", progress)
}

// LoadDynamicPDB is BuildDynamicPDB with a cache: the pair tables and the
// triple tables are each one file in cacheDir (pdb.LoadOrBuildAllGroups),
// read when valid and otherwise built and saved; an empty cacheDir builds in
// memory. progress is called only while tables are built. When tables were
// built but could not be saved, it returns the heuristic together with an
// error wrapping pdb.ErrNotCached.
func LoadDynamicPDB(ctx context.Context, s board.Size, g board.Goal, triples bool, cacheDir string, progress func(done, total int)) (*DynamicPDB, error) {
	if err := checkDynamicSize(s); err != nil {
		return nil, err
	}
	n := s.Cells()
	nPairs, nTriples := len(pdb.AllGroups(n, 2)), 0
	if triples {
		nTriples = len(pdb.AllGroups(n, 3))
	}
	total := nPairs + nTriples
	report := func(base int) func(int, int) {
		if progress == nil {
			return nil
		}
		return func(done, _ int) { progress(base+done, total) }
	}
	var notCached []error
	load := func(k int, progress func(int, int)) ([]*pdb.Table, error) {
		if cacheDir == "" {
			return pdb.BuildAllGroups(ctx, s, g, k, progress)
		}
		tabs, _, err := pdb.LoadOrBuildAllGroups(ctx, s, g, k, cacheDir, progress)
		if errors.Is(err, pdb.ErrNotCached) && tabs != nil {
			notCached = append(notCached, err)
			err = nil
		}
		return tabs, err
	}
	pairs, err := load(2, report(0))
	if err != nil {
		return nil, fmt.Errorf("dynamic pdb: pairs: %w", err)
	}
	var trip []*pdb.Table
	if triples {
		if trip, err = load(3, report(nPairs)); err != nil {
			return nil, fmt.Errorf("dynamic pdb: triples: %w", err)
		}
	}
	d, err := NewDynamicPDB(s, g, pairs, trip)
	if err != nil {
		return nil, err
	}
	return d, errors.Join(notCached...)
}

// checkDynamicSize returns an error for a size dynamic pattern databases do
// not handle: an invalid one, or more than board.SmallCells cells (they keep
// sets of tiles in 16-bit masks, and their tables come from the 16-cell
// pattern database builder).
func checkDynamicSize(s board.Size) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("dynamic pdb: %w", err)
	}
	if s.Cells() > board.SmallCells {
		return fmt.Errorf("dynamic pdb: %s boards are not supported (at most %d cells; use manhattan or linear-conflict)", s, board.SmallCells)
	}
	return nil
}

// NewDynamicPDB makes the heuristic from the tables of every pair of tiles
// and, if triples is not empty, of every triple, each in the order of
// pdb.AllGroups. Without triples it is dpdb:pairs, with them dpdb:triples.
func NewDynamicPDB(s board.Size, g board.Goal, pairs, triples []*pdb.Table) (*DynamicPDB, error) {
	if err := checkDynamicSize(s); err != nil {
		return nil, err
	}
	md, err := NewManhattan(s, g)
	if err != nil {
		return nil, fmt.Errorf("dynamic pdb: %w", err)
	}
	d := &DynamicPDB{geometry: md.geometry, md: md, triples: len(triples) > 0}
	n := s.Cells()
	pairIndex := map[uint16]*dynGroup{}
	for k, tabs := range [][]*pdb.Table{2: pairs, 3: triples} {
		if k < 2 || k == 3 && len(tabs) == 0 {
			continue
		}
		want := pdb.AllGroups(n, k)
		if len(tabs) != len(want) {
			return nil, fmt.Errorf("dynamic pdb: %d tables of %d tiles, want %d", len(tabs), k, len(want))
		}
		for i, t := range tabs {
			if t == nil || !slices.Equal(t.Tiles(), want[i]) {
				return nil, fmt.Errorf("dynamic pdb: table %d of %d-tile groups is not that of %v", i+1, k, want[i])
			}
		}
	}
	for _, tabs := range [][]*pdb.Table{pairs, triples} {
		for _, t := range tabs {
			grp, err := d.newGroup(t, pairIndex)
			if err != nil {
				return nil, err
			}
			if grp.k == 2 {
				p := grp
				pairIndex[grp.mask] = &p
			}
			if !grp.useful() {
				continue // weightless on every board: a pair never in conflict, a triple never beating its pairs
			}
			gi := int32(len(d.groups))
			d.groups = append(d.groups, grp)
			for i := 0; i < grp.k; i++ {
				d.byTile[grp.tiles[i]] = append(d.byTile[grp.tiles[i]], gi)
			}
		}
	}
	return d, nil
}

// newGroup turns one table into a weight table, checking that it is for the
// heuristic's board and a group of 2 or 3 tiles. A triple's weight is kept
// only where it is larger than the weight of each of its pairs (from pairs,
// by tile mask): elsewhere the pair gives as much with fewer tiles, so some
// best cover does without the triple, and the entry is 0.
func (d *DynamicPDB) newGroup(t *pdb.Table, pairs map[uint16]*dynGroup) (dynGroup, error) {
	if t == nil {
		return dynGroup{}, fmt.Errorf("dynamic pdb: nil table")
	}
	tiles := t.Tiles()
	if t.Size() != d.size || t.Goal() != d.goal {
		return dynGroup{}, fmt.Errorf("dynamic pdb: table %v is for %s %s, not %s %s", tiles, t.Size(), t.Goal(), d.size, d.goal)
	}
	if len(tiles) != 2 && len(tiles) != 3 {
		return dynGroup{}, fmt.Errorf("dynamic pdb: table %v: want 2 or 3 tiles", tiles)
	}
	grp := dynGroup{k: len(tiles)}
	for i, tile := range tiles {
		grp.tiles[i] = uint8(tile)
		grp.mask |= 1 << tile
	}
	var sub []*dynGroup
	if grp.k == 3 {
		for i := 0; i < 3; i++ {
			p, ok := pairs[grp.mask&^(1<<tiles[i])]
			if !ok {
				return dynGroup{}, fmt.Errorf("dynamic pdb: triple %v without the tables of its pairs", tiles)
			}
			sub = append(sub, p)
		}
	}
	grp.w = make([]uint8, 1<<(4*grp.k))
	n := d.n
	var pos [board.MaxCells]uint8
	var cells [3]int
	var fill func(i int, used uint32)
	fill = func(i int, used uint32) {
		if i == grp.k {
			v := int(t.Value(t.Rank(&pos)))
			if v == pdb.Unreached {
				return // no solvable board has this placement: weight 0
			}
			for j := 0; j < grp.k; j++ {
				v -= int(d.md.dist[tiles[j]][cells[j]])
			}
			for _, p := range sub {
				if v <= int(p.w[p.key(&pos)]) {
					return // the pair does as well
				}
			}
			grp.w[grp.key(&pos)] = uint8(max(v, 0))
			return
		}
		for c := 0; c < n; c++ {
			if used&(1<<c) == 0 {
				cells[i] = c
				pos[tiles[i]] = uint8(c)
				fill(i+1, used|1<<c)
			}
		}
	}
	fill(0, 0)
	return grp, nil
}

// Name returns "dpdb:pairs" or "dpdb:triples".
func (d *DynamicPDB) Name() string {
	if d.triples {
		return DynamicKind + ":" + DynamicTriples
	}
	return DynamicKind + ":" + DynamicPairs
}

// Triples reports whether triples are used as well as pairs.
func (d *DynamicPDB) Triples() bool { return d.triples }

// Groups returns how many pairs and triples the heuristic holds: those
// whose weight is positive on some board.
func (d *DynamicPDB) Groups() (pairs, triples int) {
	for _, g := range d.groups {
		if g.k == 2 {
			pairs++
		} else {
			triples++
		}
	}
	return pairs, triples
}

// Estimate returns Manhattan distance plus the weight of the best cover.
func (d *DynamicPDB) Estimate(b board.Board) int {
	h, _ := d.cover(b, false)
	return h
}

// Cover returns Estimate(b) and the groups of the best cover that add to
// Manhattan distance (each group's tiles in ascending order, the groups in
// the order of their first tiles); tiles in no group count their Manhattan
// distance only. Several covers may be best; Cover returns one of them.
func (d *DynamicPDB) Cover(b board.Board) (int, [][]int) {
	return d.cover(b, true)
}

// Shares returns each cell's Manhattan distance on b (see Manhattan.Shares):
// the part of Estimate that the cover adds to.
func (d *DynamicPDB) Shares(b board.Board) []int { return d.md.Shares(b) }

// GroupWeight returns the weight the cover gives the group of tiles (2 or 3
// tiles, in any order) on board b: its table value less the tiles'
// Manhattan distances, and for a triple 0 where it does not beat each of its
// pairs. ok is false when the heuristic holds no such group (groups whose
// weight is 0 on every board are dropped).
func (d *DynamicPDB) GroupWeight(b board.Board, tiles []int) (w int, ok bool) {
	var mask uint16
	for _, t := range tiles {
		if t <= 0 || t >= d.n {
			return 0, false
		}
		mask |= 1 << t
	}
	if bits.OnesCount16(mask) != len(tiles) {
		return 0, false
	}
	var pos [board.MaxCells]uint8
	positions(b, d.n, &pos)
	for i := range d.groups {
		if d.groups[i].mask == mask {
			return int(d.groups[i].w[d.groups[i].key(&pos)]), true
		}
	}
	return 0, false
}

// positions fills pos with the cell of every tile of b.
func positions(b board.Board, n int, pos *[board.MaxCells]uint8) {
	c := b.Cells()
	for p := 0; p < n; p++ {
		pos[int(c>>(4*p))&0xF] = uint8(p)
	}
}

func (d *DynamicPDB) cover(b board.Board, withGroups bool) (int, [][]int) {
	var pos [board.MaxCells]uint8
	positions(b, d.n, &pos)
	var items []coverItem
	for i := range d.groups {
		grp := &d.groups[i]
		w := grp.w[grp.key(&pos)]
		if w == 0 {
			continue
		}
		items = append(items, coverItem{mask: grp.mask, w: int32(w)})
	}
	var cs coverSolver
	h := d.md.Estimate(b)
	if !withGroups {
		return h + cs.solve(items, nil), nil
	}
	var chosen []uint16
	h += cs.solve(items, &chosen)
	var out [][]int
	for _, m := range chosen {
		var tiles []int
		for t := 1; t < d.n; t++ {
			if m&(1<<t) != 0 {
				tiles = append(tiles, t)
			}
		}
		out = append(out, tiles)
	}
	slices.SortFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return h, out
}

// useful reports whether the group has a positive weight somewhere.
func (g *dynGroup) useful() bool {
	for _, w := range g.w {
		if w > 0 {
			return true
		}
	}
	return false
}

// coverItem is a group offered to the cover: its tiles and its weight.
type coverItem struct {
	mask uint16
	w    int32
}

// coverSolver finds the largest total weight of pairwise disjoint items.
type coverSolver struct {
	items  []coverItem
	suffix []int32
	best   int32
	path   []uint16 // the items taken on the current branch
	chosen []uint16 // the best set found
	record bool
}

// solve returns the largest total weight of pairwise disjoint items, and if
// chosen is not nil appends the masks of one best set to it. It reorders
// items.
func (cs *coverSolver) solve(items []coverItem, chosen *[]uint16) int {
	if len(items) == 0 {
		return 0
	}
	// Fast path: no two items overlap.
	var union uint16
	var sum, tiles int
	for _, it := range items {
		union |= it.mask
		sum += int(it.w)
		tiles += bits.OnesCount16(it.mask)
	}
	if bits.OnesCount16(union) == tiles {
		if chosen != nil {
			for _, it := range items {
				*chosen = append(*chosen, it.mask)
			}
		}
		return sum
	}
	// Split into components of items linked by shared tiles.
	total := 0
	for len(items) > 0 {
		comp := items[0].mask
		for grown := true; grown; {
			grown = false
			for _, it := range items {
				if it.mask&comp != 0 && it.mask&^comp != 0 {
					comp |= it.mask
					grown = true
				}
			}
		}
		// Move the component's items to the front.
		k := 0
		for i := range items {
			if items[i].mask&comp != 0 {
				items[i], items[k] = items[k], items[i]
				k++
			}
		}
		total += cs.solveComponent(items[:k], chosen)
		items = items[k:]
	}
	return total
}

// solveComponent runs the branch and bound on one component.
func (cs *coverSolver) solveComponent(items []coverItem, chosen *[]uint16) int {
	if len(items) == 1 {
		if chosen != nil {
			*chosen = append(*chosen, items[0].mask)
		}
		return int(items[0].w)
	}
	slices.SortFunc(items, func(a, b coverItem) int { return int(b.w - a.w) })
	cs.items = items
	cs.suffix = slices.Grow(cs.suffix[:0], len(items)+1)[:len(items)+1]
	cs.suffix[len(items)] = 0
	for i := len(items) - 1; i >= 0; i-- {
		cs.suffix[i] = cs.suffix[i+1] + items[i].w
	}
	cs.best = 0
	cs.record = chosen != nil
	cs.path, cs.chosen = cs.path[:0], cs.chosen[:0]
	cs.search(0, 0, 0)
	if chosen != nil {
		*chosen = append(*chosen, cs.chosen...)
	}
	return int(cs.best)
}

// search extends the current set (tiles used, weight acc) with items from
// i on.
func (cs *coverSolver) search(i int, used uint16, acc int32) {
	if acc > cs.best {
		cs.best = acc
		if cs.record {
			cs.chosen = append(cs.chosen[:0], cs.path...)
		}
	}
	for j := i; j < len(cs.items); j++ {
		if acc+cs.suffix[j] <= cs.best {
			return
		}
		it := cs.items[j]
		if it.mask&used != 0 {
			continue
		}
		if cs.record {
			cs.path = append(cs.path, it.mask)
		}
		cs.search(j+1, used|it.mask, acc+it.w)
		if cs.record {
			cs.path = cs.path[:len(cs.path)-1]
		}
	}
}

// dynamicSetError is the error for "dpdb" without a set, or with another.
func dynamicSetError(text string) error {
	return fmt.Errorf("heuristic %q: %w: want %s:%s or %s:%s", strings.TrimSpace(text), pdb.ErrPartition,
		DynamicKind, DynamicPairs, DynamicKind, DynamicTriples)
}

// dynamicLabel is the display name of a set: "Dynamic PDB (all pairs)".
func dynamicLabel(set string) string {
	switch set {
	case DynamicPairs:
		return "Dynamic PDB (all pairs)"
	case DynamicTriples:
		return "Dynamic PDB (pairs + triples)"
	}
	return "Dynamic PDB (" + set + ")"
}

// loadDynamic builds the heuristic named by the partition part of
// "dpdb:pairs" or "dpdb:triples".
func loadDynamic(ctx context.Context, set string, s board.Size, g board.Goal, opts HeuristicOptions) (*DynamicPDB, error) {
	var progress func(done, total int)
	if opts.Progress != nil {
		progress = func(done, total int) {
			opts.Progress(pdb.LayerStats{TotalEntries: uint64(done), Entries: uint64(total)})
		}
	}
	switch set {
	case DynamicPairs, DynamicTriples:
		d, err := LoadDynamicPDB(ctx, s, g, set == DynamicTriples, opts.CacheDir, progress)
		if errors.Is(err, pdb.ErrNotCached) && d != nil {
			if opts.Warn != nil {
				opts.Warn(err)
			}
			err = nil
		}
		return d, err
	}
	return nil, dynamicSetError(DynamicKind + ":" + set)
}
