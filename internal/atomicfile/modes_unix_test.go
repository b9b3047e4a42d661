//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteModesAndLinks checks that new files follow the umask, replaced
// files keep their mode, read-only files are refused and left alone, and a
// symbolic link is written through (the link stays a link).
func TestWriteModesAndLinks(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	tests := []struct {
		name     string
		setup    func(t *testing.T, dir string) string // returns the path to write
		wantErr  error
		check    string      // file whose contents and mode are checked
		wantMode fs.FileMode // its mode afterwards
		want     string      // its contents afterwards
	}{
		{"new file under umask 077", func(t *testing.T, dir string) string {
			return filepath.Join(dir, "new.csv")
		}, nil, "new.csv", 0o600, "data"},
		{"0600 file keeps 0600", func(t *testing.T, dir string) string {
			return writeFile(t, filepath.Join(dir, "a.csv"), "old", 0o600)
		}, nil, "a.csv", 0o600, "data"},
		{"0640 file keeps 0640", func(t *testing.T, dir string) string {
			return writeFile(t, filepath.Join(dir, "a.csv"), "old", 0o640)
		}, nil, "a.csv", 0o640, "data"},
		{"0444 file refused", func(t *testing.T, dir string) string {
			return writeFile(t, filepath.Join(dir, "ro.csv"), "keep", 0o444)
		}, ErrReadOnly, "ro.csv", 0o444, "keep"},
		{"symlink written through", func(t *testing.T, dir string) string {
			writeFile(t, filepath.Join(dir, "real.csv"), "old", 0o640)
			link := filepath.Join(dir, "link.csv")
			if err := os.Symlink("real.csv", link); err != nil {
				t.Fatal(err)
			}
			return link
		}, nil, "real.csv", 0o640, "data"},
		{"dangling symlink creates its target", func(t *testing.T, dir string) string {
			link := filepath.Join(dir, "link.csv")
			if err := os.Symlink("made.csv", link); err != nil {
				t.Fatal(err)
			}
			return link
		}, nil, "made.csv", 0o600, "data"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := tc.setup(t, dir)
			err := WriteBytes(path, []byte("data"))
			if !errors.Is(err, tc.wantErr) || (err == nil) != (tc.wantErr == nil) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if tc.wantErr != nil && CheckWritable(path) == nil {
				t.Errorf("CheckWritable accepts what Write refuses")
			}
			fi, err := os.Stat(filepath.Join(dir, tc.check))
			if err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(dir, tc.check))
			if fi.Mode().Perm() != tc.wantMode || string(got) != tc.want {
				t.Errorf("%s: mode %v, contents %q; want %v, %q", tc.check, fi.Mode().Perm(), got, tc.wantMode, tc.want)
			}
			if li, err := os.Lstat(path); err == nil && path != filepath.Join(dir, tc.check) && li.Mode()&fs.ModeSymlink == 0 {
				t.Errorf("%s is no longer a symbolic link", path)
			}
			for _, e := range mustReadDir(t, dir) {
				if strings.Contains(e, ".tmp-") {
					t.Errorf("temporary file %s left behind", e)
				}
			}
		})
	}
}
