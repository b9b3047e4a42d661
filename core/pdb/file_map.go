package pdb

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"time"

	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/inputfile"
)

// Tables used in place.
//
// A table file in the cache is opened by mapping it into memory read-only
// and shared (on Linux and macOS; elsewhere, and whenever a mapping fails,
// it is read into memory as Load does): the table's values are the file's
// pages, which the operating system's page cache already holds after the
// first run, so opening the 575 MB of the 7-8 tables costs a system call
// instead of reading and checking every byte. Pages are brought in as the
// search touches them and are shared by every process using the file.
//
// The checksum still guards the tables, once per file: the first time a
// file is opened it is checked fully (its CRC-32C and its values against
// its recorded layers, as Decode does), and the file's identity (device,
// inode, size, modification and status-change times, in nanoseconds) is
// written beside it in a small sidecar file, NAME.slpdb.verified, with the
// file's checksum and the time of the check. A later open that finds the
// same identity and checksum in the sidecar uses the file without reading
// it; any change to the file (a write, a truncation, a rename over it, a
// copy) changes its status-change time or its inode, so the file is
// checked again. Damage made behind the file system's back (a disk that
// flips bits without an error) is not seen after the first check; `slidelab
// pdb info FILE` (Load) always checks a file fully.
//
// A file changed shortly before its check (within racyMargin) is checked
// again the next time, the way git treats racily clean files: a change made
// in the same tick of the file system's clock as the check would leave the
// times the sidecar recorded unchanged.
//
// Mapped tables are never unmapped: a Table may be referenced by any
// search, and the mapping lasts as long as the process. The cache's files
// are only ever replaced by renaming a new file over them, which leaves a
// mapped file's pages intact; a program that truncated a cache file in
// place while a process used it would make that process fail.

// sidecarExt is the extension added to a table file's name for its
// verification record.
const sidecarExt = ".verified"

// sidecarMagic starts every sidecar file.
const sidecarMagic = "SLPDBOK\n"

// sidecarLen is the length of a sidecar file: the magic, six 64-bit fields,
// the table's checksum and the sidecar's own checksum.
const sidecarLen = len(sidecarMagic) + 6*8 + 4 + 4

// racyMargin returns how long before its check a file must have last
// changed for the check to be recorded as lasting: twice the granularity of
// the file's times, guessed as the largest power of ten (up to a second)
// that divides both of them in nanoseconds, and at least 20 ms (Linux
// stamps files from a clock that ticks every 1 to 10 ms). On file systems
// with times in seconds (or FAT's two seconds) that is 2 s; on those with
// finer times 20 ms, so the run after a build already uses its tables in
// place.
func racyMargin(id fileIdentity) time.Duration {
	gran := int64(1)
	for gran < int64(time.Second) && id.mtime%(gran*10) == 0 && id.ctime%(gran*10) == 0 {
		gran *= 10
	}
	return max(20*time.Millisecond, 2*time.Duration(gran))
}

// fileIdentity is what the sidecar records of a checked table file.
type fileIdentity struct {
	dev, ino, size uint64
	mtime, ctime   int64 // nanoseconds since 1970
}

// sidecarRecord is the content of a sidecar file.
type sidecarRecord struct {
	id       fileIdentity
	checked  int64 // when the check began, nanoseconds since 1970
	tableCRC uint32
}

func (r sidecarRecord) encode() []byte {
	b := make([]byte, 0, sidecarLen)
	b = append(b, sidecarMagic...)
	for _, v := range []uint64{r.id.dev, r.id.ino, r.id.size, uint64(r.id.mtime), uint64(r.id.ctime), uint64(r.checked)} {
		b = binary.LittleEndian.AppendUint64(b, v)
	}
	b = binary.LittleEndian.AppendUint32(b, r.tableCRC)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// decodeSidecar parses a sidecar file; ok is false for anything else.
func decodeSidecar(b []byte) (r sidecarRecord, ok bool) {
	if len(b) != sidecarLen || string(b[:len(sidecarMagic)]) != sidecarMagic ||
		crc32.Checksum(b[:sidecarLen-4], castagnoli) != binary.LittleEndian.Uint32(b[sidecarLen-4:]) {
		return r, false
	}
	u := func(i int) uint64 { return binary.LittleEndian.Uint64(b[len(sidecarMagic)+8*i:]) }
	r.id = fileIdentity{dev: u(0), ino: u(1), size: u(2), mtime: int64(u(3)), ctime: int64(u(4))}
	r.checked = int64(u(5))
	r.tableCRC = binary.LittleEndian.Uint32(b[sidecarLen-8:])
	return r, true
}

// vouches reports whether the record says that the file with identity id
// and checksum crc was checked and has not changed since: it had last
// changed at least margin before the check.
func (r sidecarRecord) vouches(id fileIdentity, crc uint32, margin time.Duration) bool {
	return r.id == id && r.tableCRC == crc &&
		id.mtime <= r.checked-margin.Nanoseconds() && id.ctime <= r.checked-margin.Nanoseconds()
}

// readSidecar returns the record beside path, if there is a valid one.
func readSidecar(path string) (sidecarRecord, bool) {
	b, err := inputfile.ReadFile(path+sidecarExt, int64(sidecarLen))
	if err != nil {
		return sidecarRecord{}, false
	}
	return decodeSidecar(b)
}

// errNoMap says that this platform or file system cannot map the file.
var errNoMap = errors.New("cannot map the file")

// openTable opens a cache file for use in place: mapped and checked once
// per file (see above), or read and checked fully where mapping is not
// possible. It reports whether the payload was checked now. margin is
// racyMargin (tests pass others).
func openTable(path string, margin func(fileIdentity) time.Duration) (*Table, bool, error) {
	start := time.Now()
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	id, idOK := identityOf(fi)
	data, err := mapFile(f, fi.Size())
	if err != nil {
		if _, serr := f.Seek(0, 0); serr != nil {
			return nil, false, fmt.Errorf("%s: %w", path, serr)
		}
		t, err := Read(f, fi.Size())
		if err != nil {
			return nil, false, fmt.Errorf("%s: %w", path, err)
		}
		return t, true, nil
	}
	t, err := decodeHeader(data)
	if err == nil && idOK {
		if r, ok := readSidecar(path); ok && r.vouches(id, fileCRC(data), margin(id)) {
			t.mapped = data
			return t, false, nil
		}
	}
	if err == nil {
		err = t.verifyPayload(data)
	}
	if err != nil {
		unmapFile(data)
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	if rec := (sidecarRecord{id: id, checked: start.UnixNano(), tableCRC: fileCRC(data)}); idOK && rec.vouches(id, rec.tableCRC, margin(id)) {
		_ = atomicfile.WriteBytes(path+sidecarExt, rec.encode()) // best effort: a read-only cache checks every time
	}
	t.mapped = data
	return t, true, nil
}

// release unmaps the file of a mapped table that was opened but will not be
// used (a mismatch): nothing else refers to its values.
func (t *Table) release() {
	if t.mapped != nil {
		unmapFile(t.mapped)
		t.mapped, t.values = nil, nil
	}
}
