package search

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// Tests of the heuristics and searches on the 24-puzzle (5x5), whose boards
// do not fit in one packed word.

// walks5x5 returns, per goal, 5x5 boards a random walk of 20 to 30 moves from
// the goal, and their optimal lengths found by IDA* with Manhattan distance.
func walks5x5(t *testing.T) []struct {
	g       board.Goal
	b       board.Board
	optimal int
} {
	t.Helper()
	var out []struct {
		g       board.Goal
		b       board.Board
		optimal int
	}
	n := 4
	if raceEnabled {
		n = 2
	}
	for gi, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		md, err := NewManhattan(board.Size5x5, g)
		if err != nil {
			t.Fatal(err)
		}
		for i, k := range []int{20, 24, 27, 30}[:n] {
			b := walkBoards(t, uint64(100+10*gi+i), board.Size5x5, g, k, 1)[0]
			r, err := Solve(context.Background(), b, Config{Heuristic: md, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, b, g, r.Moves)
			if r.Length() > k {
				t.Fatalf("%s: length %d after a walk of %d", b.Line(), r.Length(), k)
			}
			out = append(out, struct {
				g       board.Goal
				b       board.Board
				optimal int
			}{g, b, r.Length()})
		}
	}
	return out
}

// TestHeuristicsAdmissible5x5 checks every table-free heuristic against the
// optimal lengths of 5x5 walks, and Manhattan <= linear conflict.
func TestHeuristicsAdmissible5x5(t *testing.T) {
	for _, w := range walks5x5(t) {
		hs := basicHeuristics(t, board.Size5x5, w.g)
		md, lc := hs[1].Estimate(w.b), hs[2].Estimate(w.b)
		if md > lc || lc > w.optimal {
			t.Errorf("%s %s: manhattan %d, linear conflict %d, optimal %d", w.g, w.b.Line(), md, lc, w.optimal)
		}
		for _, h := range hs {
			if v := h.Estimate(w.b); v > w.optimal || v < 0 {
				t.Errorf("%s %s: %s = %d, optimal %d", w.g, w.b.Line(), h.Name(), v, w.optimal)
			}
		}
	}
}

// bruteLinePenalty returns 2 x (in-line tiles - most of them that can stay in
// increasing goal order), trying every subset of the tiles to keep.
func bruteLinePenalty(goals []int) int {
	best := 0
	for keep := 0; keep < 1<<len(goals); keep++ {
		last, n, ok := -1, 0, true
		for i, gp := range goals {
			if keep&(1<<i) == 0 {
				continue
			}
			if gp <= last {
				ok = false
				break
			}
			last, n = gp, n+1
		}
		if ok {
			best = max(best, n)
		}
	}
	return 2 * (len(goals) - best)
}

// bruteHeuristics returns Hamming, Manhattan and the admissible linear
// conflict of b for goal g, computed from its tiles with no packing and the
// line penalties by brute force.
func bruteHeuristics(b board.Board, g board.Goal) (ham, md, lc int) {
	s := b.Size()
	tiles := b.Tiles()
	for p, t := range tiles {
		if t == 0 {
			continue
		}
		gc := g.GoalCell(s, t)
		if gc != p {
			ham++
		}
		md += abs(s.Row(p)-s.Row(gc)) + abs(s.Col(p)-s.Col(gc))
	}
	lc = md
	for r := 0; r < s.H; r++ {
		var goals []int
		for c := 0; c < s.W; c++ {
			if t := tiles[r*s.W+c]; t != 0 && s.Row(g.GoalCell(s, t)) == r {
				goals = append(goals, s.Col(g.GoalCell(s, t)))
			}
		}
		lc += bruteLinePenalty(goals)
	}
	for c := 0; c < s.W; c++ {
		var goals []int
		for r := 0; r < s.H; r++ {
			if t := tiles[r*s.W+c]; t != 0 && s.Col(g.GoalCell(s, t)) == c {
				goals = append(goals, s.Row(g.GoalCell(s, t)))
			}
		}
		lc += bruteLinePenalty(goals)
	}
	return ham, md, lc
}

