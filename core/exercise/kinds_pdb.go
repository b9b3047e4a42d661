package exercise

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// table returns the pattern database of tiles on size s (goal blank last),
// built by the app's 0-1 BFS builder once per Generator.
func (g *Generator) table(s board.Size, tiles []int) (*pdb.Table, error) {
	key := s.String() + ":" + ints(tiles)
	g.mu.Lock()
	defer g.mu.Unlock()
	if t, ok := g.tables[key]; ok {
		return t, nil
	}
	b, err := pdb.NewBuilder(s, goal, tiles)
	if err != nil {
		return nil, err
	}
	b.SetWorkers(1)
	t, err := b.Run(context.Background(), nil)
	if err != nil {
		return nil, err
	}
	g.tables[key] = t
	return t, nil
}

// pattern draws k distinct tiles of s, in increasing order.
func pattern(r *rand.Rand, s board.Size, k int) []int {
	perm := r.Perm(s.Cells() - 1)
	tiles := make([]int, k)
	for i := range tiles {
		tiles[i] = perm[i] + 1
	}
	slices.Sort(tiles)
	return tiles
}

// placement describes where the tiles of a pattern stand on b.
func placement(b board.Board, tiles []int) string {
	pos := b.Positions()
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = fmt.Sprintf("tile %d at %s", t, cellName(b.Size(), pos[t]))
	}
	return strings.Join(parts, ", ")
}

const pdbRule = "A pattern database for a set of pattern tiles stores, for every placement of those tiles, the least number of moves of pattern tiles " +
	"needed to bring them home; moves of the other tiles are free. It is built by a 0-1 breadth-first search backwards from the goal over " +
	"(pattern tile cells, blank cell), where a move costs 1 only when the blank swaps with a pattern tile, keeping the least cost over the blank's cells."

func genPDBEntry(g *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(level)
	tiles := pattern(r, s, 3)
	if level > 1 {
		// A few groups, so that a bank builds few tables: the tables of
		// the "pdb" property questions and the 6-6-3 partition's triple.
		groups := [][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}, {2, 3, 4}}
		tiles = groups[r.IntN(len(groups))]
	}
	t, err := g.table(s, tiles)
	if err != nil {
		return Question{}, err
	}
	b, err := heuristicBoard(r, level)
	if err != nil {
		return Question{}, err
	}
	v := t.Lookup(b)
	m, err := search.NewManhattan(s, goal)
	if err != nil {
		return Question{}, err
	}
	shares := m.Shares(b)
	pos := b.Positions()
	md := 0
	for _, tile := range tiles {
		md += shares[pos[tile]]
	}
	var inLayer uint64
	for _, l := range t.Layers() {
		if l.Cost == v {
			inLayer = l.New
		}
	}
	q := Question{
		Title: fmt.Sprintf("PDB entry, tiles %s (%s)", ints(tiles), puzzleName(s)),
		Text: pdbRule + fmt.Sprintf("\nWhat is the entry of the pattern database of tiles %s for this board (%s)?",
			ints(tiles), placement(b, tiles)),
		Boards: []Picture{{Caption: "Board", Board: b}},
		Goal:   goal,
		Given:  map[string]string{"tiles": ints(tiles)},
	}
	numeric(&q, v)
	q.Explanation = fmt.Sprintf("The 0-1 BFS first reaches this placement in the layer of cost %d, so the entry is %d: "+
		"the pattern tiles need %s to get home, the other tiles moving for free. That layer holds %s of the table's %d placements. "+
		"For comparison, the Manhattan distance of the pattern tiles alone is %d, never more than the entry.",
		v, v, plural(v, "move", "moves"), plural(int(inLayer), "placement", "placements"), t.Len(), md)
	return q, nil
}

