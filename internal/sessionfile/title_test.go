package sessionfile

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPrintableTitle: whatever a title holds (a file's name can hold
// anything), PrintableTitle makes one that a session file keeps.
func TestPrintableTitle(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Korf #9", "Korf #9"},
		{"two\nlines", "two lines"},
		{"red\x1b[31mtext\x07\x00", "red [31mtext"},
		{"abc\u202Efdp.exe", "abc fdp.exe"},
		{"zero\u200Bwidth \uFEFFbom", "zero width bom"},
		{"bad \xff utf8", "bad utf8"},
		{"family 👨\u200D👩\u200D👧", "family 👨\u200D👩\u200D👧"},
		{"  spaced \t out  ", "spaced out"},
		{"", ""},
	}
	for _, c := range cases {
		if got := PrintableTitle(c.in); got != c.want {
			t.Errorf("PrintableTitle(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	long := strings.Repeat("é", MaxTitle) + "\x1b"
	got := PrintableTitle(long)
	if len(got) > MaxTitle || !utf8.ValidString(got) || !strings.HasSuffix(got, "…") {
		t.Errorf("long title: %d bytes, valid %v, ends %q", len(got), utf8.ValidString(got), got[len(got)-3:])
	}
}

// FuzzPrintableTitle: the result always passes the strict reader's check.
func FuzzPrintableTitle(f *testing.F) {
	for _, s := range []string{"a\x1bb", "\u202E", strings.Repeat("ü", 600), "\xff\xfe", "x\u2028y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := PrintableTitle(s)
		if len(got) > MaxTitle || strings.ContainsAny(got, "\n\r") {
			t.Fatalf("PrintableTitle(%q) = %q: too long or not one line", s, got)
		}
		if err := checkText("title", got); err != nil {
			t.Fatalf("PrintableTitle(%q) = %q: %v", s, got, err)
		}
	})
}
