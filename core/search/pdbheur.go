package search

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// PDB is the additive pattern-database heuristic: the sum, over disjoint
// groups of tiles, of each group's table value for the positions of its
// tiles.
//
// Admissible: a group's value is the least number of moves of that group's
// tiles needed to bring them home (computed on an abstraction that ignores
// the other tiles, which can only make it smaller), and a move moves a tile
// of at most one group, so the values of disjoint groups add up to a lower
// bound. The sum is not consistent: A* must reopen closed nodes with it.
type PDB struct {
	db   *pdb.DB
	name string
	size board.Size
	goal board.Goal
}

// NewPDB wraps a database built or loaded by package pdb.
func NewPDB(db *pdb.DB) (*PDB, error) {
	if db == nil || len(db.Tables) == 0 {
		return nil, fmt.Errorf("pdb heuristic: no tables")
	}
	p := db.Partition
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("pdb heuristic: %w", err)
	}
	return &PDB{db: db, name: "pdb:" + partitionName(p), size: p.Size, goal: p.Goal}, nil
}

// partitionName returns the preset's name when p is a preset, else its groups.
func partitionName(p pdb.Partition) string {
	if info, ok := pdb.PresetOf(p); ok {
		return info.Name
	}
	return p.String()
}

// Name returns "pdb:" followed by the preset name (such as "663") or the groups.
func (h *PDB) Name() string { return h.name }

// DB returns the underlying database.
func (h *PDB) DB() *pdb.DB { return h.db }

// Domain returns the size and goal of the tables.
func (h *PDB) Domain() (board.Size, board.Goal) { return h.size, h.goal }

// Estimate returns the sum of the tables' values for b.
func (h *PDB) Estimate(b board.Board) int { return h.db.Heuristic(b) }

// Update looks up again only the table of the group holding the moved tile.
func (h *PDB) Update(next board.Board, v, tile, from, to int) int {
	gi := h.db.GroupOf(tile)
	if gi < 0 {
		return v
	}
	t := h.db.Tables[gi]
	var pos [board.MaxCells]uint8
	pdb.Positions(next, &pos)
	now := int(t.Value(t.Rank(&pos)))
	pos[tile] = uint8(from)
	return v + now - int(t.Value(t.Rank(&pos)))
}

// Prefault readies the pages of the pattern databases that h reads, where
// they are cache files mapped in place, for a run that will touch most of
// them (pdb.Table.Prefault): a benchmark over many boards. It looks through
// Reflected and Max; other heuristics have nothing to ready. It returns how
// many mapped tables it readied (a table read twice counts twice).
func Prefault(h Heuristic) int {
	switch h := h.(type) {
	case *PDB:
		return h.db.Prefault()
	case *Reflected:
		return Prefault(h.inner)
	case *Max:
		n := 0
		for _, p := range h.parts {
			n += Prefault(p)
		}
		return n
	}
	return 0
}

// HeuristicOptions configures NewHeuristic.
type HeuristicOptions struct {
	// Reflect adds Korf and Felner's reflected lookup (square boards).
	Reflect bool
	// CacheDir holds pattern-database files; tables missing there are built
	// and saved. Empty means build in memory without a cache.
	CacheDir string
	// Progress, when not nil, receives the progress of table construction.
	Progress func(pdb.LayerStats)
	// Warn, when not nil, receives problems that do not stop the heuristic
	// from working, such as a table that was built but could not be saved
	// in CacheDir (pdb.ErrNotCached). Without Warn they are ignored.
	Warn func(error)
}

// NewHeuristic makes a heuristic by name for size s and goal g, in any
// spelling of the registry (see ParseHeuristic and HeuristicKinds):
// "hamming", "manhattan", "linear-conflict", or "pdb:" followed by a preset
// of package pdb (such as "663", "555" or "44") or groups such as
// "1,2,3/4,5,6,7/8,9,10,11", each optionally followed by "+reflect". Pattern
// databases are loaded from or built into opts.CacheDir; the context cancels
// a build.
func NewHeuristic(ctx context.Context, name string, s board.Size, g board.Goal, opts HeuristicOptions) (Heuristic, error) {
	spec, err := ParseHeuristic(name)
	if err != nil {
		return nil, err
	}
	return spec.New(ctx, s, g, opts)
}

func loadPDB(ctx context.Context, spec string, s board.Size, g board.Goal, opts HeuristicOptions) (*PDB, error) {
	p, err := pdb.ParsePartition(spec, s, g)
	if err != nil {
		return nil, fmt.Errorf("heuristic pdb:%s: %w", spec, err)
	}
	var db *pdb.DB
	if opts.CacheDir != "" {
		db, err = pdb.LoadOrBuild(ctx, p, opts.CacheDir, opts.Progress)
		if errors.Is(err, pdb.ErrNotCached) && db != nil {
			if opts.Warn != nil {
				opts.Warn(err)
			}
			err = nil
		}
	} else {
		db, err = pdb.Build(ctx, p, opts.Progress)
	}
	if err != nil {
		return nil, fmt.Errorf("heuristic pdb:%s: %w", spec, err)
	}
	return NewPDB(db)
}
