package gui

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// dynStore holds the dynamically partitioned databases (dpdb:pairs,
// dpdb:triples) the searches use, keyed by board size, goal and set. It
// loads them from the cache directory or builds them in the background on a
// jobRunner (well under a second on 4x4: 105 pair tables, then 455 triple
// tables) and reports the progress like pdbStore. It is safe for concurrent use; onChange runs on the Fyne
// goroutine.
type dynStore struct {
	do       toolkit.DoFunc
	cacheDir string // "" builds in memory only
	onChange func()

	mu      sync.Mutex
	hs      map[string]*search.DynamicPDB
	loading map[string]*loadState
}

// newDynStore returns an empty store that posts through do and keeps the
// tables in cacheDir (pdb.LoadOrBuildAllGroups).
func newDynStore(do toolkit.DoFunc, cacheDir string) *dynStore {
	return &dynStore{do: toolkit.OrFyneDo(do), cacheDir: cacheDir, hs: map[string]*search.DynamicPDB{}, loading: map[string]*loadState{}}
}

// dynKey identifies one database.
func dynKey(s board.Size, g board.Goal, triples bool) string {
	return fmt.Sprintf("%s %s %v", s, g, triples)
}

// dynSetName is the set's name in the registry ("pairs", "triples").
func dynSetName(triples bool) string {
	if triples {
		return search.DynamicTriples
	}
	return search.DynamicPairs
}

// Heuristic returns the built heuristic, or nil.
func (s *dynStore) Heuristic(size board.Size, g board.Goal, triples bool) *search.DynamicPDB {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hs[dynKey(size, g, triples)]
}

// State describes the database for the heuristic selector.
func (s *dynStore) State(size board.Size, g board.Goal, triples bool) pdbState {
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
		return pdbState{name: name, status: fmt.Sprintf("ready (in %s)", roundDuration(st.took)), fraction: 1, ready: true}
	case s.hs[key] != nil:
		return pdbState{name: name, status: "ready", fraction: 1, ready: true}
	case st == nil:
		return pdbState{name: name, status: "not built"}
	case st.err != nil:
		return pdbState{name: name, status: "failed: " + st.err.Error()}
	}
	return pdbState{name: name, status: "building the tables: " + percentText(st.fraction), fraction: st.fraction}
}

// Ensure starts building the database in the background unless it is built
// or being built; a failed build is tried again. The work sees no widget
// and none of the store's maps: its progress goes into the load's state
// under the lock, and the heuristic is stored when the job finishes.
func (s *dynStore) Ensure(ctx context.Context, size board.Size, g board.Goal, triples bool) {
	key := dynKey(size, g, triples)
	s.mu.Lock()
	if s.hs[key] != nil || (s.loading[key] != nil && s.loading[key].err == nil && !s.loading[key].done) {
		s.mu.Unlock()
		return
	}
	st := &loadState{built: true}
	s.loading[key] = st
	s.mu.Unlock()
	startLoad(ctx, s.do, &s.mu, st, s.notify, func(ctx context.Context, progress func(func(*loadState))) (*search.DynamicPDB, error) {
		h, err := search.LoadDynamicPDB(ctx, size, g, triples, s.cacheDir, func(done, total int) {
			progress(func(st *loadState) { st.fraction = float64(done) / float64(max(total, 1)) })
		})
		if errors.Is(err, pdb.ErrNotCached) && h != nil {
			err = nil // built but not saved (a read-only or full cache): it works
		}
		return h, err
	}, func(h *search.DynamicPDB) { s.hs[key] = h })
}

// notify runs onChange; it is called on the Fyne goroutine.
func (s *dynStore) notify() {
	if s.onChange != nil {
		s.onChange()
	}
}

// dynamicOptions lists dpdb:pairs and dpdb:triples for the 8- and
// 15-puzzle (the boards they are meant for; the tables exist for any size
// up to 4x4). Choosing one starts its build; until it is ready the option
// says how far the build is, as a pattern database's does. The reflected
// lookup is not offered: all pairs (triples) of a board and of its mirror
// image are the same groups, so it never changes the value.
func (u *UI) dynamicOptions(s board.Size) []heuristicOption {
	if s != board.Size3x3 && s != board.Size4x4 {
		return nil
	}
	goal := u.Settings.Goal
	var opts []heuristicOption
	for _, triples := range []bool{false, true} {
		spec, err := search.ParseHeuristic(search.DynamicKind + ":" + dynSetName(triples))
		if err != nil {
			continue
		}
		triples := triples
		opts = append(opts, heuristicOption{label: spec.Label(), short: spec.String(),
			build: func() (search.Heuristic, error) {
				if h := u.dyns.Heuristic(s, goal, triples); h != nil {
					return h, nil
				}
				u.dyns.Ensure(u.ctx, s, goal, triples)
				st := u.dyns.State(s, goal, triples)
				return nil, notReadyError(fmt.Sprintf("the tables of %s are not ready yet (%s); try again in a moment or pick another heuristic",
					st.name, st.status))
			},
			database: func() pdbState { return u.dyns.State(s, goal, triples) }})
	}
	return opts
}

// demoDynamic shows IDA* with dpdb:triples on the puzzle view a dozen steps
// in, with the h overlay showing the cover (Demo's "dpdb"), once the tables
// are built.
func (u *UI) demoDynamic(ready func()) error {
	s, g := board.Size4x4, u.Settings.Goal
	if u.Session.Board().Size() != s {
		return fmt.Errorf("the dpdb demo needs a 15-puzzle board")
	}
	u.Search.AlgorithmSelect.SetSelected("IDA*")
	u.dyns.Ensure(u.ctx, s, g, true)
	go func() {
		for u.dyns.Heuristic(s, g, true) == nil {
			select {
			case <-u.ctx.Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
		u.do(func() {
			if err := u.Search.SelectHeuristic(search.DynamicKind + ":" + search.DynamicTriples); err != nil {
				return
			}
			u.Search.ShowH.SetChecked(true)
			for range 12 {
				u.Search.Step()
			}
			ready()
		})
	}()
	return nil
}
