package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// algorithmFlagHelp is the --algorithm flag's help in solve, trace, compare
// and bench.
const algorithmFlagHelp = "ida* (or ida), a* (or astar), bfs, greedy, dfs, dls, iddfs, ucs, bibfs, wa*, rbfs or sma*; 'slidelab help algorithms' lists them; quote the * in a shell"

// algoFlags are the options of the search chapter's algorithms: weighted
// A*'s weight, the depth-first searches' depth limit and cycle check, and
// the cost model. Unset pointers (commands without the flags) are skipped.
type algoFlags struct {
	weight     *string
	depthLimit *int
	cycleCheck *string
	cost       *string
	nodes      *int
}

// addAlgoFlags adds --weight, --depth-limit, --cycle-check and --cost.
func addAlgoFlags(fs *flag.FlagSet) algoFlags {
	return algoFlags{
		weight:     fs.String("weight", "", fmt.Sprintf("wa*: the weight w in f = g + w*h, from 1 to %d with at most one decimal (default 2)", search.MaxWeight)),
		depthLimit: fs.Int("depth-limit", 0, fmt.Sprintf("dfs, dls, iddfs: the depth limit, 1 to %d (0: none; dls needs one); children one move deeper are cut off", search.MaxDepthLimit)),
		cycleCheck: fs.String("cycle-check", "", "dfs, dls, iddfs: none (only the move back is skipped; the default), path (skip boards on the current path) or closed (skip boards reached before)"),
		nodes:      fs.Int("memory-nodes", 0, fmt.Sprintf("sma*: the budget of tree nodes in memory, 2 to %d (default %d)", search.MaxMemoryNodes, defaultMemoryNodes)),
		cost:       fs.String("cost", "unit", "cost model: unit (every move costs 1) or tile (moving tile t costs t; g, ucs, a*, wa*, ida*, rbfs, sma* and greedy honour it; pattern databases are unit-cost only and refused)"),
	}
}

// defaultWeight is weighted A*'s weight when --weight is not given.
const defaultWeight = 2

// defaultMemoryNodes is SMA*'s node budget when --memory-nodes is not given.
const defaultMemoryNodes = 1000

// apply checks the flags against cfg.Algorithm and sets them in cfg.
func (a algoFlags) apply(cfg *search.Config) error {
	alg := cfg.Algorithm
	if a.cost != nil {
		c, err := search.ParseCostModel(*a.cost)
		if err != nil {
			return usagef("--cost: %v", err)
		}
		cfg.Cost = c
	}
	if a.weight != nil {
		switch {
		case *a.weight != "" && alg != search.WAStar:
			return usagef("--weight is for --algorithm wa* (weighted A*), not %v", alg)
		case alg == search.WAStar && *a.weight == "":
			cfg.Weight = defaultWeight
		case alg == search.WAStar:
			w, err := search.ParseWeight(*a.weight)
			if err != nil {
				return usagef("--weight: %v", err)
			}
			cfg.Weight = w
		}
	}
	depthFirst := alg == search.DFS || alg == search.DLS || alg == search.IDDFS
	if a.depthLimit != nil {
		d := *a.depthLimit
		if d != 0 && !depthFirst {
			return usagef("--depth-limit is for --algorithm dfs, dls or iddfs, not %v", alg)
		}
		if err := checkRange("depth-limit", d, 0, search.MaxDepthLimit); err != nil {
			return err
		}
		if alg == search.DLS && d == 0 {
			return usagef("--algorithm dls needs --depth-limit D (1 to %d)", search.MaxDepthLimit)
		}
		cfg.DepthLimit = d
	}
	if a.nodes != nil {
		n := *a.nodes
		switch {
		case n != 0 && alg != search.SMAStar:
			return usagef("--memory-nodes is for --algorithm sma*, not %v (--memory bounds the others)", alg)
		case alg == search.SMAStar && n == 0:
			cfg.MemoryNodes = defaultMemoryNodes
		case alg == search.SMAStar:
			if err := checkRange("memory-nodes", n, 2, search.MaxMemoryNodes); err != nil {
				return err
			}
			cfg.MemoryNodes = n
		}
	}
	if a.cycleCheck != nil && *a.cycleCheck != "" {
		if !depthFirst {
			return usagef("--cycle-check is for --algorithm dfs, dls or iddfs, not %v", alg)
		}
		c, err := search.ParseCycleCheck(*a.cycleCheck)
		if err != nil {
			return usagef("--cycle-check: %v", err)
		}
		cfg.CycleCheck = c
	}
	return nil
}

// compareOptions checks the flags against alg and the comma-separated
// heuristics hText, and returns the comparison options they set.
func (a algoFlags) compareOptions(alg search.Algorithm, hText string) (compare.Options, error) {
	cfg := search.Config{Algorithm: alg}
	if err := a.apply(&cfg); err != nil {
		return compare.Options{}, err
	}
	for _, n := range search.SplitHeuristics(hText) {
		if spec, err := search.ParseHeuristic(n); err == nil {
			if err := checkCostHeuristic(cfg.Cost, spec); err != nil {
				return compare.Options{}, err
			}
		}
	}
	return compare.Options{Algorithm: alg, Cost: cfg.Cost, Weight: cfg.Weight, DepthLimit: cfg.DepthLimit,
		CycleCheck: cfg.CycleCheck, MemoryNodes: cfg.MemoryNodes}, nil
}

// checkHeuristic refuses a pattern database under --cost tile (commands
// without the flag pass).
func (a algoFlags) checkHeuristic(spec search.HeuristicSpec) error {
	if a.cost == nil {
		return nil
	}
	c, err := search.ParseCostModel(*a.cost)
	if err != nil {
		return nil // apply reports it
	}
	return checkCostHeuristic(c, spec)
}

// checkCostHeuristic refuses a pattern database under tile costs before any
// table is built.
func checkCostHeuristic(cost search.CostModel, spec search.HeuristicSpec) error {
	if cost == search.TileCost && spec.UsesTables() {
		return usagef("--heuristic %s: %v: the tables are built for unit costs; under --cost tile use manhattan, tile-manhattan, linear-conflict or hamming", spec, search.ErrTablesUnitCost)
	}
	return nil
}

// helpAlgorithms prints the algorithms by group, one line each.
func helpAlgorithms(w io.Writer) {
	fmt.Fprintln(w, "Algorithms (--algorithm in solve, trace, compare and bench; case does not matter):")
	group := search.AlgorithmGroup(255)
	for _, in := range search.AlgorithmInfos() {
		if in.Group != group {
			group = in.Group
			fmt.Fprintf(w, "\n%s:\n", strings.ToUpper(group.String()[:1])+group.String()[1:])
		}
		fmt.Fprintf(w, "  %-7s %s\n", in.Algorithm, in.Summary)
	}
	fmt.Fprintln(w, `
Options: --weight W (wa*), --depth-limit D and --cycle-check none|path|closed
(dfs, dls, iddfs), --memory-nodes N (sma*), --cost unit|tile (moving tile t costs t; pattern databases
are unit-cost only). Under --cost tile, tile-manhattan is admissible and
"cost" differs from "length". Uninformed algorithms ignore --heuristic. DFS
without a limit may wander: --node-limit and --memory stop it.`)
}
