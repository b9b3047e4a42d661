package pdb

import (
	"context"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/memlimit"
)

// Korf and Felner built two tables for the 24-puzzle's 6-6-6-6 partition, not
// four: three of its groups are 2x3 blocks, images of one another under
// symmetries of the board, and a symmetry of the board maps the abstract
// search of one group onto that of the other move for move. The only thing
// that does not carry over is the blank's start cell, which the symmetry
// sends elsewhere; but when the free cells of the goal placement are all
// connected, layer 0 holds the blank in every one of them, whatever its start
// cell. So a table can be copied from an image's table, entry by entry, in a
// few seconds instead of built in a minute or two.

// symmetry says how the table of one group follows from another's: the
// placement with tile u (the a-th of the group, ascending) in cell x has the
// value of the source's placement with its tile srcIndex[a] in cell cell[x].
type symmetry struct {
	cell     [board.MaxCells]uint8
	srcIndex [board.MaxCells]uint8
}

// boardSymmetries returns the cell maps of the symmetries of a board of size
// s other than the identity: the three flips and the half turn for every
// board, and the quarter turns and diagonal reflections of square boards.
func boardSymmetries(s board.Size) [][board.MaxCells]uint8 {
	w, h := s.W, s.H
	type f func(r, c int) (int, int)
	maps := []f{
		func(r, c int) (int, int) { return r, w - 1 - c },         // left-right
		func(r, c int) (int, int) { return h - 1 - r, c },         // top-bottom
		func(r, c int) (int, int) { return h - 1 - r, w - 1 - c }, // half turn
	}
	if w == h {
		maps = append(maps,
			func(r, c int) (int, int) { return c, r },                 // main diagonal
			func(r, c int) (int, int) { return w - 1 - c, h - 1 - r }, // anti-diagonal
			func(r, c int) (int, int) { return c, h - 1 - r },         // quarter turn
			func(r, c int) (int, int) { return w - 1 - c, r },         // quarter turn back
		)
	}
	out := make([][board.MaxCells]uint8, len(maps))
	for i, m := range maps {
		for p := 0; p < s.Cells(); p++ {
			r, c := m(s.Row(p), s.Col(p))
			out[i][p] = uint8(r*w + c)
		}
	}
	return out
}

// goalFreeConnected reports whether the cells not held by tiles in the goal
// placement form one connected region.
func goalFreeConnected(s board.Size, g board.Goal, tiles []int) bool {
	var held uint32
	for _, t := range tiles {
		held |= 1 << g.GoalCell(s, t)
	}
	free := (uint32(1)<<s.Cells() - 1) &^ held
	notFirst, notLast := colMasks(s)
	return flood(1<<g.GoalCell(s, 0), free, notFirst, notLast, uint(s.W)) == free
}

// findSymmetry returns how the table of group dst follows from that of group
// src (both sorted, of one partition's size and goal), and false when no
// symmetry of the board maps one onto the other with both goal placements
// leaving one connected region of free cells.
func findSymmetry(s board.Size, g board.Goal, dst, src []int) (symmetry, bool) {
	if len(dst) != len(src) || !goalFreeConnected(s, g, dst) || !goalFreeConnected(s, g, src) {
		return symmetry{}, false
	}
	srcAt := map[int]int{} // goal cell -> index in src
	for b, t := range src {
		srcAt[g.GoalCell(s, t)] = b
	}
	for _, m := range boardSymmetries(s) {
		sym := symmetry{cell: m}
		ok := true
		for a, u := range dst {
			b, found := srcAt[int(m[g.GoalCell(s, u)])]
			if !found {
				ok = false
				break
			}
			sym.srcIndex[a] = uint8(b)
		}
		if ok {
			return sym, true
		}
	}
	return symmetry{}, false
}

