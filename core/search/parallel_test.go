package search

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// checkParallel solves start with one worker and with each count in
// workers, twice each, and checks that every parallel run returns exactly
// the single-threaded run's solution and counts, pass by pass.
func checkParallel(t *testing.T, start board.Board, h Heuristic, g board.Goal, workers []int) Result {
	t.Helper()
	ctx := context.Background()
	one, err := Solve(ctx, start, Config{Heuristic: h, Goal: g})
	if err != nil {
		t.Fatalf("%s %s, 1 worker: %v", h.Name(), start.Line(), err)
	}
	checkSolution(t, start, g, one.Moves)
	for _, w := range workers {
		for run := 0; run < 2; run++ {
			par, err := Solve(ctx, start, Config{Heuristic: h, Goal: g, Workers: w})
			if err != nil {
				t.Fatalf("%s %s, %d workers: %v", h.Name(), start.Line(), w, err)
			}
			if d := sameSearch(par, one); d != "" {
				t.Fatalf("%s %s, %d workers, run %d: %s", h.Name(), start.Line(), w, run+1, d)
			}
		}
	}
	return one
}

// sameSearch describes how got differs from want in what a search reports
// (solution, h0, counts, passes), or returns "".
func sameSearch(got, want Result) string {
	switch {
	case got.Found != want.Found || board.FormatMoves(got.Moves) != board.FormatMoves(want.Moves):
		return fmt.Sprintf("solution %v %s, one worker %v %s", got.Found, board.FormatMoves(got.Moves), want.Found, board.FormatMoves(want.Moves))
	case got.H0 != want.H0 || got.Stats != want.Stats:
		return fmt.Sprintf("h0 %d, %+v; one worker h0 %d, %+v", got.H0, got.Stats, want.H0, want.Stats)
	case fmt.Sprint(got.Iterations) != fmt.Sprint(want.Iterations):
		return fmt.Sprintf("passes %+v, one worker %+v", got.Iterations, want.Iterations)
	}
	return ""
}

// TestParallelEightPuzzle checks parallel IDA* against the single-threaded
// kernels (every pass but the last) and against breadth-first distances
// (length) on random 8-puzzles, with every table-free heuristic, a PDB and
// the generic kernel.
func TestParallelEightPuzzle(t *testing.T) {
	goals := []board.Goal{board.BlankLast, board.BlankFirst}
	if raceForm() {
		// The race form (raceForm) keeps blank-last with every kernel and
		// 2, 3 and 4 workers: blank-first runs the same workers on other tables.
		goals = goals[:1]
	}
	for _, g := range goals {
		dist := distances(t, board.Size3x3, g)
		hs := basicHeuristics(t, board.Size3x3, g)
		hs = append(hs, opaque{hs[2]}, testPDB(t, "1,2,3,4/5,6,7,8", board.Size3x3, g),
			testPDBReflected(t, "1,2,3,4/5,6,7,8", board.Size3x3, g))
		n := 12
		if raceEnabled {
			n = 3
		}
		boards := randomBoards(t, 16, board.Size3x3, g, n)
		boards = append(boards, board.Solved(board.Size3x3, g))
		for _, h := range hs {
			if h.Name() == "hamming" {
				continue // slow and adds nothing the others do not test
			}
			for _, b := range boards {
				r := checkParallel(t, b, h, g, []int{2, 3, 4})
				if want := dist[b.Cells()]; r.Length() != want {
					t.Fatalf("%s %s: length %d, breadth-first %d", h.Name(), b.Line(), r.Length(), want)
				}
			}
		}
	}
}

// TestParallelFifteenWalks does the same on 15-puzzles a random walk away
// from the goal, deep enough for several passes and frontier levels.
func TestParallelFifteenWalks(t *testing.T) {
	n, walk := 8, 60
	switch {
	case raceEnabled:
		n, walk = 2, 30
	case testing.Short():
		n, walk = 3, 50
	}
	hs := basicHeuristics(t, board.Size4x4, board.BlankLast)[1:] // not Hamming
	for _, h := range hs {
		for i, b := range walkBoards(t, 82, board.Size4x4, board.BlankLast, walk, n) {
			t.Run(fmt.Sprintf("%s/%d", h.Name(), i), func(t *testing.T) {
				checkParallel(t, b, h, board.BlankLast, []int{2, 4})
			})
		}
	}
}

