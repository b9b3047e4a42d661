package search

import (
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// classicAlgorithms are the first four algorithms, which the older tests
// cover with every heuristic (chapter_test.go covers the others).
var classicAlgorithms = []Algorithm{IDAStar, AStar, BFS, Greedy}

type distKey struct {
	s board.Size
	g board.Goal
}

// distCache holds full breadth-first distance maps, computed once per test binary.
var distCache struct {
	sync.Mutex
	m map[distKey]map[uint64]int
}

// distances returns the optimal distance to goal g of every board of size s
// that can reach it, from a full breadth-first search backwards from the goal.
func distances(t testing.TB, s board.Size, g board.Goal) map[uint64]int {
	t.Helper()
	distCache.Lock()
	defer distCache.Unlock()
	if d, ok := distCache.m[distKey{s, g}]; ok {
		return d
	}
	goal := board.Solved(s, g)
	dist := map[uint64]int{goal.Cells(): 0}
	queue := []board.Board{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, d := range board.Dirs {
			if nb, ok := b.Move(d); ok {
				if _, seen := dist[nb.Cells()]; !seen {
					dist[nb.Cells()] = dist[b.Cells()] + 1
					queue = append(queue, nb)
				}
			}
		}
	}
	if distCache.m == nil {
		distCache.m = map[distKey]map[uint64]int{}
	}
	distCache.m[distKey{s, g}] = dist
	return dist
}

// mustBoard rebuilds a board from its packed cells.
func mustBoard(t testing.TB, s board.Size, cells uint64) board.Board {
	t.Helper()
	b, err := board.FromCells(s, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// opaque hides a heuristic's concrete type (and Update), so IDA* falls back
// to its generic kernel calling Estimate per node.
type opaque struct{ h Heuristic }

func (o opaque) Name() string                     { return o.h.Name() }
func (o opaque) Estimate(b board.Board) int       { return o.h.Estimate(b) }
func (o opaque) Domain() (board.Size, board.Goal) { return o.h.(Domain).Domain() }

// basicHeuristics returns the heuristics that need no tables, for size s and goal g.
func basicHeuristics(t testing.TB, s board.Size, g board.Goal) []Heuristic {
	t.Helper()
	ham, err := NewHamming(s, g)
	if err != nil {
		t.Fatal(err)
	}
	md, err := NewManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	lc, err := NewLinearConflict(s, g)
	if err != nil {
		t.Fatal(err)
	}
	mx, err := NewMax(ham, lc)
	if err != nil {
		t.Fatal(err)
	}
	hs := []Heuristic{ham, md, lc, mx}
	if s.W == s.H {
		r, err := NewReflected(lc, s, g)
		if err != nil {
			t.Fatal(err)
		}
		hs = append(hs, r)
	}
	return hs
}

// checkSolution fails unless moves are legal from start and reach the goal.
func checkSolution(t testing.TB, start board.Board, g board.Goal, moves []board.Dir) {
	t.Helper()
	end, err := start.Apply(moves)
	if err != nil {
		t.Fatalf("solution %s from %s: %v", board.FormatMoves(moves), start.Line(), err)
	}
	if !end.IsGoal(g) {
		t.Fatalf("solution %s from %s ends at %s, not the goal", board.FormatMoves(moves), start.Line(), end.Line())
	}
}

// randomBoards returns n reproducible boards that can reach goal g.
func randomBoards(t testing.TB, seed uint64, s board.Size, g board.Goal, n int) []board.Board {
	t.Helper()
	r := board.NewRand(seed)
	out := make([]board.Board, n)
	for i := range out {
		b, err := board.Random(r, s, g)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	return out
}

// walkBoards returns n reproducible boards a random walk of k moves from goal g.
func walkBoards(t testing.TB, seed uint64, s board.Size, g board.Goal, k, n int) []board.Board {
	t.Helper()
	r := board.NewRand(seed)
	out := make([]board.Board, n)
	for i := range out {
		b, _, err := board.RandomWalk(r, board.Solved(s, g), k)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = b
	}
	return out
}