// TestHeuristicsBruteForce5x5 compares Hamming, Manhattan and linear
// conflict (Estimate, the incremental Update along a walk, and the IDA*
// kernels' load) with a brute-force computation on random 5x5 boards, whose
// rows and columns are random lines of five; and the kernels' line-penalty
// table of lines of five with the brute force on every line.
func TestHeuristicsBruteForce5x5(t *testing.T) {
	for _, s := range []board.Size{board.Size5x5, {W: 5, H: 4}, {W: 3, H: 5}} {
		for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
			t.Run(fmt.Sprintf("%s/%s", s, g), func(t *testing.T) {
				hs := basicHeuristics(t, s, g)
				ham, md, lc := hs[0].(*Hamming), hs[1].(*Manhattan), hs[2].(*LinearConflict)
				kmd, klc := newKernel(md, s, g), newKernel(lc, s, g)
				if _, ok := klc.(*lcKernel); !ok {
					t.Fatalf("linear conflict on %s: kernel %T", s, klc)
				}
				r := board.NewRand(uint64(s.Cells()) + uint64(g))
				for i := 0; i < 300; i++ {
					b, err := board.Random(r, s, g)
					if err != nil {
						t.Fatal(err)
					}
					wh, wm, wl := bruteHeuristics(b, g)
					if gh, gm, gl := ham.Estimate(b), md.Estimate(b), lc.Estimate(b); gh != wh || gm != wm || gl != wl {
						t.Fatalf("%s: hamming %d, manhattan %d, linear conflict %d; brute force %d, %d, %d", b.Line(), gh, gm, gl, wh, wm, wl)
					}
					if km, kl := kmd.load(b), klc.load(b); km != wm || kl != wl {
						t.Fatalf("%s: kernels' manhattan %d, linear conflict %d; brute force %d, %d", b.Line(), km, kl, wm, wl)
					}
					// Update along a walk of 40 moves from b.
					hv := [3]int{wh, wm, wl}
					cur := b
					_, moves, _ := board.RandomWalk(r, b, 40)
					for _, d := range moves {
						next, _ := cur.Move(d)
						from, to := next.Blank(), cur.Blank()
						tile := cur.At(from)
						for j, h := range []Incremental{ham, md, lc} {
							hv[j] = h.Update(next, hv[j], tile, from, to)
						}
						cur = next
						if bh, bm, bl := bruteHeuristics(cur, g); hv != [3]int{bh, bm, bl} {
							t.Fatalf("%s after %s: updates give %v, brute force %d, %d, %d", b.Line(), d, hv, bh, bm, bl)
						}
					}
				}
			})
		}
	}
	tab, ok := penaltyTable(5)
	if !ok {
		t.Fatal("no penalty table for lines of five")
	}
	var goals []int
	for key := range tab {
		// Digit i (base 6) of the key is cell i of the line: 0 for a tile
		// outside its goal line, else 1 + the tile's goal position.
		goals = goals[:0]
		for i, x := 0, key; i < 5; i, x = i+1, x/6 {
			if d := x % 6; d > 0 {
				goals = append(goals, d-1)
			}
		}
		if want := bruteLinePenalty(goals); int(tab[key]) != want {
			t.Fatalf("line key %d (goal positions %v): table %d, brute force %d", key, goals, tab[key], want)
		}
	}
}

