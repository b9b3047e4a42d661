package search

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// The algorithms of the search chapter beyond the first four, their groups
// for menus and `slidelab help algorithms`, the tile-weighted cost model and
// the checks of the options they take.

// AlgorithmGroup groups algorithms for menus and help: uninformed,
// informed or memory-bounded.
type AlgorithmGroup uint8

const (
	// Uninformed algorithms ignore the heuristic.
	Uninformed AlgorithmGroup = iota
	// Informed algorithms are guided by the heuristic.
	Informed
	// MemoryBounded algorithms keep their memory within a bound (IDA*
	// keeps only the current path).
	MemoryBounded
)

// String returns "uninformed", "informed" or "memory-bounded".
func (g AlgorithmGroup) String() string {
	switch g {
	case Uninformed:
		return "uninformed"
	case Informed:
		return "informed"
	case MemoryBounded:
		return "memory-bounded"
	}
	return fmt.Sprintf("AlgorithmGroup(%d)", uint8(g))
}

// AlgorithmInfo describes an algorithm for menus and help texts.
type AlgorithmInfo struct {
	Algorithm Algorithm
	// Group is the menu group.
	Group AlgorithmGroup
	// Summary says what the algorithm does, in one line.
	Summary string
	// Optimal reports whether its solutions are shortest (cheapest under
	// the cost model) with an admissible heuristic.
	Optimal bool
	// UsesHeuristic reports whether it needs a heuristic.
	UsesHeuristic bool
}

var algorithmInfos = []AlgorithmInfo{
	{BFS, Uninformed, "breadth-first search: a first-in first-out queue; fewest moves, every board kept", true, false},
	{UCS, Uninformed, "uniform-cost search (Dijkstra): the open node with the least path cost g first; cheapest under --cost tile", true, false},
	{DFS, Uninformed, "depth-first search: deepest node first; --depth-limit D, --cycle-check none|path|closed; not optimal", false, false},
	{DLS, Uninformed, "depth-limited search: depth-first down to --depth-limit D (required); not optimal", false, false},
	{IDDFS, Uninformed, "iterative deepening: depth-limited passes with limits 0, 1, 2, ...; fewest moves, memory only the path", true, false},
	{BiBFS, Uninformed, "bidirectional breadth-first search: from the start and from the goal, a layer at a time, until the frontiers meet", true, false},
	{Greedy, Informed, "greedy best-first search: the open node with the least h first; fast, not optimal", false, true},
	{AStar, Informed, "A*: the open node with the least f = g + h first, reopening closed nodes; optimal with an admissible h", true, true},
	{WAStar, Informed, "weighted A*: f = g + w*h (--weight W, 1 to 10); at most w times the optimal cost", false, true},
	{IDAStar, MemoryBounded, "IDA*: depth-first passes with a rising bound on f; memory only the path", true, true},
	{SMAStar, MemoryBounded, "simplified memory-bounded A*: A* within --memory-nodes N tree nodes, dropping the worst leaves and regenerating them", true, true},
	{RBFS, MemoryBounded, "recursive best-first search: best-first in memory linear in the depth, with f-limits and backed-up f values", true, true},
}

// AlgorithmInfos returns every algorithm's description, grouped
// (uninformed, informed, memory-bounded).
func AlgorithmInfos() []AlgorithmInfo {
	return append([]AlgorithmInfo(nil), algorithmInfos...)
}

// Info returns a's description.
func (a Algorithm) Info() AlgorithmInfo {
	for _, in := range algorithmInfos {
		if in.Algorithm == a {
			return in
		}
	}
	return AlgorithmInfo{Algorithm: a}
}

// UsesHeuristic reports whether a needs a heuristic.
func (a Algorithm) UsesHeuristic() bool {
	switch a {
	case IDAStar, AStar, Greedy, WAStar, RBFS, SMAStar:
		return true
	}
	return false
}

// CostModel says what a move costs.
type CostModel uint8

const (
	// UnitCost: every move costs 1, so a path's cost is its length.
	UnitCost CostModel = iota
	// TileCost: moving tile t costs t (a classic variant under which
	// uniform-cost search differs from breadth-first search).
	TileCost
)

// String returns "unit" or "tile".
func (c CostModel) String() string {
	switch c {
	case UnitCost:
		return "unit"
	case TileCost:
		return "tile"
	}
	return fmt.Sprintf("CostModel(%d)", uint8(c))
}

// ParseCostModel parses "unit" or "tile".
func ParseCostModel(text string) (CostModel, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "unit", "":
		return UnitCost, nil
	case "tile", "tile-weighted":
		return TileCost, nil
	}
	return 0, fmt.Errorf("cost model %s: want unit (every move costs 1) or tile (moving tile t costs t)", shortName(text))
}

// MoveCost returns the cost of sliding tile under c.
func (c CostModel) MoveCost(tile int) int {
	if c == TileCost {
		return tile
	}
	return 1
}

// PathCost returns the cost under c of the moves (directions of the blank)
// from start; moves that are not legal cost nothing.
func PathCost(start board.Board, moves []board.Dir, c CostModel) int {
	cost := 0
	b := start
	for _, d := range moves {
		next, ok := b.Move(d)
		if !ok {
			break
		}
		cost += c.MoveCost(next.At(b.Blank()))
		b = next
	}
	return cost
}

