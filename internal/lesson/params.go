package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/search"
)

// The parameters of the search chapter's algorithms in a slidelab block,
// under the command line's names: weight (weighted A*), depth-limit and
// cycle-check (dfs, dls, iddfs), memory-nodes (SMA*) and cost (the
// algorithms that honour it). Like the other keys they carry over to the
// next parts; a block that sets one for an algorithm that does not take it
// is an error on that line, as the flag is on the command line.

// paramKeys are the parameter keys, in the order they apply (after
// "algorithm").
var paramKeys = []string{"weight", "depth-limit", "cycle-check", "memory-nodes", "cost"}

// Params are a part's algorithm parameters, as search.Config holds them.
type Params struct {
	// Weight is weighted A*'s w (1 to 10, one decimal; default 2).
	Weight float64
	// DepthLimit bounds dfs and iddfs (0: none); dls needs one.
	DepthLimit int
	// CycleCheck is the cycle checking of dfs, dls and iddfs.
	CycleCheck search.CycleCheck
	// MemoryNodes is SMA*'s node budget (2 to search.MaxMemoryNodes;
	// default 1000).
	MemoryNodes int
	// Cost is the cost model (unit by default).
	Cost search.CostModel
}

// defaultParams are the command line's defaults.
var defaultParams = Params{Weight: 2, MemoryNodes: 1000}

// takes reports whether alg takes the parameter key, as the command line's
// flags say.
func takes(alg search.Algorithm, key string) bool {
	switch key {
	case "weight":
		return alg == search.WAStar
	case "depth-limit", "cycle-check":
		return alg == search.DFS || alg == search.DLS || alg == search.IDDFS
	case "memory-nodes":
		return alg == search.SMAStar
	case "cost":
		return true // BFS and the depth-first searches count moves, but report the cost
	}
	return false
}

// Apply sets in cfg the parameters cfg.Algorithm takes, as the command
// line's flags set them (the cost model for every algorithm).
func (p Params) Apply(cfg *search.Config) {
	alg := cfg.Algorithm
	if takes(alg, "weight") {
		cfg.Weight = p.Weight
	}
	if takes(alg, "depth-limit") {
		cfg.DepthLimit, cfg.CycleCheck = p.DepthLimit, p.CycleCheck
	}
	if takes(alg, "memory-nodes") {
		cfg.MemoryNodes = p.MemoryNodes
	}
	cfg.Cost = p.Cost
}

// setParam reads a parameter key's value into st.Params.
func (st *Settings) setParam(e entry) *Error {
	v := e.value
	switch e.key {
	case "weight":
		w, err := search.ParseWeight(v)
		if err != nil {
			return errorf(e.line, "%v", err)
		}
		st.Params.Weight = w
	case "depth-limit":
		if strings.EqualFold(v, "none") {
			st.Params.DepthLimit = 0
			return nil
		}
		d, err := strconv.Atoi(v)
		if err != nil || d < 0 || d > search.MaxDepthLimit {
			return errorf(e.line, "depth-limit %s: want a whole number from 1 to %d, or none", shortValue(v), search.MaxDepthLimit)
		}
		st.Params.DepthLimit = d
	case "cycle-check":
		c, err := search.ParseCycleCheck(v)
		if err != nil {
			return errorf(e.line, "%s", unknown("cycle-check", v, []string{"none", "path", "closed"}))
		}
		st.Params.CycleCheck = c
	case "memory-nodes":
		n, err := strconv.Atoi(v)
		if err != nil || n < 2 || n > search.MaxMemoryNodes {
			return errorf(e.line, "memory-nodes %s: want a whole number from 2 to %d", shortValue(v), search.MaxMemoryNodes)
		}
		st.Params.MemoryNodes = n
	case "cost":
		c, err := search.ParseCostModel(v)
		if err != nil || v == "" {
			return errorf(e.line, "%s", unknown("cost", v, []string{"unit", "tile"}))
		}
		st.Params.Cost = c
	}
	return nil
}

// checkParams tests the parameters a block set against the algorithm: a
// key for an algorithm that does not take it, dls without a depth limit,
// and a pattern database under tile costs are errors on their lines.
func (st *Settings) checkParams(set map[string]int) *Error {
	if !st.HasAlgorithm {
		for _, k := range paramKeys {
			if n := set[k]; n > 0 && k != "cost" {
				return errorf(n, "%s: needs an algorithm that takes it (algorithm: %s)", k, algorithmsTaking(k))
			}
		}
		return nil
	}
	for _, k := range paramKeys {
		if n := set[k]; n > 0 && !takes(st.Algorithm, k) {
			return errorf(n, "%s is for algorithm %s, not %s", k, algorithmsTaking(k), st.Algorithm)
		}
	}
	if st.Algorithm == search.DLS && st.Params.DepthLimit == 0 {
		return errorf(max(st.lines["algorithm"], st.lines["depth-limit"]), "dls needs a depth limit (depth-limit: D, 1 to %d)", search.MaxDepthLimit)
	}
	if st.Params.Cost == search.TileCost && st.Algorithm.UsesHeuristic() {
		if spec, err := search.ParseHeuristic(st.Heuristic); err == nil && spec.UsesTables() {
			return errorf(max(st.lines["cost"], st.lines["heuristic"]), "heuristic %s is a pattern database, built for unit costs: under cost: tile use manhattan, tile-manhattan, linear-conflict or hamming", spec)
		}
	}
	return nil
}

// algorithmsTaking names the algorithms that take the parameter key.
func algorithmsTaking(key string) string {
	var names []string
	for _, in := range search.AlgorithmInfos() {
		if takes(in.Algorithm, key) {
			names = append(names, in.Algorithm.String())
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// shortValue quotes a value for a message, cut at 40 bytes.
func shortValue(v string) string {
	if len(v) > 40 {
		v = v[:40] + "..."
	}
	return fmt.Sprintf("'%s'", v)
}
