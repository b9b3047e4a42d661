package pdb

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// noMargin is openTable's margin for files just written: none.
func noMargin(fileIdentity) time.Duration { return 0 }

// mapsFiles reports whether this platform uses cache files in place.
func mapsFiles() bool { return runtime.GOOS == "linux" || runtime.GOOS == "darwin" }

// savedTable builds the 3x3 table of tiles 1-4 and saves it in a new
// directory, returning it and its path.
func savedTable(t *testing.T) (*Table, string) {
	t.Helper()
	tb, _ := buildTable(t, board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}, 1)
	path := filepath.Join(t.TempDir(), FileName(board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}))
	if err := tb.Save(path); err != nil {
		t.Fatal(err)
	}
	return tb, path
}

// open opens path as the cache does, with no margin (the file has just been
// written), and checks the table against want when err is nil.
func open(t *testing.T, path string, want *Table) (checked bool, err error) {
	t.Helper()
	got, checked, err := openTable(path, noMargin)
	if err == nil && !sameTable(want, got) {
		t.Fatalf("opened table differs from the saved one")
	}
	if err == nil && got.Mapped() != mapsFiles() {
		t.Fatalf("Mapped() = %v on %s", got.Mapped(), runtime.GOOS)
	}
	return checked, err
}

func TestOpenChecksOncePerFile(t *testing.T) {
	if !mapsFiles() {
		t.Skip("files are read, not mapped, on " + runtime.GOOS)
	}
	want, path := savedTable(t)
	for i, wantChecked := range []bool{true, false, false} {
		checked, err := open(t, path, want)
		if err != nil || checked != wantChecked {
			t.Fatalf("open %d: checked %v, err %v; want checked %v", i+1, checked, err, wantChecked)
		}
	}
	if _, err := os.Stat(path + sidecarExt); err != nil {
		t.Fatalf("no sidecar: %v", err)
	}
}

// TestOpenDamagedAfterCheck damages a checked file in place in several ways,
// some of which restore its size and modification time, and expects the next
// open to check it again and refuse it.
func TestOpenDamagedAfterCheck(t *testing.T) {
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"flip a value, restore mtime", func(t *testing.T, path string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(path, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			b := []byte{0}
			off := fi.Size() - 100
			if _, err := f.ReadAt(b, off); err != nil {
				t.Fatal(err)
			}
			b[0] ^= 1
			if _, err := f.WriteAt(b, off); err != nil {
				t.Fatal(err)
			}
			f.Close()
			if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		}},
		{"replaced by a damaged copy", func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			data[len(data)-10] ^= 0x80
			tmp := path + ".new"
			if err := os.WriteFile(tmp, data, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Rename(tmp, path); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncated", func(t *testing.T, path string) {
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(path, fi.Size()-1); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, path := savedTable(t)
			if _, err := open(t, path, want); err != nil {
				t.Fatal(err)
			}
			tc.damage(t, path)
			_, err := open(t, path, want)
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTruncated) {
				t.Fatalf("damaged file opened: %v", err)
			}
		})
	}
}

// TestOpenSidecarNotTrusted gives a checked file sidecars that must not
// vouch for it, and expects the file to be checked again.
func TestOpenSidecarNotTrusted(t *testing.T) {
	if !mapsFiles() {
		t.Skip("files are read, not mapped, on " + runtime.GOOS)
	}
	for _, tc := range []struct {
		name    string
		sidecar func(r sidecarRecord) []byte
	}{
		{"garbage", func(sidecarRecord) []byte { return []byte("not a sidecar at all") }},
		{"empty", func(sidecarRecord) []byte { return nil }},
		{"one byte flipped", func(r sidecarRecord) []byte { b := r.encode(); b[20] ^= 1; return b }},
		{"other checksum", func(r sidecarRecord) []byte { r.tableCRC++; return r.encode() }},
		{"other inode", func(r sidecarRecord) []byte { r.id.ino++; return r.encode() }},
		{"other size", func(r sidecarRecord) []byte { r.id.size--; return r.encode() }},
		{"other change time", func(r sidecarRecord) []byte { r.id.ctime--; return r.encode() }},
		{"checked in the same instant as the change", func(r sidecarRecord) []byte {
			r.checked = max(r.id.mtime, r.id.ctime) + racyMargin(r.id).Nanoseconds() - 1
			return r.encode()
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, path := savedTable(t)
			if _, err := open(t, path, want); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(path + sidecarExt)
			if err != nil {
				t.Fatal(err)
			}
			r, ok := decodeSidecar(b)
			if !ok {
				t.Fatal("the sidecar written does not decode")
			}
			if err := os.WriteFile(path+sidecarExt, tc.sidecar(r), 0o644); err != nil {
				t.Fatal(err)
			}
			got, checked, err := openTable(path, racyMargin)
			if err != nil || !checked || !sameTable(want, got) {
				t.Fatalf("checked %v, err %v; want a checked table", checked, err)
			}
		})
	}
}

// TestOpenRecentFileNotRecorded: a file changed within the margin before its
// check gets no sidecar and is checked every time.
func TestOpenRecentFileNotRecorded(t *testing.T) {
	want, path := savedTable(t)
	for range 2 {
		got, checked, err := openTable(path, func(fileIdentity) time.Duration { return time.Hour })
		if err != nil || !checked || !sameTable(want, got) {
			t.Fatalf("checked %v, err %v", checked, err)
		}
	}
	if _, err := os.Stat(path + sidecarExt); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("sidecar written for a file changed just now: %v", err)
	}
}