// TestParallelKorf checks the PDB kernels on Korf instances against their
// known optimal lengths.
func TestParallelKorf(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("builds the 6-6-3 tables and searches millions of nodes")
	}
	ks := board.Korf100()
	hs := []Heuristic{testPDB(t, "663", board.Size4x4, board.BlankLast), testPDBReflected(t, "663", board.Size4x4, board.BlankLast)}
	for _, h := range hs {
		for _, id := range []int{12, 42, 55, 79, 94} {
			inst := ks[id-1]
			r := checkParallel(t, inst.Board, h, board.BlankLast, []int{2})
			if r.Length() != inst.Optimal {
				t.Errorf("%s Korf %d: length %d, want %d", h.Name(), id, r.Length(), inst.Optimal)
			}
		}
	}
}

// TestParallelStepperRun steps a search part of the way, then finishes it
// with Run on several workers: the counts of every pass but the last agree
// with a single-threaded Solve, and so do the solution and the last pass.
func TestParallelStepperRun(t *testing.T) {
	ctx := context.Background()
	lc, _ := NewLinearConflict(board.Size4x4, board.BlankLast)
	walk := 50
	if raceEnabled {
		walk = 30
	}
	for i, b := range walkBoards(t, 7, board.Size4x4, board.BlankLast, walk, 4) {
		one, err := Solve(ctx, b, Config{Heuristic: lc})
		if err != nil {
			t.Fatal(err)
		}
		for _, steps := range []int{0, 1, 5, 40} {
			st, err := NewStepper(b, Config{Heuristic: lc, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for j := 0; j < steps && !st.Done(); j++ {
				if _, err := st.Step(ctx); err != nil {
					t.Fatal(err)
				}
			}
			r, err := st.Run(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if d := sameSearch(r, one); d != "" {
				t.Fatalf("board %d after %d steps: %s", i, steps, d)
			}
		}
	}
}

// TestParallelLimitsAndCancel checks the node limit, cancellation and the
// progress reports of a parallel search.
func TestParallelLimitsAndCancel(t *testing.T) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	hard := board.Korf100()[0].Board // 57 moves: far beyond the limits below
	const limit = 300000
	r, err := Solve(context.Background(), hard, Config{Heuristic: md, NodeLimit: limit, Workers: 2})
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrNodeLimit) {
		t.Fatalf("err = %v, want a node-limit error", err)
	}
	// The limit stops the search where it stops one worker.
	one, oneErr := Solve(context.Background(), hard, Config{Heuristic: md, NodeLimit: limit})
	if d := sameSearch(r, one); d != "" || r.Generated < limit || le.Stats != r.Stats || fmt.Sprint(oneErr) != fmt.Sprint(err) {
		t.Fatalf("stopped at %+v (error stats %+v, %v), one worker %v: %s", r.Stats, le.Stats, err, oneErr, d)
	}

	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var reports []Progress
	cfg := Config{Heuristic: md, Workers: 2, Progress: func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		reports = append(reports, p)
		if p.Generated > 2_000_000 {
			cancel()
		}
	}}
	r, err = Solve(ctx, hard, cfg)
	if !errors.Is(err, context.Canceled) || r.Found {
		t.Fatalf("err = %v, found %v; want cancelled", err, r.Found)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reports) < 2 {
		t.Fatalf("%d progress reports", len(reports))
	}
	for _, p := range reports {
		if p.At.Board.IsValid() && p.At.F() > p.Bound {
			t.Fatalf("report at f %d beyond bound %d", p.At.F(), p.Bound)
		}
		if p.Generated > r.Generated {
			t.Fatalf("report of %d generated, result %d", p.Generated, r.Generated)
		}
		if end, err := hard.Apply(p.Path); err != nil || (p.At.Board.IsValid() && end != p.At.Board) {
			t.Fatalf("report path %s does not lead to its node: %v", board.FormatMoves(p.Path), err)
		}
	}
}

// TestSolveAllFewBoards checks that SolveAll with fewer boards than workers
// solves each board with parallel IDA*, reporting in order.
func TestSolveAllFewBoards(t *testing.T) {
	lc, _ := NewLinearConflict(board.Size4x4, board.BlankLast)
	boards := walkBoards(t, 3, board.Size4x4, board.BlankLast, 50, 2)
	var got []int
	err := SolveAll(context.Background(), boards, Config{Heuristic: lc}, 4, func(i int, r Result, err error) {
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, boards[i], board.BlankLast, r.Moves)
		got = append(got, i)
	})
	if err != nil || len(got) != 2 || got[0] != 0 || got[1] != 1 {
		t.Fatalf("err %v, reported %v", err, got)
	}
}
