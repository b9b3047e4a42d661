package search

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// TestOptimalAgreeOnEightPuzzle solves random 8-puzzles with IDA*, A* (every
// heuristic) and BFS and checks every length against the full BFS distance,
// and every move sequence for legality.
func TestOptimalAgreeOnEightPuzzle(t *testing.T) {
	ctx := context.Background()
	goals := []board.Goal{board.BlankLast, board.BlankFirst}
	if raceForm() {
		goals = goals[:1] // the race form (raceForm) keeps blank-last: the same searches, one goroutine
	}
	for _, g := range goals {
		s := board.Size3x3
		dist := distances(t, s, g)
		n := 60
		switch {
		case raceForm():
			n = 8 // the race form (raceForm): 8 random boards (BFS on 2), one goroutine's searches
		case raceEnabled || testing.Short():
			n = 12
		}
		boards := randomBoards(t, uint64(10+g), s, g, n)
		boards = append(boards, board.Solved(s, g))
		for _, h := range allHeuristics(t, s, g) {
			for _, alg := range []Algorithm{IDAStar, AStar, BFS, Greedy} {
				if alg == BFS && h.Name() != "manhattan" {
					continue // BFS ignores the heuristic; run it once
				}
				t.Run(fmt.Sprintf("%s/%v/%s", g, alg, h.Name()), func(t *testing.T) {
					boards := boards
					if alg == BFS {
						boards = boards[len(boards)-n/4:] // BFS visits most of the 8-puzzle
					}
					for _, b := range boards {
						r, err := Solve(ctx, b, Config{Algorithm: alg, Heuristic: h, Goal: g})
						if err != nil {
							t.Fatalf("%s: %v", b.Line(), err)
						}
						checkSolution(t, b, g, r.Moves)
						want := dist[b.Cells()]
						if alg == Greedy {
							if r.Length() < want {
								t.Fatalf("%s: greedy length %d below the optimum %d", b.Line(), r.Length(), want)
							}
							continue
						}
						if r.Length() != want {
							t.Fatalf("%s: length %d, BFS distance %d", b.Line(), r.Length(), want)
						}
						if alg != BFS && r.H0 != h.Estimate(b) {
							t.Fatalf("H0 %d, estimate %d", r.H0, h.Estimate(b))
						}
						if want > 0 && (r.Expanded == 0 || r.Generated < r.Expanded) {
							t.Fatalf("%s: implausible counts %+v", b.Line(), r.Stats)
						}
					}
				})
			}
		}
	}
}

// TestOtherShapes solves boards of other shapes with IDA* and A*.
func TestOtherShapes(t *testing.T) {
	ctx := context.Background()
	for _, tc := range exhaustiveCases[2:] {
		dist := distances(t, tc.s, tc.g)
		for _, h := range allHeuristics(t, tc.s, tc.g) {
			for _, b := range randomBoards(t, 5, tc.s, tc.g, 10) {
				for _, alg := range []Algorithm{IDAStar, AStar} {
					r, err := Solve(ctx, b, Config{Algorithm: alg, Heuristic: h, Goal: tc.g})
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, b, tc.g, r.Moves)
					if r.Length() != dist[b.Cells()] {
						t.Fatalf("%s %v %s %s: length %d, distance %d", tc.s, alg, h.Name(), b.Line(), r.Length(), dist[b.Cells()])
					}
				}
			}
		}
	}
}

