package catalog

import (
	"time"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"os"
	"path/filepath"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Large pattern databases (a 6-tile group on the 24-puzzle: 127,512,000
// entries a table, the 6-6-6-6 preset 510 MB in all, minutes to build; the
// 8-tile group of the 15-puzzle's 7-8) are never built behind the
// teacher's back: the heuristic menus and the preload on a change of board
// size read them from the cache when every table is there, and otherwise
// say where to build them (the pattern database view, which asks first, or
// the command line). Small ones load or build at once, as before.

// LargePartition reports whether any table of p is as large as the ones the
// pattern database view asks about before building (confirmEntries).
func LargePartition(p pdb.Partition) bool {
	for _, g := range p.Groups {
		if TableEntries(p.Size, len(g)) >= ConfirmEntries {
			return true
		}
	}
	return false
}

// partitionEntries is the number of entries of all of p's tables.
func partitionEntries(p pdb.Partition) uint64 {
	var total uint64
	for _, g := range p.Groups {
		total += TableEntries(p.Size, len(g))
	}
	return total
}

// cached reports whether a file for every table of p is in the store's
// cache directory (it may still turn out stale; the load then builds it).
func (s *PDBStore) cached(p pdb.Partition) bool {
	if s.CacheDir == "" {
		return false
	}
	for _, g := range p.Groups {
		fi, err := os.Stat(filepath.Join(s.CacheDir, pdb.FileName(p.Size, p.Goal, g)))
		if err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// LoadsQuietly reports whether p may be loaded or built without asking: it
// is loaded or loading already, its tables are small, or they are all in
// the cache.
func (s *PDBStore) LoadsQuietly(p pdb.Partition) bool {
	if s.DB(p) != nil || s.Started(p) || !LargePartition(p) {
		return true
	}
	return s.cached(p)
}

// Started reports whether a load of p is under way.
func (s *PDBStore) Started(p pdb.Partition) bool {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	st := s.Loading[PartitionKey(p)]
	return st != nil && st.err == nil && !st.done
}

// NotBuiltError says that a large database is neither loaded nor cached,
// and where to build it. It matches errPDBNotReady, so that a search or a
// comparison waiting on it starts once the pattern database view has built
// it.
func NotBuiltError(p pdb.Partition, name string) error {
	return &NotBuilt{NotReadyError: notBuiltText(p, name), Partition: p}
}

// NotBuilt is NotBuiltError's error: its partition tells a view that
// offers to build it which one (errors.As).
type NotBuilt struct {
	NotReadyError
	Partition pdb.Partition
}

// notBuiltText is NotBuiltError's message.
func notBuiltText(p pdb.Partition, name string) NotReadyError {
	cli := "slidelab pdb build --partition " + PDBPartitionName(p)
	if p.Goal != board.BlankLast {
		cli += " --goal " + p.Goal.String()
	}
	return NotReadyError(fmt.Sprintf("the %s pattern database is not built yet (%s entries, about %s): build it in the Pattern database tab (%s, Run to end), "+
		"or with `%s` and open the window again; or pick another heuristic",
		name, toolkit.FormatCount(partitionEntries(p)), toolkit.FormatBytes(partitionEntries(p)*TableBytesPerEntry), toolkit.SizeLabel(p.Size), cli))
}

// StatusOf is Status, except that a large database neither loaded nor
// cached says what it costs and, in full, how to build it (the search
// panel shows it, wrapped, under the heuristic selector).
func (s *PDBStore) StatusOf(p pdb.Partition) string {
	if b, ok := s.viewBuildOf(p); ok {
		return viewBuildStatus(p, b)
	}
	if s.LoadsQuietly(p) {
		return s.Status(p)
	}
	return fmt.Sprintf("not built yet (%s, minutes to build): open the Pattern database tab, choose the %s and this partition, "+
		"press Run to end, and come back when it is built; or pick another heuristic",
		toolkit.FormatBytes(partitionEntries(p)*TableBytesPerEntry), toolkit.SizeLabel(p.Size))
}

// ConfirmEntries is the size of table from which a build asks first: 7-tile
// groups on the 15-puzzle (57,657,600 entries) ask, 6-tile ones (5,765,760,
// a few seconds) do not.
const ConfirmEntries = 20_000_000

// Rough costs of a build, per entry: the table kept afterwards, and the
// time, measured on a two-core classroom machine (the 576.6 million entries
// of the 7-8 preset in 17-18 s, the 24-puzzle's 6-6-6-6 in 13 s, on a
// quiet machine; a busy one takes longer). The builder's working memory is
// core/pdb's BuilderMemory.
const (
	TableBytesPerEntry = 1
	BuildTimePerEntry  = 40 * time.Nanosecond
)

// TableEntries is n!/(n-k)!.
func TableEntries(s board.Size, k int) uint64 {
	n := s.Cells()
	e := uint64(1)
	for i := 0; i < k; i++ {
		e *= uint64(n - i)
	}
	return e
}