// CycleCheck says how depth-first search avoids going round in circles.
type CycleCheck uint8

const (
	// CycleNone only skips the move that undoes the last one, so the search
	// may walk round a cycle of the board's states.
	CycleNone CycleCheck = iota
	// CyclePath skips children whose board is on the current path.
	CyclePath
	// CycleClosed skips children whose board was reached before (a closed
	// set of every board reached, as breadth-first search keeps).
	CycleClosed
)

// String returns "none", "path" or "closed".
func (c CycleCheck) String() string {
	switch c {
	case CycleNone:
		return "none"
	case CyclePath:
		return "path"
	case CycleClosed:
		return "closed"
	}
	return fmt.Sprintf("CycleCheck(%d)", uint8(c))
}

// ParseCycleCheck parses "none", "path" or "closed".
func ParseCycleCheck(text string) (CycleCheck, error) {
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "none":
		return CycleNone, nil
	case "path":
		return CyclePath, nil
	case "closed":
		return CycleClosed, nil
	}
	return 0, fmt.Errorf("cycle check %s: want none, path (skip boards on the current path) or closed (skip boards reached before)", shortName(text))
}

// Limits of the new algorithms' options.
const (
	// MaxWeight is the largest weight of weighted A*.
	MaxWeight = 10
	// MaxDepthLimit is the largest depth limit of depth-first searches.
	MaxDepthLimit = 1_000_000
)

// ParseWeight reads weighted A*'s weight: a number from 1 to MaxWeight with
// at most one decimal (1.5, 2, 3.2).
func ParseWeight(text string) (float64, error) {
	t := strings.TrimSpace(text)
	w, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(w) || math.IsInf(w, 0) {
		return 0, fmt.Errorf("weight %s: want a number from 1 to %d, such as 1.5 or 2", shortName(text), MaxWeight)
	}
	if err := checkWeight(w); err != nil {
		return 0, err
	}
	return w, nil
}

// checkWeight fails unless w is from 1 to MaxWeight with at most one decimal.
func checkWeight(w float64) error {
	if !(w >= 1 && w <= MaxWeight) {
		return fmt.Errorf("weight %g: want a number from 1 (A*) to %d", w, MaxWeight)
	}
	if math.Abs(w*10-math.Round(w*10)) > 1e-9 {
		return fmt.Errorf("weight %g: at most one decimal (1.5, not 1.25)", w)
	}
	return nil
}

// weight10 returns the weight in tenths (1.5 -> 15); weighted A* orders its
// open list by 10g + weight10*h, exactly, in integers.
func (c *Config) weight10() int {
	if c.Weight == 0 {
		return 10
	}
	return int(math.Round(c.Weight * 10))
}

// checkOptions validates the options of the new algorithms and the cost
// model.
func checkOptions(cfg *Config) error {
	alg := cfg.Algorithm
	if cfg.Cost != UnitCost && cfg.Cost != TileCost {
		return fmt.Errorf("%v: unknown cost model %v", alg, cfg.Cost)
	}
	if alg == WAStar && cfg.Weight != 0 {
		if err := checkWeight(cfg.Weight); err != nil {
			return fmt.Errorf("%v: %w", alg, err)
		}
	}
	if cfg.DepthLimit < 0 || cfg.DepthLimit > MaxDepthLimit {
		return fmt.Errorf("%v: depth limit %d: want 0 (none) to %d", alg, cfg.DepthLimit, MaxDepthLimit)
	}
	if alg == DLS && cfg.DepthLimit == 0 {
		return fmt.Errorf("dls needs a depth limit (1 to %d)", MaxDepthLimit)
	}
	if alg == SMAStar && (cfg.MemoryNodes < 2 || cfg.MemoryNodes > MaxMemoryNodes) {
		return fmt.Errorf("sma*: node budget %d: want 2 to %d", cfg.MemoryNodes, MaxMemoryNodes)
	}
	if cfg.CycleCheck > CycleClosed {
		return fmt.Errorf("%v: unknown cycle check %v", alg, cfg.CycleCheck)
	}
	if cfg.Cost == TileCost && alg.UsesHeuristic() && usesTables(cfg.Heuristic) {
		return fmt.Errorf("%v: %w: heuristic %s is a pattern database, which is built for unit costs; under --cost tile use manhattan, tile-manhattan, linear-conflict or hamming",
			alg, ErrTablesUnitCost, cfg.Heuristic.Name())
	}
	return nil
}

// ErrTablesUnitCost is wrapped by the error for a pattern database under the
// tile-weighted cost model: the tables are built for unit costs only.
var ErrTablesUnitCost = fmt.Errorf("pattern databases are unit-cost only")

// usesTables reports whether h is or contains a pattern database.
func usesTables(h Heuristic) bool {
	switch h := h.(type) {
	case *PDB, *Fringe, *DynamicPDB:
		return true
	case *Max:
		for _, p := range h.parts {
			if usesTables(p) {
				return true
			}
		}
	case *Reflected:
		return usesTables(h.inner)
	}
	return false
}
