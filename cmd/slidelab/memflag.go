package main

import (
	"flag"

	"github.com/slidelab/slidelab/core/search"
)

// memorySlackMiB is what a run of A*, greedy search or BFS may hold beyond
// its --memory limit and its pattern databases: the Go runtime's soft limit
// is set 24 MiB above them (limitHeap); the program's code, stacks and the
// runtime's own structures come on top, and the soft limit is a target the
// collector may overshoot briefly while two searches allocate at once.
// Measured peak resident sizes (solve and compare with a*, --memory 100 and
// 300) are 29-56 MiB over.
const memorySlackMiB = 64

// softLimitMargin is how far above the heap in use and the search's limit
// limitHeap sets the Go runtime's soft memory limit.
const softLimitMargin = 24 << 20

// memoryFlagHelp is the help of --memory, the same on every command that
// runs A*, greedy search or BFS (solve, bench solve, trace, animate,
// compare).
const memoryFlagHelp = "memory limit in MiB for the a*, greedy and bfs searches (shared by the boards searched at the same time; IDA* ignores it): " +
	"it bounds the searches' own tables (nodes, index, open list), which stop with \"memory limit reached\" rather than pass it; " +
	"the process's peak memory is at most this plus the pattern databases plus 64 MiB"

// addMemoryFlag defines --memory with its default (search.DefaultMemoryLimit).
func addMemoryFlag(fs *flag.FlagSet) *int64 {
	return fs.Int64("memory", search.DefaultMemoryLimit>>20, memoryFlagHelp)
}
