package pdb

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/slidelab/slidelab/core/board"
)

// Shipped tables: the browser build (make web) carries the default
// partitions' table files beside the app, each compressed with gzip
// (RFC 1952) as NAME.gz, where NAME is the cache file name (FileName). The
// page fetches one, and DecodeFor checks it exactly as a cached file is
// checked: signature, header, length, CRC-32C checksum of the whole file and
// the values against the recorded layers, then that it is the table asked
// for.

// gzipMagic is how every gzip stream starts (RFC 1952, ID1 ID2).
var gzipMagic = []byte{0x1f, 0x8b}

// DecodeFor decodes a table file held in memory, either as written
// (Table.WriteTo) or compressed with gzip (WriteGzip), checks it fully as
// Decode does, and checks that it is the table for the given board size,
// goal and tiles; otherwise the error wraps ErrMismatch. A compressed
// file's gzip trailer is checked too, and data after its one stream is
// refused. The table does not keep a reference to data when it was
// compressed.
func DecodeFor(data []byte, size board.Size, goal board.Goal, tiles []int) (*Table, error) {
	var t *Table
	var err error
	if bytes.HasPrefix(data, gzipMagic) {
		t, err = readGzip(bytes.NewReader(data))
	} else {
		t, err = Decode(data)
	}
	if err != nil {
		return nil, err
	}
	if err := t.matches(size, goal, tiles); err != nil {
		return nil, err
	}
	return t, nil
}

// readGzip reads one gzip stream holding one table file, and nothing after.
func readGzip(r io.Reader) (*Table, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: gzip: %w", ErrCorrupt, err)
	}
	zr.Multistream(false)
	t, err := Read(zr, -1) // never more than the header announces, plus one byte
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, fmt.Errorf("%w: the compressed table ends early", ErrTruncated)
	case err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrVersion):
		return nil, fmt.Errorf("%w: gzip: %w", ErrCorrupt, err) // damaged compressed data
	case err != nil:
		return nil, fmt.Errorf("compressed table: %w", err)
	}
	// The stream must end here, with a valid trailer (the gzip CRC-32 and
	// length), and the input with it.
	var one [1]byte
	if n, err := zr.Read(one[:]); n > 0 || err != io.EOF {
		if err == nil || err == io.EOF {
			return nil, fmt.Errorf("%w: unexpected bytes at the end of the compressed table", ErrCorrupt)
		}
		return nil, fmt.Errorf("%w: gzip: %w", ErrCorrupt, err)
	}
	if n, _ := r.Read(one[:]); n > 0 {
		return nil, fmt.Errorf("%w: unexpected bytes after the gzip stream", ErrCorrupt)
	}
	return t, nil
}

// WriteGzip writes t's file (as WriteTo does) compressed with gzip at the
// best compression level, the form DecodeFor reads and make web ships.
func (t *Table) WriteGzip(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	if _, err := t.WriteTo(zw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("gzip: %w", err)
	}
	return nil
}

// matches returns nil when t is the additive table for size, goal and
// tiles (in any order), else an error wrapping ErrMismatch.
func (t *Table) matches(size board.Size, goal board.Goal, tiles []int) error {
	want := slices.Sorted(slices.Values(tiles))
	if t.size != size || t.goal != goal || !slices.Equal(t.tiles, want) || t.kind != KindAdditive {
		return fmt.Errorf("%w: it holds tiles %s for %s %s, not tiles %s for %s %s", ErrMismatch,
			formatTiles(t.tiles), t.size, t.goal, formatTiles(want), size, goal)
	}
	return nil
}
