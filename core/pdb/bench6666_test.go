package pdb

import (
	"context"
	"os"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// bench6666Env makes BenchmarkBuild6666 and BenchmarkLoad6666 run: it names
// a cache directory for the 24-puzzle's 6-6-6-6 tables (make bench6666).
const bench6666Env = "SLIDELAB_BENCH6666"

// BenchmarkBuild6666 builds the four 127,512,000-entry tables of the 6666
// preset from scratch in memory (16 s and 0.8 GB on two cores in
// docs/performance.md). It is skipped unless
// SLIDELAB_BENCH6666 is set.
func BenchmarkBuild6666(b *testing.B) {
	if os.Getenv(bench6666Env) == "" {
		b.Skip("set " + bench6666Env + "=DIR (make bench6666): about 1.4 GB and minutes")
	}
	p, err := Preset("6666", board.Size5x5, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Build(context.Background(), p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoad6666 loads the 6666 tables from the cache directory named by
// SLIDELAB_BENCH6666, building them there first if they are missing.
func BenchmarkLoad6666(b *testing.B) {
	dir := os.Getenv(bench6666Env)
	if dir == "" {
		b.Skip("set " + bench6666Env + "=DIR (make bench6666)")
	}
	p, err := Preset("6666", board.Size5x5, board.BlankLast)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := LoadOrBuild(context.Background(), p, dir, nil); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := LoadOrBuild(context.Background(), p, dir, func(LayerStats) { b.Fatal("rebuilt") }); err != nil {
			b.Fatal(err)
		}
	}
}
