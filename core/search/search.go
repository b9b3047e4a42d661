// Package search solves sliding-tile puzzles optimally and step by step:
// IDA*, A* (with reopening), breadth-first search and greedy best-first
// search, with Hamming, Manhattan, linear-conflict, pattern-database,
// reflected and max-of heuristics, and three heuristics that overestimate,
// for teaching (heuristic_lie.go). ContourCounter turns a trace into
// f-contours.
//
// Node counts follow Korf's conventions and are the same in the fast solver
// and the stepping API:
//
//   - A node is generated when it is created as a child of an expanded node.
//     Every child counts, including duplicates of boards seen before and, in
//     IDA*, children whose f exceeds the bound and are therefore never
//     visited. The start board is not counted. Moves that undo the move that
//     reached a node are not generated (its parent is never a useful child).
//   - A node is expanded when its children are generated: in IDA*, a visited
//     node within the bound that is not the goal; in A* and greedy search, a
//     node taken from the open list that is not the goal and not a stale
//     copy; in breadth-first search, a node taken from the queue.
//
// Korf and Felner's published figures count generated nodes.
package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// Algorithm names a search algorithm.
type Algorithm uint8

const (
	// IDAStar is iterative-deepening A*: depth-first searches with a rising
	// bound on f = g + h. Optimal with an admissible heuristic; memory is
	// only the current path. The workhorse for the 15-puzzle.
	IDAStar Algorithm = iota
	// AStar is best-first search on f = g + h, ties broken toward larger g.
	// It reopens closed nodes reached by a shorter path, so it stays optimal
	// with admissible but inconsistent heuristics such as additive pattern
	// databases.
	AStar
	// BFS is breadth-first search; it ignores the heuristic. Optimal, and
	// practical on small boards only.
	BFS
	// Greedy is greedy best-first search on h alone: often fast, not
	// optimal. The classroom counter-example.
	Greedy
	// DFS is depth-first search: the deepest node first, children in move
	// order, with an optional depth limit (Config.DepthLimit) and a choice of
	// cycle checking (Config.CycleCheck). Not optimal; without a limit or a
	// cycle check it may wander until a node or memory limit stops it.
	DFS
	// DLS is depth-limited search: DFS with a required depth limit.
	DLS
	// IDDFS is iterative deepening depth-first search: depth-limited passes
	// with limits 0, 1, 2, ... (IDA* with h = 0). Fewest moves.
	IDDFS
	// UCS is uniform-cost search (Dijkstra): best-first on g alone. With
	// unit costs it finds what BFS finds; under TileCost the cheapest path.
	UCS
	// BiBFS is bidirectional breadth-first search: a layer at a time from
	// the start and from the goal until the two meet. Fewest moves.
	BiBFS
	// WAStar is weighted A*: best-first on g + w*h (Config.Weight), with
	// reopening. Its solutions cost at most w times the optimum.
	WAStar
	// RBFS is recursive best-first search (Korf 1993): best-first order in
	// memory linear in the depth, with f-limits and backed-up f values.
	// Optimal with an admissible heuristic.
	RBFS
	// SMAStar is simplified memory-bounded A*: A* within a budget of
	// Config.MemoryNodes tree nodes, dropping the worst leaves and
	// regenerating them when their parent's forgotten f is the best.
	SMAStar
)

// Algorithms lists every algorithm.
var Algorithms = []Algorithm{IDAStar, AStar, BFS, Greedy, DFS, DLS, IDDFS, UCS, BiBFS, WAStar, RBFS, SMAStar}

// ClassicAlgorithms are the four searches Slidelab first stepped (IDA*, A*,
// BFS, greedy): the ones trace checking, predict mode and the race know the
// rules of.
var ClassicAlgorithms = []Algorithm{IDAStar, AStar, BFS, Greedy}

// String returns "ida*", "a*", "bfs", "greedy", "dfs", "dls", "iddfs",
// "ucs", "bibfs", "wa*", "rbfs" or "sma*".
func (a Algorithm) String() string {
	switch a {
	case IDAStar:
		return "ida*"
	case AStar:
		return "a*"
	case BFS:
		return "bfs"
	case Greedy:
		return "greedy"
	case DFS:
		return "dfs"
	case DLS:
		return "dls"
	case IDDFS:
		return "iddfs"
	case UCS:
		return "ucs"
	case BiBFS:
		return "bibfs"
	case WAStar:
		return "wa*"
	case RBFS:
		return "rbfs"
	case SMAStar:
		return "sma*"
	}
	return fmt.Sprintf("Algorithm(%d)", uint8(a))
}

