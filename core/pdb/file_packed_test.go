package pdb

import (
	"bytes"
	"compress/gzip"
	"errors"
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// gzipped returns tb's file compressed as make web ships it.
func gzipped(t *testing.T, tb *Table) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := tb.WriteGzip(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// gzipOf compresses data as one gzip stream.
func gzipOf(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDecodeForRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		size  board.Size
		goal  board.Goal
		tiles []int
	}{
		{board.Size3x3, board.BlankLast, []int{1, 2, 3, 4}},
		{board.Size3x3, board.BlankFirst, []int{5, 6, 7, 8}},
		{size2x3, board.BlankLast, []int{1, 2, 3, 4, 5}},
		{board.Size4x4, board.BlankLast, []int{2, 3, 4}},
	} {
		tb, _ := buildTable(t, tc.size, tc.goal, tc.tiles, 2)
		plain, packed := encode(t, tb), gzipped(t, tb)
		if len(packed) >= len(plain) {
			t.Errorf("%v: compressed %d bytes, plain %d", tc.tiles, len(packed), len(plain))
		}
		shuffled := slices.Clone(tc.tiles)
		slices.Reverse(shuffled)
		for name, data := range map[string][]byte{"plain": plain, "gzip": packed} {
			got, err := DecodeFor(data, tc.size, tc.goal, shuffled)
			if err != nil {
				t.Fatalf("%v %s: %v", tc.tiles, name, err)
			}
			if !sameTable(tb, got) {
				t.Fatalf("%v %s: decoded table differs", tc.tiles, name)
			}
			other := slices.Clone(tc.tiles)
			other[0] = tc.size.Cells() - 1
			if slices.Contains(tc.tiles, other[0]) {
				other[0] = 0 // the blank: a tile no additive table holds
			}
			for _, ask := range []struct {
				size  board.Size
				goal  board.Goal
				tiles []int
			}{
				{tc.size, 1 - tc.goal, tc.tiles},
				{board.Size{W: 5, H: 5}, tc.goal, tc.tiles},
				{tc.size, tc.goal, other},
				{tc.size, tc.goal, tc.tiles[1:]},
			} {
				if _, err := DecodeFor(data, ask.size, ask.goal, ask.tiles); !errors.Is(err, ErrMismatch) {
					t.Errorf("%v %s asked for %v %v %v: %v, want a mismatch", tc.tiles, name, ask.size, ask.goal, ask.tiles, err)
				}
			}
		}
	}
}

// TestDecodeForDamaged: every damage to a compressed table, in the gzip
// framing or inside the table, is refused with a typed error, never a
// table.
func TestDecodeForDamaged(t *testing.T) {
	tb, _ := buildTable(t, size2x3, board.BlankLast, []int{1, 2}, 1)
	plain := encode(t, tb)
	packed := gzipped(t, tb)
	typed := func(err error) bool {
		return errors.Is(err, ErrCorrupt) || errors.Is(err, ErrTruncated) || errors.Is(err, ErrVersion)
	}
	for i := range packed {
		if i == 4 || i == 5 || i == 6 || i == 7 || i == 8 || i == 9 {
			continue // MTIME, XFL and OS: informative header bytes, not checked by any gzip reader
		}
		for _, mask := range []byte{0x01, 0x80, 0xFF} {
			bad := slices.Clone(packed)
			bad[i] ^= mask
			got, err := DecodeFor(bad, tb.size, tb.goal, tb.tiles)
			if err == nil && !sameTable(got, tb) {
				t.Fatalf("byte %d ^ %#x: a different table accepted", i, mask)
			}
			if err != nil && !typed(err) && !errors.Is(err, ErrMismatch) {
				t.Fatalf("byte %d ^ %#x: untyped error %v", i, mask, err)
			}
		}
	}
	for n := 2; n < len(packed); n++ {
		if _, err := DecodeFor(packed[:n], tb.size, tb.goal, tb.tiles); !typed(err) {
			t.Fatalf("compressed file cut to %d of %d bytes: %v", n, len(packed), err)
		}
	}
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"bytes after the stream", append(slices.Clone(packed), 0), ErrCorrupt},
		{"a second stream", append(slices.Clone(packed), packed...), ErrCorrupt},
		{"a byte after the table inside the stream", gzipOf(t, append(slices.Clone(plain), 0)), ErrCorrupt},
		{"the table cut inside the stream", gzipOf(t, plain[:len(plain)-1]), ErrTruncated},
		{"a checksum broken inside the stream", gzipOf(t, append(slices.Clone(plain[:len(plain)-1]), plain[len(plain)-1]^1)), ErrCorrupt},
		{"zeros", gzipOf(t, make([]byte, 1<<20)), ErrNotTable},
		{"gzip header only", packed[:10], ErrTruncated},
	} {
		if _, err := DecodeFor(tc.data, tb.size, tb.goal, tb.tiles); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}
