package pdb

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks for transparent huge pages on the 2 MiB-aligned part of
// n bytes at p (madvise MADV_HUGEPAGE), before they are first touched.
func adviseHuge(p unsafe.Pointer, n int) {
	const huge = 2 << 20
	lo := (uintptr(p) + huge - 1) &^ (huge - 1)
	hi := (uintptr(p) + uintptr(n)) &^ (huge - 1)
	if hi <= lo {
		return
	}
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, 14)
}
