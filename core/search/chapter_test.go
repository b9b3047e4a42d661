package search

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// chapterBoards returns small boards for the brute-force checks: every
// size of 2x2, 2x3 and 3x3, short random walks from both goals.
func chapterBoards(t *testing.T) []struct {
	g      board.Goal
	boards []board.Board
} {
	n := 6
	if raceEnabled {
		n = 2
	}
	return []struct {
		g      board.Goal
		boards []board.Board
	}{
		{board.BlankLast, walkBoards(t, 61, board.Size{W: 2, H: 2}, board.BlankLast, 9, n)},
		{board.BlankLast, walkBoards(t, 62, board.Size{W: 3, H: 2}, board.BlankLast, 20, n)},
		{board.BlankFirst, walkBoards(t, 63, board.Size{W: 2, H: 3}, board.BlankFirst, 20, n)},
		{board.BlankLast, walkBoards(t, 64, board.Size3x3, board.BlankLast, 14, n)},
		{board.BlankFirst, walkBoards(t, 65, board.Size3x3, board.BlankFirst, 12, n)},
	}
}

// TestOptimalAlgorithmsReachBFSLength: UCS, IDDFS and bidirectional BFS
// find solutions of the length a full breadth-first search gives, and
// weighted A* stays within w times it.
func TestOptimalAlgorithmsReachBFSLength(t *testing.T) {
	ctx := context.Background()
	for ci, c := range chapterBoards(t) {
		s := c.boards[0].Size()
		dist := distances(t, s, c.g)
		md, err := NewManhattan(s, c.g)
		if err != nil {
			t.Fatal(err)
		}
		for bi, b := range c.boards {
			want := dist[b.Cells()]
			for _, cfg := range []Config{
				{Algorithm: UCS}, {Algorithm: IDDFS}, {Algorithm: BiBFS},
				{Algorithm: IDDFS, CycleCheck: CyclePath},
				{Algorithm: WAStar, Heuristic: md, Weight: 1},
				{Algorithm: WAStar, Heuristic: md, Weight: 1.5},
				{Algorithm: WAStar, Heuristic: md, Weight: 3},
				{Algorithm: RBFS, Heuristic: md},
				{Algorithm: SMAStar, Heuristic: md, MemoryNodes: 5000},
			} {
				cfg.Goal = c.g
				r, err := Solve(ctx, b, cfg)
				if err != nil {
					t.Fatalf("case %d board %d %v: %v", ci, bi, cfg.Algorithm, err)
				}
				checkSolution(t, b, c.g, r.Moves)
				if r.Cost != r.Length() {
					t.Errorf("%v: cost %d, length %d under unit costs", cfg.Algorithm, r.Cost, r.Length())
				}
				w := max(cfg.Weight, 1)
				if cfg.Algorithm == WAStar && w > 1 {
					if float64(r.Length()) > w*float64(want) {
						t.Errorf("case %d board %d wa* w=%g: length %d > %g x %d", ci, bi, w, r.Length(), w, want)
					}
					continue
				}
				if r.Length() != want {
					t.Errorf("case %d board %d %v: length %d, BFS %d", ci, bi, cfg.Algorithm, r.Length(), want)
				}
			}
		}
	}
}

