package sessionfile

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/slidelab/slidelab/core/search"
)

// The compare view's algorithm is any of the search chapter's twelve
// (version 3), with the parameters slidelab compare takes: "weight" (wa*),
// "depth_limit" and "cycle_check" (dfs, dls, iddfs), "memory_nodes" (sma*)
// and "cost" (every algorithm: those that do not count g by it still
// report the solutions' cost), under the names "search" uses.

// CompareParams are the parameters of a comparison's algorithm, zero when
// the file leaves them out (the app's defaults then apply).
type CompareParams struct {
	Weight      float64
	DepthLimit  int
	CycleCheck  search.CycleCheck
	MemoryNodes int
	Cost        search.CostModel
}

// asSearch is c's algorithm and parameters as a "search" object holds
// them, to share its JSON and its parsing.
func (c *Compare) asSearch() *Search {
	p := c.Params
	return &Search{Algorithm: c.Algorithm, Weight: p.Weight, DepthLimit: p.DepthLimit, CycleCheck: p.CycleCheck,
		MemoryNodes: p.MemoryNodes, Cost: p.Cost}
}

// chapter reports whether c needs version 3.
func (c *Compare) chapter() bool { return c.asSearch().chapter() }

// setParams writes c's parameters into cj.
func (c *Compare) setParams(cj *compareJSON) {
	sj := c.asSearch().json()
	cj.Weight, cj.DepthLimit, cj.CycleCheck, cj.MemoryNodes, cj.Cost = sj.Weight, sj.DepthLimit, sj.CycleCheck, sj.MemoryNodes, sj.Cost
	if c.Algorithm == search.DFS && c.Params.CycleCheck == search.CycleNone {
		cj.CycleCheck = nil // the default; "search" writes it for the app's stepper
	}
}

// asSearch is cj's algorithm and parameters as a "search" object.
func (cj *compareJSON) asSearch() *searchJSON {
	return &searchJSON{Algorithm: cj.Algorithm, Weight: cj.Weight, DepthLimit: cj.DepthLimit, CycleCheck: cj.CycleCheck,
		MemoryNodes: cj.MemoryNodes, Cost: cj.Cost}
}

// chapterField returns the first field of cj that only a version 3 file
// holds, or "".
func (cj *compareJSON) chapterField() string {
	f := cj.asSearch().chapterField()
	if f == "" {
		return ""
	}
	return "compare." + strings.TrimPrefix(f, "search.")
}

// params reads cj's parameters into out and checks them against the
// algorithm as slidelab compare checks its flags.
func (cj *compareJSON) params(out *Compare) error {
	var s Search
	if err := cj.asSearch().params(&s); err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "search: ")) // Decode says "compare: "
	}
	out.Params = CompareParams{Weight: s.Weight, DepthLimit: s.DepthLimit, CycleCheck: s.CycleCheck, MemoryNodes: s.MemoryNodes, Cost: s.Cost}
	return out.checkParams()
}

// checkParams checks that every parameter of c is one its algorithm takes
// (as slidelab compare's flags) and in range.
func (c *Compare) checkParams() error {
	alg, p := c.Algorithm, c.Params
	depthFirst := slices.Contains([]search.Algorithm{search.DFS, search.DLS, search.IDDFS}, alg)
	switch {
	case p.Weight != 0 && alg != search.WAStar:
		return fmt.Errorf("weight is for wa*, not %v", alg)
	case p.Weight != 0 && (p.Weight < 1 || p.Weight > search.MaxWeight):
		return fmt.Errorf("weight %g: want 1 to %d", p.Weight, search.MaxWeight)
	case p.DepthLimit != 0 && !depthFirst, p.CycleCheck != search.CycleNone && !depthFirst:
		return fmt.Errorf("depth_limit and cycle_check are for dfs, dls and iddfs, not %v", alg)
	case p.DepthLimit < 0 || p.DepthLimit > search.MaxDepthLimit:
		return fmt.Errorf("depth_limit %d: want 0 (none) to %d", p.DepthLimit, search.MaxDepthLimit)
	case p.CycleCheck > search.CycleClosed:
		return fmt.Errorf("cycle_check %v: want none, path or closed", p.CycleCheck)
	case p.MemoryNodes != 0 && alg != search.SMAStar:
		return fmt.Errorf("memory_nodes is for sma*, not %v", alg)
	case p.MemoryNodes != 0 && (p.MemoryNodes < 2 || p.MemoryNodes > search.MaxMemoryNodes):
		return fmt.Errorf("memory_nodes %d: want 2 to %d", p.MemoryNodes, search.MaxMemoryNodes)
	case p.Cost > search.TileCost:
		return fmt.Errorf("cost %v: want unit or tile", p.Cost)
	case p.Cost == search.TileCost && alg.UsesHeuristic() && slices.ContainsFunc(c.Heuristics, usesTables):
		return fmt.Errorf("cost tile: a pattern database is built for unit costs only; under tile costs compare manhattan, tile-manhattan, linear-conflict or hamming")
	}
	return nil
}
