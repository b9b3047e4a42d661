package board

import (
	"errors"
	"strings"
	"testing"
)

// TestBoardGrammar checks the one board grammar on Parse and ParseInstance
// alike: what it accepts, and every malformed board the issue listed (a
// sign, a leading zero, empty rows, stray slashes, stray commas) refused
// with ErrSyntax; and that CR-only line breaks separate rows.
func TestBoardGrammar(t *testing.T) {
	const want = "1 2 3 / 4 5 6 / 7 8 0"
	for _, tc := range []struct {
		name, text string
		err        error // nil: reads as want
		instance   bool  // also checked with ParseInstance (no line breaks)
	}{
		{"spaces", "1 2 3 4 5 6 7 8 0", nil, true},
		{"tabs and commas", "1,2,\t3 ,4 , 5\t6 7,8,_", nil, true},
		{"slashes", " 1 2 3/4 5 6 / 7 8 _ ", nil, true},
		{"LF", "1 2 3\n4 5 6\n7 8 0\n", nil, false},
		{"CRLF", "1 2 3\r\n4 5 6\r\n7 8 0\r\n", nil, false},
		{"CR only", "1 2 3\r4 5 6\r7 8 0\r", nil, false},
		{"grid with padding", " 1 2 3\n 4 5 6\n 7 8 _\n", nil, false},
		{"minus zero", "1 2 3 4 5 6 7 8 -0", ErrSyntax, true},
		{"plus one", "+1 2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"leading zero", "01 2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"double zero blank", "1 2 3 4 5 6 7 8 00", ErrSyntax, true},
		{"empty row", "1 2 3 / / 4 5 6 / 7 8 0", ErrSyntax, true},
		{"slash at the start", "/ 1 2 3 / 4 5 6 / 7 8 0", ErrSyntax, true},
		{"slash at the end", "1 2 3 / 4 5 6 / 7 8 0 /", ErrSyntax, true},
		{"slash and line break", "1 2 3 /\n4 5 6 /\n7 8 0", ErrSyntax, false},
		{"blank line between rows", "1 2 3\n\n4 5 6\n7 8 0", ErrSyntax, false},
		{"two commas", "1,,2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"comma at the start", ",1 2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"comma at the end", "1 2 3 4 5 6 7 8 0,", ErrSyntax, true},
		{"semicolon", "1;2;3;4;5;6;7;8;0", ErrSyntax, true},
		{"dot for the blank", "1 2 3 4 5 6 7 8 .", ErrSyntax, true},
		{"hex", "0x1 2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"fullwidth digit", "\uff11 2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"vertical tab", "1\v2 3 4 5 6 7 8 0", ErrSyntax, true},
		{"seven digits", "1 2 3 4 5 6 7 8 1000000", ErrRange, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.text, Size{})
			check := func(fn string, b Board, err error) {
				t.Helper()
				if tc.err != nil {
					if !errors.Is(err, tc.err) {
						t.Fatalf("%s: got %s, %v; want %v", fn, b.Line(), err, tc.err)
					}
					return
				}
				if err != nil || b.Line() != want {
					t.Fatalf("%s: got %s, %v; want %s", fn, b.Line(), err, want)
				}
			}
			check("Parse", b, err)
			if tc.instance {
				b, opt, err := ParseInstance(tc.text, Size{}, BlankLast)
				check("ParseInstance", b, err)
				if err == nil && opt != -1 {
					t.Fatalf("ParseInstance: length %d", opt)
				}
			}
		})
	}
}

// TestParseInstanceLength checks the optional length after a board: a
// number of the grammar, never the blank's _.
func TestParseInstanceLength(t *testing.T) {
	for _, tc := range []struct {
		text string
		opt  int
		err  error
	}{
		{"1 2 3 4 5 6 7 0 8 1", 1, nil},
		{"1 2 3 / 4 5 6 / 7 0 8 1 # a comment", 1, nil},
		{"1 2 3 4 5 6 7 0 8 0", 0, nil}, // wrong, but a sessionfile or solve checks lengths
		{"1 2 3 4 5 6 7 0 8 _", -1, ErrSyntax},
		{"1 2 3 4 5 6 7 0 8 01", -1, ErrSyntax},
		{"1 2 3 4 5 6 7 0 8 +1", -1, ErrSyntax},
	} {
		_, opt, err := ParseInstance(tc.text, Size{}, BlankLast)
		if (tc.err == nil && (err != nil || opt != tc.opt)) || (tc.err != nil && !errors.Is(err, tc.err)) {
			t.Errorf("%q: length %d, %v; want %d, %v", tc.text, opt, err, tc.opt, tc.err)
		}
	}
}

// TestReadInstancesCROnly is the CR-only file: it used to read as
// one line and report a duplicate tile.
func TestReadInstancesCROnly(t *testing.T) {
	text := strings.ReplaceAll("1 2 3 4 5 6 7 0 8 1\n1 2 3 4 5 6 0 7 8 2\n", "\n", "\r")
	ins, err := ReadInstances(strings.NewReader(text), Size{}, BlankLast)
	if err != nil || len(ins) != 2 || ins[0].Err != nil || ins[1].Err != nil || ins[1].Optimal != 2 || ins[1].Line != 2 {
		t.Fatalf("%+v, %v", ins, err)
	}
}
