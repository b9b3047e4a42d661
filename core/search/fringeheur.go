package search

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Fringe is the fringe pattern-database heuristic (Culberson and Schaeffer,
// 1998): the largest value, over its tables, of the table entry of the
// positions of the pattern tiles and the blank.
//
// Admissible: an entry is the exact least number of moves that brings the
// pattern tiles and the blank to their goal cells, whatever the other tiles
// do (a plain BFS over the abstraction, every move costing 1); a solution of
// the full puzzle does that too, so it is at least as long. Consistent as
// well: a move changes each entry by at most 1. Tables do not add up (every
// move moves the blank, which every fringe pattern holds), so they are
// combined by maximum.
type Fringe struct {
	tables []*pdb.Table
	name   string
	size   board.Size
	goal   board.Goal
}

// NewFringe wraps fringe tables built or loaded by package pdb for the
// groups of f, in order.
func NewFringe(f pdb.FringeSet, tables []*pdb.Table) (*Fringe, error) {
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("fringe heuristic: %w", err)
	}
	if len(tables) != len(f.Groups) {
		return nil, fmt.Errorf("fringe heuristic: %d tables for %d groups", len(tables), len(f.Groups))
	}
	for i, t := range tables {
		want := slices.Sorted(slices.Values(f.Groups[i]))
		if t == nil || t.Kind() != pdb.KindFringe || t.Size() != f.Size || t.Goal() != f.Goal || !slices.Equal(t.PatternTiles(), want) {
			return nil, fmt.Errorf("fringe heuristic: %w: table %d is not the fringe table of tiles %v on %s %s", pdb.ErrMismatch, i+1, want, f.Size, f.Goal)
		}
	}
	name := f.String()
	if preset, ok := f.PresetName(); ok {
		name = preset
	}
	return &Fringe{tables: slices.Clone(tables), name: "fringe:" + name, size: f.Size, goal: f.Goal}, nil
}

// Name returns "fringe:" followed by the preset name ("cs") or the groups.
func (h *Fringe) Name() string { return h.name }

// Tables returns the fringe tables (shared; do not modify them).
func (h *Fringe) Tables() []*pdb.Table { return slices.Clone(h.tables) }

// Domain returns the size and goal of the tables.
func (h *Fringe) Domain() (board.Size, board.Goal) { return h.size, h.goal }

// Estimate returns the largest of the tables' values for b.
func (h *Fringe) Estimate(b board.Board) int {
	var pos [board.MaxCells]uint8
	pdb.Positions(b, &pos)
	best := 0
	for _, t := range h.tables {
		best = max(best, int(t.Value(t.Rank(&pos))))
	}
	return best
}

// loadFringe makes the fringe heuristic of spec ("cs", "1,2,3,4,7/3,6,7,8"),
// loading its tables from or building them into opts.CacheDir.
func loadFringe(ctx context.Context, spec string, s board.Size, g board.Goal, opts HeuristicOptions) (Heuristic, error) {
	f, err := pdb.ParseFringe(spec, s, g)
	if err != nil {
		return nil, fmt.Errorf("heuristic fringe:%s: %w", spec, err)
	}
	tables, err := pdb.LoadOrBuildFringeSet(ctx, f, opts.CacheDir, opts.Progress)
	if errors.Is(err, pdb.ErrNotCached) && tables != nil {
		if opts.Warn != nil {
			opts.Warn(err)
		}
		err = nil
	}
	if err != nil {
		return nil, fmt.Errorf("heuristic fringe:%s: %w", spec, err)
	}
	return NewFringe(f, tables)
}
