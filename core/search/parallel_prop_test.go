package search

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// longParallel makes TestParallelSameAsOneWorker walk further from the goal.
var longParallel = flag.Bool("parallel.long", false, "longer walks in TestParallelSameAsOneWorker")

// propBoards returns the boards of the property test on size s: the goal
// itself (0 moves), boards one and two moves away (solved in the first
// pass), and random walks of up to walk moves.
func propBoards(t *testing.T, s board.Size, seed uint64, walk, n int) []board.Board {
	g := board.BlankLast
	out := []board.Board{board.Solved(s, g)}
	out = append(out, walkBoards(t, seed, s, g, 1, 1)...)
	out = append(out, walkBoards(t, seed+1, s, g, 2, 1)...)
	for i := 0; i < n; i++ {
		out = append(out, walkBoards(t, seed+2+uint64(i), s, g, walk*(i+1)/n, 1)...)
	}
	// The race form (raceForm) keeps the random boards (any distance) on
	// the 8-puzzle only: on 4x2 and 2x4 they are the deepest searches of the
	// test (3 s of its 9 under -race), the same workers as the walks.
	if s.Cells() <= 9 && (!raceForm() || s == board.Size3x3) {
		out = append(out, randomBoards(t, seed, s, g, n)...) // any distance
	}
	return out
}

// TestParallelSameAsOneWorker is the property that parallel IDA* is the
// single-threaded one: on boards of every size, with 1 to 4 workers and
// repeated runs, the solution, h0, counts and passes are the same, and so
// are the counts and passes where a node limit stops the search.
func TestParallelSameAsOneWorker(t *testing.T) {
	sizes := []struct {
		s    board.Size
		walk int
	}{
		{board.Size{W: 2, H: 3}, 30}, {board.Size{W: 3, H: 2}, 30}, {board.Size3x3, 40},
		{board.Size{W: 2, H: 4}, 40}, {board.Size{W: 4, H: 2}, 40}, {board.Size{W: 2, H: 5}, 40},
		{board.Size{W: 3, H: 4}, 40}, {board.Size{W: 4, H: 3}, 40}, {board.Size4x4, 45},
		{board.Size{W: 5, H: 4}, 40}, {board.Size{W: 4, H: 5}, 40}, {board.Size{W: 5, H: 5}, 40},
	}
	n, runs := 4, 3
	switch {
	case raceEnabled:
		n, runs = 2, 2
	case *longParallel:
		n = 8
	case !testing.Short():
		n = 6
	}
	for _, sz := range sizes {
		walk := sz.walk
		if *longParallel {
			walk *= 2
		}
		if raceEnabled {
			walk /= 2
		}
		hs := basicHeuristics(t, sz.s, board.BlankLast)[1:3] // Manhattan, linear conflict
		hs = append(hs, opaque{hs[0]})                       // the generic kernel
		for _, b := range propBoards(t, sz.s, uint64(sz.s.Cells()), walk, n) {
			for _, h := range hs {
				t.Run(fmt.Sprintf("%s/%s/%s", sz.s, h.Name(), b.Line()), func(t *testing.T) {
					propCheck(t, b, h, runs)
				})
			}
		}
	}
}

// propCheck compares parallel runs of b with h against one worker, without
// and with node limits.
func propCheck(t *testing.T, b board.Board, h Heuristic, runs int) {
	ctx := context.Background()
	one, err := Solve(ctx, b, Config{Heuristic: h})
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, b, board.BlankLast, one.Moves)
	limits := []uint64{0}
	if g := one.Generated; g > 8 {
		limits = append(limits, 1, g/2+1, g-1)
		if !testing.Short() {
			limits = append(limits, g/3, g)
		}
	}
	for _, limit := range limits {
		want, wantErr := one, error(nil)
		if limit > 0 {
			want, wantErr = Solve(ctx, b, Config{Heuristic: h, NodeLimit: limit})
		}
		for w := 2; w <= 4; w++ {
			for run := 0; run < runs; run++ {
				got, err := Solve(ctx, b, Config{Heuristic: h, Workers: w, NodeLimit: limit})
				if fmt.Sprint(err) != fmt.Sprint(wantErr) {
					t.Fatalf("limit %d, %d workers: error %v, one worker %v", limit, w, err, wantErr)
				}
				var le *LimitError
				if errors.As(err, &le) && le.Stats != got.Stats {
					t.Fatalf("limit %d, %d workers: error's stats %+v, result's %+v", limit, w, le.Stats, got.Stats)
				}
				if d := sameSearch(got, want); d != "" {
					t.Fatalf("limit %d, %d workers, run %d: %s", limit, w, run+1, d)
				}
			}
		}
	}
}

// TestParallelSeveralOptimal checks that the property test's 3x3 boards
// include boards with several optimal solutions (where a parallel search
// could return another one than one worker) and that parallel IDA* returns
// the one one worker returns on them.
func TestParallelSeveralOptimal(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	ways := make(map[uint64]int)
	var count func(b board.Board) int
	count = func(b board.Board) int { // optimal solutions from b
		d := dist[b.Cells()]
		if d == 0 {
			return 1
		}
		if n, ok := ways[b.Cells()]; ok {
			return n
		}
		n := 0
		for _, dir := range board.Dirs {
			if c, ok := b.Move(dir); ok && dist[c.Cells()] == d-1 {
				n += count(c)
			}
		}
		ways[b.Cells()] = n
		return n
	}
	md, _ := NewManhattan(s, g)
	several := 0
	for _, b := range propBoards(t, s, uint64(s.Cells()), 40, 4) {
		if count(b) < 2 {
			continue
		}
		several++
		checkParallel(t, b, md, g, []int{2, 3, 4})
	}
	if several < 3 {
		t.Fatalf("only %d boards with several optimal solutions", several)
	}
}
