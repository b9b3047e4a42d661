package search

import (
	"context"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// liar makes the heuristic named for the 8-puzzle with the blank-last goal.
func liar(t testing.TB, name string) Heuristic {
	t.Helper()
	spec, err := ParseHeuristic(name)
	if err != nil {
		t.Fatal(err)
	}
	h, err := spec.New(context.Background(), board.Size3x3, board.BlankLast, HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestLiarsOverestimateNamedBoards shows each heuristic that lies
// overestimating a named board, against the true distance by breadth-first
// search.
func TestLiarsOverestimateNamedBoards(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	for _, tc := range []struct {
		heuristic, board string
		h, hstar         int
	}{
		// Row 6 5 4 reversed: three pairs count 6, two tiles stepping out (4) suffice.
		{"lc-pairs", "8 7 _ / 6 5 4 / 3 2 1", 28, 26},
		{"lc-pairs", "_ 8 7 / 6 5 4 / 3 2 1", 32, 28},
		// One move from the goal: Manhattan 1 plus one misplaced tile.
		{"manhattan+hamming", "1 2 3 / 4 5 6 / 7 _ 8", 2, 1},
		{"md+hamming", "1 2 3 / 4 5 6 / _ 7 8", 4, 2},
		// Two moves from the goal with Manhattan distance 2, exact.
		{"wmanhattan:1.5", "1 2 3 / 4 5 6 / _ 7 8", 3, 2},
		{"wmanhattan", "1 2 3 / 4 5 6 / 7 _ 8", 2, 1},
		{"wmanhattan:10", "1 2 3 / 4 5 6 / 7 _ 8", 10, 1},
	} {
		t.Run(tc.heuristic+"/"+tc.board, func(t *testing.T) {
			h := liar(t, tc.heuristic)
			b, err := board.ParseSolvable(tc.board, s, g)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.Estimate(b); got != tc.h {
				t.Errorf("h = %d, want %d", got, tc.h)
			}
			if d := dist[b.Cells()]; d != tc.hstar || tc.h <= d {
				t.Errorf("h* = %d by BFS, want %d below h = %d", d, tc.hstar, tc.h)
			}
			if Admissible(h) {
				t.Errorf("Admissible(%s) = true", h.Name())
			}
		})
	}
}

// TestLiarsAgainstReferences checks every 8-puzzle state: the pair count
// against pairwiseConflict (written separately), Manhattan plus Hamming
// and the weighted distance against their parts, Update against Estimate,
// and a weight of at most 1 admissible and consistent.
func TestLiarsAgainstReferences(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	md, _ := NewManhattan(s, g)
	ham, _ := NewHamming(s, g)
	lc, _ := NewLinearConflict(s, g)
	names := []string{"lc-pairs", "manhattan+hamming", "wmanhattan:0.01", "wmanhattan:0.5", "wmanhattan:1", "wmanhattan:1.01", "wmanhattan:1.5", "wmanhattan:2", "wmanhattan:10"}
	if testing.Short() || raceEnabled {
		names = []string{"lc-pairs", "manhattan+hamming", "wmanhattan:1", "wmanhattan:1.01"}
	}
	if raceForm() {
		// The race form (raceForm) keeps the pair count and the rounding
		// just above weight 1, each over every state (1.2 s apiece under
		// -race); make test-short and make test-full check the others.
		names = []string{"lc-pairs", "wmanhattan:1.01"}
	}
	for _, name := range names {
		h := liar(t, name)
		ref := func(b board.Board) int {
			switch h := h.(type) {
			case *LinearConflictPairs:
				return pairwiseConflict(lc, b)
			case *ManhattanHamming:
				return md.Estimate(b) + ham.Estimate(b)
			case *WeightedManhattan:
				return (md.Estimate(b)*h.Weight() + 99) / 100
			}
			t.Fatalf("%s: unexpected type %T", name, h)
			return 0
		}
		inc := h.(Incremental)
		over, jump := 0, 0
		i := 0
		for cells, d := range dist {
			b := mustBoard(t, s, cells)
			v := h.Estimate(b)
			if r := ref(b); v != r {
				t.Fatalf("%s: %s: h = %d, reference %d", name, b.Line(), v, r)
			}
			if v > d {
				over++
			}
			i++
			var buf [4]board.Dir
			for _, dir := range b.LegalMoves(buf[:0]) {
				nb, _ := b.Move(dir)
				nv := h.Estimate(nb)
				jump = max(jump, abs(nv-v))
				if i%7 == 0 {
					from, to := nb.Blank(), b.Blank()
					if got := inc.Update(nb, v, b.At(from), from, to); got != nv {
						t.Fatalf("%s: %s move %s: Update = %d, Estimate = %d", name, b.Line(), dir, got, nv)
					}
				}
			}
		}
		if Admissible(h) != (over == 0) {
			t.Errorf("%s: Admissible %v, but %d states overestimated", name, Admissible(h), over)
		}
		spec, _ := ParseHeuristic(name)
		if spec.Admissible() != Admissible(h) || spec.Consistent() != (jump <= 1) {
			t.Errorf("%s: registry says admissible %v, consistent %v; measured %d over, largest change %d",
				name, spec.Admissible(), spec.Consistent(), over, jump)
		}
	}
}

// TestLiarsNonOptimal: A* and IDA* with a heuristic that lies return
// solutions longer than the optimum (by BFS) on these boards.
func TestLiarsNonOptimal(t *testing.T) {
	s, g := board.Size3x3, board.BlankLast
	dist := distances(t, s, g)
	for _, tc := range []struct {
		heuristic, board string
		alg              Algorithm
		length           int
	}{
		{"lc-pairs", "_ 8 7 / 6 5 4 / 3 2 1", IDAStar, 32},
		{"lc-pairs", "3 8 1 / 6 5 4 / _ 2 7", IDAStar, 28},
		// Found by running A* with lc-pairs on every 8-puzzle state at least 22 moves away.
		{"lc-pairs", "8 5 7 / 6 _ 4 / 3 2 1", AStar, 30},
		{"lc-pairs", "6 8 7 / 5 _ 4 / 3 2 1", AStar, 30},
		{"manhattan+hamming", "1 7 2 / 4 3 6 / 8 5 _", AStar, 16},
		{"manhattan+hamming", "1 7 2 / 4 3 6 / 8 5 _", IDAStar, 16},
		{"wmanhattan:1.5", "1 7 2 / 4 3 6 / 8 5 _", AStar, 16},
		{"wmanhattan:1.5", "2 3 8 / 1 7 6 / _ 4 5", IDAStar, 16},
		{"wmanhattan:2", "2 3 5 / 1 4 7 / 8 6 _", AStar, 20},
	} {
		t.Run(tc.heuristic+"/"+tc.alg.String()+"/"+tc.board, func(t *testing.T) {
			b, err := board.ParseSolvable(tc.board, s, g)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Solve(context.Background(), b, Config{Algorithm: tc.alg, Heuristic: liar(t, tc.heuristic), Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, b, g, r.Moves)
			if d := dist[b.Cells()]; r.Length() != tc.length || d >= tc.length {
				t.Errorf("length %d, want %d; optimum %d", r.Length(), tc.length, d)
			}
		})
	}
}

// TestRegistryGuarantees checks what the registry says of every kind that
// needs no tables against the heuristic it makes, and the weighted name's
// grammar.
func TestRegistryGuarantees(t *testing.T) {
	for _, k := range HeuristicKinds() {
		if k.NeedsTables {
			if !k.Admissible {
				t.Errorf("%s: a pattern database marked inadmissible", k.Name)
			}
			continue
		}
		spec := HeuristicSpec{Kind: k}
		h, err := spec.New(context.Background(), board.Size3x3, board.BlankLast, HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if spec.Admissible() != Admissible(h) {
			t.Errorf("%s: registry admissible %v, heuristic %v", k.Name, spec.Admissible(), Admissible(h))
		}
		if !spec.Admissible() && spec.Consistent() {
			t.Errorf("%s: consistent but not admissible", k.Name)
		}
	}
	for _, tc := range []struct {
		in, want   string
		admissible bool
	}{
		{"wmanhattan:1.5", "wmanhattan:1.5", false},
		{"WMD:0.50", "wmanhattan:0.5", true},
		{"wmanhattan: 1 ", "wmanhattan:1", true},
		{"wmanhattan", "wmanhattan", false},
		{"wmanhattan:2+reflect", "wmanhattan:2+reflect", false},
		{"max(manhattan,wmanhattan:0.75)", "max(manhattan,wmanhattan:0.75)", true},
		{"max(manhattan,lc-pairs)", "max(manhattan,lc-pairs)", false},
		{"manhattan+hamming+reflect", "manhattan+hamming+reflect", false},
		{"max(pdb:663,lc)", "max(pdb:663,linear-conflict)", true},
	} {
		spec, err := ParseHeuristic(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if spec.String() != tc.want || spec.Admissible() != tc.admissible {
			t.Errorf("%q: %q admissible %v, want %q %v", tc.in, spec, spec.Admissible(), tc.want, tc.admissible)
		}
		if again, err := ParseHeuristic(spec.String()); err != nil || again.String() != spec.String() {
			t.Errorf("%q: round trip %q, %v", tc.in, again, err)
		}
	}
	if spec, _ := ParseHeuristic("max(pdb:663,lc)"); spec.Consistent() {
		t.Errorf("max with an additive pattern database said consistent")
	}
	for _, bad := range []string{"wmanhattan:", "wmanhattan:0", "wmanhattan:10.01", "wmanhattan:11", "wmanhattan:1.555",
		"wmanhattan:-1", "wmanhattan:1e3", "wmanhattan:99999999999999999999", "wmanhattan:.", "wmanhattan:1.5.2", "lc-pairs:2"} {
		if spec, err := ParseHeuristic(bad); err == nil {
			t.Errorf("%q: accepted as %q", bad, spec)
		}
	}
	if _, err := NewWeightedManhattan(board.Size3x3, board.BlankLast, MaxHeuristicWeight+1); err == nil {
		t.Error("weight above the maximum accepted")
	}
}

// TestAdmissibleUnderTileCosts: every heuristic of the registry (without
// tables) that AdmissibleUnder says is admissible under tile costs is at
// most the exact tile-weighted cost of every 8-puzzle state (a full
// Dijkstra backwards from the goal), and the liars stay inadmissible.
func TestAdmissibleUnderTileCosts(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("a full Dijkstra over the 8-puzzle")
	}
	var hs []Heuristic
	for _, k := range HeuristicKinds() {
		if k.NeedsTables {
			continue
		}
		h, err := HeuristicSpec{Kind: k}.New(context.Background(), board.Size3x3, board.BlankLast, HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := AdmissibleUnder(h, UnitCost); got != Admissible(h) {
			t.Errorf("%s: admissible under unit costs %v, Admissible %v", h.Name(), got, Admissible(h))
		}
		if AdmissibleUnder(h, TileCost) {
			hs = append(hs, h)
		} else if Admissible(h) {
			t.Errorf("%s: admissible for unit costs but not said so for tile costs (a move costs at least 1)", h.Name())
		}
	}
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.Name()
	}
	if !slices.Contains(names, "tile-manhattan") || !slices.Contains(names, "manhattan") || slices.Contains(names, "lc-pairs") {
		t.Fatalf("admissible under tile costs: %v", names)
	}
	tileDijkstra(board.Solved(board.Size3x3, board.BlankLast), func(b board.Board, cost int) bool {
		for _, h := range hs {
			if est := h.Estimate(b); est > cost {
				t.Fatalf("%s: %s %d > exact tile cost %d", b.Line(), h.Name(), est, cost)
			}
		}
		return true
	})
}
