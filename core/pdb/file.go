package pdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/slidelab/slidelab/internal/atomicfile"
)

// Errors returned (wrapped) when a table file cannot be used. Test with
// errors.Is; in every case the caller can rebuild the table.
var (
	// ErrCorrupt: the file is not a table file, or its contents fail the checksum
	// or a consistency check.
	ErrCorrupt = errors.New("corrupt pattern database file")
	// ErrTruncated: the file ends early.
	ErrTruncated = errors.New("truncated pattern database file")
	// ErrVersion: the file was written in a format version this program does not read.
	ErrVersion = errors.New("unsupported pattern database file version")
	// ErrMismatch: the file is a valid table, but not for the board, goal or
	// tiles asked for.
	ErrMismatch = errors.New("pattern database does not match")
	// ErrNotTable: the file does not start with the table files' signature,
	// so it is some other file, not a damaged table. It comes wrapped
	// together with ErrCorrupt.
	ErrNotTable = errors.New("not a Slidelab pattern database file")
)

// File format, version 1, all integers little-endian:
//
//	magic    8 bytes  "SLPDB\r\n\x1a"
//	version  uint16   1
//	width    uint8, height uint8, goal uint8 (0 blank-last, 1 blank-first)
//	k        uint8    number of tiles, then k tile numbers (uint8, ascending)
//	entries  uint64   n!/(n-k)!
//	seconds  float64  build time (IEEE 754 bits)
//	layers   uint16   count, then per layer: cost uint16, states uint64, new uint64
//	payload  entries bytes, the values in rank order (255: unreached)
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
//
// Version 2 is version 1 with one more byte, kind uint8 (0 additive, 1
// fringe), right after the version. Additive tables are still written as
// version 1, so files written before fringe tables existed load unchanged
// and older programs read new additive files; fringe tables are written as
// version 2 (older programs refuse them with ErrVersion). A fringe table's
// tile list starts with the blank, 0.
const (
	fileMagic   = "SLPDB\r\n\x1a"
	fileVersion = 1
	// fileVersionKind is the version whose header carries the table's kind.
	fileVersionKind = 2
	// FileExt is the extension of table files in the cache.
	FileExt = ".slpdb"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// header encodes everything before the payload.
func (t *Table) header() []byte {
	h := make([]byte, 0, 64+len(t.layers)*18)
	h = append(h, fileMagic...)
	if t.kind == KindAdditive {
		h = binary.LittleEndian.AppendUint16(h, fileVersion)
	} else {
		h = binary.LittleEndian.AppendUint16(h, fileVersionKind)
		h = append(h, uint8(t.kind))
	}
	h = append(h, uint8(t.size.W), uint8(t.size.H), uint8(t.goal), uint8(t.k))
	for _, tile := range t.tiles {
		h = append(h, uint8(tile))
	}
	h = binary.LittleEndian.AppendUint64(h, uint64(len(t.values)))
	h = binary.LittleEndian.AppendUint64(h, math.Float64bits(t.seconds))
	h = binary.LittleEndian.AppendUint16(h, uint16(len(t.layers)))
	for _, l := range t.layers {
		h = binary.LittleEndian.AppendUint16(h, uint16(l.Cost))
		h = binary.LittleEndian.AppendUint64(h, l.States)
		h = binary.LittleEndian.AppendUint64(h, l.New)
	}
	return h
}

// WriteTo writes the table in the file format described above.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	crc := crc32.New(castagnoli)
	mw := io.MultiWriter(w, crc)
	var total int64
	for _, part := range [][]byte{t.header(), t.values} {
		n, err := mw.Write(part)
		total += int64(n)
		if err != nil {
			return total, err
		}
	}
	n, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return total + int64(n), err
}

// Save writes the table to path atomically: to a temporary file in the same
// directory, synced, then renamed over path. On failure nothing is left behind.
func (t *Table) Save(path string) error {
	return writeAtomic(path, func(w io.Writer) error {
		_, err := t.WriteTo(w)
		return err
	})
}

// writeAtomic writes a file through a temporary name, fsyncs and renames it.
func writeAtomic(path string, write func(io.Writer) error) error {
	if err := atomicfile.Write(path, write); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
