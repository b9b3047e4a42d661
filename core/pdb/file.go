package pdb

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/inputfile"
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

// decoder reads the header fields, reporting truncation.
type decoder struct {
	buf []byte
	off int
	err error
}

func (d *decoder) take(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n < 0 || len(d.buf)-d.off < n {
		d.err = fmt.Errorf("%w: the header ends after %d bytes", ErrTruncated, len(d.buf))
		return nil
	}
	b := d.buf[d.off : d.off+n]
	d.off += n
	return b
}

func (d *decoder) u8() uint8 {
	if b := d.take(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) u16() uint16 {
	if b := d.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (d *decoder) u64() uint64 {
	if b := d.take(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

// Decode parses a table file held in memory and checks it fully: magic,
// version, header fields, length, checksum and that the values agree with the
// recorded layers. The table keeps a reference to data.
func Decode(data []byte) (*Table, error) {
	d := &decoder{buf: data}
	if m := d.take(len(fileMagic)); d.err != nil || string(m) != fileMagic {
		if d.err != nil && strings.HasPrefix(fileMagic, string(data)) {
			return nil, d.err
		}
		return nil, fmt.Errorf("%w: %w (it does not start with %q)", ErrCorrupt, ErrNotTable, fileMagic[:5])
	}
	kind := KindAdditive
	switch v := d.u16(); {
	case d.err != nil:
	case v == fileVersionKind:
		kind = TableKind(d.u8())
		if d.err == nil && kind != KindAdditive && kind != KindFringe {
			return nil, fmt.Errorf("%w: unknown table kind %d", ErrCorrupt, kind)
		}
	case v != fileVersion:
		return nil, fmt.Errorf("%w: version %d (this program reads versions %d and %d)", ErrVersion, v, fileVersion, fileVersionKind)
	}
	w, h, goal, k := int(d.u8()), int(d.u8()), board.Goal(d.u8()), int(d.u8())
	if d.err != nil {
		return nil, d.err
	}
	size := board.Size{W: w, H: h}
	if err := size.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrCorrupt, err)
	}
	if goal != board.BlankLast && goal != board.BlankFirst {
		return nil, fmt.Errorf("%w: unknown goal %d", ErrCorrupt, goal)
	}
	tb := d.take(k)
	tiles := make([]int, len(tb))
	for i, t := range tb {
		tiles[i] = int(t)
	}
	entriesField := d.u64()
	seconds := math.Float64frombits(d.u64())
	nl := int(d.u16())
	if d.err != nil {
		return nil, d.err
	}
	if err := checkTileList(kind, tiles, size); err != nil || !slices.IsSorted(tiles) {
		return nil, fmt.Errorf("%w: bad tile list %v for a%s table", ErrCorrupt, tiles, map[TableKind]string{KindAdditive: "n additive", KindFringe: " fringe"}[kind])
	}
	n := size.Cells()
	if want := entries(n, k); entriesField != want {
		return nil, fmt.Errorf("%w: %d entries recorded, %d tiles on %d cells have %d", ErrCorrupt, entriesField, k, n, want)
	}
	if math.IsNaN(seconds) || seconds < 0 {
		return nil, fmt.Errorf("%w: bad build time", ErrCorrupt)
	}
	layers := make([]Layer, 0, min(nl, Unreached))
	for i := 0; i < nl && d.err == nil; i++ {
		l := Layer{Cost: int(d.u16()), States: d.u64(), New: d.u64()}
		layers = append(layers, l)
	}
	if d.err != nil {
		return nil, d.err
	}
	payload := int(entriesField)
	if rest := len(data) - d.off; rest < payload+4 {
		return nil, fmt.Errorf("%w: %d bytes after the header, want %d", ErrTruncated, rest, payload+4)
	} else if rest > payload+4 {
		return nil, fmt.Errorf("%w: %d unexpected bytes at the end", ErrCorrupt, rest-payload-4)
	}
	body := data[:d.off+payload]
	if got, want := crc32.Checksum(body, castagnoli), binary.LittleEndian.Uint32(data[d.off+payload:]); got != want {
		return nil, fmt.Errorf("%w: checksum %08x, want %08x", ErrCorrupt, got, want)
	}
	t := newTable(size, goal, tiles)
	t.kind = kind
	t.values = data[d.off : d.off+payload : d.off+payload]
	t.layers = layers
	t.seconds = seconds
	if err := t.checkLayers(); err != nil {
		return nil, err
	}
	return t, nil
}

// checkLayers verifies that the histogram of values matches the layers' new
// entry counts, that layer costs run 0, 1, 2, ... and that the goal entry is 0.
func (t *Table) checkLayers() error {
	h := t.Histogram()
	var reached uint64
	for i, l := range t.layers {
		if l.Cost != i || l.Cost >= Unreached {
			return fmt.Errorf("%w: layer %d has cost %d", ErrCorrupt, i, l.Cost)
		}
		if h[l.Cost] != l.New {
			return fmt.Errorf("%w: %d entries hold %d but layer %d recorded %d", ErrCorrupt, h[l.Cost], l.Cost, i, l.New)
		}
		reached += l.New
	}
	if reached+h[Unreached] != uint64(len(t.values)) {
		return fmt.Errorf("%w: entries hold values beyond the last layer", ErrCorrupt)
	}
	var pos [board.MaxCells]uint8
	for _, tile := range t.tiles {
		pos[tile] = uint8(t.goal.GoalCell(t.size, tile))
	}
	if len(t.layers) == 0 || t.values[t.Rank(&pos)] != 0 {
		return fmt.Errorf("%w: the goal placement is not 0", ErrCorrupt)
	}
	return nil
}

// Load reads and checks a table file (see Decode). It reads the header
// first and then exactly the bytes the header announces, so a file that is
// not a table (a random file, a huge file) is refused after a few bytes, a
// file whose size disagrees with its header is refused before any memory is
// set aside for the payload, and a path that is not a regular file (a FIFO,
// /dev/zero, a directory) is refused without reading or blocking (see
// inputfile.Open).
func Load(path string) (*Table, error) {
	f, err := inputfile.Open(path) // a FIFO or a device is refused, not waited on
	if err != nil {
		return nil, err // names the file
	}
	defer f.Close()
	size := int64(-1)
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	t, err := Read(f, size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Read reads one table file from r and checks it as Decode does. size is the
// length of the input when known (a regular file's size), else -1. Read
// never reads more than the header announces plus one byte, and never sets
// aside more memory than the input has delivered, unless size vouches for it.
func Read(r io.Reader, size int64) (*Table, error) {
	var buf []byte
	// fill extends buf to n bytes; short input leaves Decode to say why.
	fill := func(n int) (bool, error) {
		if n <= len(buf) {
			return true, nil
		}
		old := len(buf)
		buf = slices.Grow(buf, n-old)[:n]
		m, err := io.ReadFull(r, buf[old:])
		if err != nil {
			buf = buf[:old+m]
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return false, nil
			}
			return false, err
		}
		return true, nil
	}
	// need reads the header up to n bytes; on short input Decode says
	// what is wrong with what was read (truncated, or not a table).
	need := func(n int) error {
		ok, err := fill(n)
		if err == nil && !ok {
			_, err = Decode(buf)
		}
		return err
	}
	fixed := len(fileMagic) + 2 + 4 // magic, version, width, height, goal, k
	if err := need(fixed); err != nil {
		return nil, err
	}
	if string(buf[:len(fileMagic)]) != fileMagic {
		_, err := Decode(buf)
		return nil, err
	}
	if binary.LittleEndian.Uint16(buf[len(fileMagic):]) == fileVersionKind {
		fixed++ // the kind byte
		if err := need(fixed); err != nil {
			return nil, err
		}
	}
	k := int(buf[fixed-1])
	if err := need(fixed + k + 8 + 8 + 2); err != nil {
		return nil, err
	}
	nl := int(binary.LittleEndian.Uint16(buf[len(buf)-2:]))
	if nl > Unreached {
		return nil, fmt.Errorf("%w: %d layers recorded, at most %d possible", ErrCorrupt, nl, Unreached)
	}
	header := len(buf) + nl*18
	if err := need(header); err != nil {
		return nil, err
	}
	// The header alone decodes to ErrTruncated when every field in it is
	// sound, which makes its entry count trustworthy.
	if _, err := Decode(buf); !errors.Is(err, ErrTruncated) {
		if err == nil {
			err = fmt.Errorf("%w: no payload", ErrCorrupt)
		}
		return nil, err
	}
	total := int64(header) + int64(binary.LittleEndian.Uint64(buf[fixed+k:])) + 4
	switch {
	case size >= 0 && size < total:
		return nil, fmt.Errorf("%w: %d bytes, the header announces %d", ErrTruncated, size, total)
	case size > total:
		return nil, fmt.Errorf("%w: %d unexpected bytes at the end", ErrCorrupt, size-total)
	case size == total:
		if ok, err := fill(int(total)); err != nil {
			return nil, err
		} else if !ok {
			return Decode(buf) // the file shrank while being read
		}
	default:
		// Unknown length (a pipe, a device): grow with what arrives.
		b := bytes.NewBuffer(buf)
		if _, err := io.CopyN(b, r, total-int64(header)); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		buf = b.Bytes()
		if int64(len(buf)) < total {
			return Decode(buf)
		}
		var one [1]byte
		if n, _ := io.ReadFull(r, one[:]); n > 0 {
			return nil, fmt.Errorf("%w: unexpected bytes at the end", ErrCorrupt)
		}
	}
	return Decode(buf)
}

// LoadFor reads a table file and checks that it is for the given board size,
// goal and tiles; otherwise the error wraps ErrMismatch.
func LoadFor(path string, size board.Size, goal board.Goal, tiles []int) (*Table, error) {
	t, err := Load(path)
	if err != nil {
		return nil, err
	}
	want := slices.Sorted(slices.Values(tiles))
	if t.size != size || t.goal != goal || !slices.Equal(t.tiles, want) || t.kind != KindAdditive {
		return nil, fmt.Errorf("%s: %w: it holds tiles %s for %s %s, not tiles %s for %s %s", path, ErrMismatch,
			formatTiles(t.tiles), t.size, t.goal, formatTiles(want), size, goal)
	}
	return t, nil
}

// FileName returns the cache file name of a group's table, for example
// "4x4-blank-last-1-5-6-9-10-13.slpdb".
func FileName(size board.Size, goal board.Goal, tiles []int) string {
	sorted := slices.Sorted(slices.Values(tiles))
	parts := make([]string, len(sorted))
	for i, t := range sorted {
		parts[i] = strconv.Itoa(t)
	}
	return fmt.Sprintf("%s-%s-%s%s", size, goal, strings.Join(parts, "-"), FileExt)
}

// CacheEnv is the environment variable that overrides the default cache directory.
const CacheEnv = "SLIDELAB_CACHE"

// DefaultCacheDir returns $SLIDELAB_CACHE if set, else "slidelab/pdb" under
// os.UserCacheDir().
func DefaultCacheDir() (string, error) {
	if d := os.Getenv(CacheEnv); d != "" {
		return d, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pdb: no cache directory (set %s): %w", CacheEnv, err)
	}
	return filepath.Join(base, "slidelab", "pdb"), nil
}

// Source tells where LoadOrBuildTable got a table.
type Source int

const (
	// Built means the table was built (and saved to the cache).
	Built Source = iota
	// Loaded means the table was read from the cache.
	Loaded
	// Rebuilt means the cached file was unusable (corrupt, truncated, of
	// another format version or for another table), so the table was built
	// and the file replaced.
	Rebuilt
)

// String returns "built", "loaded" or "rebuilt".
func (s Source) String() string {
	switch s {
	case Loaded:
		return "loaded"
	case Rebuilt:
		return "rebuilt"
	}
	return "built"
}

// ErrNotCached marks a table that was built but could not be read from or
// saved to the cache (a read-only or full disk, a directory where the file
// should be). LoadOrBuildTable and LoadOrBuild still return the table with
// such an error: a caller may warn and go on with it.
var ErrNotCached = errors.New("pattern database not cached")

// StaleAfter is the age after which a temporary table file in the cache
// belongs to no running process: a save takes seconds, so a file that old
// was left by a process that was killed while saving.
const StaleAfter = 15 * time.Minute

// RemoveStale removes temporary table files that killed processes left in
// cacheDir (see StaleAfter and atomicfile.RemoveStale: those of a process
// that no longer runs go at once) and returns how many it removed.
func RemoveStale(cacheDir string) (int, error) {
	return atomicfile.RemoveStale(cacheDir, "*"+FileExt, StaleAfter)
}

// LoadOrBuildTable returns group i of p from cacheDir when a valid file is
// there, and otherwise builds it and saves it there. A missing, corrupt,
// truncated, old or mismatched file is rebuilt and replaced (Source Rebuilt).
// It first removes stale temporary files from the cache (RemoveStale). It also returns the wall time it took.
//
// When the table is built but the cache cannot be read or written, the table
// is returned together with an error wrapping ErrNotCached.
func LoadOrBuildTable(ctx context.Context, p Partition, i int, cacheDir string, progress func(LayerStats)) (*Table, Source, time.Duration, error) {
	start := time.Now()
	if err := p.Validate(); err != nil {
		return nil, Built, 0, err
	}
	if i < 0 || i >= len(p.Groups) {
		return nil, Built, 0, fmt.Errorf("pdb: no group %d in a partition of %d", i, len(p.Groups))
	}
	path := filepath.Join(cacheDir, FileName(p.Size, p.Goal, p.Groups[i]))
	_, _ = RemoveStale(cacheDir) // whenever the cache is opened, not only before a build
	t, loadErr := LoadFor(path, p.Size, p.Goal, p.Groups[i])
	if loadErr == nil {
		return t, Loaded, time.Since(start), nil
	}
	src := Rebuilt
	switch {
	case errors.Is(loadErr, fs.ErrNotExist):
		src, loadErr = Built, nil
	case errors.Is(loadErr, ErrCorrupt), errors.Is(loadErr, ErrTruncated), errors.Is(loadErr, ErrVersion), errors.Is(loadErr, ErrMismatch):
		loadErr = nil
	}
	// What remains is a cache that cannot be read (a directory at the path,
	// no permission, a FIFO): build anyway and say so with the table.
	t, err := buildOrDeriveCached(ctx, p, i, cacheDir, progress) // symmetry.go
	if err != nil {
		return nil, Built, 0, fmt.Errorf("building table %s: %w", formatTiles(p.Groups[i]), err)
	}
	if loadErr != nil {
		return t, Built, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, loadErr)
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return t, src, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	if err := t.Save(path); err != nil {
		return t, src, time.Since(start), fmt.Errorf("%w: %w", ErrNotCached, err)
	}
	return t, src, time.Since(start), nil
}

// LoadOrBuild returns the tables of p, each read from cacheDir when a valid
// file is there and otherwise built and saved there. When tables could be
// built but not cached, it returns the database together with an error
// wrapping ErrNotCached (one per table, joined). It first checks that the
// tables it must build fit in memory (CheckBuildMemory).
func LoadOrBuild(ctx context.Context, p Partition, cacheDir string, progress func(LayerStats)) (*DB, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := CheckBuildMemory(p, cacheDir); err != nil {
		return nil, err
	}
	tables := make([]*Table, len(p.Groups))
	var notCached []error
	for i := range p.Groups {
		t, _, _, err := LoadOrBuildTable(ctx, p, i, cacheDir, progress)
		if errors.Is(err, ErrNotCached) && t != nil {
			notCached = append(notCached, err)
		} else if err != nil {
			return nil, err
		}
		tables[i] = t
	}
	db, err := NewDB(p, tables)
	if err != nil {
		return nil, err
	}
	return db, errors.Join(notCached...)
}

// JavaFileName returns the name the Java sliding-puzzle-database-generator
// gives this table: "BLANK|T1,T2,...,Tk.db" with BLANK the blank's goal cell.
func (t *Table) JavaFileName() string {
	return fmt.Sprintf("%d|%s.db", t.goal.GoalCell(t.size, 0), formatTiles(t.tiles))
}

// WriteJava writes the table in the layout of the Java
// sliding-puzzle-database-generator: n^k bytes, a row-major k-dimensional
// array indexed by the cells of the tiles (in Tiles order), 255 where two
// tiles share a cell or the placement is unreached.
func (t *Table) WriteJava(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	var cells [board.MaxCells]uint8
	k, n := t.k, t.n
	for {
		var occ uint32
		ok := true
		for i := 0; i < k; i++ {
			bit := uint32(1) << cells[i]
			if occ&bit != 0 {
				ok = false
				break
			}
			occ |= bit
		}
		v := uint8(Unreached)
		if ok {
			v = t.values[rankCells(&cells, k, n)]
		}
		if err := bw.WriteByte(v); err != nil {
			return err
		}
		i := k - 1
		for ; i >= 0; i-- {
			cells[i]++
			if int(cells[i]) < n {
				break
			}
			cells[i] = 0
		}
		if i < 0 {
			break
		}
	}
	return bw.Flush()
}

// SaveJava writes the Java layout (see WriteJava) to path atomically.
func (t *Table) SaveJava(path string) error {
	return writeAtomic(path, t.WriteJava)
}
