package pdb

import (
	"errors"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// FuzzParsePartition feeds arbitrary text to the partition parser: it must
// never panic, must refuse with ErrPartition (never another error), and a
// partition it accepts must be valid and read back the same from its String
// form.
func FuzzParsePartition(f *testing.F) {
	for _, s := range []string{"663", "555", "44", "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4", "1 2 3; 4 5 6", "1,2/2,3", "0", "", "/", "1,,2", "99999999999999999999", "1,2,3,4,5,6,7,8,9"} {
		f.Add(s, uint8(4), uint8(4), false)
	}
	f.Add("1,2,3/4,5,6,7,8", uint8(3), uint8(3), true)
	f.Fuzz(func(t *testing.T, text string, w, h uint8, blankFirst bool) {
		size := board.Size{W: int(w % 6), H: int(h % 6)}
		goal := board.BlankLast
		if blankFirst {
			goal = board.BlankFirst
		}
		p, err := ParsePartition(text, size, goal)
		if err != nil {
			if !errors.Is(err, ErrPartition) && !errors.Is(err, board.ErrSize) {
				t.Fatalf("%q on %s: error %v is not ErrPartition", text, size, err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%q: accepted an invalid partition: %v", text, err)
		}
		back, err := ParsePartition(p.String(), size, goal)
		if err != nil || back.String() != p.String() {
			t.Fatalf("%q: round trip through %q: %v", text, p.String(), err)
		}
	})
}
