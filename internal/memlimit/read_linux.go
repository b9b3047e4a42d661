//go:build linux

package memlimit

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// unlimited is the smallest figure read as "no limit": cgroup v1 writes
// 2^63 rounded down to a page, RLIM_INFINITY is 2^64-1.
const unlimited = 1 << 62

// readOS fills the Linux readings: /proc/meminfo, RLIMIT_AS with
// /proc/self/status, and the memory control group (v2, else v1).
func readOS(r *Readings) {
	if kb, ok := procField("/proc/meminfo", "MemAvailable:"); ok {
		r.MemAvailable = kb << 10
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && rl.Cur > 0 && rl.Cur < unlimited {
		if kb, ok := procField("/proc/self/status", "VmSize:"); ok {
			r.ASLimit, r.ASUsed = rl.Cur, kb<<10
		}
	}
	readCgroup(r)
}

// procField returns the number after key in a /proc file of "Key: N kB" lines.
func procField(path, key string) (uint64, bool) {
	data, err := readSmall(path)
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(data) {
		if rest, ok := bytes.CutPrefix(line, []byte(key)); ok {
			f := strings.Fields(string(rest))
			if len(f) == 0 {
				return 0, false
			}
			v, err := strconv.ParseUint(f[0], 10, 64)
			return v, err == nil
		}
	}
	return 0, false
}

// readSmall reads at most 64 KiB of a pseudo-file.
func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, 64<<10))
}

// readNumber reads a file holding one number ("max" reads as not found).
func readNumber(path string) (uint64, bool) {
	data, err := readSmall(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(strings.TrimSpace(string(data)), 10, 64)
	return v, err == nil
}

// readCgroup fills the control group readings from the first directory
// that has a limit: the process's own cgroup v2 directory, the v2 root (a
// container's namespaced view), then the v1 memory controller's.
func readCgroup(r *Readings) {
	dirs := []string{"/sys/fs/cgroup"}
	if data, err := readSmall("/proc/self/cgroup"); err == nil {
		for line := range bytes.Lines(data) {
			if rest, ok := bytes.CutPrefix(line, []byte("0::")); ok {
				dirs = append([]string{filepath.Join("/sys/fs/cgroup", strings.TrimSpace(string(rest)))}, dirs...)
			}
		}
	}
	for _, d := range dirs {
		if readCgroupDir(r, d, "memory.max", "memory.current", "inactive_file") {
			return
		}
	}
	readCgroupDir(r, "/sys/fs/cgroup/memory", "memory.limit_in_bytes", "memory.usage_in_bytes", "total_inactive_file")
}

// readCgroupDir reads one control group directory; it reports whether a
// limit was found.
func readCgroupDir(r *Readings, dir, maxFile, curFile, inactiveKey string) bool {
	limit, ok := readNumber(filepath.Join(dir, maxFile))
	if !ok || limit == 0 || limit >= unlimited {
		return false
	}
	used, ok := readNumber(filepath.Join(dir, curFile))
	if !ok {
		return false
	}
	r.CgroupLimit, r.CgroupUsed = limit, used
	if v, ok := procField(filepath.Join(dir, "memory.stat"), inactiveKey+" "); ok {
		r.CgroupReclaimable = v
	}
	return true
}
