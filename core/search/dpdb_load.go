package search

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

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
