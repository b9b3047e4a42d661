package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWrite(t *testing.T) {
	errWrite := errors.New("disk on fire")
	tests := []struct {
		name    string
		old     string // existing contents; "" means no file
		write   func(io.Writer) error
		want    string // contents afterwards
		wantErr error  // nil: success expected
	}{
		{name: "new file", write: writeString("hello\n"), want: "hello\n"},
		{name: "replace", old: "old contents", write: writeString("new"), want: "new"},
		{name: "empty", old: "old", write: writeString(""), want: ""},
		{name: "large", write: writeString(strings.Repeat("x", 3<<20)), want: strings.Repeat("x", 3<<20)},
		{name: "write fails, old kept", old: "keep me", write: func(w io.Writer) error {
			io.WriteString(w, "partial")
			return errWrite
		}, want: "keep me", wantErr: errWrite},
		{name: "write fails, nothing created", write: func(io.Writer) error { return errWrite }, wantErr: errWrite},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.bin")
			want := shellMode(t)
			if tc.old != "" {
				if err := os.WriteFile(path, []byte(tc.old), 0o600); err != nil {
					t.Fatal(err)
				}
				// The replaced file's mode: 0600 on Unix; Windows keeps
				// only a read-only flag, so there it is 0666.
				want = statMode(t, path)
			}
			err := Write(path, tc.write)
			if !errors.Is(err, tc.wantErr) || (err != nil) != (tc.wantErr != nil) {
				t.Fatalf("Write: err = %v, want %v", err, tc.wantErr)
			}
			got, rerr := os.ReadFile(path)
			switch {
			case tc.old == "" && tc.wantErr != nil:
				if !os.IsNotExist(rerr) {
					t.Errorf("failed write created %s (read err %v)", path, rerr)
				}
			case rerr != nil:
				t.Fatal(rerr)
			case string(got) != tc.want:
				t.Errorf("contents = %.20q (%d bytes), want %.20q (%d bytes)", got, len(got), tc.want, len(tc.want))
			}
			if err == nil {
				if got := statMode(t, path); got != want {
					t.Errorf("mode = %v, want %v", got, want)
				}
			}
			assertOnly(t, dir, tc.old != "" || tc.wantErr == nil)
		})
	}
}

func TestWriteBytes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.txt")
	if err := WriteBytes(path, []byte("abc")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "abc" {
		t.Errorf("contents = %q, want abc", got)
	}
}

func TestWriteErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		path string
	}{
		{"missing directory", filepath.Join(dir, "no", "such", "dir", "f")},
		{"destination is a directory", mkdir(t, filepath.Join(dir, "isdir"))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := WriteBytes(tc.path, []byte("x"))
			if err == nil {
				t.Fatalf("WriteBytes(%s) succeeded", tc.path)
			}
			entries, _ := os.ReadDir(filepath.Dir(tc.path))
			for _, e := range entries {
				if strings.Contains(e.Name(), ".tmp-") {
					t.Errorf("temporary file %s left behind", e.Name())
				}
			}
		})
	}
}

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func mkdir(t *testing.T, p string) string {
	t.Helper()
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// assertOnly checks dir holds out.bin (when want) and nothing else.
func assertOnly(t *testing.T, dir string, want bool) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if e.Name() != "out.bin" {
			t.Errorf("unexpected file %s left in directory", e.Name())
			continue
		}
		n++
	}
	if want && n != 1 {
		t.Errorf("out.bin missing")
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	// The system's own words for a missing directory ("no such file or
	// directory" on Unix, "The system cannot find the path specified." on
	// Windows).
	_, err := os.Open(filepath.Join(dir, "nope", "a.png"))
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		t.Fatalf("opening a file in a missing directory: %v", err)
	}
	noDir := pe.Err.Error()
	tests := []struct {
		name, path string
		want       string // "" for no error, else a part of the message
	}{
		{"new file", filepath.Join(dir, "a.png"), ""},
		{"missing directory", filepath.Join(dir, "nope", "a.png"), "cannot create a file in " + filepath.Join(dir, "nope") + ": " + noDir},
		{"a directory", mkdir(t, filepath.Join(dir, "d")), "is a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckWritable(tc.path)
			if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Fatalf("CheckWritable(%s) = %v, want %q", tc.path, err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "a.png")); !os.IsNotExist(err) {
				t.Errorf("CheckWritable created the file (stat: %v)", err)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.Contains(e.Name(), ".check-") {
					t.Errorf("left %s behind", e.Name())
				}
			}
		})
	}
	// Write's own error names the directory, not a temporary file.
	err = WriteBytes(filepath.Join(dir, "nope", "b.png"), []byte("x"))
	if err == nil || strings.Contains(err.Error(), ".tmp-") || !strings.Contains(err.Error(), "cannot create a file in") {
		t.Errorf("WriteBytes into a missing directory: %v", err)
	}
}

// shellMode is the mode a new file gets from os.Create (0666 less the
// umask), as from a shell's ">".
func shellMode(t *testing.T) fs.FileMode {
	t.Helper()
	f, err := os.Create(filepath.Join(t.TempDir(), "probe"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// statMode returns the permission bits of the file at path.
func statMode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func writeFile(t *testing.T, path, data string, mode fs.FileMode) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustReadDir(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * time.Hour)
	for _, name := range []string{".t.slpdb.tmp-a", ".t.slpdb.tmp-b", ".u.slpdb.tmp-c", "t.slpdb", ".t.png.tmp-d"} {
		writeFile(t, filepath.Join(dir, name), "x", 0o644)
		if name != ".t.slpdb.tmp-b" {
			if err := os.Chtimes(filepath.Join(dir, name), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	n, err := RemoveStale(dir, "*.slpdb", time.Hour)
	if err != nil || n != 2 {
		t.Fatalf("RemoveStale = %d, %v; want 2 removed", n, err)
	}
	got := strings.Join(mustReadDir(t, dir), " ")
	if got != ".t.png.tmp-d .t.slpdb.tmp-b t.slpdb" {
		t.Errorf("left %q", got)
	}
	if n, err := RemoveStale(filepath.Join(dir, "missing"), "*.slpdb", time.Hour); n != 0 || err != nil {
		t.Errorf("missing dir: %d, %v", n, err)
	}
}
