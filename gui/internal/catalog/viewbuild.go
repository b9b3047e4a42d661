package catalog

import (
	"fmt"
	"slices"
	"time"

	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// ViewProgress is the progress of a build in the pattern database view.
type ViewProgress struct {
	// Built marks the tables finished; Table (0-based) is under way at
	// Fraction of its entries.
	Built    []bool
	Table    int
	Fraction float64
	// Left is the time left, estimated from the speed the build has
	// measured on this machine so far; 0 while unknown.
	Left time.Duration
}

// ViewBuild records the progress of the pattern database view's build of
// p. The
// other views' database lines (the search panel's, under the heuristic
// selector) show it: a teacher who started the 24-puzzle's 6-6-6-6 in that
// tab sees it come along in the search tab, which becomes ready when the
// view puts the finished database in the store.
func (s *PDBStore) ViewBuild(p pdb.Partition, b ViewProgress) {
	s.Mu.Lock()
	if s.views == nil {
		s.views = map[string]ViewProgress{}
	}
	b.Built = slices.Clone(b.Built)
	s.views[PartitionKey(p)] = b
	s.Mu.Unlock()
	s.changed()
}

// ViewBuildEnded forgets the view's build of p (finished, cancelled or
// failed).
func (s *PDBStore) ViewBuildEnded(p pdb.Partition) {
	s.Mu.Lock()
	_, ok := s.views[PartitionKey(p)]
	delete(s.views, PartitionKey(p))
	s.Mu.Unlock()
	if ok {
		s.changed()
	}
}

// viewBuildOf returns the view's build of p, if one is under way and p is
// not loaded.
func (s *PDBStore) viewBuildOf(p pdb.Partition) (ViewProgress, bool) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	key := PartitionKey(p)
	b, ok := s.views[key]
	return b, ok && s.dbs[key] == nil
}

// viewBuildStatus is StatusOf's line for the view's build b of p.
func viewBuildStatus(p pdb.Partition, b ViewProgress) string {
	done := 0
	for _, ok := range b.Built {
		if ok {
			done++
		}
	}
	left := ""
	if b.Left > 0 {
		left = fmt.Sprintf(", about %s left at the speed measured on this machine", RoundDuration(b.Left.Round(time.Second)))
	}
	return fmt.Sprintf("building in the Pattern database tab: table %d of %d at %s (%d of %d built%s); the search can start when all are built",
		b.Table+1, len(p.Groups), toolkit.PercentText(b.Fraction), done, len(p.Groups), left)
}

// viewBuildFraction is the view's build b of p as a fraction of all its
// tables' entries.
func viewBuildFraction(p pdb.Partition, b ViewProgress) float64 {
	var total, done float64
	for i, g := range p.Groups {
		e := float64(TableEntries(p.Size, len(g)))
		total += e
		switch {
		case i < len(b.Built) && b.Built[i]:
			done += e
		case i == b.Table:
			done += e * b.Fraction
		}
	}
	if total == 0 {
		return 0
	}
	return done / total
}
