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

// identityOf returns what a sidecar records of a file (see file_map.go).
func identityOf(fi os.FileInfo) (fileIdentity, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileIdentity{}, false
	}
	mtime, ctime := statTimes(st)
	return fileIdentity{
		dev: uint64(st.Dev), ino: uint64(st.Ino), size: uint64(st.Size),
		mtime: mtime.Nano(), ctime: ctime.Nano(),
	}, true
}
