package catalog

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// PDBStore holds the pattern databases the searches use, keyed by partition.
// It loads them from the cache directory or builds them in the background.
// It is safe for concurrent use; onChange runs on the Fyne goroutine.
type PDBStore struct {
	do       toolkit.DoFunc
	CacheDir string
	OnChange func()

	Mu      sync.Mutex
	dbs     map[string]*pdb.DB
	fringes map[string][]*pdb.Table // fringe tables by partitionKey (pdbview_fringe.go)
	Loading map[string]*LoadState
	views   map[string]ViewProgress // builds under way in the pattern database view (viewbuild.go)
}

// LoadState is the progress of one background load.
type LoadState struct {
	Fraction float64 // 0..1
	Table    int     // index of the table being built
	err      error
	done     bool
	took     time.Duration
	built    bool // at least one table was built rather than loaded
	building bool // the table under way is being built, not loaded
}

// progressText says what a load under way is doing: loading the cache's
// (or, in a browser, the shipped or stored) table, or building it.
func (st *LoadState) progressText(groups int) string {
	verb := "loading"
	if st.building {
		verb = "building"
	}
	return fmt.Sprintf("%s table %d of %d: %s", verb, st.Table+1, groups, toolkit.PercentText(st.Fraction))
}

// NewPDBStore returns a store reading and writing cacheDir.
func NewPDBStore(do toolkit.DoFunc, cacheDir string) *PDBStore {
	return &PDBStore{do: toolkit.OrFyneDo(do), CacheDir: cacheDir, dbs: map[string]*pdb.DB{}, Loading: map[string]*LoadState{}}
}

// PartitionKey identifies a partition.
func PartitionKey(p pdb.Partition) string {
	return fmt.Sprintf("%s %s %s", p.Size, p.Goal, p)
}

// DB returns the loaded database for p, or nil.
func (s *PDBStore) DB(p pdb.Partition) *pdb.DB {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	return s.dbs[PartitionKey(p)]
}

// Put stores a database (for example one the PDB view built).
func (s *PDBStore) Put(db *pdb.DB) {
	s.Mu.Lock()
	s.dbs[PartitionKey(db.Partition)] = db
	s.Mu.Unlock()
	s.changed()
}

// Status describes p's database in a few words: ready, loading with its
// progress, or the error that stopped it.
func (s *PDBStore) Status(p pdb.Partition) string {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	key := PartitionKey(p)
	st := s.Loading[key]
	if s.dbs[key] != nil {
		if st != nil && st.done {
			verb := "loaded from the cache"
			if st.built {
				verb = "built"
			}
			return fmt.Sprintf("ready (%s in %s)", verb, RoundDuration(st.took))
		}
		return "ready"
	}
	if st == nil {
		return "not loaded"
	}
	if st.err != nil {
		return "failed: " + st.err.Error()
	}
	return st.progressText(len(p.Groups))
}

// Fraction returns the progress of p's load (1 when ready).
func (s *PDBStore) Fraction(p pdb.Partition) float64 {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	if s.dbs[PartitionKey(p)] != nil {
		return 1
	}
	if b, ok := s.views[PartitionKey(p)]; ok {
		return viewBuildFraction(p, b)
	}
	if st := s.Loading[PartitionKey(p)]; st != nil {
		return st.Fraction
	}
	return 0
}

// Ensure starts loading (or building) p in the background unless it is
// loaded or already loading. A failed load is retried. The load is a job on
// a jobRunner: its work (loadTables) sees neither the store's maps nor any
// widget; its progress goes into the load's state under the store's lock,
// and the finished database is stored on the Fyne goroutine.
func (s *PDBStore) Ensure(ctx context.Context, p pdb.Partition) {
	key := PartitionKey(p)
	s.Mu.Lock()
	if s.dbs[key] != nil || (s.Loading[key] != nil && s.Loading[key].err == nil && !s.Loading[key].done) {
		s.Mu.Unlock()
		return
	}
	st := &LoadState{}
	s.Loading[key] = st
	s.Mu.Unlock()
	startLoad(ctx, s.do, &s.Mu, st, s.notify, func(ctx context.Context, progress func(func(*LoadState))) (*pdb.DB, error) {
		return loadTables(ctx, p, s.CacheDir, func(table int, fraction float64, built bool) {
			progress(func(st *LoadState) {
				st.Table, st.Fraction = table, fraction
				st.built, st.building = st.built || built, built
			})
		})
	}, func(db *pdb.DB) { s.dbs[key] = db })
}

