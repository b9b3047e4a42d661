// Package inputfile opens files that a command reads as data (instance
// files, session files, pattern-database tables, reports) without ever
// blocking in the open: a FIFO, a terminal or another device given where a
// regular file is expected is refused at once with an error naming the path
// and what it is, instead of hanging until someone writes to it.
//
// Standard input ("-") is not a path and is not opened here; commands read it
// through a cancellable reader (see internal/cancelio).
package inputfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular marks a path that names something other than a regular
// file: a FIFO, a device, a socket or a directory.
var ErrNotRegular = errors.New("not a regular file")

// Open opens path for reading and checks, on the open file, that it is a
// regular file. On Unix the file is opened with O_NONBLOCK, so opening a
// FIFO that no process writes to returns at once (a plain open would wait
// for a writer forever); for a regular file the flag changes nothing. Any
// other kind of file is closed again and refused with an error that wraps
// ErrNotRegular and reads "PATH: not a regular file (a FIFO)". Errors from
// the open itself are *fs.PathError values, which name the path.
func Open(path string) (*os.File, error) {
	f, err := openNonblocking(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, Kind(fi.Mode()))
	}
	return f, nil
}

// ReadFile reads the regular file at path (see Open), at most limit bytes
// plus one when limit > 0, so a caller can tell a file larger than it
// accepts from one that fits.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if limit > 0 {
		r = io.LimitReader(f, limit+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err // *fs.PathError from the file: names it
	}
	return data, nil
}

// Kind names the type of a file that is not regular, with its article, for
// messages: "a FIFO", "a directory", "a character device".
func Kind(m fs.FileMode) string {
	switch t := m.Type(); {
	case t&fs.ModeDir != 0:
		return "a directory"
	case t&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a block device"
	case t&fs.ModeSymlink != 0:
		return "a symbolic link"
	case t == 0:
		return "a regular file"
	default:
		return "an irregular file"
	}
}