// ParseAlgorithm parses an algorithm name: "ida*" (or "ida", "idastar"),
// "a*" (or "astar"), "bfs", "greedy", "dfs", "dls", "iddfs" (or "ids"),
// "ucs" (or "dijkstra"), "bibfs" (or "bidirectional") or "wa*" (or
// "wastar", "weighted-a*"), "rbfs" or "sma*" (or "sma").
func ParseAlgorithm(text string) (Algorithm, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "ida*", "ida", "idastar", "ida-star":
		return IDAStar, nil
	case "a*", "astar", "a-star":
		return AStar, nil
	case "bfs", "breadth-first":
		return BFS, nil
	case "greedy", "gbfs", "best-first":
		return Greedy, nil
	case "dfs", "depth-first":
		return DFS, nil
	case "dls", "depth-limited":
		return DLS, nil
	case "iddfs", "ids", "iterative-deepening":
		return IDDFS, nil
	case "ucs", "uniform-cost", "dijkstra":
		return UCS, nil
	case "bibfs", "bidirectional", "bidirectional-bfs":
		return BiBFS, nil
	case "wa*", "wastar", "weighted-a*", "wa-star":
		return WAStar, nil
	case "rbfs", "recursive-best-first":
		return RBFS, nil
	case "sma*", "sma", "smastar", "sma-star":
		return SMAStar, nil
	}
	return 0, fmt.Errorf("algorithm %s: want ida*, a*, bfs, greedy, dfs, dls, iddfs, ucs, bibfs, wa*, rbfs or sma*; 'slidelab help algorithms' lists them", shortName(text))
}

// Stats counts the work of a search. See the package comment for what
// "expanded" and "generated" mean.
type Stats struct {
	// Expanded is the number of nodes whose children were generated.
	Expanded uint64
	// Generated is the number of children created (Korf's measure).
	Generated uint64
	// PeakOpen is the largest size the open list (the queue for BFS)
	// reached. IDA* has no open list and leaves it zero.
	PeakOpen int
	// Stored is the number of distinct boards held in memory (A*, greedy
	// search and BFS).
	Stored int
	// Reopened counts closed nodes put back on the open list because a
	// shorter path to them was found (A*, weighted A*, UCS).
	Reopened uint64
	// BackwardExpanded and BackwardGenerated are the part of Expanded and
	// Generated done by the goal's side of a bidirectional search (zero for
	// other algorithms); the start's side did the rest.
	BackwardExpanded, BackwardGenerated uint64
}

// Iteration is one depth-first pass of IDA*.
type Iteration struct {
	// Bound is the largest f this pass visited.
	Bound int
	// Expanded and Generated count this pass alone.
	Expanded, Generated uint64
}

// Result describes a finished or interrupted search.
type Result struct {
	// Algorithm and Heuristic name the method used.
	Algorithm Algorithm
	Heuristic string
	// Start is the board solved.
	Start board.Board
	// Found reports whether Moves solves Start.
	Found bool
	// Moves takes Start to the goal (directions of the blank).
	Moves []board.Dir
	// Cost is the cost of Moves under the cost model (Config.Cost): the
	// length with unit costs; -1 when no solution was found.
	Cost int
	// H0 is the heuristic's estimate of Start (0 for BFS).
	H0 int
	Stats
	// Iterations lists IDA*'s passes in order (the last may be partial).
	Iterations []Iteration
	// Elapsed is the wall time spent searching.
	Elapsed time.Duration
}

// Length returns the number of moves in the solution, or -1 when none was found.
func (r Result) Length() int {
	if !r.Found {
		return -1
	}
	return len(r.Moves)
}

// DefaultMemoryLimit bounds the memory of A*, greedy search and BFS when
// Config.MemoryLimit is zero.
const DefaultMemoryLimit = 2 << 30

// Config chooses how to solve.
type Config struct {
	// Algorithm is the search method.
	Algorithm Algorithm
	// Heuristic guides IDA*, A* and greedy search; BFS ignores it. It must
	// be for the start board's size and the Goal.
	Heuristic Heuristic
	// Goal is the solved arrangement to reach.
	Goal board.Goal
	// NodeLimit, when positive, stops the search with a *LimitError once at
	// least this many nodes have been generated. IDA* stops at the first node
	// it is about to expand when the count has reached the limit, on any
	// number of workers (the counts reported are those up to that node).
	NodeLimit uint64
	// MemoryLimit bounds the memory (bytes) that the data structures of A*,
	// greedy search and BFS hold (see memory.go for what is counted); the
	// search stops with a *LimitError rather than exceed it. Zero means
	// DefaultMemoryLimit. IDA* uses almost no memory and ignores it.
	MemoryLimit int64
	// Budget, when not nil, replaces MemoryLimit with a limit shared by
	// every search given the same budget (SolveAll makes one for its
	// workers from MemoryLimit).
	Budget *MemoryBudget
	// Progress, when not nil, receives the counts of a full-speed search
	// (Solve and Stepper.Run; not Stepper.Step, whose events carry them)
	// from the searching goroutine, about every 16384 expansions and at the
	// start of each IDA* pass. It must return quickly; it should copy what
	// it needs and leave drawing to another goroutine.
	Progress func(Progress)
	// Workers is how many goroutines one IDA* search (Solve, Stepper.Run)
	// splits its passes across (parallel.go); 0 and 1 mean one, a negative
	// value one per core (runtime.GOMAXPROCS) on boards of 16 cells or more
	// and one on smaller boards (see parallelWorkers). The counts, passes
	// and solution are those of one worker, whatever the number. Other
	// algorithms ignore it; SolveAll sets it itself.
	Workers int
	// Cost is the cost model: UnitCost (the zero value) or TileCost, which
	// g, UCS, A*, weighted A*, IDA*, RBFS, SMA* and greedy search honour (BFS, BiBFS and
	// the depth-first searches count moves; Result.Cost is still the path's
	// cost). Pattern databases are refused under TileCost.
	Cost CostModel
	// Weight is weighted A*'s w in f = g + w*h: 1 to MaxWeight with at most
	// one decimal; 0 means 1 (plain A* order).
	Weight float64
	// DepthLimit bounds the depth of DFS (0: none), DLS (required) and
	// IDDFS (0: none; else the last pass's limit). Children one move past
	// the limit are generated and cut off, as IDA* prunes by f.
	DepthLimit int
	// CycleCheck is the cycle checking of DFS, DLS and IDDFS.
	CycleCheck CycleCheck
	// MemoryNodes is SMA*'s budget of tree nodes in memory: 2 to
	// MaxMemoryNodes (required for SMA*).
	MemoryNodes int
}