// startLoad runs work, the background load st follows, as a job: work's
// progress(update) applies update to st under mu and posts notify at most
// every loadRefreshEvery. When work returns, st takes the time and the error,
// or is done and keep stores the result (both under mu); notify runs then.
func startLoad[T any](ctx context.Context, do toolkit.DoFunc, mu *sync.Mutex, st *LoadState, notify func(),
	work func(ctx context.Context, progress func(update func(*LoadState))) (T, error), keep func(T)) {
	var result T
	var took time.Duration
	toolkit.NewJobRunner(ctx, do).Start(func(ctx context.Context, post func(func())) error {
		// The time is the work's own, taken when it ends: the wait for the
		// UI goroutine to run the callback below (long while the window
		// draws its first frames) is not part of loading.
		start := time.Now()
		last := time.Time{}
		var err error
		result, err = work(ctx, func(update func(*LoadState)) {
			mu.Lock()
			update(st)
			mu.Unlock()
			if now := time.Now(); now.Sub(last) >= loadRefreshEvery {
				last = now
				post(notify)
			}
		})
		took = time.Since(start)
		return err
	}, func(err error) {
		mu.Lock()
		st.took = took
		if err != nil {
			st.err = err
		} else {
			st.done, st.Fraction = true, 1
			keep(result)
		}
		mu.Unlock()
		notify()
	})
}

// loadTables loads or builds the tables of p from cacheDir, one after the
// other, and reports its progress: the table under way, the fraction of the
// whole done, and whether that table is being built (not loaded). With no
// cacheDir the tables are built in memory (in a browser, kept in its
// storage and loaded from there).
func loadTables(ctx context.Context, p pdb.Partition, cacheDir string, progress func(table int, fraction float64, built bool)) (*pdb.DB, error) {
	n := len(p.Groups)
	tables := make([]*pdb.Table, n)
	for i := range p.Groups {
		progress(i, float64(i)/float64(n), false)
		layer := func(ls pdb.LayerStats) {
			progress(i, (float64(i)+float64(ls.TotalEntries)/float64(max(ls.Entries, 1)))/float64(n), true)
		}
		if cacheDir == "" {
			// No cache directory (a browser has no file system): the
			// browser's storage (browsercache_js.go), else a build in memory.
			t := loadBrowserTable(p, i)
			if t == nil {
				var err error
				if t, err = buildTable(ctx, p, i, layer); err != nil {
					return nil, err
				}
				saveBrowserTable(t)
				progress(i, float64(i+1)/float64(n), true)
			}
			tables[i] = t
			continue
		}
		t, src, _, err := pdb.LoadOrBuildTable(ctx, p, i, cacheDir, layer)
		if errors.Is(err, pdb.ErrNotCached) && t != nil {
			// Built but not saved (a read-only or full cache): the
			// table works; it is built again next time.
			err = nil
		}
		if err != nil {
			return nil, err
		}
		if src != pdb.Loaded {
			progress(i, float64(i+1)/float64(n), true)
		}
		tables[i] = t
	}
	return pdb.NewDB(p, tables)
}

// buildTable builds the table of p's group i, reporting each layer.
func buildTable(ctx context.Context, p pdb.Partition, i int, layer func(pdb.LayerStats)) (*pdb.Table, error) {
	b, err := pdb.NewBuilder(p.Size, p.Goal, p.Groups[i])
	if err != nil {
		return nil, fmt.Errorf("table %d of %s: %w", i+1, p, err)
	}
	t, err := b.Run(ctx, layer)
	if err != nil {
		return nil, fmt.Errorf("building table %d of %s: %w", i+1, p, err)
	}
	return t, nil
}

// notify runs onChange; it is called on the Fyne goroutine.
func (s *PDBStore) notify() {
	if s.OnChange != nil {
		s.OnChange()
	}
}

// changed tells the GUI, on its goroutine.
func (s *PDBStore) changed() { s.do(s.notify) }

// RoundDuration rounds d for display.
func RoundDuration(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(100 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(time.Millisecond)
	default:
		return d.Round(time.Microsecond)
	}
}

// PresetFor returns the default pattern database preset for boards of size
// s (core/pdb's preset table), with its display name ("" when none).
func PresetFor(s board.Size) (name, label string) {
	if p, ok := pdb.DefaultPreset(s); ok {
		return p.Name, p.Label
	}
	return "", ""
}
