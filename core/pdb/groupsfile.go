package pdb

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// Group-set files hold the tables of every group of k tiles (BuildAllGroups)
// in one file, so the dynamically partitioned heuristics load 455 triple
// tables with one read. Format, version 1, integers little-endian:
//
//	magic    8 bytes  "SLPDBSET"
//	version  uint16   1
//	width uint8, height uint8, goal uint8, k uint8
//	count    uint16   the number of tables (n-1 choose k)
//	tables   count times: length uint32, then one table in the table file
//	         format (with its own checksum), in the order of AllGroups
//	crc      uint32   CRC-32C (Castagnoli) of every byte before it
const (
	groupsMagic   = "SLPDBSET"
	groupsVersion = 1
	// GroupsFileExt is the extension of group-set files in the cache.
	GroupsFileExt = ".slpdbset"
)

// GroupsFileName returns the cache file name of the tables of every group of
// k tiles, for example "4x4-blank-last-all-3.slpdbset".
func GroupsFileName(size board.Size, goal board.Goal, k int) string {
	return fmt.Sprintf("%s-%s-all-%d%s", size, goal, k, GroupsFileExt)
}

// WriteGroups writes tables (those of every group of k tiles, in the order
// of AllGroups, as BuildAllGroups returns them) in the group-set format.
func WriteGroups(w io.Writer, size board.Size, goal board.Goal, k int, tables []*Table) error {
	if err := checkGroupTables(size, goal, k, tables); err != nil {
		return err
	}
	crc := crc32.New(castagnoli)
	mw := io.MultiWriter(w, crc)
	h := append([]byte(groupsMagic), 0, 0)
	binary.LittleEndian.PutUint16(h[len(groupsMagic):], groupsVersion)
	h = append(h, uint8(size.W), uint8(size.H), uint8(goal), uint8(k))
	h = binary.LittleEndian.AppendUint16(h, uint16(len(tables)))
	if _, err := mw.Write(h); err != nil {
		return err
	}
	var buf bytes.Buffer
	for _, t := range tables {
		buf.Reset()
		if _, err := t.WriteTo(&buf); err != nil {
			return err
		}
		if _, err := mw.Write(binary.LittleEndian.AppendUint32(nil, uint32(buf.Len()))); err != nil {
			return err
		}
		if _, err := mw.Write(buf.Bytes()); err != nil {
			return err
		}
	}
	_, err := w.Write(binary.LittleEndian.AppendUint32(nil, crc.Sum32()))
	return err
}

// checkGroupTables checks that tables are those of every group of k tiles
// for size and goal, in order.
func checkGroupTables(size board.Size, goal board.Goal, k int, tables []*Table) error {
	groups := AllGroups(size.Cells(), k)
	if len(tables) != len(groups) {
		return fmt.Errorf("%w: %d tables, want the %d groups of %d tiles", ErrMismatch, len(tables), len(groups), k)
	}
	for i, t := range tables {
		if t == nil || t.size != size || t.goal != goal || !slices.Equal(t.tiles, groups[i]) {
			return fmt.Errorf("%w: table %d is not that of group %s on %s with the %s goal", ErrMismatch, i+1, formatTiles(groups[i]), size, goal)
		}
	}
	return nil
}

// maxGroupsFile bounds a group-set file's size for size and k: the tables'
// entries plus room for headers and layers.
func maxGroupsFile(size board.Size, k int) int64 {
	n := size.Cells()
	count := int64(len(AllGroups(n, k)))
	return 64 + count*(int64(entries(n, k))+4+64+18*256)
}

