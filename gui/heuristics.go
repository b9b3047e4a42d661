package gui

import (
	"sort"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// pdbPartitionName names a partition as the command line does: a preset by
// its name ("663"), others by their groups.
func pdbPartitionName(p pdb.Partition) string {
	if info, ok := pdb.PresetOf(p); ok {
		return info.Name
	}
	return p.String()
}

// notReadyError says that a pattern database is still loading or being
// built; it matches errPDBNotReady.
type notReadyError string

func (e notReadyError) Error() string { return string(e) }

// Is reports whether target is errPDBNotReady.
func (e notReadyError) Is(target error) bool { return target == errPDBNotReady }

// All returns the loaded databases for boards of size s, in a stable order.
func (s *pdbStore) All(size board.Size) []*pdb.DB {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*pdb.DB
	for _, db := range s.dbs {
		if db.Partition.Size == size {
			out = append(out, db)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Partition.String() < out[j].Partition.String() })
	return out
}
