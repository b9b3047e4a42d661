package catalog

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

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