// DecodeGroups parses a group-set file held in memory and checks it fully:
// magic, version, board, goal and k as asked, the checksum, and every table
// (Decode) for the right group in the right order.
func DecodeGroups(data []byte, size board.Size, goal board.Goal, k int) ([]*Table, error) {
	head := len(groupsMagic) + 2 + 4 + 2
	if len(data) < len(groupsMagic) || string(data[:len(groupsMagic)]) != groupsMagic {
		if len(data) < len(groupsMagic) && bytes.HasPrefix([]byte(groupsMagic), data) {
			return nil, fmt.Errorf("%w: %d bytes", ErrTruncated, len(data))
		}
		return nil, fmt.Errorf("%w: %w (it does not start with %q)", ErrCorrupt, ErrNotTable, groupsMagic)
	}
	if len(data) < head+4 {
		return nil, fmt.Errorf("%w: %d bytes", ErrTruncated, len(data))
	}
	if v := binary.LittleEndian.Uint16(data[len(groupsMagic):]); v != groupsVersion {
		return nil, fmt.Errorf("%w: group-set version %d (this program reads version %d)", ErrVersion, v, groupsVersion)
	}
	p := len(groupsMagic) + 2
	w, h, g, fk := int(data[p]), int(data[p+1]), board.Goal(data[p+2]), int(data[p+3])
	count := int(binary.LittleEndian.Uint16(data[p+4:]))
	if w != size.W || h != size.H || g != goal || fk != k {
		return nil, fmt.Errorf("%w: the file holds groups of %d tiles for %dx%d with goal %d, not of %d for %s with the %s goal",
			ErrMismatch, fk, w, h, g, k, size, goal)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch (truncated or damaged)", ErrCorrupt)
	}
	groups := AllGroups(size.Cells(), k)
	if count != len(groups) {
		return nil, fmt.Errorf("%w: %d tables, want %d", ErrCorrupt, count, len(groups))
	}
	tables := make([]*Table, count)
	off := head
	for i := range tables {
		if off+4 > len(body) {
			return nil, fmt.Errorf("%w: table %d of %d missing", ErrCorrupt, i+1, count)
		}
		n := int(binary.LittleEndian.Uint32(body[off:]))
		off += 4
		if n > len(body)-off {
			return nil, fmt.Errorf("%w: table %d of %d runs past the end", ErrCorrupt, i+1, count)
		}
		t, err := Decode(body[off : off+n])
		if err != nil {
			return nil, fmt.Errorf("table %d of %d: %w", i+1, count, err)
		}
		off += n
		tables[i] = t
	}
	if off != len(body) {
		return nil, fmt.Errorf("%w: %d bytes after the last table", ErrCorrupt, len(body)-off)
	}
	if err := checkGroupTables(size, goal, k, tables); err != nil {
		return nil, err
	}
	return tables, nil
}

// LoadGroups reads and checks a group-set file (see DecodeGroups). A file
// larger than such a file can be is refused before it is read.
func LoadGroups(path string, size board.Size, goal board.Goal, k int) ([]*Table, error) {
	if err := checkGroupSet(size, goal); err != nil {
		return nil, err
	}
	if k < 1 || k > MaxSmallGroup || k >= size.Cells() {
		return nil, fmt.Errorf("%w: groups of %d tiles", ErrPartition, k)
	}
	f, err := inputfile.Open(path) // a FIFO or a device is refused, not waited on
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxGroupsFile(size, k) {
		return nil, fmt.Errorf("%s: %w: %d bytes, more than the tables of %d-tile groups need", path, ErrCorrupt, fi.Size(), k)
	}
	data, err := io.ReadAll(io.LimitReader(f, fi.Size()+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	tables, err := DecodeGroups(data, size, goal, k)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return tables, nil
}

// LoadOrBuildAllGroups returns the tables of every group of k tiles from
// the group-set file in cacheDir when it is valid, and otherwise builds them
// (BuildAllGroups) and saves them there atomically. A corrupt, truncated,
// old or mismatched file is rebuilt and replaced (Rebuilt). When the tables
// are built but cannot be saved (or the cache cannot be read), they are
// returned with an error wrapping ErrNotCached.
func LoadOrBuildAllGroups(ctx context.Context, size board.Size, goal board.Goal, k int, cacheDir string,
	progress func(done, total int)) ([]*Table, Source, error) {
	path := filepath.Join(cacheDir, GroupsFileName(size, goal, k))
	_, _ = atomicfile.RemoveStale(cacheDir, "*"+GroupsFileExt, StaleAfter) // whenever the cache is opened
	tables, loadErr := LoadGroups(path, size, goal, k)
	if loadErr == nil {
		return tables, Loaded, nil
	}
	if errors.Is(loadErr, ErrPartition) {
		return nil, Built, loadErr
	}
	src := Rebuilt
	switch {
	case errors.Is(loadErr, fs.ErrNotExist):
		src, loadErr = Built, nil
	case errors.Is(loadErr, ErrCorrupt), errors.Is(loadErr, ErrTruncated), errors.Is(loadErr, ErrVersion), errors.Is(loadErr, ErrMismatch):
		loadErr = nil
	}
	tables, err := BuildAllGroups(ctx, size, goal, k, progress)
	if err != nil {
		return nil, Built, err
	}
	if loadErr != nil {
		return tables, Built, fmt.Errorf("%w: %w", ErrNotCached, loadErr)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return tables, src, fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	if err := writeAtomic(path, func(w io.Writer) error { return WriteGroups(w, size, goal, k, tables) }); err != nil {
		return tables, src, fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	return tables, src, nil
}
