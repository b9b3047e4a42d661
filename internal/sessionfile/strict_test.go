package sessionfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestStrictDecode checks what encoding/json alone let through (issue 23,
// item 9): field names matched case-insensitively or by Unicode folding,
// duplicate fields, an optimal length the board contradicts, titles with
// control characters or bidirectional overrides, duplicate or empty lists
// of heuristics, binary files, deep nesting.
func TestStrictDecode(t *testing.T) {
	edit := func(old, new string) string {
		if !strings.Contains(example, old) {
			t.Fatalf("the example has no %q", old)
		}
		return strings.Replace(example, old, new, 1)
	}
	title := func(s string) string { return edit(`"Typed board"`, s) }
	optimal := func(n string) string { return edit(`"title"`, `"optimal": `+n+`, "title"`) }
	for _, tc := range []struct {
		name, text string
		is         error // nil: accepted
		says       string
	}{
		{"FORMAT in capitals", edit(`"format"`, `"FORMAT"`), ErrNotSession, `"format"`},
		{"format twice in two spellings", edit(`"version"`, `"Format": "x", "version"`), ErrInvalid, `"Format" is not a field`},
		{"Version in capitals", edit(`"version": 1`, `"version": 1, "Version": 1`), ErrInvalid, `"Version"`},
		{"korf with a Kelvin sign", edit(`"title"`, `"\u212aorf": 9, "title"`), ErrInvalid, "is not a field"},
		{"nested field in capitals", edit(`"theme"`, `"Theme"`), ErrInvalid, `"settings.Theme"`},
		{"version twice", edit(`"version": 1`, `"version": 99, "version": 1`), ErrInvalid, `"version" appears twice`},
		{"title twice", edit(`"title": "Typed board"`, `"title": "a", "title": "b"`), ErrInvalid, `"title" appears twice`},
		{"nested field twice", edit(`"algorithm": "ida*"`, `"algorithm": "ida*", "algorithm": "a*"`), ErrInvalid, `"search.algorithm" appears twice`},
		{"optimal right", optimal("2"), nil, ""},
		{"optimal 1 for a 2-move board", optimal("1"), ErrInvalid, "even length"},
		{"optimal 3 for a 2-move board", optimal("3"), ErrInvalid, "even length"},
		{"optimal 4 for a 2-move board", optimal("4"), ErrInvalid, "optimal solution is 2 moves"},
		{"optimal below linear conflict", strings.Replace(optimal("3"), `1 2 3 / 4 0 6 / 7 5 8`, `8 6 7 / 2 5 4 / 3 0 1`, 1), ErrInvalid, "at least"},
		{"optimal of the hardest 8-puzzle", strings.Replace(optimal("31"), `1 2 3 / 4 0 6 / 7 5 8`, `8 6 7 / 2 5 4 / 3 0 1`, 1), nil, ""},
		{"optimal 30 of the hardest 8-puzzle", strings.Replace(optimal("30"), `1 2 3 / 4 0 6 / 7 5 8`, `8 6 7 / 2 5 4 / 3 0 1`, 1), ErrInvalid, "odd length"},
		{"title with ESC", title(`"\u001b[31mred"`), ErrInvalid, "U+001B, a control character"},
		{"title with NUL", title(`"a\u0000b"`), ErrInvalid, "U+0000"},
		{"title with BEL", title(`"a\u0007"`), ErrInvalid, "U+0007"},
		{"title with a tab", title(`"a\tb"`), ErrInvalid, "U+0009"},
		{"title with U+202E", title("\"abc\u202Etxt.exe\""), ErrInvalid, "U+202E, a bidirectional override"},
		{"title with U+2066", title(`"a\u2066b"`), ErrInvalid, "U+2066"},
		{"title with a zero-width space", title(`"a\u200bb"`), ErrInvalid, "U+200B"},
		{"title with a line separator", title(`"a\u2028b"`), ErrInvalid, "U+2028"},
		{"title with C1 control", title(`"a\u0085b"`), ErrInvalid, "U+0085"},
		{"title in Greek with an emoji", title("\"\u03a0\u03bb\u03b1\u03ba\u03af\u03b4\u03b9\u03b1 \U0001F469\u200D\U0001F3EB\""), nil, ""},
		{"control character in a field name", edit(`"title"`, `"ti\u0007tle"`), ErrInvalid, "field name"},
		{"control character in a file", edit(`"random8"`, `"file", "file": "a\u001bb.txt"`), ErrInvalid, "U+001B"},
		{"heuristics listed twice", edit(`["manhattan",`, `["manhattan", "md",`), ErrInvalid, "listed twice"},
		{"heuristics empty", edit(`["manhattan", "pdb:1,2,3,4/5,6,7,8"]`, `[]`), ErrInvalid, "empty list"},
		{"heuristics left out", edit(`"heuristics": ["manhattan", "pdb:1,2,3,4/5,6,7,8"], `, ``), nil, ""},
		{"heuristic nested 100,000 deep", edit(`"heuristic": "manhattan"`, `"heuristic": "`+strings.Repeat("max(", 100_000)+"md"+strings.Repeat(")", 100_000)+`"`), ErrInvalid, "at most 4096"},
		{"heuristic nested 5 deep", edit(`"heuristic": "manhattan"`, `"heuristic": "`+strings.Repeat("max(", 5)+"md"+strings.Repeat(")", 5)+`"`), ErrInvalid, "nested deeper than 4"},
		{"lists nested deep", edit(`"Typed board"`, strings.Repeat("[", 100_000)+strings.Repeat("]", 100_000)), ErrInvalid, "nested too deep"},
		{"binary", "\xff\xfe{\x00\"", ErrNotSession, "binary"},
		{"NUL after the object", example + "\x00", ErrNotSession, "binary"},
		{"not UTF-8 in a title", title("\"caf\xe9\""), ErrNotSession, "not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.text))
			switch {
			case tc.is == nil && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.is == nil:
			case err == nil:
				t.Fatal("read without an error")
			case !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.says):
				t.Fatalf("error %q, want %v saying %q", err, tc.is, tc.says)
			case len(err.Error()) > 600:
				t.Fatalf("error of %d characters", len(err.Error()))
			}
		})
	}
}

