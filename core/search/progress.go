package search

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
}
