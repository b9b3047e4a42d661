package predict

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// bfsDistribution counts h per blank cell over every state reachable from
// the goal, found by a breadth-first search (independent of the
// permutation enumeration DistributionOf uses).
func bfsDistribution(t *testing.T, h search.Heuristic, s board.Size, g board.Goal) [][]uint64 {
	t.Helper()
	start := board.Solved(s, g)
	seen := map[board.Board]bool{start: true}
	queue := []board.Board{start}
	out := make([][]uint64, s.Cells())
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		v := h.Estimate(b)
		for len(out[b.Blank()]) <= v {
			out[b.Blank()] = append(out[b.Blank()], 0)
		}
		out[b.Blank()][v]++
		for _, d := range board.Dirs {
			if n, ok := b.Move(d); ok && !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return out
}

func TestExactDistributionMatchesBFS(t *testing.T) {
	ctx := context.Background()
	for _, s := range []board.Size{{W: 3, H: 2}, {W: 4, H: 2}, board.Size3x3} {
		for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
			if raceForm() && s == board.Size3x3 && g == board.BlankFirst {
				continue // the race form (raceForm) keeps the 8-puzzle's blank-last count: the same enumeration, one goroutine
			}
			h, err := search.NewLinearConflict(s, g)
			if err != nil {
				t.Fatal(err)
			}
			d, err := DistributionOf(ctx, h, s, g, DistOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if !d.Exact {
				t.Fatalf("%s: not exact", s)
			}
			want := bfsDistribution(t, h, s, g)
			if !reflect.DeepEqual(d.Counts, want) {
				t.Errorf("%s %s: counts %v, BFS %v", s, g, d.Counts, want)
			}
		}
	}
}

func TestPredictionMatchesIndependentSum(t *testing.T) {
	// E(N, d, P) from the model against the same sum built from a walk of
	// the tree and the BFS distribution.
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankLast
	h, err := search.NewManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DistributionOf(ctx, h, s, g, DistOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := NewModel(d)
	counts := bfsDistribution(t, h, s, g)
	atMost := func(c, v int) float64 {
		n, k := 0.0, 0.0
		for x, cnt := range counts[c] {
			n += float64(cnt)
			if x <= v {
				k += float64(cnt)
			}
		}
		return k / n
	}
	const depth = 14
	blanks := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
	if raceForm() {
		blanks = []int{0, 1, 4} // the race form (raceForm): a corner, a side and the centre (the tree walks are one goroutine's)
	}
	for _, blank := range blanks {
		start := boardWithBlank(t, s, blank)
		tree := bruteTree(start, depth+1)
		for _, bound := range []int{0, 5, 10, depth} {
			want := Nodes{}
			for i := 0; i <= bound; i++ {
				for c := 0; c < s.Cells(); c++ {
					p := atMost(c, bound-i)
					want.Expanded += tree[i][c] * p
				}
			}
			got, err := m.Iteration(start, bound)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got.Expanded-want.Expanded) > 1e-9*math.Max(1, want.Expanded) {
				t.Errorf("blank %d bound %d: expanded %v, independent sum %v", blank, bound, got.Expanded, want.Expanded)
			}
			// Generated: every expanded node's children, at least one and
			// at most four each (three below the root).
			if got.Generated < got.Expanded || got.Generated > 4*got.Expanded {
				t.Errorf("blank %d bound %d: generated %v for %v expanded", blank, bound, got.Generated, got.Expanded)
			}
		}
	}
}

func TestSampledDistributionIsUniform(t *testing.T) {
	// The sampler, run on the 3x3 board, against the exact counts.
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankLast
	h, err := search.NewManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := DistributionOf(ctx, h, s, g, DistOptions{})
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	cells := []int{0, 1, 4, 8}
	if raceForm() {
		cells = []int{1, 4} // the race form (raceForm): a side and the centre; the sampler is the same for every cell
	}
	for _, c := range cells {
		counts, err := sampleCell(ctx, h, s, g, c, n, 3, func(int) {})
		if err != nil {
			t.Fatal(err)
		}
		sampled := &Distribution{Counts: make([][]uint64, s.Cells())}
		sampled.Counts[c] = counts
		sampled.finish()
		for v := 0; v < len(exact.Counts[c]); v++ {
			p, q := exact.AtMost(c, v), sampled.AtMost(c, v)
			// Four standard deviations of a share estimated from n draws.
			if tol := 4*math.Sqrt(p*(1-p)/n) + 1e-3; math.Abs(p-q) > tol {
				t.Errorf("cell %d: P(h <= %d) exact %.4f, sampled %.4f", c, v, p, q)
			}
		}
	}
}

func TestSampledDistributionIsReproducible(t *testing.T) {
	ctx := context.Background()
	h, err := search.NewManhattan(board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	var prev *Distribution
	var calls int
	for _, workers := range []int{1, 3} {
		d, err := DistributionOf(ctx, h, board.Size4x4, board.BlankLast, DistOptions{Samples: 16 * 5000, Seed: 9, Workers: workers,
			Progress: func(done, total int) {
				calls++
				if done > total {
					t.Errorf("progress %d of %d", done, total)
				}
			}})
		if err != nil {
			t.Fatal(err)
		}
		if d.Exact || d.PerCell != 5000 {
			t.Fatalf("exact %v, %d a cell", d.Exact, d.PerCell)
		}
		for c := 0; c < 16; c++ {
			if d.States(c) != 5000 {
				t.Fatalf("cell %d: %d states", c, d.States(c))
			}
		}
		if prev != nil && !reflect.DeepEqual(prev.Counts, d.Counts) {
			t.Errorf("workers %d: another sample than with 1 worker", workers)
		}
		prev = d
	}
	if calls == 0 {
		t.Error("no progress reported")
	}
}

func TestDistributionErrors(t *testing.T) {
	h, err := search.NewManhattan(board.Size4x4, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		h    search.Heuristic
		size board.Size
		opt  DistOptions
		is   error
	}{
		{"no heuristic", context.Background(), nil, board.Size4x4, DistOptions{}, nil},
		{"bad size", context.Background(), h, board.Size{W: 9, H: 9}, DistOptions{}, nil},
		{"negative samples", context.Background(), h, board.Size4x4, DistOptions{Samples: -1}, nil},
		{"huge samples", context.Background(), h, board.Size4x4, DistOptions{Samples: MaxSamples + 1}, nil},
		{"cancelled", cancelled, h, board.Size4x4, DistOptions{Samples: 1 << 20}, context.Canceled},
	}
	for _, tt := range tests {
		_, err := DistributionOf(tt.ctx, tt.h, tt.size, board.BlankLast, tt.opt)
		if err == nil {
			t.Errorf("%s: no error", tt.name)
			continue
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.is)
		}
	}
}

func TestSampledDistributionPredictsTreeLevels(t *testing.T) {
	// On the 15-puzzle: the nodes at depth 8 of the trees of random starts
	// whose Manhattan distance is at most v, counted by walking the trees,
	// against N_8[c] * P_c(v) from the default sample.
	ctx := context.Background()
	s, g := board.Size4x4, board.BlankLast
	h, err := search.NewManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	d, err := DistributionOf(ctx, h, s, g, DistOptions{Seed: DefaultSeed})
	if err != nil {
		t.Fatal(err)
	}
	const depth = 8
	n := 1000
	if testing.Short() || raceForm() {
		// The race form (raceForm) walks -short's 200 trees: one
		// goroutine's walks, 20 of the package's 90 s under -race at load 20.
		n = 200
	}
	r := board.NewRand(5)
	for _, v := range []int{34, 38} {
		var measured, predicted float64
		for k := 0; k < n; k++ {
			b, err := board.Random(r, s, g)
			if err != nil {
				t.Fatal(err)
			}
			tr, err := NewTree(s, b.Blank(), depth)
			if err != nil {
				t.Fatal(err)
			}
			for c := 0; c < s.Cells(); c++ {
				predicted += tr.NodesAt(depth, c) * d.AtMost(c, v)
			}
			var walk func(x board.Board, i int, prev board.Dir, root bool)
			walk = func(x board.Board, i int, prev board.Dir, root bool) {
				if i == depth {
					if h.Estimate(x) <= v {
						measured++
					}
					return
				}
				for _, dir := range board.Dirs {
					if !root && dir == prev.Inverse() {
						continue
					}
					if next, ok := x.Move(dir); ok {
						walk(next, i+1, dir, false)
					}
				}
			}
			walk(b, 0, 0, true)
		}
		q := predicted / measured
		t.Logf("depth %d, h <= %d, %d starts: %.0f nodes, predicted %.0f (%.3f)", depth, v, n, measured, predicted, q)
		if q < 0.85 || q > 1.15 {
			t.Errorf("h <= %d: predicted/measured %.3f, want within 0.85..1.15", v, q)
		}
	}
}
