package catalog

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// DynStore holds the dynamically partitioned databases (dpdb:pairs,
// dpdb:triples) the searches use, keyed by board size, goal and set. It
// loads them from the cache directory or builds them in the background on a
// jobRunner (well under a second on 4x4: 105 pair tables, then 455 triple
// tables) and reports the progress like pdbStore. It is safe for concurrent use; onChange runs on the Fyne
// goroutine.
type DynStore struct {
	do       toolkit.DoFunc
	cacheDir string // "" builds in memory only
	OnChange func()

	mu      sync.Mutex
	hs      map[string]*search.DynamicPDB
	loading map[string]*LoadState
}

// NewDynStore returns an empty store that posts through do and keeps the
// tables in cacheDir (pdb.LoadOrBuildAllGroups).
func NewDynStore(do toolkit.DoFunc, cacheDir string) *DynStore {
	return &DynStore{do: toolkit.OrFyneDo(do), cacheDir: cacheDir, hs: map[string]*search.DynamicPDB{}, loading: map[string]*LoadState{}}
}

// dynKey identifies one database.
func dynKey(s board.Size, g board.Goal, triples bool) string {
	return fmt.Sprintf("%s %s %v", s, g, triples)
}

// DynSetName is the set's name in the registry ("pairs", "triples").
func DynSetName(triples bool) string {
	if triples {
		return search.DynamicTriples
	}
	return search.DynamicPairs
}

// Heuristic returns the built heuristic, or nil.
func (s *DynStore) Heuristic(size board.Size, g board.Goal, triples bool) *search.DynamicPDB {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hs[dynKey(size, g, triples)]
}

// State describes the database for the heuristic selector.
func (s *DynStore) State(size board.Size, g board.Goal, triples bool) PDBState {
	key := dynKey(size, g, triples)
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.loading[key]
	name := "dynamic pairs"
	if triples {
		name = "dynamic pairs + triples"
	}
	switch {
	case s.hs[key] != nil && st != nil:
		return PDBState{Name: name, Status: fmt.Sprintf("ready (in %s)", RoundDuration(st.took)), Fraction: 1, Ready: true}
	case s.hs[key] != nil:
		return PDBState{Name: name, Status: "ready", Fraction: 1, Ready: true}
	case st == nil:
		return PDBState{Name: name, Status: "not built"}
	case st.err != nil:
		return PDBState{Name: name, Status: "failed: " + st.err.Error()}
	}
	return PDBState{Name: name, Status: "building the tables: " + toolkit.PercentText(st.Fraction), Fraction: st.Fraction}
}

// Ensure starts building the database in the background unless it is built
// or being built; a failed build is tried again. The work sees no widget
// and none of the store's maps: its progress goes into the load's state
// under the lock, and the heuristic is stored when the job finishes.
func (s *DynStore) Ensure(ctx context.Context, size board.Size, g board.Goal, triples bool) {
	key := dynKey(size, g, triples)
	s.mu.Lock()
	if s.hs[key] != nil || (s.loading[key] != nil && s.loading[key].err == nil && !s.loading[key].done) {
		s.mu.Unlock()
		return
	}
	st := &LoadState{built: true}
	s.loading[key] = st
	s.mu.Unlock()
	startLoad(ctx, s.do, &s.mu, st, s.notify, func(ctx context.Context, progress func(func(*LoadState))) (*search.DynamicPDB, error) {
		h, err := search.LoadDynamicPDB(ctx, size, g, triples, s.cacheDir, func(done, total int) {
			progress(func(st *LoadState) { st.Fraction = float64(done) / float64(max(total, 1)) })
		})
		if errors.Is(err, pdb.ErrNotCached) && h != nil {
			err = nil // built but not saved (a read-only or full cache): it works
		}
		return h, err
	}, func(h *search.DynamicPDB) { s.hs[key] = h })
}

// notify runs onChange; it is called on the Fyne goroutine.
func (s *DynStore) notify() {
	if s.OnChange != nil {
		s.OnChange()
	}
}
