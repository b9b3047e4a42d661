package checkview

import (
	"bytes"
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
)

// benchSeed seeds benchWalk.
var benchSeed = 2

// benchTrace is Slidelab's A* with Manhattan distance on a 15-puzzle in
// the least form (1.1 MB, about 30,000 expansions: past maxSteps), with its
// options.
func benchTrace(b *testing.B) ([]byte, tracecheck.Options) {
	b.Helper()
	start, err := board.Parse("5 1 2 3 / 9 6 7 4 / 13 10 11 8 / 0 14 15 12", board.Size4x4)
	if err != nil {
		b.Fatal(err)
	}
	start = benchWalk(start)
	spec, _ := search.ParseHeuristic("manhattan")
	h, err := spec.New(context.Background(), start.Size(), board.BlankLast, search.HeuristicOptions{})
	if err != nil {
		b.Fatal(err)
	}
	data := leastTrace(b, search.AStar, h, start)
	return data, tracecheck.Options{Algorithm: search.AStar, Heuristic: h, HeuristicName: "manhattan", Goal: board.BlankLast}
}

// benchWalk returns a harder start: the board moved 60 times along a
// fixed pseudo-random walk (a linear congruential generator, seeded).
func benchWalk(b board.Board) board.Board {
	x := uint32(benchSeed)
	for i := 0; i < 60; {
		x = x*1664525 + 1013904223
		if n, ok := b.Move(board.Dirs[x>>30]); ok {
			b = n
			i++
		}
	}
	return b
}

// BenchmarkViewCheck is the view's whole check of a trace: reading and
// checking it, keeping its run for stepping, and stepping the reference.
func BenchmarkViewCheck(b *testing.B) {
	data, opts := benchTrace(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		out, err := checkTrace(context.Background(), bytesSource(data), opts, board.Size4x4, func(float64) {})
		if err != nil || !out.result.Pass() {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlainCheck is what `slidelab check` does with the same trace:
// the check alone, and Slidelab's search at full speed for its counts.
func BenchmarkPlainCheck(b *testing.B) {
	data, opts := benchTrace(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		rd := tracecheck.Reader{Options: opts}
		res, err := rd.Check(context.Background(), bytes.NewReader(data))
		if err != nil || !res.Pass() {
			b.Fatal(err)
		}
		o := opts
		o.Start = res.Start
		if _, err := tracecheck.RunReference(context.Background(), o, 0, 0); err != nil {
			b.Fatal(err)
		}
	}
}
