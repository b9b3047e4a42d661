// Package atomicfile writes files so that a reader sees either the old
// contents or the complete new ones, never a half-written file: the data goes
// to a temporary file in the same directory, which is flushed, synced and
// renamed over the destination.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Write creates or replaces path with what write writes. The data goes
// through a buffered temporary file named ".BASE.tmp-PID-HOST-RANDOM" beside
// the file, which is synced and renamed over it; the directory is then synced (best effort)
// so the rename survives a crash. On any error, including one returned by
// write, the temporary file is removed, the file is left as it was, and the
// error is returned as it came (os errors name the file). Before it creates
// its temporary file, Write removes the stale temporary files of the same
// file that killed writers left (RemoveStale with StaleAfter).
//
// Modes and links, as a careful command-line tool treats them:
//   - a new file gets mode 0666 less the process's umask, like a file made
//     by the shell's ">" (0644 under the usual umask 022, 0600 under 077);
//   - a file that is replaced keeps its mode (a 0600 file stays 0600);
//   - a file without write permission for its owner (0444) is refused with
//     ErrReadOnly and left alone, even when the process could replace it;
//   - when path is a symbolic link, the file it points to is written (or
//     created) and the link stays a link.
func Write(path string, write func(io.Writer) error) (err error) {
	target, err := resolveLinks(path)
	if err != nil {
		return err
	}
	mode, exists, err := existingMode(target)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	// Temporary files of this target left by a killed writer go first (see
	// RemoveStale); a failure to remove them is no reason not to write.
	base := filepath.Base(target)
	_, _ = removeStale(dir, func(name string) bool { return name == base }, StaleAfter)
	f, err := createTemp(dir, "."+base+tmpMark)
	if err != nil {
		return dirError(dir, err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if exists {
		if err = f.Chmod(mode); err != nil {
			return err
		}
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, target); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// ErrReadOnly marks a destination that exists without write permission for
// its owner: Write refuses to replace it.
var ErrReadOnly = errors.New("file is read-only")

// maxLinks bounds the symbolic links followed, as the kernel does (ELOOP).
const maxLinks = 40

// resolveLinks follows symbolic links from path to the file they name
// (which need not exist yet).
func resolveLinks(path string) (string, error) {
	for i := 0; i < maxLinks; i++ {
		fi, err := os.Lstat(path)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

// existingMode returns the permission bits of the file at path, if there is
// one, and refuses directories, other non-regular files and read-only files.
func existingMode(path string) (fs.FileMode, bool, error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 0, false, nil
	case err != nil:
		return 0, false, err
	case fi.IsDir():
		return 0, false, fmt.Errorf("%s is a directory", path)
	case !fi.Mode().IsRegular():
		return 0, false, fmt.Errorf("%s is not a regular file (%s); not replaced", path, fi.Mode().Type())
	case fi.Mode().Perm()&0o200 == 0:
		return 0, false, fmt.Errorf("%s: %w (mode %04o); make it writable or choose another name", path, ErrReadOnly, fi.Mode().Perm())
	}
	return fi.Mode().Perm(), true, nil
}

// CheckWritable reports whether Write could create path, leaving nothing
// behind: path (after symbolic links) must not be a directory, another
// non-regular file or a read-only file, and a temporary file must be
// creatable (and is removed again) in its directory. Commands call it before
// long work whose result goes to path.
func CheckWritable(path string) error {
	path, err := resolveLinks(path)
	if err != nil {
		return err
	}
	if _, _, err := existingMode(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	f, err := createTemp(dir, "."+filepath.Base(path)+checkMark)
	if err != nil {
		return dirError(dir, err)
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}

// dirError describes a failure to create a file in dir without the
// temporary file's name.
func dirError(dir string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot create a file in %s: %w", dir, err)
}

// WriteBytes is Write for data already in memory.
func WriteBytes(path string, data []byte) error {
	return Write(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}
