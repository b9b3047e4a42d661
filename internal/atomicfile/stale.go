package atomicfile

import (
	"errors"
	"hash/fnv"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The marks between a file's name and the owner and random parts of the
// temporary files made for it: ".BASE.tmp-PID-HOST-RANDOM" by Write,
// ".BASE.check-PID-HOST-RANDOM" by CheckWritable.
const (
	tmpMark   = ".tmp-"
	checkMark = ".check-"
)

// StaleAfter is the age after which a temporary file whose writer cannot be
// shown dead (one written on another host, or by an older version that did
// not put its process id in the name) is taken for a leftover: Write keeps
// writing to its file (at least every megabyte), and no write of this
// program's files goes that long without doing so.
const StaleAfter = 15 * time.Minute

// createTemp creates a new file dir/prefix+PID-HOST-RANDOM with mode 0666,
// which the kernel reduces by the umask (os.CreateTemp would use 0600
// whatever the umask says). The process id and a hash of the host name in
// the name let RemoveStale tell a leftover of a killed process from a file
// being written now.
func createTemp(dir, prefix string) (*os.File, error) {
	owner := strconv.Itoa(os.Getpid()) + "-" + hostTag() + "-"
	for i := 0; ; i++ {
		name := filepath.Join(dir, prefix+owner+strconv.FormatUint(uint64(rand.Uint32()), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) && i < 100 {
			continue
		}
		return f, err
	}
}

// hostTag is a short hash of the host name, so that a process id is only
// checked on the host that wrote it (a directory may be shared over the
// network).
func hostTag() string {
	name, err := os.Hostname()
	if err != nil {
		name = "unknown"
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return strconv.FormatUint(uint64(h.Sum32()), 36)
}

// RemoveStale removes the temporary files that Write and CheckWritable left
// in dir for files whose names match base (a pattern as in filepath.Match,
// so "*.slpdb" serves every table file) when their process was killed
// (SIGKILL, a crash, a power cut): ".BASE.tmp-*" and ".BASE.check-*". A
// temporary file is stale when
//   - its name carries a process id and this host's tag, and no process
//     with that id runs (checked on Unix; elsewhere only age counts), or
//   - it was last modified more than olderThan ago.
//
// A file being written by a live process is never removed by the first
// rule; the second only catches a writer that stopped writing for longer
// than any write takes. It returns how many files it removed; a missing
// directory is not an error.
func RemoveStale(dir, base string, olderThan time.Duration) (int, error) {
	if _, err := filepath.Match(base, ""); err != nil {
		return 0, err
	}
	return removeStale(dir, func(name string) bool {
		ok, _ := filepath.Match(base, name)
		return ok
	}, olderThan)
}

// removeStale is RemoveStale for the files whose names match reports.
func removeStale(dir string, match func(name string) bool, olderThan time.Duration) (int, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	host := hostTag()
	removed := 0
	for _, e := range entries {
		owner, ok := tempOwner(e.Name(), match)
		if !ok || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil {
			continue
		}
		if !ownerDead(owner, host) && time.Since(fi.ModTime()) < olderThan {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err == nil {
			removed++
		}
	}
	return removed, nil
}

// tempOwner reports whether name is a temporary file made for a file whose
// name match accepts, and returns what follows the mark: "PID-HOST-RANDOM",
// or only "RANDOM" for files of older versions.
func tempOwner(name string, match func(string) bool) (string, bool) {
	if !strings.HasPrefix(name, ".") {
		return "", false
	}
	for _, mark := range []string{tmpMark, checkMark} {
		i := strings.LastIndex(name, mark)
		if i <= 1 {
			continue
		}
		rest := name[i+len(mark):]
		if rest == "" || strings.Trim(rest, "0123456789abcdefghijklmnopqrstuvwxyz-") != "" {
			continue
		}
		if match(name[1:i]) {
			return rest, true
		}
	}
	return "", false
}

// ownerDead reports whether owner ("PID-HOST-RANDOM") names a process of
// this host that no longer runs.
func ownerDead(owner, host string) bool {
	parts := strings.Split(owner, "-")
	if len(parts) != 3 || parts[1] != host {
		return false
	}
	pid, err := strconv.Atoi(parts[0])
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return false
	}
	return !processAlive(pid)
}
