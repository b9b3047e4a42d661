package pdb

import "syscall"

// statTimes returns a file's modification and status-change times.
func statTimes(st *syscall.Stat_t) (mtime, ctime syscall.Timespec) {
	return st.Mtimespec, st.Ctimespec
}