// TestOpenSidecarUnwritable: a directory where the sidecar belongs (or a
// read-only cache) leaves the table usable, checked every time.
func TestOpenSidecarUnwritable(t *testing.T) {
	want, path := savedTable(t)
	if err := os.Mkdir(path+sidecarExt, 0o755); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if checked, err := open(t, path, want); err != nil || !checked {
			t.Fatalf("checked %v, err %v", checked, err)
		}
	}
}

// TestLoadForMappedMismatch: a mapped file asked for as another table is a
// mismatch, and the cache then rebuilds it (LoadOrBuildTable).
func TestLoadForMappedMismatch(t *testing.T) {
	want, path := savedTable(t)
	if _, err := LoadFor(path, board.Size3x3, board.BlankLast, []int{1, 2, 3, 5}); !errors.Is(err, ErrMismatch) {
		t.Fatalf("LoadFor as other tiles: %v", err)
	}
	got, err := LoadFor(path, board.Size3x3, board.BlankLast, []int{4, 3, 2, 1})
	if err != nil || !sameTable(want, got) || !slices.Equal(got.Tiles(), []int{1, 2, 3, 4}) {
		t.Fatalf("LoadFor: %v", err)
	}
}

func TestRacyMargin(t *testing.T) {
	const s = int64(time.Second)
	for _, tc := range []struct {
		mtime, ctime int64
		want         time.Duration
	}{
		{1700000000*s + 123456789, 1700000000*s + 987654321, 20 * time.Millisecond},
		{1700000000*s + 120000000, 1700000000*s + 980000000, 20 * time.Millisecond},  // 10 ms times (exFAT)
		{1700000000*s + 100000000, 1700000000*s + 900000000, 200 * time.Millisecond}, // tenths
		{1700000000 * s, 1700000002 * s, 2 * time.Second},                            // seconds (ext3, HFS+, FAT)
		{1700000000 * s, 1700000000*s + 1, 20 * time.Millisecond},
	} {
		if got := racyMargin(fileIdentity{mtime: tc.mtime, ctime: tc.ctime}); got != tc.want {
			t.Errorf("racyMargin(%d, %d) = %v, want %v", tc.mtime, tc.ctime, got, tc.want)
		}
	}
}

// TestOpenAfterMargin: a file opened after the margin has passed is checked
// once and then used in place, with the margin the cache uses.
func TestOpenAfterMargin(t *testing.T) {
	if !mapsFiles() {
		t.Skip("files are read, not mapped, on " + runtime.GOOS)
	}
	want, path := savedTable(t)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := identityOf(fi)
	time.Sleep(racyMargin(id) + 10*time.Millisecond)
	for i, wantChecked := range []bool{true, false} {
		got, checked, err := openTable(path, racyMargin)
		if err != nil || checked != wantChecked || !sameTable(want, got) {
			t.Fatalf("open %d: checked %v, err %v; want checked %v", i+1, checked, err, wantChecked)
		}
	}
}

// TestSidecarLayout checks the verification record's layout against the
// worked example of docs/formats.md, byte for byte.
func TestSidecarLayout(t *testing.T) {
	r := sidecarRecord{
		id:       fileIdentity{dev: 64768, ino: 1234, size: 57658273, mtime: 1700000000500000000, ctime: 1700000000500000000},
		checked:  1700000060500000000,
		tableCRC: 0x1c2d3e4f,
	}
	b := r.encode()
	if len(b) != sidecarLen || sidecarLen != 64 {
		t.Fatalf("record of %d bytes, sidecarLen %d", len(b), sidecarLen)
	}
	if back, ok := decodeSidecar(b); !ok || back != r {
		t.Fatalf("decode: %+v, %v", back, ok)
	}
	var lines []string
	for i := 0; i < len(b); i += 16 {
		lines = append(lines, fmt.Sprintf("% x  % x", b[i:i+8], b[i+8:i+16]))
	}
	want := strings.Join(lines, "\n")
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), want) {
		t.Fatalf("docs/formats.md lacks the example record:\n%s", want)
	}
}

// TestVerifyLargeTable checks a table large enough for verifyPayload's two
// goroutines: intact, with a damaged value, and with a checksum that is
// right for values that disagree with the layers.
func TestVerifyLargeTable(t *testing.T) {
	tiles := []int{1, 2, 3, 4, 5, 6}
	tb := newTable(board.Size4x4, board.BlankLast, tiles)
	n := int(entries(16, 6))
	if n < parallelCheckBytes {
		t.Fatalf("%d entries: not a large table", n)
	}
	tb.values = bytes.Repeat([]byte{1}, n)
	var pos [board.MaxCells]uint8
	for _, tile := range tiles {
		pos[tile] = uint8(board.BlankLast.GoalCell(board.Size4x4, tile))
	}
	tb.values[tb.Rank(&pos)] = 0
	tb.layers = []Layer{{Cost: 0, States: 1, New: 1}, {Cost: 1, States: 9, New: uint64(n - 1)}}
	good := encode(t, tb)
	if _, err := Decode(good); err != nil {
		t.Fatalf("intact: %v", err)
	}
	bad := slices.Clone(good)
	bad[len(bad)-1000] = 7
	if _, err := Decode(bad); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("damaged value: %v", err)
	}
	tb.values[12345] = 2 // a value the layers do not count, under a right checksum
	if _, err := Decode(encode(t, tb)); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "layer") {
		t.Fatalf("values against layers: %v", err)
	}
}
