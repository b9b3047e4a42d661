package tracecheck

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// FuzzScan checks the fast path against encoding/json: a line scanLine
// takes is valid JSON with known keys only and decodes to the same fields;
// a board quickBoard reads is the board board.Parse reads.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		`{"board":"1 2 3 4 5 6 7 8 0","g":0}`, `{"board":[1,2,3,4,5,6,7,8,0],"g":3,"children":[[1,2,3,4,5,6,7,0,8],"1 2 3 4 5 6 0 7 8"]}`,
		`{"seq":0,"event":"iteration","node":0,"parent":-1,"g":0,"h":6,"f":6,"board":"4 1 3 7 2 6 0 5 8","line":4,"bound":6}`,
		`{ "g" : 01 }`, `{"g":-0,"g":2}`, `{"board":"1 02 3 0"}`, `{"board":"10 1 2 3 4 5 6 7 8 9 11 12 13 14 15 0","g":1.0}`, `{}`, ` {"h":[[[]]]} `,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var fast rawLine
		if scanLine(text, &fast) {
			var slow rawLine
			if err := json.Unmarshal(text, &slow); err != nil {
				t.Fatalf("scanLine takes %q, encoding/json refuses it: %v", text, err)
			}
			if k, ok := inexactKey(text); !ok {
				t.Fatalf("scanLine takes %q with the unknown key %q", text, k)
			}
			fv, sv := []json.RawMessage{fast.Format, fast.Version, fast.Generator, fast.Seq, fast.Event, fast.Node, fast.Parent, fast.G, fast.H, fast.F, fast.Board, fast.Line, fast.Bound, fast.Children},
				[]json.RawMessage{slow.Format, slow.Version, slow.Generator, slow.Seq, slow.Event, slow.Node, slow.Parent, slow.G, slow.H, slow.F, slow.Board, slow.Line, slow.Bound, slow.Children}
			for i := range fv {
				if !bytes.Equal(fv[i], sv[i]) || (fv[i] == nil) != (sv[i] == nil) {
					t.Fatalf("%q: field %d: fast %q, encoding/json %q", text, i, fv[i], sv[i])
				}
			}
		}
		for _, size := range []board.Size{{}, {W: 3, H: 3}, {W: 3, H: 2}} {
			if b, ok := quickBoard(string(text), size); ok {
				want, err := board.Parse(string(text), size)
				if err != nil || want != b {
					t.Fatalf("quickBoard(%q, %v) = %v; board.Parse: %v, %v", text, size, b.Flat(), want.Flat(), err)
				}
			}
		}
	})
}
