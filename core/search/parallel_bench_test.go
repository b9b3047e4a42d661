package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// benchOneBoard solves boards one at a time with workers workers each
// (parallel IDA* when workers > 1); ns/op is the wall time of all of them.
func benchOneBoard(b *testing.B, h Heuristic, insts []board.Instance, workers int) {
	ctx := context.Background()
	var gen uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, in := range insts {
			r, err := Solve(ctx, in.Board, Config{Heuristic: h, Workers: workers})
			if err != nil {
				b.Fatal(err)
			}
			if r.Length() != in.Optimal {
				b.Fatalf("%s: length %d, want %d", in.Board.Line(), r.Length(), in.Optimal)
			}
			gen += r.Generated
		}
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds()/1e6, "Mgenerated/s")
}

// BenchmarkIDASplit solves Korf's instances 60 and 88 (among the hardest
// for 6-6-3, about 15 million nodes each) one at a time with 1 and 2
// workers: compare the ns/op of the two sub-benchmarks.
func BenchmarkIDASplit(b *testing.B) {
	h := testPDB(b, "663", board.Size4x4, board.BlankLast)
	ks := board.Korf100()
	insts := []board.Instance{ks[59], ks[87]}
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchOneBoard(b, h, insts, w) })
	}
}

// BenchmarkHardest80 solves one of the 80-move positions (number 12, the
// one 6-6-3 with the reflected lookup finishes fastest, about 450 million
// nodes) with 1 and 2 workers. "slidelab bench solve --set hardest80
// --vs-workers 1,2" times all 17.
func BenchmarkHardest80(b *testing.B) {
	h := testPDBReflected(b, "663", board.Size4x4, board.BlankLast)
	insts := board.Hardest80()[11:12]
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) { benchOneBoard(b, h, insts, w) })
	}
}
