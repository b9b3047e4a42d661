package pdb

import (
	"os"
	"syscall"
)

// identityOf returns what a sidecar records of a file (see file_map.go).
func identityOf(fi os.FileInfo) (fileIdentity, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileIdentity{}, false
	}
	return fileIdentity{
		dev: uint64(st.Dev), ino: uint64(st.Ino), size: uint64(st.Size),
		mtime: st.Mtimespec.Nano(), ctime: st.Ctimespec.Nano(),
	}, true
}
