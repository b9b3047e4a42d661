package pdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/internal/inputfile"
	"github.com/slidelab/slidelab/internal/yield"
)

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
	t, err := decodeHeader(data)
	if err != nil {
		return nil, err
	}
	if err := t.verifyPayload(data); err != nil {
		return nil, err
	}
	return t, nil
}

// verifyPayload checks what decodeHeader leaves unchecked in the file data
// t was decoded from: the checksum of the whole file and that the values
// agree with the recorded layers. It reads every byte once more.
// A large file's checksum is computed on another goroutine while the
// values are counted, so the check can use two cores.
func (t *Table) verifyPayload(data []byte) error {
	body := data[:len(data)-4]
	var got uint32
	var layersErr error
	if len(body) < parallelCheckBytes {
		got = checksum(body)
		if got == fileCRC(data) {
			layersErr = t.checkLayers()
		}
	} else {
		var wg sync.WaitGroup
		wg.Go(func() { got = checksum(body) })
		layersErr = t.checkLayers()
		wg.Wait()
	}
	if want := fileCRC(data); got != want {
		return fmt.Errorf("%w: checksum %08x, want %08x", ErrCorrupt, got, want)
	}
	return layersErr
}

// parallelCheckBytes is the size from which verifyPayload checks the
// checksum and the values at the same time.
const parallelCheckBytes = 4 << 20

// checkChunk is how many bytes the checks read between two chances for a
// browser page to draw (yield.Maybe): a 6-tile table's 5.8 MB took 0.2 to
// 0.3 s in a page, a pause in which the page could not repaint or take a
// key. Outside a browser the chunks cost nothing measurable.
const checkChunk = 256 << 10

// inChunks calls f on b, checkChunk bytes at a time, with a yield to the
// browser's page between chunks.
func inChunks(b []byte, f func([]byte)) {
	y := yield.Start()
	for len(b) > 0 {
		n := min(len(b), checkChunk)
		f(b[:n])
		b = b[n:]
		y.Maybe()
	}
}

// checksum is the CRC-32C (Castagnoli) of b, read in chunks (inChunks).
func checksum(b []byte) uint32 {
	var c uint32
	inChunks(b, func(p []byte) { c = crc32.Update(c, castagnoli, p) })
	return c
}

// fileCRC returns the checksum recorded in the last four bytes of a table
// file's data (which decodeHeader has checked to be long enough).
func fileCRC(data []byte) uint32 {
	return binary.LittleEndian.Uint32(data[len(data)-4:])
}

// decodeHeader parses a table file held in memory and checks everything
// but its payload: magic, version, header fields and length. The table it
// returns holds the payload as its values (a reference to data, not a
// copy), unchecked: Decode goes on with verifyPayload.
func decodeHeader(data []byte) (*Table, error) {
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
	t := newTable(size, goal, tiles)
	t.kind = kind
	t.values = data[d.off : d.off+payload : d.off+payload]
	t.layers = layers
	t.seconds = seconds
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
	tr := &tableReader{r: r}
	header, total, err := tr.header()
	if err != nil {
		return nil, err
	}
	switch {
	case size >= 0 && size < total:
		return nil, fmt.Errorf("%w: %d bytes, the header announces %d", ErrTruncated, size, total)
	case size > total:
		return nil, fmt.Errorf("%w: %d unexpected bytes at the end", ErrCorrupt, size-total)
	case size == total:
		if ok, err := tr.fill(int(total)); err != nil {
			return nil, err
		} else if !ok {
			return Decode(tr.buf) // the file shrank while being read
		}
	default:
		// Unknown length (a pipe, a device): grow with what arrives.
		b := bytes.NewBuffer(tr.buf)
		if _, err := io.CopyN(b, r, total-int64(header)); err != nil && !errors.Is(err, io.EOF) {
			return nil, err
		}
		tr.buf = b.Bytes()
		if int64(len(tr.buf)) < total {
			return Decode(tr.buf)
		}
		var one [1]byte
		if n, _ := io.ReadFull(r, one[:]); n > 0 {
			return nil, fmt.Errorf("%w: unexpected bytes at the end", ErrCorrupt)
		}
	}
	return Decode(tr.buf)
}

// tableReader reads a table file into buf a part at a time.
type tableReader struct {
	r   io.Reader
	buf []byte
}

// fill extends buf to n bytes; short input leaves Decode to say why.
func (tr *tableReader) fill(n int) (bool, error) {
	if n <= len(tr.buf) {
		return true, nil
	}
	old := len(tr.buf)
	tr.buf = slices.Grow(tr.buf, n-old)[:n]
	m, err := io.ReadFull(tr.r, tr.buf[old:])
	if err != nil {
		tr.buf = tr.buf[:old+m]
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// need reads the header up to n bytes; on short input Decode says what is
// wrong with what was read (truncated, or not a table).
func (tr *tableReader) need(n int) error {
	ok, err := tr.fill(n)
	if err == nil && !ok {
		_, err = Decode(tr.buf)
	}
	return err
}

// header reads and checks the header and returns its length and the whole
// file's length as the header announces it.
func (tr *tableReader) header() (int, int64, error) {
	fixed := len(fileMagic) + 2 + 4 // magic, version, width, height, goal, k
	if err := tr.need(fixed); err != nil {
		return 0, 0, err
	}
	if string(tr.buf[:len(fileMagic)]) != fileMagic {
		if _, err := Decode(tr.buf); err != nil {
			return 0, 0, err
		}
		return 0, 0, fmt.Errorf("%w: not a pattern database file", ErrCorrupt)
	}
	if binary.LittleEndian.Uint16(tr.buf[len(fileMagic):]) == fileVersionKind {
		fixed++ // the kind byte
		if err := tr.need(fixed); err != nil {
			return 0, 0, err
		}
	}
	k := int(tr.buf[fixed-1])
	if err := tr.need(fixed + k + 8 + 8 + 2); err != nil {
		return 0, 0, err
	}
	nl := int(binary.LittleEndian.Uint16(tr.buf[len(tr.buf)-2:]))
	if nl > Unreached {
		return 0, 0, fmt.Errorf("%w: %d layers recorded, at most %d possible", ErrCorrupt, nl, Unreached)
	}
	header := len(tr.buf) + nl*18
	if err := tr.need(header); err != nil {
		return 0, 0, err
	}
	// The header alone decodes to ErrTruncated when every field in it is
	// sound, which makes its entry count trustworthy.
	if _, err := Decode(tr.buf); !errors.Is(err, ErrTruncated) {
		if err == nil {
			err = fmt.Errorf("%w: no payload", ErrCorrupt)
		}
		return 0, 0, err
	}
	return header, int64(header) + int64(binary.LittleEndian.Uint64(tr.buf[fixed+k:])) + 4, nil
}

// LoadFor opens a cache's table file for use in place and checks that it is
// for the given board size, goal and tiles; otherwise the error wraps
// ErrMismatch. On Linux and macOS the file is mapped read-only instead of
// read, and its checksum and values are checked the first time only, as a
// sidecar file beside it records (see file_map.go); elsewhere it is read
// and checked as Load does. The other errors are Load's.
func LoadFor(path string, size board.Size, goal board.Goal, tiles []int) (*Table, error) {
	t, _, err := openTable(path, racyMargin)
	if err != nil {
		return nil, err
	}
	if err := t.matches(size, goal, tiles); err != nil {
		t.release()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
