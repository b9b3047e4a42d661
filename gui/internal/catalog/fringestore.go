package catalog

import (
	"slices"
	"sort"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// PutFringe stores the finished fringe tables of p's groups.
func (s *PDBStore) PutFringe(p pdb.Partition, tables []*pdb.Table) {
	s.Mu.Lock()
	if s.fringes == nil {
		s.fringes = map[string][]*pdb.Table{}
	}
	s.fringes[PartitionKey(p)] = slices.Clone(tables)
	s.Mu.Unlock()
	s.changed()
}

// Fringe returns the fringe tables of p's groups, or nil.
func (s *PDBStore) Fringe(p pdb.Partition) []*pdb.Table {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	return slices.Clone(s.fringes[PartitionKey(p)])
}

// fringeSet is a stored fringe set with its tables.
type fringeSet struct {
	Set    pdb.FringeSet
	Tables []*pdb.Table
}

// AllFringe returns the stored fringe sets for boards of size size and goal g.
func (s *PDBStore) AllFringe(size board.Size, g board.Goal) []fringeSet {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	var out []fringeSet
	for _, tables := range s.fringes {
		if len(tables) == 0 || tables[0].Size() != size || tables[0].Goal() != g {
			continue
		}
		f := pdb.FringeSet{Size: size, Goal: g}
		for _, t := range tables {
			f.Groups = append(f.Groups, t.PatternTiles())
		}
		out = append(out, fringeSet{Set: f, Tables: slices.Clone(tables)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Set.String() < out[j].Set.String() })
	return out
}
