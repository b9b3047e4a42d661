package atomicfile

import (
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// MkdirTemp creates a new directory in parent (os.TempDir() when empty)
// named prefix+PID-HOST-RANDOM, for scratch files a command removes when it
// ends. Before creating it, it removes the directories of the same prefix
// that processes of this host left when they were killed (see
// RemoveDeadDirs), so a run killed with SIGKILL does not leave its scratch
// files behind for ever.
func MkdirTemp(parent, prefix string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	_, _ = RemoveDeadDirs(parent, prefix)
	owner := strconv.Itoa(os.Getpid()) + "-" + hostTag() + "-"
	for i := 0; ; i++ {
		name := filepath.Join(parent, prefix+owner+strconv.FormatUint(uint64(rand.Uint32()), 36))
		err := os.Mkdir(name, 0o700)
		if errors.Is(err, fs.ErrExist) && i < 100 {
			continue
		}
		if err != nil {
			return "", err
		}
		return name, nil
	}
}

// RemoveDeadDirs removes the directories in parent that MkdirTemp made with
// prefix for processes of this host that no longer run, with everything in
// them, and returns how many it removed. Unlike temporary files, such a
// directory is never removed for its age alone: a long run may leave it
// untouched for hours. Where processes cannot be checked (not Unix),
// nothing is removed.
func RemoveDeadDirs(parent, prefix string) (int, error) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return 0, err
	}
	host := hostTag()
	removed := 0
	for _, e := range entries {
		owner, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.IsDir() || strings.Trim(owner, "0123456789abcdefghijklmnopqrstuvwxyz-") != "" || !ownerDead(owner, host) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(parent, e.Name())); err == nil {
			removed++
		}
	}
	return removed, nil
}