// symmetricSource returns the first table of tables (which may hold nils)
// whose group maps onto group i of p, with the symmetry.
func symmetricSource(p Partition, i int, tables []*Table) (*Table, symmetry, bool) {
	dst := slices.Sorted(slices.Values(p.Groups[i]))
	for _, t := range tables {
		if t == nil || t.size != p.Size || t.goal != p.Goal || t.kind != KindAdditive || len(t.layers) == 0 {
			continue
		}
		if sym, ok := findSymmetry(p.Size, p.Goal, dst, t.tiles); ok {
			return t, sym, true
		}
	}
	return nil, symmetry{}, false
}

// deriveTable makes group i's table from src by the symmetry, using every
// core, and reports its layers (copied from src, whose search is the same up
// to the symmetry) to progress. It checks ctx between chunks.
func deriveTable(ctx context.Context, p Partition, i int, src *Table, sym symmetry, progress func(LayerStats)) (*Table, error) {
	start := time.Now()
	t := newTable(p.Size, p.Goal, p.Groups[i])
	n, k := t.n, t.k
	total := entries(n, k)
	values, err := memlimit.Make[uint8](int(total), "the table of tiles "+formatTiles(p.Groups[i]))
	if err != nil {
		return nil, err
	}
	t.values = values
	workers := max(runtime.GOMAXPROCS(0), 1)
	const chunk = 1 << 20
	var mu sync.Mutex
	next := uint64(0)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var od odometer25
			od.init(k, n)
			var cells [board.MaxCells]uint8
			for ctx.Err() == nil {
				mu.Lock()
				lo := next
				next += chunk
				mu.Unlock()
				if lo >= total {
					return
				}
				hi := min(lo+chunk, total)
				for r := lo; r < hi; r++ {
					od.seek(r)
					for a := 0; a < k; a++ {
						cells[sym.srcIndex[a]%board.MaxCells] = sym.cell[od.cells[a]%board.MaxCells]
					}
					t.values[r] = src.values[rankCells(&cells, k, n)]
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t.layers = slices.Clone(src.layers)
	t.seconds = time.Since(start).Seconds()
	if err := t.checkLayers(); err != nil {
		return nil, err // cannot happen for a valid source: a safety net
	}
	if progress != nil {
		var states, fresh uint64
		for _, l := range t.layers {
			states += l.States
			fresh += l.New
			progress(LayerStats{Group: i, Tiles: t.Tiles(), Layer: l, TotalStates: states, TotalEntries: fresh,
				Entries: total, Elapsed: time.Since(start)})
		}
	}
	return t, nil
}

// buildOrDerive builds group i's table of p, or copies it from a table in
// prev of a symmetric group (see deriveTable).
func buildOrDerive(ctx context.Context, p Partition, i int, prev []*Table, progress func(LayerStats)) (*Table, error) {
	if src, sym, ok := symmetricSource(p, i, prev); ok {
		return deriveTable(ctx, p, i, src, sym, progress)
	}
	return buildGroup(ctx, p, i, progress)
}

// buildOrDeriveCached is buildOrDerive with the candidate sources read from
// cacheDir: the files of the partition's other groups.
func buildOrDeriveCached(ctx context.Context, p Partition, i int, cacheDir string, progress func(LayerStats)) (*Table, error) {
	for j, g := range p.Groups {
		if j == i {
			continue
		}
		if _, _, ok := symmetricSource(p, i, []*Table{{size: p.Size, goal: p.Goal, tiles: slices.Sorted(slices.Values(g)), layers: []Layer{{}}}}); !ok {
			continue
		}
		src, err := LoadFor(filepath.Join(cacheDir, FileName(p.Size, p.Goal, g)), p.Size, p.Goal, g)
		if err != nil {
			continue // missing or unusable: another source, or a build, will do
		}
		return buildOrDerive(ctx, p, i, []*Table{src}, progress)
	}
	if src, ok := cachedImage(p, i, cacheDir); ok { // another partition's table
		return buildOrDerive(ctx, p, i, []*Table{src}, progress)
	}
	return buildGroup(ctx, p, i, progress)
}
