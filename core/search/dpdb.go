package search

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

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
