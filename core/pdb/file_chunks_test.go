package pdb

import (
	"hash/crc32"
	"math/rand/v2"
	"testing"
)

// The checks read a table in chunks of checkChunk (yielding to a browser
// page between them): the chunked checksum and histogram must equal the
// one-pass ones whatever the length, at and around the chunk boundaries.
func TestChunkedChecksAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 3*checkChunk+17)
	for i := range data {
		data[i] = byte(r.IntN(40)) // table-like values, a few with Unreached below
	}
	for i := 0; i < len(data); i += 1013 {
		data[i] = Unreached
	}
	for _, n := range []int{0, 1, checkChunk - 1, checkChunk, checkChunk + 1, 2 * checkChunk, len(data)} {
		b := data[:n]
		if got, want := checksum(b), crc32.Checksum(b, castagnoli); got != want {
			t.Errorf("checksum of %d bytes = %08x, want %08x", n, got, want)
		}
		var want [256]uint64
		for _, v := range b {
			want[v]++
		}
		if got := (&Table{values: b}).Histogram(); got != want {
			t.Errorf("Histogram of %d values differs from a count in one pass", n)
		}
	}
}
