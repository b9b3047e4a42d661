package sessionfile

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/slidelab/slidelab/core/search"
)

// The search chapter's algorithms and their parameters in "search"
// (version 3): "weight" (wa*), "depth_limit" and "cycle_check" (dfs, dls,
// iddfs), "memory_nodes" (sma*) and "cost" (the algorithms that honour it).

// ChapterCostAlgorithms are the algorithms that count g by the cost model
// (search.Config.Cost); a file gives "cost" only for them.
var ChapterCostAlgorithms = []search.Algorithm{search.UCS, search.AStar, search.WAStar, search.IDAStar,
	search.RBFS, search.SMAStar, search.Greedy}

// chapter reports whether s needs version 3: an algorithm beyond the four
// classic ones, or one of the parameters.
func (s *Search) chapter() bool {
	return !slices.Contains(search.ClassicAlgorithms, s.Algorithm) || s.Weight != 0 || s.DepthLimit != 0 ||
		s.CycleCheck != search.CycleNone || s.MemoryNodes != 0 || s.Cost != search.UnitCost
}

// json returns the "search" object of s.
func (s *Search) json() *searchJSON {
	f := &searchJSON{Algorithm: s.Algorithm.String(), Heuristic: s.Heuristic.String()}
	if ev := s.Event; ev > 0 {
		f.Event = &ev
	}
	if w := s.Weight; w != 0 {
		f.Weight = &w
	}
	if d := s.DepthLimit; d != 0 {
		f.DepthLimit = &d
	}
	if s.Algorithm == search.DFS || s.CycleCheck != search.CycleNone {
		c := s.CycleCheck.String()
		f.CycleCheck = &c
	}
	if n := s.MemoryNodes; n != 0 {
		f.MemoryNodes = &n
	}
	if s.Cost != search.UnitCost {
		c := s.Cost.String()
		f.Cost = &c
	}
	return f
}

// chapterField returns the first field of fs that only a version 3 file
// holds (an algorithm beyond the classic four counts), or "".
func (fs *searchJSON) chapterField() string {
	switch {
	case fs.Weight != nil:
		return "search.weight"
	case fs.DepthLimit != nil:
		return "search.depth_limit"
	case fs.CycleCheck != nil:
		return "search.cycle_check"
	case fs.MemoryNodes != nil:
		return "search.memory_nodes"
	case fs.Cost != nil:
		return "search.cost"
	}
	if alg, err := search.ParseAlgorithm(fs.Algorithm); err == nil && !slices.Contains(search.ClassicAlgorithms, alg) {
		return fmt.Sprintf("search.algorithm: %s (%v)", truncate(fs.Algorithm), alg)
	}
	return ""
}

// params reads the parameters of fs into out; check tests them against the
// algorithm.
func (fs *searchJSON) params(out *Search) error {
	if fs.Weight != nil {
		w, err := search.ParseWeight(strconv.FormatFloat(*fs.Weight, 'g', -1, 64))
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		out.Weight = w
	}
	if fs.DepthLimit != nil {
		out.DepthLimit = *fs.DepthLimit
	}
	if fs.CycleCheck != nil {
		c, err := search.ParseCycleCheck(*fs.CycleCheck)
		if err != nil {
			return fmt.Errorf("search: %w", err)
		}
		out.CycleCheck = c
	}
	if fs.MemoryNodes != nil {
		out.MemoryNodes = *fs.MemoryNodes
	}
	if fs.Cost != nil {
		if *fs.Cost != "unit" && *fs.Cost != "tile" {
			return fmt.Errorf("search: cost %q: want unit (every move costs 1) or tile (moving tile t costs t)", truncate(*fs.Cost))
		}
		out.Cost, _ = search.ParseCostModel(*fs.Cost)
	}
	return nil
}

// checkParams checks that every parameter of s is one its algorithm takes,
// in range, and that a tile-weighted cost comes with no pattern database.
func (s *Search) checkParams() error {
	alg := s.Algorithm
	switch {
	case s.Weight != 0 && alg != search.WAStar:
		return fmt.Errorf("weight is for wa*, not %v", alg)
	case s.Weight != 0 && (s.Weight < 1 || s.Weight > search.MaxWeight):
		return fmt.Errorf("weight %g: want 1 to %d", s.Weight, search.MaxWeight)
	case s.DepthLimit != 0 && !depthFirst(alg):
		return fmt.Errorf("depth_limit is for dfs, dls and iddfs, not %v", alg)
	case s.DepthLimit < 0 || s.DepthLimit > search.MaxDepthLimit:
		return fmt.Errorf("depth_limit %d: want 0 (none; dfs and iddfs only) to %d", s.DepthLimit, search.MaxDepthLimit)
	case s.CycleCheck != search.CycleNone && !depthFirst(alg):
		return fmt.Errorf("cycle_check is for dfs, dls and iddfs, not %v", alg)
	case s.CycleCheck > search.CycleClosed:
		return fmt.Errorf("cycle_check %v: want none, path or closed", s.CycleCheck)
	case s.MemoryNodes != 0 && alg != search.SMAStar:
		return fmt.Errorf("memory_nodes is for sma*, not %v", alg)
	case s.MemoryNodes != 0 && (s.MemoryNodes < 2 || s.MemoryNodes > search.MaxMemoryNodes):
		return fmt.Errorf("memory_nodes %d: want 2 to %d", s.MemoryNodes, search.MaxMemoryNodes)
	case s.Cost != search.UnitCost && !slices.Contains(ChapterCostAlgorithms, alg):
		return fmt.Errorf("cost %v: %v counts moves, whatever the cost model; give cost only for ucs, a*, wa*, ida*, rbfs, sma* or greedy", s.Cost, alg)
	case s.Cost > search.TileCost:
		return fmt.Errorf("cost %v: want unit or tile", s.Cost)
	case s.Cost == search.TileCost && alg.UsesHeuristic() && usesTables(s.Heuristic):
		return fmt.Errorf("cost tile: heuristic %s is a pattern database, built for unit costs only; "+
			"under tile costs use manhattan, tile-manhattan, linear-conflict or hamming", s.Heuristic)
	}
	return nil
}

// usesTables reports whether h is or contains a pattern database (or other
// tables).
func usesTables(h search.HeuristicSpec) bool {
	if h.IsMax() {
		return slices.ContainsFunc(h.Parts, usesTables)
	}
	return h.Kind.NeedsTables
}

// depthFirst reports whether alg is one of the depth-first searches, which
// take a depth limit and a cycle check.
func depthFirst(alg search.Algorithm) bool {
	return alg == search.DFS || alg == search.DLS || alg == search.IDDFS
}