// TestEncodeRefusesWhatDecodeRefuses checks that Encode, which checks a
// session as Decode does, writes no title or list that cannot be read back.
func TestEncodeRefusesWhatDecodeRefuses(t *testing.T) {
	s, err := Decode(strings.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	bad := s
	bad.Title = "lesson\u202Etxt"
	if err := Encode(&bytes.Buffer{}, bad); err == nil {
		t.Errorf("title with U+202E encoded")
	}
	bad = s
	bad.Optimal = 4
	if err := Encode(&bytes.Buffer{}, bad); err == nil {
		t.Errorf("optimal 4 of a 2-move board encoded")
	}
	dup := *s.Compare
	dup.Heuristics = append(dup.Heuristics, dup.Heuristics[0])
	bad = s
	bad.Compare = &dup
	if err := Encode(&bytes.Buffer{}, bad); err == nil {
		t.Errorf("a heuristic listed twice encoded")
	}
	none := *s.Compare
	none.Heuristics = nil
	bad = s
	bad.Compare = &none
	var buf bytes.Buffer
	if err := Encode(&buf, bad); err != nil {
		t.Fatalf("no heuristics: %v", err)
	}
	if back, err := Decode(&buf); err != nil || len(back.Compare.Heuristics) != 0 {
		t.Errorf("no heuristics read back as %v, %v", back.Compare, err)
	}
}

// TestDecodeRandomBytes is the issue's /dev/urandom: a megabyte of random
// bytes is refused by the sniff ("binary"), before any JSON is read.
func TestDecodeRandomBytes(t *testing.T) {
	data := make([]byte, MaxBytes)
	x := uint32(1)
	for i := range data {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		data[i] = byte(x)
	}
	data[0] = '{'
	_, err := Decode(bytes.NewReader(data))
	if !errors.Is(err, ErrNotSession) || !strings.Contains(err.Error(), "binary") {
		t.Fatalf("error %v", err)
	}
}

// TestDecodeTruncated cuts the example at every byte: each prefix is not a
// session file, and the message says so (the strict pass once returned a
// bare "EOF").
func TestDecodeTruncated(t *testing.T) {
	for i := range len(example) - 1 {
		_, err := Decode(strings.NewReader(example[:i]))
		if !errors.Is(err, ErrNotSession) {
			t.Fatalf("cut at byte %d: %v", i, err)
		}
	}
}