// TestSearchesAgree5x5 solves 5x5 walks with IDA* (each kernel, one worker
// and two), A* and, on short walks, breadth-first search: every length must
// be the optimal one.
func TestSearchesAgree5x5(t *testing.T) {
	ctx := context.Background()
	for _, w := range walks5x5(t) {
		hs := basicHeuristics(t, board.Size5x5, w.g)
		md, lc := hs[1], hs[2]
		cases := []struct {
			name string
			cfg  Config
		}{
			{"ida* manhattan", Config{Heuristic: md}},
			{"ida* linear conflict", Config{Heuristic: lc}},
			{"ida* manhattan, 2 workers", Config{Heuristic: md, Workers: 2}},
			{"ida* linear conflict, 2 workers", Config{Heuristic: lc, Workers: 2}},
			{"ida* linear conflict, one per core", Config{Heuristic: lc, Workers: -1}},
			{"ida* generic kernel", Config{Heuristic: opaque{lc}}},
			{"ida* max+reflect", Config{Heuristic: hs[4]}},
			{"a* manhattan", Config{Algorithm: AStar, Heuristic: md}},
			{"a* linear conflict", Config{Algorithm: AStar, Heuristic: lc}},
		}
		one := map[string]Result{} // the one-worker IDA* result per heuristic
		for _, tc := range cases {
			tc.cfg.Goal = w.g
			r, err := Solve(ctx, w.b, tc.cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.name, w.b.Line(), err)
			}
			checkSolution(t, w.b, w.g, r.Moves)
			if r.Length() != w.optimal {
				t.Errorf("%s %s %s: length %d, optimal %d", tc.name, w.g, w.b.Line(), r.Length(), w.optimal)
			}
			if tc.cfg.Algorithm != IDAStar {
				continue
			}
			// Split passes count what one worker does, but for the last.
			if tc.cfg.Workers == 0 {
				one[r.Heuristic] = r
			} else if want, ok := one[r.Heuristic]; ok {
				got, w1 := r.Iterations, want.Iterations
				if len(got) != len(w1) || fmt.Sprint(got[:len(got)-1]) != fmt.Sprint(w1[:len(w1)-1]) {
					t.Errorf("%s %s: passes %v, one worker %v", tc.name, w.b.Line(), got, w1)
				}
			}
		}
	}
	// Breadth-first search on short walks, and its memory bound.
	md, _ := NewManhattan(board.Size5x5, board.BlankLast)
	for _, b := range walkBoards(t, 7, board.Size5x5, board.BlankLast, 12, 3) {
		want, err := Solve(ctx, b, Config{Heuristic: md})
		if err != nil {
			t.Fatal(err)
		}
		got, err := Solve(ctx, b, Config{Algorithm: BFS})
		if err != nil {
			t.Fatal(err)
		}
		if got.Length() != want.Length() {
			t.Errorf("%s: bfs length %d, ida* %d", b.Line(), got.Length(), want.Length())
		}
	}
	far := walkBoards(t, 8, board.Size5x5, board.BlankLast, 60, 1)[0]
	r, err := Solve(ctx, far, Config{Algorithm: BFS, MemoryLimit: 1 << 20})
	var le *LimitError
	if !errors.As(err, &le) || !errors.Is(err, ErrMemoryLimit) || r.Found {
		t.Fatalf("bfs with 1 MiB on %s: %v (found %v)", far.Line(), err, r.Found)
	}
	if used := int64(le.Stats.Stored) * (nodeBytes + largeIndexEntry); used > 1<<20 {
		t.Errorf("bfs stored %d nodes (about %d bytes) under a 1 MiB limit", le.Stats.Stored, used)
	}
}

// TestTablesRefuse5x5 checks that the heuristics whose tables are built for
// boards of at most 16 cells refuse the 24-puzzle with an error.
func TestTablesRefuse5x5(t *testing.T) {
	ctx := context.Background()
	opts := HeuristicOptions{CacheDir: t.TempDir()}
	for _, name := range []string{"dpdb:pairs", "dpdb:triples", "fringe:1,2,3", "max(lc,dpdb:pairs)"} {
		if _, err := NewHeuristic(ctx, name, board.Size5x5, board.BlankLast, opts); err == nil {
			t.Errorf("%s on 5x5: no error", name)
		}
	}
}

// BenchmarkIDA5x5 solves four 5x5 boards, random walks of 50 moves, with
// IDA* on one core, per heuristic kernel.
func BenchmarkIDA5x5(b *testing.B) {
	boards := walkBoards(b, 61, board.Size5x5, board.BlankLast, 50, 4)
	md, _ := NewManhattan(board.Size5x5, board.BlankLast)
	lc, _ := NewLinearConflict(board.Size5x5, board.BlankLast)
	for _, h := range []Heuristic{md, lc} {
		b.Run(h.Name(), func(b *testing.B) {
			var gen uint64
			var spent float64
			for b.Loop() {
				for _, s := range boards {
					r, err := Solve(context.Background(), s, Config{Heuristic: h})
					if err != nil {
						b.Fatal(err)
					}
					gen += r.Generated
					spent += r.Elapsed.Seconds()
				}
			}
			b.ReportMetric(float64(gen)/float64(b.N*len(boards)), "generated/instance")
			b.ReportMetric(float64(gen)/spent/1e6, "Mgenerated/s")
		})
	}
}