// TestKernelsMatchGeneric checks the specialised IDA* loops against the
// generic one (which calls Estimate per node): identical moves and counts.
func TestKernelsMatchGeneric(t *testing.T) {
	ctx := context.Background()
	type tcase struct {
		s     board.Size
		g     board.Goal
		walk  int
		count int
	}
	cases := []tcase{
		{board.Size3x3, board.BlankLast, 0, 30},
		{board.Size3x3, board.BlankFirst, 0, 30},
		{board.Size4x4, board.BlankLast, 40, 6},
		{board.Size4x4, board.BlankFirst, 40, 6},
		{board.Size{W: 4, H: 3}, board.BlankLast, 30, 6},
		{board.Size{W: 2, H: 6}, board.BlankLast, 30, 6},
	}
	if raceEnabled {
		for i := range cases {
			cases[i].count = 2
		}
	}
	if raceForm() {
		// The race form (raceForm) keeps the blank-last cases, one board
		// each: the blank-first kernels are the same loops with other
		// tables, and every board runs the same code (one goroutine).
		cases = slices.DeleteFunc(cases, func(tc tcase) bool { return tc.g == board.BlankFirst })
		for i := range cases {
			cases[i].count = 1
		}
	}
	for _, tc := range cases {
		var boards []board.Board
		if tc.walk == 0 {
			boards = randomBoards(t, 7, tc.s, tc.g, tc.count)
		} else {
			boards = walkBoards(t, 7, tc.s, tc.g, tc.walk, tc.count)
		}
		for _, h := range allHeuristics(t, tc.s, tc.g) {
			if _, generic := newKernel(h, tc.s, tc.g).(*genericKernel); generic && tc.s.Cells() > 9 {
				continue // no specialised loop to compare; the 3x3 cases cover Update against Estimate
			}
			t.Run(fmt.Sprintf("%s/%s/%s", tc.s, tc.g, h.Name()), func(t *testing.T) {
				for _, b := range boards {
					fast, err := Solve(ctx, b, Config{Heuristic: h, Goal: tc.g})
					if err != nil {
						t.Fatal(err)
					}
					slow, err := Solve(ctx, b, Config{Heuristic: opaque{h}, Goal: tc.g})
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, b, tc.g, fast.Moves)
					if board.FormatMoves(fast.Moves) != board.FormatMoves(slow.Moves) || fast.Stats != slow.Stats ||
						fmt.Sprint(fast.Iterations) != fmt.Sprint(slow.Iterations) {
						t.Fatalf("%s: fast %s %+v %v\ngeneric %s %+v %v", b.Line(),
							board.FormatMoves(fast.Moves), fast.Stats, fast.Iterations,
							board.FormatMoves(slow.Moves), slow.Stats, slow.Iterations)
					}
				}
			})
		}
	}
}

// TestIDAIterations checks the per-pass records: rising bounds, starting at
// h0, ending at the solution length, summing to the totals.
func TestIDAIterations(t *testing.T) {
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	inst := board.Korf100()[78] // instance 79, 42 moves
	r, err := Solve(context.Background(), inst.Board, Config{Heuristic: md})
	if err != nil {
		t.Fatal(err)
	}
	if r.Length() != inst.Optimal {
		t.Fatalf("length %d, want %d", r.Length(), inst.Optimal)
	}
	its := r.Iterations
	if len(its) == 0 || its[0].Bound != r.H0 || its[len(its)-1].Bound != r.Length() {
		t.Fatalf("iterations %v, h0 %d, length %d", its, r.H0, r.Length())
	}
	var exp, gen uint64
	for i, it := range its {
		if i > 0 && it.Bound <= its[i-1].Bound {
			t.Fatalf("bounds do not rise: %v", its)
		}
		// Manhattan keeps the parity of the distance: bounds rise by 2.
		if i > 0 && it.Bound != its[i-1].Bound+2 {
			t.Fatalf("bounds %v: want steps of 2 with Manhattan", its)
		}
		exp += it.Expanded
		gen += it.Generated
	}
	if exp != r.Expanded || gen != r.Generated {
		t.Fatalf("iterations sum to %d/%d, totals %d/%d", exp, gen, r.Expanded, r.Generated)
	}
}

// TestKorfEasy solves a few of Korf's instances that every 15-puzzle
// heuristic but Hamming finishes quickly (6-6-3 plain and reflected among
// them, except under the race detector) and checks the lengths.
func TestKorfEasy(t *testing.T) {
	ks := board.Korf100()
	ids := []int{79, 12, 42, 55, 94}
	if raceEnabled {
		ids = []int{55, 94}
	}
	for _, h := range allHeuristics(t, board.Size4x4, board.BlankLast) {
		if h.Name() == "hamming" || h.Name() == "max(hamming,linear-conflict)" && raceEnabled {
			continue
		}
		for _, id := range ids {
			inst := ks[id-1]
			r, err := Solve(context.Background(), inst.Board, Config{Heuristic: h})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, inst.Board, board.BlankLast, r.Moves)
			if r.Length() != inst.Optimal {
				t.Errorf("%s Korf %d: length %d, want %d", h.Name(), id, r.Length(), inst.Optimal)
			}
		}
	}
}

