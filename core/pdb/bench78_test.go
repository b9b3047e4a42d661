package pdb

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// bench78Env makes BenchmarkBuild78 run: it needs about 1.2 GB and 20 s.
const bench78Env = "SLIDELAB_BENCH78"

// BenchmarkBuild78 builds the two tables of the 7-8 preset from scratch
// (518,918,400 + 57,657,600 entries; target: at most 3 minutes and 2.5 GB on
// two cores). It is skipped unless SLIDELAB_BENCH78=1 (make bench78).
func BenchmarkBuild78(b *testing.B) {
	if os.Getenv(bench78Env) != "1" {
		b.Skip("set " + bench78Env + "=1 (make bench78): about 1.2 GB and 20 s")
	}
	p, err := Preset("78", board.Size4x4, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Build(context.Background(), p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad78 loads the 7-8 tables from the cache ($SLIDELAB_CACHE or
// the default cache directory; target: at most 2 s). It is skipped when the
// cache lacks them (slidelab pdb build --partition 78 makes them).
func BenchmarkLoad78(b *testing.B) {
	p, err := Preset("78", board.Size4x4, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	dir, err := DefaultCacheDir()
	if err != nil {
		b.Skip(err)
	}
	for _, g := range p.Groups {
		if _, err := os.Stat(filepath.Join(dir, FileName(p.Size, p.Goal, g))); err != nil {
			b.Skipf("the cache %s lacks the 7-8 tables: slidelab pdb build --partition 78", dir)
		}
	}
	for b.Loop() {
		if _, err := LoadOrBuild(context.Background(), p, dir, func(LayerStats) { b.Fatal("rebuilt") }); err != nil {
			b.Fatal(err)
		}
	}
}
