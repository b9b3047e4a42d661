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
// through a buffered temporary file named ".BASE.tmp-*" beside path, which is
// synced, given mode 0644 and renamed over path; the directory is then synced
// (best effort) so the rename survives a crash. On any error, including one
// returned by write, the temporary file is removed, path is left as it was,
// and the error is returned as it came (os errors name the file).
func Write(path string, write func(io.Writer) error) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
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
	if err = f.Chmod(0o644); err != nil {
		return err
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
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	if d, derr := os.Open(dir); derr == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// CheckWritable reports whether Write could create path, leaving nothing
// behind: path must not be a directory, and a temporary file must be
// creatable (and is removed again) in its directory. Commands call it before
// long work whose result goes to path.
func CheckWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".check-*")
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
