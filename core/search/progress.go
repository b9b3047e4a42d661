package search

import "github.com/slidelab/slidelab/core/board"

// progressEvery+1 is how many steps A*, greedy search and BFS take between
// calls of Config.Progress (a step selects or expands a node).
const progressEvery = 1<<15 - 1

// Progress is a snapshot of a running search, passed to Config.Progress.
type Progress struct {
	// Stats are the counts so far.
	Stats
	// Bound is IDA*'s current f bound (zero for other algorithms).
	Bound int
	// Iteration is the number of the current IDA* pass, from 1 (zero for
	// other algorithms).
	Iteration int
	// Path holds, for IDA*, the moves from the start to the node the search
	// was at when it reported (empty at the start of a pass), and H is that
	// node's heuristic value: the node is the start with Path applied, its
	// g is len(Path), and g + H never exceeds Bound. A caller may keep Path.
	// Nil and zero for other algorithms.
	Path []board.Dir
	H    int
}