// tileDijkstra runs a Dijkstra under tile costs from b, written
// independently of the package's searches, and calls visit with each board
// settled and its least cost (moves are reversible at the same cost, so
// from the goal it gives the cost to the goal); it stops when visit returns
// false.
func tileDijkstra(b board.Board, visit func(board.Board, int) bool) {
	dist := map[uint64]int{b.Cells(): 0}
	pq := &costHeap{{b, 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(costItem)
		if it.cost > dist[it.b.Cells()] {
			continue
		}
		if !visit(it.b, it.cost) {
			return
		}
		for _, d := range board.Dirs {
			nb, ok := it.b.Move(d)
			if !ok {
				continue
			}
			c := it.cost + nb.At(it.b.Blank())
			if old, seen := dist[nb.Cells()]; !seen || c < old {
				dist[nb.Cells()] = c
				heap.Push(pq, costItem{nb, c})
			}
		}
	}
}

// dijkstraCost returns the least tile-weighted cost from b to the goal.
func dijkstraCost(b board.Board, g board.Goal) int {
	goal := board.Solved(b.Size(), g)
	cost := -1
	tileDijkstra(b, func(x board.Board, c int) bool {
		if x == goal {
			cost = c
			return false
		}
		return true
	})
	return cost
}

type costItem struct {
	b    board.Board
	cost int
}

type costHeap []costItem

func (h costHeap) Len() int           { return len(h) }
func (h costHeap) Less(i, j int) bool { return h[i].cost < h[j].cost }
func (h costHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *costHeap) Push(x any)        { *h = append(*h, x.(costItem)) }
func (h *costHeap) Pop() any {
	old := *h
	it := old[len(old)-1]
	*h = old[:len(old)-1]
	return it
}

// TestTileCostsAgainstDijkstra: under tile costs UCS, A* and IDA* with the
// tile-weighted Manhattan distance (and with plain Manhattan) find the
// cheapest cost an independent Dijkstra finds; weighted A* stays within w
// times it; BFS's fewest-move solution costs at least as much.
func TestTileCostsAgainstDijkstra(t *testing.T) {
	ctx := context.Background()
	for ci, c := range chapterBoards(t) {
		s := c.boards[0].Size()
		tmd, err := NewTileManhattan(s, c.g)
		if err != nil {
			t.Fatal(err)
		}
		md, _ := NewManhattan(s, c.g)
		for bi, b := range c.boards {
			want := dijkstraCost(b, c.g)
			for _, cfg := range []Config{
				{Algorithm: UCS}, {Algorithm: AStar, Heuristic: tmd}, {Algorithm: AStar, Heuristic: md},
				{Algorithm: IDAStar, Heuristic: tmd}, {Algorithm: WAStar, Heuristic: tmd, Weight: 2},
				{Algorithm: BFS}, {Algorithm: BiBFS}, {Algorithm: RBFS, Heuristic: tmd}, {Algorithm: RBFS, Heuristic: md},
				{Algorithm: SMAStar, Heuristic: tmd, MemoryNodes: 3000},
			} {
				cfg.Goal, cfg.Cost = c.g, TileCost
				r, err := Solve(ctx, b, cfg)
				if err != nil {
					t.Fatalf("case %d board %d %v: %v", ci, bi, cfg.Algorithm, err)
				}
				checkSolution(t, b, c.g, r.Moves)
				if got := PathCost(b, r.Moves, TileCost); got != r.Cost {
					t.Fatalf("%v: Cost %d, the moves cost %d", cfg.Algorithm, r.Cost, got)
				}
				switch cfg.Algorithm {
				case WAStar:
					if r.Cost > 2*want {
						t.Errorf("case %d board %d wa*: cost %d > 2 x %d", ci, bi, r.Cost, want)
					}
				case BFS, BiBFS:
					if r.Cost < want {
						t.Errorf("case %d board %d %v: cost %d below the optimum %d", ci, bi, cfg.Algorithm, r.Cost, want)
					}
				default:
					if r.Cost != want {
						t.Errorf("case %d board %d %v %s: cost %d, Dijkstra %d", ci, bi, cfg.Algorithm, heuristicName(&cfg), r.Cost, want)
					}
				}
			}
		}
	}
}

// TestTileManhattanAdmissible checks the tile-weighted Manhattan distance
// against the exact tile-weighted cost of every 8-puzzle state (181,440 per
// goal), from a full Dijkstra backwards from the goal.
func TestTileManhattanAdmissible(t *testing.T) {
	if testing.Short() && raceEnabled {
		t.Skip("a full Dijkstra over the 8-puzzle")
	}
	goals := []board.Goal{board.BlankLast, board.BlankFirst}
	if testing.Short() || raceForm() {
		goals = goals[:1] // the race form (raceForm): one full Dijkstra (one goroutine), as -short
	}
	for _, g := range goals {
		h, err := NewTileManhattan(board.Size3x3, g)
		if err != nil {
			t.Fatal(err)
		}
		tight, states := 0, 0
		// Moves are reversible at the same cost (the same tile slides back).
		tileDijkstra(board.Solved(board.Size3x3, g), func(b board.Board, cost int) bool {
			states++
			est := h.Estimate(b)
			if est > cost {
				t.Fatalf("%s: tile-manhattan %d > exact tile cost %d", b.Line(), est, cost)
			}
			if est == cost {
				tight++
			}
			return true
		})
		if states != 181440 {
			t.Fatalf("%v: %d states, want 181440", g, states)
		}
		t.Logf("%v: tile-manhattan exact on %d of %d states", g, tight, states)
	}
}

// refDFS is a direct recursive reference of the depth-first searches'
// counting: it returns whether the goal was found, the expanded and
// generated counts and whether a child was cut off.
type refDFS struct {
	goal     board.Board
	limit    int
	check    CycleCheck
	onPath   map[board.Board]bool
	closed   map[board.Board]bool
	exp, gen uint64
	cut      bool
	moves    []board.Dir
}

func (r *refDFS) visit(b board.Board, depth int, last board.Dir, root bool) bool {
	if b == r.goal {
		return true
	}
	var kids []board.Board
	var dirs []board.Dir
	for _, d := range b.LegalMoves(nil) {
		if !root && d == last.Inverse() {
			continue
		}
		kid, _ := b.Move(d)
		r.gen++
		switch {
		case depth+1 > r.limit:
			r.cut = true
			continue
		case r.check == CyclePath && r.onPath[kid]:
			continue
		case r.check == CycleClosed:
			if r.closed[kid] {
				continue
			}
			r.closed[kid] = true
		}
		kids, dirs = append(kids, kid), append(dirs, d)
	}
	r.exp++
	for i, kid := range kids {
		r.onPath[kid] = true
		r.moves = append(r.moves, dirs[i])
		if r.visit(kid, depth+1, dirs[i], false) {
			return true
		}
		r.moves = r.moves[:len(r.moves)-1]
		delete(r.onPath, kid)
	}
	return false
}

// TestDepthFirstCountsMatchReference compares DFS, DLS and IDDFS with the
// reference on every cycle check: solution, expanded and generated counts.
func TestDepthFirstCountsMatchReference(t *testing.T) {
	ctx := context.Background()
	for ci, c := range chapterBoards(t) {
		s := c.boards[0].Size()
		if s.Cells() > 6 {
			c.boards = c.boards[:2] // DFS without a closed set wanders on the 8-puzzle
		}
		for bi, b := range c.boards {
			for _, check := range []CycleCheck{CycleNone, CyclePath, CycleClosed} {
				for _, tc := range []struct {
					alg   Algorithm
					limit int
				}{{DLS, 5}, {DLS, 9}, {IDDFS, 0}, {DFS, 0}} {
					if tc.alg == DFS && (check != CycleClosed || s.Cells() > 6) {
						continue // unbounded without a closed set; most of the 8-puzzle with one
					}
					cfg := Config{Algorithm: tc.alg, Goal: c.g, DepthLimit: tc.limit, CycleCheck: check}
					got, err := Solve(ctx, b, cfg)
					var want refDFS
					found := false
					var exp, gen uint64
					for limit := 0; ; limit++ {
						want = refDFS{goal: board.Solved(s, c.g), limit: limit, check: check,
							onPath: map[board.Board]bool{b: true}, closed: map[board.Board]bool{b: true}}
						switch tc.alg {
						case DLS:
							want.limit = tc.limit
						case DFS:
							want.limit = noBound
						}
						found = want.visit(b, 0, 0, true)
						exp, gen = exp+want.exp, gen+want.gen
						if tc.alg != IDDFS || found || !want.cut {
							break
						}
					}
					name := fmt.Sprintf("case %d board %d %v limit %d check %v", ci, bi, tc.alg, tc.limit, check)
					if found != (err == nil) || found != got.Found {
						t.Fatalf("%s: reference found %v, search %v (%v)", name, found, got.Found, err)
					}
					if !found && !errors.Is(err, ErrCutoff) && !strings.Contains(fmt.Sprint(err), "exhausted") {
						t.Fatalf("%s: %v", name, err)
					}
					if got.Expanded != exp || got.Generated != gen {
						t.Errorf("%s: expanded %d generated %d, reference %d %d", name, got.Expanded, got.Generated, exp, gen)
					}
					if found && board.FormatMoves(got.Moves) != board.FormatMoves(want.moves) {
						t.Errorf("%s: moves %s, reference %s", name, board.FormatMoves(got.Moves), board.FormatMoves(want.moves))
					}
				}
			}
		}
	}
}
