package catalog

import (
	"bytes"
	"context"
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// TestLoadTablesWithoutCache builds a partition with no cache directory (as
// in a browser): the tables equal core/pdb's own build, the progress ends
// at 1 and no file is written anywhere (the working directory stays empty).
func TestLoadTablesWithoutCache(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		preset string
		size   board.Size
		goal   board.Goal
	}{
		{"44", board.Size3x3, board.BlankLast},
		{"33", board.Size{W: 3, H: 2}, board.BlankFirst},
	} {
		t.Run(tc.preset, func(t *testing.T) {
			p, err := pdb.Preset(tc.preset, tc.size, tc.goal)
			if err != nil {
				t.Fatal(err)
			}
			var last float64
			var calls int
			db, err := loadTables(context.Background(), p, "", func(table int, fraction float64, built bool) {
				calls++
				if fraction < last || fraction > 1 || table < 0 || table >= len(p.Groups) {
					t.Errorf("progress table %d fraction %v after %v", table, fraction, last)
				}
				last = fraction
			})
			if err != nil {
				t.Fatal(err)
			}
			if calls == 0 || last != 1 {
				t.Errorf("%d progress calls, last fraction %v; want some, ending at 1", calls, last)
			}
			want, err := pdb.Build(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range p.Groups {
				if !bytes.Equal(db.Tables[i].Values(), want.Tables[i].Values()) {
					t.Errorf("table %d differs from pdb.Build's", i+1)
				}
			}
			if entries, err := os.ReadDir("."); err != nil || len(entries) != 0 {
				t.Errorf("working directory holds %v (err %v); want nothing written", entries, err)
			}
		})
	}
}

// TestLoadTablesWithoutCacheCancelled stops at a cancelled context with its
// error and no database.
func TestLoadTablesWithoutCacheCancelled(t *testing.T) {
	p, err := pdb.Preset("44", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	db, err := loadTables(ctx, p, "", func(int, float64, bool) {})
	if !errors.Is(err, context.Canceled) || db != nil {
		t.Fatalf("loadTables = %v, %v; want no database and context.Canceled", db, err)
	}
}

// TestLoadTimeIsTheWorks checks that a load's time is its work's, not the
// wait for the UI goroutine to run the callback that ends it: at the app's
// start that wait (the first frames) made a 6-6-3 load from the cache read
// "loaded in 1.7 s" when the load itself took a millisecond.
func TestLoadTimeIsTheWorks(t *testing.T) {
	const uiBusy = 400 * time.Millisecond
	var mu sync.Mutex
	st := &LoadState{}
	finished := make(chan struct{})
	var once sync.Once
	do := func(f func()) {
		go func() {
			time.Sleep(uiBusy) // the UI goroutine is drawing
			f()
		}()
	}
	startLoad(context.Background(), do, &mu, st, func() {
		mu.Lock()
		done := st.done
		mu.Unlock()
		if done {
			once.Do(func() { close(finished) })
		}
	}, func(context.Context, func(func(*LoadState))) (int, error) { return 1, nil }, func(int) {})
	<-finished
	mu.Lock()
	defer mu.Unlock()
	if st.took >= uiBusy {
		t.Errorf("the load took %v by its state, but its work returned at once (the UI's %v wait counted)", st.took, uiBusy)
	}
}

// TestLoadStatusSaysLoadingOrBuilding: a table read from the cache (or, in
// a browser, fetched) is "loading", not "building", until a build starts.
func TestLoadStatusSaysLoadingOrBuilding(t *testing.T) {
	for _, tc := range []struct {
		st   LoadState
		want string
	}{
		{LoadState{Table: 0, Fraction: 0}, "loading table 1 of 3: 0%"},
		{LoadState{Table: 1, Fraction: 0.4}, "loading table 2 of 3: 40%"},
		{LoadState{Table: 1, Fraction: 0.5, building: true, built: true}, "building table 2 of 3: 50%"},
		{LoadState{Table: 2, Fraction: 0.7, built: true}, "loading table 3 of 3: 70%"},
	} {
		if got := tc.st.progressText(3); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.st, got, tc.want)
		}
	}
}
