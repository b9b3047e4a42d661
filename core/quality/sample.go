// Package quality measures how good heuristics are, against the true
// distances of a set of states: the mean estimate against the mean true
// distance, how often the estimate is exact, the histogram of the gap
// h* - h, an admissibility check done in the open (the states where h > h*,
// which must be none), and a consistency check (the edges of the state graph
// across which h changes by more than 1, the cost of a move).
//
// A Sample holds the states and their true distances h*. Two kinds exist:
//
//   - Exhaustive: every state of a small board (the 8-puzzle's 181,440),
//     with h* from a breadth-first search back from the goal. Its edges are
//     every edge of the state graph, counted once.
//   - FromPaths: the states on optimal solutions of a set of instances
//     (Korf's 100 for the 15-puzzle), each with h* = the moves left. Its
//     edges are every edge with at least one end on a path, counted once:
//     the path's own moves and the moves off the path. The other end's h*
//     is not known (and not needed: consistency compares h at the two ends).
//
// Measure then evaluates any heuristics (whatever search.Heuristic the
// registry makes) on a sample and returns a Report. Both steps take a
// context, report progress and stop when it is cancelled.
package quality

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// Sample is a set of states with known true distances, and the edges of the
// state graph the consistency check examines.
type Sample struct {
	// Size and Goal are the boards' shape and the goal h* is measured to.
	Size board.Size
	Goal board.Goal
	// Description says where the states come from, for titles and reports
	// ("all 181440 states (breadth-first search)").
	Description string
	// EdgeRule says which edges Edges holds, in one sentence.
	EdgeRule string
	// Boards holds the sample's states first (Boards[:len(HStar)]), then
	// neighbours outside the sample that only serve as ends of edges.
	Boards []board.Board
	// HStar[i] is the true distance of Boards[i] to the goal.
	HStar []int
	// Edges are pairs of indices into Boards, each unordered pair once.
	Edges [][2]int32
}

// States returns the number of states with a known h*.
func (s *Sample) States() int { return len(s.HStar) }

// Progress is a report of the work done so far.
type Progress struct {
	// Stage names the step: "breadth-first search", "solving", or
	// "measuring NAME" while a heuristic is measured.
	Stage string
	// Done of Total units of the stage (states, instances).
	Done, Total int
}

// MaxExhaustiveStates bounds Exhaustive: the 8-puzzle's 181,440 states fit
// easily, the 11-puzzle's 239 million would not.
const MaxExhaustiveStates = 2_000_000

// ErrTooLarge is wrapped by Exhaustive's error for a board whose state space
// exceeds MaxExhaustiveStates.
var ErrTooLarge = errors.New("state space too large for an exhaustive search")

// progressEvery is how many states pass between progress reports and
// context checks.
const progressEvery = 1 << 14

// Exhaustive returns every state of boards of size s that reaches goal g,
// with h* from a breadth-first search back from the goal (moves are
// reversible, so the distance from the goal is the distance to it). Its
// edges are every edge of the state graph, counted once. Boards with more
// than MaxExhaustiveStates states give an error wrapping ErrTooLarge.
func Exhaustive(ctx context.Context, s board.Size, g board.Goal, progress func(Progress)) (*Sample, error) {
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("quality: %w", err)
	}
	total := reachable(s)
	if total > MaxExhaustiveStates {
		return nil, fmt.Errorf("quality: %s boards have %d reachable states: %w (at most %d)", s, total, ErrTooLarge, MaxExhaustiveStates)
	}
	goal := board.Solved(s, g)
	boards := make([]board.Board, 0, total)
	hstar := make([]int, 0, total)
	index := make(map[board.Board]int32, total)
	boards = append(boards, goal)
	hstar = append(hstar, 0)
	index[goal] = 0
	var moves []board.Dir
	for i := 0; i < len(boards); i++ {
		if i%progressEvery == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			report(progress, Progress{Stage: "breadth-first search", Done: i, Total: total})
		}
		b := boards[i]
		moves = b.LegalMoves(moves[:0])
		for _, d := range moves {
			n, _ := b.Move(d)
			if _, seen := index[n]; seen {
				continue
			}
			index[n] = int32(len(boards))
			boards = append(boards, n)
			hstar = append(hstar, hstar[i]+1)
		}
	}
	report(progress, Progress{Stage: "breadth-first search", Done: len(boards), Total: total})
	edges := make([][2]int32, 0, len(boards)*4/3)
	for i, b := range boards {
		moves = b.LegalMoves(moves[:0])
		for _, d := range moves {
			n, _ := b.Move(d)
			if j := index[n]; int32(i) < j {
				edges = append(edges, [2]int32{int32(i), j})
			}
		}
	}
	return &Sample{
		Size: s, Goal: g,
		Description: fmt.Sprintf("all %d states (breadth-first search)", len(boards)),
		EdgeRule:    "every edge of the state graph, counted once",
		Boards:      boards, HStar: hstar, Edges: edges,
	}, nil
}

// reachable returns the number of states reachable from the goal: half of
// the (W*H)! arrangements, or more than MaxExhaustiveStates.
func reachable(s board.Size) int {
	n := 1
	for k := 2; k <= s.Cells(); k++ {
		n *= k
		if n/2 > MaxExhaustiveStates {
			return MaxExhaustiveStates + 1
		}
	}
	return n / 2
}

