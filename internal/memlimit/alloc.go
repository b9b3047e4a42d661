package memlimit

import (
	"fmt"
	"runtime/debug"
	"unsafe"
)

// largeAlloc is the size from which Make checks that the memory can be had
// before asking the Go runtime for it.
const largeAlloc = 16 << 20

// arenaSlack is the address space the Go runtime may map beyond an
// allocation's own size (its heap grows in 64 MiB arenas on 64-bit Linux).
const arenaSlack = 64 << 20

// Make returns a zeroed slice of n elements, like make([]T, n), or an error
// wrapping ErrInsufficient when it cannot be had: the Go runtime ends the
// whole program with "fatal error: out of memory" when the operating system
// refuses it memory, so for large slices Make first collects garbage and
// returns the freed memory to the system (so that a previous build's freed
// arrays do not stay resident beside the new ones) and then asks the system whether it would give that much address space now
// (on Linux, a trial mapping of the size plus the runtime's slack, undone at
// once), unless the runtime's own free heap can hold the slice. what names
// the array in the error ("the 8-tile table").
func Make[T any](n int, what string) ([]T, error) {
	var zero T
	size := uint64(n) * uint64(unsafe.Sizeof(zero))
	if n < 0 || (n > 0 && size/uint64(n) != uint64(unsafe.Sizeof(zero))) {
		return nil, fmt.Errorf("%s: %d elements: %w", what, n, ErrInsufficient)
	}
	if size >= largeAlloc {
		if err := reserve(size, what); err != nil {
			return nil, err
		}
	}
	return make([]T, n), nil
}

// reserve checks that size more bytes can be had now.
func reserve(size uint64, what string) error {
	// Collect garbage and give the freed pages back to the system: a
	// previous build's arrays, freed in pieces too small for this one,
	// would otherwise stay resident beside it.
	debug.FreeOSMemory()
	r := Read()
	if r.GoHeapFree >= size+arenaSlack {
		return nil // the runtime will not ask the system for more
	}
	if err := probe(size + arenaSlack); err != nil {
		avail, src, ok := Available(r)
		if !ok {
			avail, src = 0, "the operating system refused it"
		}
		return &Error{What: "allocating " + what, Need: size, Allowed: avail, Source: src}
	}
	return nil
}