func TestLimitsAndCancellation(t *testing.T) {
	lc, _ := NewLinearConflict(board.Size4x4, board.BlankLast)
	hard := board.Korf100()[0].Board // 57 moves: far beyond the limits below
	for _, alg := range []Algorithm{IDAStar, AStar, Greedy, BFS} {
		t.Run(alg.String(), func(t *testing.T) {
			const limit = 5000
			r, err := Solve(context.Background(), hard, Config{Algorithm: alg, Heuristic: lc, NodeLimit: limit})
			var le *LimitError
			if alg == Greedy && err == nil {
				return // greedy may well finish within the limit
			}
			if !errors.As(err, &le) || !errors.Is(err, ErrNodeLimit) {
				t.Fatalf("err = %v, want a node-limit error", err)
			}
			if r.Found || r.Generated < limit || r.Generated > limit+4 || le.Stats.Generated != r.Generated {
				t.Fatalf("stopped at %+v (error stats %+v), limit %d", r.Stats, le.Stats, limit)
			}
		})
	}
	for _, alg := range []Algorithm{AStar, BFS} {
		t.Run(alg.String()+"/memory", func(t *testing.T) {
			r, err := Solve(context.Background(), hard, Config{Algorithm: alg, Heuristic: lc, MemoryLimit: 1 << 20})
			var le *LimitError
			if !errors.As(err, &le) || !errors.Is(err, ErrMemoryLimit) {
				t.Fatalf("err = %v, want a memory-limit error", err)
			}
			// Each stored node costs its record (nodeBytes) and an index entry at least.
			if r.Stored == 0 || int64(r.Stored)*(nodeBytes+indexEntry) > 1<<20 || le.Stats.Stored != r.Stored {
				t.Fatalf("stopped with %+v", r.Stats)
			}
		})
	}
	md, _ := NewManhattan(board.Size4x4, board.BlankLast)
	for _, alg := range []Algorithm{IDAStar, AStar, BFS} {
		t.Run(alg.String()+"/cancel", func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
			defer cancel()
			t0 := time.Now()
			r, err := Solve(ctx, hard, Config{Algorithm: alg, Heuristic: md})
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("err = %v, want the deadline", err)
			}
			if el := time.Since(t0); el > 5*time.Second {
				t.Errorf("took %v to notice the deadline", el)
			}
			// (The counts may be zero if the machine is so loaded that the
			// deadline passed before the first check.)
			if r.Found {
				t.Fatalf("result %+v", r.Stats)
			}
		})
	}
}

func TestSolveRejects(t *testing.T) {
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	md4, _ := NewManhattan(board.Size4x4, board.BlankLast)
	good, _ := board.Parse("1 2 3 / 4 5 6 / 7 _ 8", board.Size{})
	bad, _ := board.Parse("2 1 3 / 4 5 6 / 7 8 _", board.Size{})
	tests := []struct {
		name  string
		start board.Board
		cfg   Config
	}{
		{"zero board", board.Board{}, Config{Heuristic: md}},
		{"unsolvable", bad, Config{Heuristic: md}},
		{"no heuristic", good, Config{Algorithm: AStar}},
		{"wrong size", good, Config{Heuristic: md4}},
		{"wrong goal", good, Config{Heuristic: md, Goal: board.BlankFirst}},
		{"bad algorithm", good, Config{Algorithm: 99, Heuristic: md}},
		{"bad goal", good, Config{Algorithm: BFS, Goal: 5}},
	}
	for _, tc := range tests {
		if _, err := Solve(context.Background(), tc.start, tc.cfg); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
		if tc.name == "unsolvable" {
			if _, err := Solve(context.Background(), tc.start, tc.cfg); !errors.Is(err, board.ErrUnsolvable) {
				t.Errorf("unsolvable: %v does not wrap ErrUnsolvable", err)
			}
		}
	}
}

func TestParseAlgorithm(t *testing.T) {
	for _, a := range Algorithms {
		got, err := ParseAlgorithm(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", a.String(), got, err)
		}
	}
	for _, text := range []string{"IDA*", "astar", " BFS "} {
		if _, err := ParseAlgorithm(text); err != nil {
			t.Errorf("ParseAlgorithm(%q): %v", text, err)
		}
	}
	if _, err := ParseAlgorithm("rbfs2"); err == nil {
		t.Errorf("rbfs2 accepted")
	}
}

// TestAStarReopens uses a heuristic that is admissible but badly
// inconsistent, so closed nodes must be reopened for A* to stay optimal.
func TestAStarReopens(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	h := &erratic{dist: dist}
	reopened := uint64(0)
	for _, b := range randomBoards(t, 21, s, g, 40) {
		r, err := Solve(context.Background(), b, Config{Algorithm: AStar, Heuristic: h})
		if err != nil {
			t.Fatal(err)
		}
		if r.Length() != dist[b.Cells()] {
			t.Fatalf("%s: length %d, distance %d", b.Line(), r.Length(), dist[b.Cells()])
		}
		reopened += r.Reopened
	}
	if reopened == 0 {
		t.Errorf("no node was reopened: the test heuristic is not inconsistent enough")
	}
}

// erratic is the true distance on about a quarter of the boards and zero on
// the others: admissible but inconsistent.
type erratic struct{ dist map[uint64]int }

func (e *erratic) Name() string { return "erratic" }
func (e *erratic) Estimate(b board.Board) int {
	c := b.Cells()
	if (c*0x9E3779B97F4A7C15)>>62 != 0 {
		return 0
	}
	return e.dist[c]
}
