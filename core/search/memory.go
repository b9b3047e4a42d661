package search

import (
	"sync/atomic"
	"unsafe"
)

// Memory accounting for A*, greedy search and BFS.
//
// A search counts the bytes its data structures hold, by capacity rather
// than length: the node records (a slice grown by a quarter at a time, so
// the growth itself is counted before it happens), the hash index of
// boards (measured at up to 36 bytes an entry for a Go 1.26 map of uint64 to
// int32; 40 are counted), the open list's entries and BFS's queue. What it
// does not count is garbage the collector has not yet reclaimed: the command
// line sets the Go runtime's soft memory limit (runtime/debug.SetMemoryLimit)
// to the search limit plus a margin, so the collector works harder instead of
// letting the heap grow to twice the live data.
//
// So the limit bounds the search's own tables: a search stops with
// ErrMemoryLimit before what it counts would pass it, and the Go heap it
// grows by stays below it (TestMemoryAccountingCoversHeap). The process as a
// whole holds more: its pattern databases, the program and the runtime, and
// garbage up to the soft limit's margin; the command line documents its
// slack (at most 64 MiB above the limit and the tables).
const (
	nodeBytes  = int64(unsafe.Sizeof(bfNode{}))
	treeBytes  = int64(unsafe.Sizeof(treeIDs{}))
	indexEntry = 40 // bytes per entry of the board index
	// largeIndexEntry is indexEntry for boards of more than 16 cells, keyed
	// by a two-word board.Key (slots of 24 bytes instead of 16): measured at
	// up to 56 bytes an entry with Go 1.26; 60 are counted.
	largeIndexEntry = 60
	openEntryBytes  = 8 // an int32 in a bucket stack, counted with the stack's spare capacity
	reserveStep     = 4 << 20
)

// growCap returns the next capacity of the node and queue slices: a quarter
// more, as Go's append does for large slices, so the accounting can predict it.
func growCap(c int) int { return c + c/4 + 1024 }

// grow returns s with room for one more element: s itself when it has
// room, else a copy with capacity growCap, which memoryBytes counts before
// it is made.
func grow[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	grown := make([]T, len(s), growCap(cap(s)))
	copy(grown, s)
	return grown
}

// MemoryBudget is a memory limit shared by several searches running at the
// same time (SolveAll and comparisons make one for their workers), so that
// the limit holds for the whole run rather than for each search. Searches
// reserve bytes from it as they grow and give them back when they end. It is
// safe for concurrent use.
type MemoryBudget struct {
	limit int64
	used  atomic.Int64
}

// NewMemoryBudget returns a budget of limit bytes.
func NewMemoryBudget(limit int64) *MemoryBudget {
	return &MemoryBudget{limit: limit}
}

// Limit returns the budget's size in bytes.
func (b *MemoryBudget) Limit() int64 { return b.limit }

// Used returns the bytes reserved at the moment.
func (b *MemoryBudget) Used() int64 { return b.used.Load() }

// reserve takes n more bytes, or reports false and takes nothing when that
// would pass the limit.
func (b *MemoryBudget) reserve(n int64) bool {
	if b.used.Add(n) > b.limit {
		b.used.Add(-n)
		return false
	}
	return true
}

func (b *MemoryBudget) release(n int64) { b.used.Add(-n) }

// memoryBytes returns the bytes the search holds, including the next growth
// of a slice that is about to grow (an expansion adds at most four nodes).
func (bf *bestFirst) memoryBytes() int64 {
	n := int64(cap(bf.nodes)) * nodeBytes
	if len(bf.nodes)+4 > cap(bf.nodes) {
		n += int64(growCap(cap(bf.nodes))) * nodeBytes
	}
	n += int64(bf.index.len()) * bf.index.entryBytes()
	n += int64(bf.open.size) * openEntryBytes
	n += int64(cap(bf.fifo)) * 4
	if len(bf.fifo)+4 > cap(bf.fifo) {
		n += int64(growCap(cap(bf.fifo))) * 4
	}
	// The tree ids that stepping records (Run records none).
	n += int64(cap(bf.tree)) * treeBytes
	return n
}

// checkMemory reserves what the search holds from the shared budget (or
// compares it with the search's own limit) and reports false when the
// limit would be passed.
func (bf *bestFirst) checkMemory() bool {
	need := bf.memoryBytes()
	b := bf.s.cfg.Budget
	if b == nil {
		return need <= bf.s.cfg.memoryLimit()
	}
	if need <= bf.reserved {
		return true
	}
	more := max(need-bf.reserved, reserveStep)
	if !b.reserve(more) {
		// Near the limit, take exactly what is needed.
		more = need - bf.reserved
		if !b.reserve(more) {
			return false
		}
	}
	bf.reserved += more
	return true
}

// releaseMemory gives the search's reservation back to the shared budget.
func (bf *bestFirst) releaseMemory() {
	if b := bf.s.cfg.Budget; b != nil && bf.reserved > 0 {
		b.release(bf.reserved)
		bf.reserved = 0
	}
}

// releaseMemory gives back what the stepper's search reserved from
// Config.Budget; Solve calls it when the search is over.
func (s *Stepper) releaseMemory() {
	if s.bf != nil {
		s.bf.releaseMemory()
	}
	if s.eng != nil {
		s.eng.releaseMemory()
	}
}

// memoryGuard holds what an engine reserved of Config.Budget.
type memoryGuard struct {
	reserved int64
}

// check reserves need bytes from cfg's budget (or compares them with its
// own limit) and returns a *LimitError when the limit would be passed.
func (m *memoryGuard) check(cfg *Config, need int64) error {
	b := cfg.Budget
	if b == nil {
		if need <= cfg.memoryLimit() {
			return nil
		}
		return &LimitError{Err: ErrMemoryLimit, Limit: uint64(cfg.memoryLimit())}
	}
	if need <= m.reserved {
		return nil
	}
	more := max(need-m.reserved, reserveStep)
	if !b.reserve(more) {
		more = need - m.reserved
		if !b.reserve(more) {
			return &LimitError{Err: ErrMemoryLimit, Limit: uint64(b.Limit())}
		}
	}
	m.reserved += more
	return nil
}

// release gives the reservation back.
func (m *memoryGuard) release(cfg *Config) {
	if cfg.Budget != nil && m.reserved > 0 {
		cfg.Budget.release(m.reserved)
		m.reserved = 0
	}
}
