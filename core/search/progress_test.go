package search

import (
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// TestProgress checks that a full-speed search reports growing counts, the
// IDA* bound of every pass, and finishes with the same result as without a
// Progress function.
func TestProgress(t *testing.T) {
	ctx := context.Background()
	korf := board.Korf100()
	hardest8, err := board.Parse("8 6 7 2 5 4 3 0 1", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	md4, err := NewManhattan(board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	lc4, err := NewLinearConflict(board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	ham3, err := NewHamming(board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	// Small tables: built in milliseconds, weak enough for many polls.
	pdb3 := testPDB(t, "1,2,3/4,5,6/7,8,9/10,11,12/13,14,15", board.Size4x4, board.BlankLast)
	pdb3r, err := NewReflected(pdb3, board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		start board.Board
		cfg   Config
		steps int // stepper events before Run; -1 uses Solve
	}{
		{"ida*/manhattan/solve", korf[93].Board, Config{Algorithm: IDAStar, Heuristic: md4}, -1},
		{"ida*/linear-conflict/solve", korf[78].Board, Config{Algorithm: IDAStar, Heuristic: lc4}, -1},
		{"ida*/generic/solve", korf[93].Board, Config{Algorithm: IDAStar, Heuristic: opaque{md4}}, -1},
		{"ida*/pdb/solve", korf[93].Board, Config{Algorithm: IDAStar, Heuristic: pdb3}, -1},
		{"ida*/pdb-reflected/stepper", korf[78].Board, Config{Algorithm: IDAStar, Heuristic: pdb3r}, 300},
		{"ida*/manhattan/stepper", korf[93].Board, Config{Algorithm: IDAStar, Heuristic: md4}, 500},
		{"bfs/solve", hardest8, Config{Algorithm: BFS}, -1},
		{"a*/stepper", hardest8, Config{Algorithm: AStar, Heuristic: ham3}, 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want, err := Solve(ctx, tc.start, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got []Progress
			cfg := tc.cfg
			cfg.Progress = func(p Progress) { got = append(got, p) }
			var r Result
			firstPass := 1
			if tc.steps < 0 {
				r, err = Solve(ctx, tc.start, cfg)
			} else {
				st, serr := NewStepper(tc.start, cfg)
				if serr != nil {
					t.Fatal(serr)
				}
				for i := 0; i < tc.steps; i++ {
					if _, err := st.Step(ctx); err != nil {
						t.Fatal(err)
					}
				}
				if len(got) != 0 {
					t.Fatalf("Step called Progress %d times", len(got))
				}
				if tc.cfg.Algorithm == IDAStar {
					firstPass = len(st.Result().Iterations)
				}
				r, err = st.Run(ctx)
			}
			if err != nil {
				t.Fatal(err)
			}
			if r.Expanded != want.Expanded || r.Generated != want.Generated || r.Length() != want.Length() {
				t.Fatalf("with Progress: %d expanded, %d generated, length %d; without: %d, %d, %d",
					r.Expanded, r.Generated, r.Length(), want.Expanded, want.Generated, want.Length())
			}
			every := uint64(progressEvery + 1)
			if tc.cfg.Algorithm == IDAStar {
				every = pollEvery
			}
			if r.Expanded < 3*every {
				t.Fatalf("test instance too easy: %d expansions", r.Expanded)
			}
			if len(got) < 2 {
				t.Fatalf("Progress called %d times over %d expansions", len(got), r.Expanded)
			}
			var prev Progress
			passes := map[int]bool{}
			deep := 0 // reports from below the root
			for i, p := range got {
				if p.Expanded < prev.Expanded || p.Generated < prev.Generated || p.Iteration < prev.Iteration {
					t.Fatalf("report %d went backwards: %+v after %+v", i, p, prev)
				}
				if p.Expanded > r.Expanded || p.Generated > r.Generated {
					t.Fatalf("report %d exceeds the final counts: %+v, final %+v", i, p, r.Stats)
				}
				// The reported node is the start with Path applied, with its
				// own g and h.
				at, err := tc.start.Apply(p.Path)
				if err != nil {
					t.Fatalf("report %d: path %s: %v", i, board.FormatMoves(p.Path), err)
				}
				h := 0
				if tc.cfg.Heuristic != nil {
					h = tc.cfg.Heuristic.Estimate(at)
				}
				if p.At.Board != at || p.At.G != len(p.Path) || p.At.H != h || p.At.Root != (len(p.Path) == 0) ||
					(len(p.Path) > 0 && p.At.Move != p.Path[len(p.Path)-1]) {
					t.Fatalf("report %d: node %+v at %s (path %s, h %d)", i, p.At, at.Line(), board.FormatMoves(p.Path), h)
				}
				if tc.cfg.Algorithm != IDAStar {
					if p.Bound != 0 || p.Iteration != 0 {
						t.Fatalf("report %d: bound %d, iteration %d for %v", i, p.Bound, p.Iteration, tc.cfg.Algorithm)
					}
					if p.Stored == 0 {
						t.Fatalf("report %d: no stored nodes", i)
					}
					continue
				}
				if len(p.Path) > 0 {
					deep++
				}
				if p.Iteration < 1 || p.Iteration > len(r.Iterations) {
					t.Fatalf("report %d: iteration %d of %d", i, p.Iteration, len(r.Iterations))
				}
				if p.At.F() > p.Bound {
					t.Fatalf("report %d: f = %d above the bound %d", i, p.At.F(), p.Bound)
				}
				if p.Iteration < 1 || p.Iteration > len(r.Iterations) {
					t.Fatalf("report %d: iteration %d of %d", i, p.Iteration, len(r.Iterations))
				}
				if b := r.Iterations[p.Iteration-1].Bound; p.Bound != b {
					t.Fatalf("report %d: bound %d in pass %d, whose bound is %d", i, p.Bound, p.Iteration, b)
				}
				passes[p.Iteration] = true
				prev = p
			}
			if tc.cfg.Algorithm == IDAStar {
				if deep == 0 {
					t.Errorf("no report showed a node below the root")
				}
				for it := firstPass; it <= len(r.Iterations); it++ {
					if !passes[it] {
						t.Errorf("pass %d (bound %d) never reported", it, r.Iterations[it-1].Bound)
					}
				}
			}
		})
	}
}

// TestStepperBoundAfterRun checks that Bound reports the bound of the pass
// that found the goal after Run, whether the stepper had stepped or not.
func TestStepperBoundAfterRun(t *testing.T) {
	ctx := context.Background()
	md, err := NewManhattan(board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	start := board.Korf100()[93].Board
	for _, steps := range []int{0, 1, 2, 500} {
		st, err := NewStepper(start, Config{Algorithm: IDAStar, Heuristic: md})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < steps; i++ {
			if _, err := st.Step(ctx); err != nil {
				t.Fatal(err)
			}
		}
		r, err := st.Run(ctx)
		if err != nil {
			t.Fatal(err)
		}
		last := r.Iterations[len(r.Iterations)-1].Bound
		if st.Bound() != last || last != r.Length() {
			t.Errorf("%d steps then Run: Bound %d, last pass bound %d, solution length %d", steps, st.Bound(), last, r.Length())
		}
	}
}
