package catalog

import (
	"sort"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// PDBPartitionName names a partition as the command line does: a preset by
// its name ("663"), others by their groups.
func PDBPartitionName(p pdb.Partition) string {
	if info, ok := pdb.PresetOf(p); ok {
		return info.Name
	}
	return p.String()
}

// NotReadyError says that a pattern database is still loading or being
// built; it matches errPDBNotReady.
type NotReadyError string

func (e NotReadyError) Error() string { return string(e) }

// Is reports whether target is errPDBNotReady.
func (e NotReadyError) Is(target error) bool { return target == ErrPDBNotReady }

// All returns the loaded databases for boards of size s, in a stable order.
func (s *PDBStore) All(size board.Size) []*pdb.DB {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	var out []*pdb.DB
	for _, db := range s.dbs {
		if db.Partition.Size == size {
			out = append(out, db)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Partition.String() < out[j].Partition.String() })
	return out
}
