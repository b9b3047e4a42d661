package pdb

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

func encode(t *testing.T, tb *Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, err := tb.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo: %d, %v", n, err)
	}
	return buf.Bytes()
}

func sameTable(a, b *Table) bool {
	return a.size == b.size && a.goal == b.goal && slices.Equal(a.tiles, b.tiles) &&
		slices.Equal(a.values, b.values) && slices.Equal(a.layers, b.layers) && a.seconds == b.seconds
}

func TestSaveLoadRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankFirst, []int{5, 6, 7, 8}},
		{size2x3, board.BlankLast, []int{1, 2, 3, 4, 5}}, // half the entries unreached
		{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
	} {
		tb, _ := buildTable(t, tc.size, tc.goal, tc.tiles, 2)
		path := filepath.Join(dir, FileName(tc.size, tc.goal, tc.tiles))
		if err := tb.Save(path); err != nil {
			t.Fatal(err)
		}
		got, err := LoadFor(path, tc.size, tc.goal, tc.tiles)
		if err != nil {
			t.Fatal(err)
		}
		if !sameTable(tb, got) {
			t.Fatalf("%v: loaded table differs", tc.tiles)
		}
		// Asking for anything else is a mismatch.
		other := slices.Clone(tc.tiles)
		other[0] = tc.size.Cells() - 1
		if other[0] == tc.tiles[len(tc.tiles)-1] {
			other = other[1:]
		}
		if _, err := LoadFor(path, tc.size, tc.goal, other); !errors.Is(err, ErrMismatch) {
			t.Errorf("%v: load as %v: %v", tc.tiles, other, err)
		}
		if _, err := LoadFor(path, tc.size, 1-tc.goal, tc.tiles); !errors.Is(err, ErrMismatch) {
			t.Errorf("%v: load for the other goal: %v", tc.tiles, err)
		}
	}
	entries, err := os.ReadDir(dir)
	entries = slices.DeleteFunc(entries, func(e os.DirEntry) bool { return strings.HasSuffix(e.Name(), sidecarExt) })
	if err != nil || len(entries) != 4 {
		t.Fatalf("directory holds %d files (%v): temporary files left?", len(entries), err)
	}
	if _, err := Load(filepath.Join(dir, "missing"+FileExt)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// TestCorruptionDetected flips every byte, truncates at every length and
// rewrites header fields (with a valid checksum), and expects a typed error
// every time.
func TestCorruptionDetected(t *testing.T) {
	tb, _ := buildTable(t, size2x3, board.BlankLast, []int{1, 2}, 1)
	data := encode(t, tb)
	if _, err := Decode(data); err != nil {
		t.Fatal(err)
	}
	typed := func(err error) bool {
		return errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTruncated) || errors.Is(err, ErrVersion)
	}
	for i := range data {
		for _, mask := range []byte{0x01, 0x80, 0xFF} {
			bad := slices.Clone(data)
			bad[i] ^= mask
			if got, err := Decode(bad); !typed(err) {
				t.Fatalf("byte %d ^ %#x: %v, %v", i, mask, got != nil, err)
			}
		}
	}
	for n := 0; n < len(data); n++ {
		if _, err := Decode(data[:n]); !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
			t.Fatalf("truncated to %d: %v", n, err)
		}
	}
	if _, err := Decode(append(slices.Clone(data), 0)); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("trailing byte: %v", err)
	}
	// Header rewrites that keep the checksum valid.
	reseal := func(b []byte) []byte {
		body := b[:len(b)-4]
		return binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli))
	}
	for _, tc := range []struct {
		name string
		off  int
		val  byte
		want error
	}{
		{"version", 8, 3, ErrVersion},
		{"version 2 reads the width as the kind", 8, 2, ErrCorrupt},
		{"width", 10, 7, ErrCorrupt},
		{"goal", 12, 9, ErrCorrupt},
		{"tile count", 13, 3, ErrCorrupt},
		{"tile zero", 14, 0, ErrCorrupt},
		{"tiles unsorted", 14, 3, ErrCorrupt},
		{"value", len(data) - 5, 7, ErrCorrupt},
	} {
		bad := slices.Clone(data)
		bad[tc.off] = tc.val
		if _, err := Decode(reseal(bad)); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestLoadOrBuild(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "cache", "pdb")
	p, err := ParsePartition("1,2,3/4,5,6/7,8", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := 0
	first, err := LoadOrBuild(ctx, p, dir, func(LayerStats) { calls++ })
	if err != nil || calls == 0 {
		t.Fatalf("first: %v, %d progress calls", err, calls)
	}
	calls = 0
	second, err := LoadOrBuild(ctx, p, dir, func(LayerStats) { calls++ })
	if err != nil || calls != 0 {
		t.Fatalf("second: %v, %d progress calls (want a load)", err, calls)
	}
	for i := range first.Tables {
		if !sameTable(first.Tables[i], second.Tables[i]) {
			t.Fatalf("table %d differs after loading", i)
		}
	}
	// Corrupt one file and truncate another: both are rebuilt.
	f0 := filepath.Join(dir, FileName(p.Size, p.Goal, p.Groups[0]))
	f1 := filepath.Join(dir, FileName(p.Size, p.Goal, p.Groups[1]))
	data, _ := os.ReadFile(f0)
	data[len(data)/2] ^= 0x40
	if err := os.WriteFile(f0, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(f1, 20); err != nil {
		t.Fatal(err)
	}
	var sources []Source
	for i := range p.Groups {
		tb, src, _, err := LoadOrBuildTable(ctx, p, i, dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tb.Values(), first.Tables[i].Values()) {
			t.Fatalf("table %d differs after a rebuild", i)
		}
		sources = append(sources, src)
	}
	if !slices.Equal(sources, []Source{Rebuilt, Rebuilt, Loaded}) {
		t.Fatalf("sources %v", sources)
	}
	if _, err := LoadFor(f0, p.Size, p.Goal, p.Groups[0]); err != nil {
		t.Fatalf("rebuilt file: %v", err)
	}
	// A missing file is built, not "rebuilt".
	if err := os.Remove(filepath.Join(dir, FileName(p.Size, p.Goal, p.Groups[2]))); err != nil {
		t.Fatal(err)
	}
	if _, src, _, err := LoadOrBuildTable(ctx, p, 2, dir, nil); err != nil || src != Built {
		t.Fatalf("missing file: source %v, err %v; want built", src, err)
	}
}

// TestJavaLayout checks the layout against the example in the Java
// generator's README: on a 2x2 board with the blank first, the group {1,2,3}
// has db[1,2,3] = 0 and db[0,2,3] = 1.
func TestJavaLayout(t *testing.T) {
	s := board.Size{W: 2, H: 2}
	tb, _ := buildTable(t, s, board.BlankFirst, []int{1, 2, 3}, 1)
	var buf bytes.Buffer
	if err := tb.WriteJava(&buf); err != nil {
		t.Fatal(err)
	}
	db := buf.Bytes()
	if len(db) != 4*4*4 {
		t.Fatalf("%d bytes", len(db))
	}
	at := func(a, b, c int) byte { return db[a*16+b*4+c] }
	if at(1, 2, 3) != 0 || at(0, 2, 3) != 1 || at(1, 1, 3) != 255 {
		t.Fatalf("db[1,2,3]=%d db[0,2,3]=%d db[1,1,3]=%d", at(1, 2, 3), at(0, 2, 3), at(1, 1, 3))
	}
	if tb.JavaFileName() != "0|1,2,3.db" {
		t.Fatalf("name %q", tb.JavaFileName())
	}
	// Every distinct placement agrees with Lookup-by-rank.
	tb3, _ := buildTable(t, board.Size3x3, board.BlankLast, []int{2, 5}, 1)
	buf.Reset()
	if err := tb3.WriteJava(&buf); err != nil {
		t.Fatal(err)
	}
	db = buf.Bytes()
	for a := 0; a < 9; a++ {
		for b := 0; b < 9; b++ {
			want := byte(255)
			if a != b {
				var pos [board.MaxCells]uint8
				pos[2], pos[5] = uint8(a), uint8(b)
				want = tb3.Value(tb3.Rank(&pos))
			}
			if db[a*9+b] != want {
				t.Fatalf("db[%d,%d] = %d, want %d", a, b, db[a*9+b], want)
			}
		}
	}
}

// FuzzDecode feeds arbitrary bytes to Decode: it must never panic, must fail
// with one of the typed errors, and a table it accepts must encode back to
// the same bytes. Seeds: small valid files and damaged copies of them.
func FuzzDecode(f *testing.F) {
	for _, tc := range []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size{W: 3, H: 2}, board.BlankLast, []int{1, 2}},
		{board.Size{W: 2, H: 2}, board.BlankFirst, []int{1, 2, 3}},
		{board.Size3x3, board.BlankLast, []int{5}},
	} {
		tb, _ := buildTable(f, tc.size, tc.goal, tc.tiles, 1)
		var buf bytes.Buffer
		if _, err := tb.WriteTo(&buf); err != nil {
			f.Fatal(err)
		}
		data := buf.Bytes()
		f.Add(data)
		f.Add(data[:len(data)/2])
		flipped := bytes.Clone(data)
		flipped[len(flipped)/3] ^= 0x10
		f.Add(flipped)
	}
	f.Add([]byte{})
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := Decode(data)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrVersion) {
				t.Fatalf("untyped error: %v", err)
			}
			return
		}
		var buf bytes.Buffer
		if _, err := tb.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data) {
			t.Fatalf("accepted %d bytes that encode back to %d different bytes", len(data), buf.Len())
		}
	})
}
