package search

import (
	"context"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// easyKorf are instances of Korf's 100 that Manhattan distance solves in
// a few million nodes.
var easyKorf = []int{9, 12, 19, 42, 47, 55, 79, 93, 94, 97}

// benchSolve solves the given Korf instances (1-based) one after the other
// on one core per iteration and reports nodes generated per instance and per
// second of search.
func benchSolve(b *testing.B, h Heuristic, ids []int) {
	ks := board.Korf100()
	ctx := context.Background()
	var gen uint64
	var spent time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, id := range ids {
			r, err := Solve(ctx, ks[id-1].Board, Config{Heuristic: h})
			if err != nil {
				b.Fatal(err)
			}
			if r.Length() != ks[id-1].Optimal {
				b.Fatalf("Korf %d: length %d, want %d", id, r.Length(), ks[id-1].Optimal)
			}
			gen += r.Generated
			spent += r.Elapsed
		}
	}
	b.ReportMetric(float64(gen)/float64(b.N*len(ids)), "generated/instance")
	b.ReportMetric(float64(gen)/spent.Seconds()/1e6, "Mgenerated/s")
}

func allKorf() []int {
	ids := make([]int, 100)
	for i := range ids {
		ids[i] = i + 1
	}
	return ids
}

func BenchmarkIDAManhattanEasy(b *testing.B) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	benchSolve(b, md, easyKorf)
}

func BenchmarkIDALinearConflictEasy(b *testing.B) {
	lc, _ := NewLinearConflict(board.Size4x4, board.BlankLast)
	benchSolve(b, lc, easyKorf)
}

func BenchmarkIDAPDB663Easy(b *testing.B) {
	benchSolve(b, testPDB(b, "663", board.Size4x4, board.BlankLast), easyKorf)
}

// BenchmarkIDAPDB663Korf100 solves all 100 instances on one core.
func BenchmarkIDAPDB663Korf100(b *testing.B) {
	benchSolve(b, testPDB(b, "663", board.Size4x4, board.BlankLast), allKorf())
}

// BenchmarkIDAPDB663ReflectKorf100 solves all 100 instances on one core.
func BenchmarkIDAPDB663ReflectKorf100(b *testing.B) {
	benchSolve(b, testPDBReflected(b, "663", board.Size4x4, board.BlankLast), allKorf())
}

// BenchmarkKorf100Parallel solves all 100 instances with 6-6-3 and the
// reflected lookup on every core (SolveAll); ns/op is the wall time.
func BenchmarkKorf100Parallel(b *testing.B) {
	h := testPDBReflected(b, "663", board.Size4x4, board.BlankLast)
	ks := board.Korf100()
	boards := make([]board.Board, len(ks))
	for i, k := range ks {
		boards[i] = k.Board
	}
	var gen uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		err := SolveAll(context.Background(), boards, Config{Heuristic: h}, 0, func(j int, r Result, err error) {
			if err != nil || r.Length() != ks[j].Optimal {
				b.Fatalf("Korf %d: length %d, %v", j+1, r.Length(), err)
			}
			gen += r.Generated
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds()/1e6, "Mgenerated/s")
}

// BenchmarkAStarEightPuzzle solves random 8-puzzles with A* and Manhattan distance.
func BenchmarkAStarEightPuzzle(b *testing.B) {
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	boards := randomBoards(b, 71, board.Size3x3, board.BlankLast, 20)
	var gen uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range boards {
			r, err := Solve(context.Background(), s, Config{Algorithm: AStar, Heuristic: md})
			if err != nil {
				b.Fatal(err)
			}
			gen += r.Generated
		}
	}
	b.ReportMetric(float64(gen)/b.Elapsed().Seconds()/1e6, "Mgenerated/s")
}
