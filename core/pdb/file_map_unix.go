//go:build linux || darwin

package pdb

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps the first size bytes of f read-only and shared. An empty file
// is not mapped (errNoMap).
func mapFile(f *os.File, size int64) ([]byte, error) {
	if size <= 0 || size != int64(int(size)) {
		return nil, errNoMap
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errNoMap, err)
	}
	return data, nil
}

// unmapFile releases a mapping made by mapFile that no table uses.
func unmapFile(data []byte) { _ = syscall.Munmap(data) }
