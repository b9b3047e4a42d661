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
	// At is the node the search was working on when it reported (IDA*: the
	// node at the end of its current path, the root at the start of a pass;
	// A*, greedy and BFS: the node selected last), and Path the moves from
	// the start to it, so a caller can show where the search is. For IDA*,
	// At.F() never exceeds Bound. At.Board is the zero Board (not valid)
	// before the first selection; a caller may keep Path.
	At   Node
	Path []board.Dir
}
