package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadInstanceFileStatus checks that a bad instance file is bad data,
// status 1, in every command that reads one (compare --set used to exit 2,
// the usage status, where solve and bench exit 1), and that a binary file
// is refused at its first line.
func TestBadInstanceFileStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	bad := write("bad.txt", "1 2 3 x\n1 1 1 1 1 1 1 1 1\n01 2 3 4 5 6 7 0 8\n")
	binary := write("binary.bin", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
	empty := write("empty.txt", "# nothing\n\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"solve", "--instances", bad}, exitFailure, `"01" (numbers have no leading zero)`},
		{[]string{"solve", "--instances", binary}, exitFailure, "not a text file"},
		{[]string{"bench", "solve", "--set", bad}, exitFailure, "not a number"},
		{[]string{"bench", "solve", "--set", binary}, exitFailure, "not a text file"},
		{[]string{"compare", "--set", bad}, exitFailure, "no usable instance"},
		{[]string{"compare", "--set", binary}, exitFailure, "not a text file"},
		{[]string{"compare", "--set", empty}, exitFailure, "no instances"},
		{[]string{"predict", "--set", bad}, exitFailure, "no usable instance"},
		{[]string{"quality", "--instances", bad}, exitFailure, "no usable instance"},
		{[]string{"compare", "--set", filepath.Join(dir, "missing.txt")}, exitUsage, "no such built-in set"},
		{[]string{"compare", "--set", "walk:x"}, exitUsage, "not a non-negative number"},
	} {
		code, _, errOut := runCLI(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args[:2], code, errOut, tc.code, tc.want)
		}
	}
}
