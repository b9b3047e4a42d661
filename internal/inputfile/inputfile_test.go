package inputfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenRegular(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "boards.txt")
	if err := os.WriteFile(path, []byte("1 2 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := ReadFile(path, 0)
	if err != nil || string(data) != "1 2 3\n" {
		t.Fatalf("ReadFile = %q, %v", data, err)
	}
	data, err = ReadFile(path, 2)
	if err != nil || string(data) != "1 2" {
		t.Fatalf("ReadFile with limit 2 = %q, %v; want 3 bytes (the limit plus one)", data, err)
	}
	if _, err := Open(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

func TestOpenRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		path, kind string
	}{
		{dir, "a directory"},
	}
	if fi, err := os.Stat(os.DevNull); err == nil && fi.Mode()&fs.ModeCharDevice != 0 {
		tests = append(tests, struct{ path, kind string }{os.DevNull, "a character device"})
	}
	for _, tc := range tests {
		_, err := Open(tc.path)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), tc.path+": not a regular file ("+tc.kind+")") {
			t.Errorf("Open(%s) = %v; want %q", tc.path, err, tc.path+": not a regular file ("+tc.kind+")")
		}
	}
}

func TestKind(t *testing.T) {
	tests := []struct {
		mode fs.FileMode
		want string
	}{
		{0o644, "a regular file"},
		{fs.ModeDir | 0o755, "a directory"},
		{fs.ModeNamedPipe, "a FIFO"},
		{fs.ModeSocket, "a socket"},
		{fs.ModeDevice | fs.ModeCharDevice, "a character device"},
		{fs.ModeDevice, "a block device"},
		{fs.ModeIrregular, "an irregular file"},
	}
	for _, tc := range tests {
		if got := Kind(tc.mode); got != tc.want {
			t.Errorf("Kind(%v) = %q, want %q", tc.mode, got, tc.want)
		}
	}
}