func genPDBLayer(g *Generator, r *rand.Rand, level int) (Question, error) {
	s := sizeFor(1)
	tiles := pattern(r, s, level+1) // 2 tiles at level 1, 3 at level 2
	t, err := g.table(s, tiles)
	if err != nil {
		return Question{}, err
	}
	layers := t.Layers()
	// Layers small enough to count by hand: every cost with two tiles,
	// costs 1 to 3 with three.
	top := len(layers) - 1
	if level > 1 {
		top = min(top, 3)
	}
	l := layers[1+r.IntN(top)]
	q := Question{
		Title: fmt.Sprintf("PDB layer %d, tiles %s (%s)", l.Cost, ints(tiles), puzzleName(s)),
		Text: pdbRule + fmt.Sprintf("\nOn the %s with the blank last in the goal, how many placements of tiles %s does the 0-1 BFS first reach at cost %d (how many table entries are %d)?",
			puzzleName(s), ints(tiles), l.Cost, l.Cost),
		Boards: []Picture{{Caption: "Goal", Board: board.Solved(s, goal)}},
		Goal:   goal,
		Given:  map[string]string{"tiles": ints(tiles), "cost": fmt.Sprint(l.Cost)},
	}
	numeric(&q, int(l.New))
	parts := make([]string, len(layers))
	for i, x := range layers {
		parts[i] = fmt.Sprintf("cost %d: %d", x.Cost, x.New)
	}
	q.Explanation = fmt.Sprintf("The layers of the build: %s; %d placements in all (%d cells for %s). Cost %d holds %d.",
		strings.Join(parts, ", "), t.Len(), s.Cells(), plural(len(tiles), "tile", "tiles"), l.Cost, l.New)
	return q, nil
}

// bfsLayers returns how many states of size s lie at each distance from the
// goal, by a breadth-first search over the app's boards and moves, once per
// Generator.
func (g *Generator) bfsLayers(s board.Size) ([]uint64, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if l, ok := g.layers[s]; ok {
		return l, nil
	}
	if s.Cells() > 9 {
		return nil, fmt.Errorf("breadth-first layers of a %v board: too many states", s)
	}
	start := board.Solved(s, goal)
	seen := map[board.Key]bool{start.Key(): true}
	layer := []board.Board{start}
	var counts []uint64
	var buf [4]board.Dir
	for len(layer) > 0 {
		counts = append(counts, uint64(len(layer)))
		var next []board.Board
		for _, b := range layer {
			for _, d := range b.LegalMoves(buf[:0]) {
				c, _ := b.Move(d)
				if !seen[c.Key()] {
					seen[c.Key()] = true
					next = append(next, c)
				}
			}
		}
		layer = next
	}
	g.layers[s] = counts
	return counts, nil
}

func genBFSLayer(g *Generator, r *rand.Rand, level int) (Question, error) {
	s := board.Size{W: 3, H: 2}
	if level > 1 {
		s = board.Size{W: 3, H: 3}
	}
	counts, err := g.bfsLayers(s)
	if err != nil {
		return Question{}, err
	}
	// Depths whose states a student can still list: 1 to 6 on the 2x3
	// board (at most 10 states), 1 to 8 on the 3x3 board (at most 116).
	d := 1 + r.IntN(min(len(counts)-1, 4+2*level))
	q := Question{
		Title: fmt.Sprintf("BFS layer %d (%s board)", d, s),
		Text: fmt.Sprintf("A breadth-first search from the goal of the %s board below visits the states layer by layer. How many states are exactly %d moves from the goal (the shortest path, not any path)?",
			s, d),
		Boards: []Picture{{Caption: "Goal", Board: board.Solved(s, goal)}},
		Goal:   goal,
		Given:  map[string]string{"depth": fmt.Sprint(d)},
	}
	numeric(&q, int(counts[d]))
	var total uint64
	parts := make([]string, len(counts))
	for i, c := range counts {
		total += c
		parts[i] = fmt.Sprintf("%d: %d", i, c)
	}
	q.Explanation = fmt.Sprintf("Layer sizes by distance: %s. Layer %d holds %d states; the %d layers hold all %d reachable states (half of the %d arrangements: the other half has the wrong parity).",
		strings.Join(parts, ", "), d, counts[d], len(counts), total, 2*total)
	return q, nil
}
