package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// BenchmarkIDAPDB78ReflectKorf100 solves Korf's 100 instances on one core
// with the 7-8 tables and the reflected lookup (Korf and Felner report
// 36,710 nodes generated per instance). The tables come from the cache
// ($SLIDELAB_CACHE or the default directory); without them it is skipped
// (slidelab pdb build --partition 78 makes them: 2 GB and minutes).
func BenchmarkIDAPDB78ReflectKorf100(b *testing.B) {
	p, err := pdb.Preset("78", board.Size4x4, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	dir, err := pdb.DefaultCacheDir()
	if err != nil {
		b.Skip(err)
	}
	for _, g := range p.Groups {
		if _, err := os.Stat(filepath.Join(dir, pdb.FileName(p.Size, p.Goal, g))); err != nil {
			b.Skipf("the cache %s lacks the 7-8 tables: slidelab pdb build --partition 78", dir)
		}
	}
	h, err := NewHeuristic(context.Background(), "pdb:78+reflect", board.Size4x4, board.BlankLast, HeuristicOptions{CacheDir: dir})
	if err != nil {
		b.Fatal(err)
	}
	benchSolve(b, h, allKorf())
}