// PathOptions configures FromPaths.
type PathOptions struct {
	// Solver is the heuristic IDA* solves the instances with; it must be
	// admissible (the solutions must be optimal) and for the set's size and
	// goal. Its choice changes the speed only.
	Solver search.Heuristic
	// Workers is the number of instances solved at a time (0: one per core).
	Workers int
	// Progress, when not nil, receives a report after each instance solved
	// and while the edges are collected.
	Progress func(Progress)
}

// FromPaths solves every instance of set optimally (IDA* with opt.Solver)
// and returns the states on the solutions, each with h* = the moves left to
// the goal. A state on several paths is kept once (its h* is the same on
// each, since every path is optimal). The edges are every edge with at
// least one end on a path, counted once. An instance whose known optimal
// length (Instance.Optimal >= 0) differs from the length found is an error:
// the file or the solver heuristic is wrong.
func FromPaths(ctx context.Context, set compare.Set, opt PathOptions) (*Sample, error) {
	if len(set.Instances) == 0 {
		return nil, fmt.Errorf("quality: set %s has no instances", set.Name)
	}
	if opt.Solver == nil {
		return nil, fmt.Errorf("quality: no solver heuristic given")
	}
	size, starts, err := startBoards(set)
	if err != nil {
		return nil, err
	}
	cfg := search.Config{Algorithm: search.IDAStar, Heuristic: opt.Solver, Goal: set.Goal}
	s := &Sample{Size: size, Goal: set.Goal}
	index := map[board.Board]int32{}
	add := func(b board.Board, h int) error {
		if j, ok := index[b]; ok {
			if j < int32(len(s.HStar)) && s.HStar[j] != h {
				return fmt.Errorf("quality: board %s lies %d and %d moves from the goal on two solutions: the solver heuristic %s is not admissible", b.Line(), s.HStar[j], h, opt.Solver.Name())
			}
			return nil
		}
		index[b] = int32(len(s.Boards))
		s.Boards = append(s.Boards, b)
		s.HStar = append(s.HStar, h)
		return nil
	}
	ctx2, cancel := context.WithCancel(ctx)
	defer cancel()
	var firstErr error
	fail := func(err error) {
		firstErr = err
		cancel() // the other instances are of no use now
	}
	done := 0
	report(opt.Progress, Progress{Stage: "solving", Done: 0, Total: len(starts)})
	err = search.SolveAll(ctx2, starts, cfg, opt.Workers, func(i int, r search.Result, err error) {
		if firstErr != nil {
			return
		}
		in := set.Instances[i]
		if err != nil {
			fail(fmt.Errorf("quality: instance %s: %w", in.Name, err))
			return
		}
		if !r.Found {
			fail(fmt.Errorf("quality: instance %s: no solution found", in.Name))
			return
		}
		L := len(r.Moves)
		if in.Optimal >= 0 && L != in.Optimal {
			fail(fmt.Errorf("quality: instance %s: solved in %d moves but its optimal length is given as %d", in.Name, L, in.Optimal))
			return
		}
		if err := addPath(in.Board, r.Moves, add); err != nil {
			fail(err)
			return
		}
		done++
		report(opt.Progress, Progress{Stage: "solving", Done: done, Total: len(starts)})
	})
	if firstErr != nil && ctx.Err() == nil {
		return nil, firstErr
	}
	if err != nil {
		return nil, err
	}
	n := len(s.Boards)
	if err := s.addEdges(ctx, index); err != nil {
		return nil, err
	}
	name := set.Name
	if name == "" {
		name = strconv.Itoa(len(set.Instances)) + " instances"
	}
	s.Description = fmt.Sprintf("%d states on optimal solutions of %s (%d instances)", n, name, len(set.Instances))
	s.EdgeRule = "every edge with at least one end on a solution path, counted once (the path's moves and the moves off it)"
	return s, nil
}

// addPath adds each board on the path from start by moves, with the
// number of moves left to its end.
func addPath(start board.Board, moves []board.Dir, add func(board.Board, int) error) error {
	b, left := start, len(moves)
	if err := add(b, left); err != nil {
		return err
	}
	for _, d := range moves {
		b, _ = b.Move(d)
		left--
		if err := add(b, left); err != nil {
			return err
		}
	}
	return nil
}

// startBoards returns the set's boards and their one size.
func startBoards(set compare.Set) (board.Size, []board.Board, error) {
	size := set.Instances[0].Board.Size()
	starts := make([]board.Board, len(set.Instances))
	for i, in := range set.Instances {
		if in.Board.Size() != size {
			return size, nil, fmt.Errorf("quality: set %s: instance %s is %s, the first is %s; a sample has one size", set.Name, in.Name, in.Board.Size(), size)
		}
		starts[i] = in.Board
	}
	return size, starts, nil
}

// addEdges adds every edge with at least one end among the sample's
// boards so far (the states on the paths), counted once; the other ends
// join the boards (index maps each board to its place).
func (s *Sample) addEdges(ctx context.Context, index map[board.Board]int32) error {
	n := len(s.Boards)
	var moves []board.Dir
	seen := map[[2]int32]bool{}
	for i := 0; i < n; i++ {
		if i%progressEvery == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		b := s.Boards[i]
		moves = b.LegalMoves(moves[:0])
		for _, d := range moves {
			nb, _ := b.Move(d)
			j, ok := index[nb]
			if !ok {
				j = int32(len(s.Boards))
				index[nb] = j
				s.Boards = append(s.Boards, nb)
			}
			e := [2]int32{min(int32(i), j), max(int32(i), j)}
			if !seen[e] {
				seen[e] = true
				s.Edges = append(s.Edges, e)
			}
		}
	}
	return nil
}

func report(f func(Progress), p Progress) {
	if f != nil {
		f(p)
	}
}