func (c *Config) memoryLimit() int64 {
	if c.MemoryLimit <= 0 {
		return DefaultMemoryLimit
	}
	return c.MemoryLimit
}

// Errors that a *LimitError wraps; test with errors.Is.
var (
	ErrNodeLimit   = errors.New("node limit reached")
	ErrMemoryLimit = errors.New("memory limit reached")
)

// ErrFinished is returned by Stepper.Step once the search has ended.
var ErrFinished = errors.New("search finished")

// LimitError reports a search stopped by Config.NodeLimit or
// Config.MemoryLimit, with the statistics gathered until then.
type LimitError struct {
	// Err is ErrNodeLimit or ErrMemoryLimit.
	Err error
	// Limit is the limit that was hit (nodes or bytes).
	Limit uint64
	// Stats are the counts when the search stopped.
	Stats Stats
}

// Error describes the limit.
func (e *LimitError) Error() string {
	if errors.Is(e.Err, ErrMemoryLimit) {
		return fmt.Sprintf("%v: about %d MiB used by %d stored nodes (%d generated, %d expanded)",
			e.Err, e.Limit>>20, e.Stats.Stored, e.Stats.Generated, e.Stats.Expanded)
	}
	return fmt.Sprintf("%v: %d nodes generated (%d expanded)", e.Err, e.Stats.Generated, e.Stats.Expanded)
}

// Unwrap returns ErrNodeLimit or ErrMemoryLimit.
func (e *LimitError) Unwrap() error { return e.Err }

// Solve finds a solution for start with the configured algorithm. On
// cancellation or a limit it returns the partial Result (statistics so far,
// Found false) and an error: the context's error or a *LimitError.
func Solve(ctx context.Context, start board.Board, cfg Config) (Result, error) {
	if cfg.Algorithm == IDAStar && cfg.Cost == UnitCost {
		r, err := solveIDA(ctx, start, cfg)
		r.setCost(cfg.Cost)
		return r, err
	}
	st, err := NewStepper(start, cfg)
	if err != nil {
		return Result{}, err
	}
	defer st.releaseMemory()
	return st.Run(ctx)
}

// setCost sets r.Cost from r.Moves.
func (r *Result) setCost(c CostModel) {
	r.Cost = -1
	if r.Found {
		r.Cost = PathCost(r.Start, r.Moves, c)
	}
}

// checkStart validates the start board and configuration.
func checkStart(start board.Board, cfg *Config) error {
	if !start.IsValid() {
		return fmt.Errorf("%v: invalid start board", cfg.Algorithm)
	}
	switch cfg.Algorithm {
	case IDAStar, AStar, Greedy, WAStar, RBFS, SMAStar:
		if cfg.Heuristic == nil {
			return fmt.Errorf("%v needs a heuristic", cfg.Algorithm)
		}
		if err := checkDomain(cfg.Heuristic, start.Size(), cfg.Goal); err != nil {
			return fmt.Errorf("%v: %w", cfg.Algorithm, err)
		}
	case BFS, DFS, DLS, IDDFS, UCS, BiBFS:
	default:
		return fmt.Errorf("unknown algorithm %v", cfg.Algorithm)
	}
	if err := checkOptions(cfg); err != nil {
		return err
	}
	if cfg.Goal != board.BlankLast && cfg.Goal != board.BlankFirst {
		return fmt.Errorf("%v: unknown goal %v", cfg.Algorithm, cfg.Goal)
	}
	if !start.Solvable(cfg.Goal) {
		return fmt.Errorf("%v: %w: %s cannot reach the %s goal", cfg.Algorithm, board.ErrUnsolvable, start.Line(), cfg.Goal)
	}
	return nil
}

// heuristicName returns the display name of the configured heuristic.
func heuristicName(cfg *Config) string {
	if !cfg.Algorithm.UsesHeuristic() || cfg.Heuristic == nil {
		return "none"
	}
	return cfg.Heuristic.Name()
}
