package gui

import (
	"slices"
	"sort"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// PutFringe stores the finished fringe tables of p's groups.
func (s *pdbStore) PutFringe(p pdb.Partition, tables []*pdb.Table) {
	s.mu.Lock()
	if s.fringes == nil {
		s.fringes = map[string][]*pdb.Table{}
	}
	s.fringes[partitionKey(p)] = slices.Clone(tables)
	s.mu.Unlock()
	s.changed()
}

// Fringe returns the fringe tables of p's groups, or nil.
func (s *pdbStore) Fringe(p pdb.Partition) []*pdb.Table {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.fringes[partitionKey(p)])
}

// fringeSet is a stored fringe set with its tables.
type fringeSet struct {
	set    pdb.FringeSet
	tables []*pdb.Table
}

// AllFringe returns the stored fringe sets for boards of size size and goal g.
func (s *pdbStore) AllFringe(size board.Size, g board.Goal) []fringeSet {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []fringeSet
	for _, tables := range s.fringes {
		if len(tables) == 0 || tables[0].Size() != size || tables[0].Goal() != g {
			continue
		}
		f := pdb.FringeSet{Size: size, Goal: g}
		for _, t := range tables {
			f.Groups = append(f.Groups, t.PatternTiles())
		}
		out = append(out, fringeSet{set: f, tables: slices.Clone(tables)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].set.String() < out[j].set.String() })
	return out
}
