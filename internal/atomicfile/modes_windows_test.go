//go:build windows

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteWindows checks what Windows does differently: a file with the
// read-only attribute (mode 0444 in Go) is refused and left alone, and a
// file this process still holds open for reading is either replaced (where
// the system lets a file be renamed over while it is open) or refused with
// an error that leaves the old contents and no temporary file behind.
// Files Slidelab reads (tables, instance files) are closed once read, so the
// second case only arises when another program holds the file.
func TestWriteWindows(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, path string) (cleanup func())
		// check gets Write's error; it returns what the file must hold.
		check func(t *testing.T, err error) string
	}{
		{"read-only attribute", func(t *testing.T, path string) func() {
			if err := os.Chmod(path, 0o444); err != nil {
				t.Fatal(err)
			}
			return func() { os.Chmod(path, 0o666) }
		}, func(t *testing.T, err error) string {
			if !errors.Is(err, ErrReadOnly) {
				t.Errorf("Write over a read-only file: err = %v, want ErrReadOnly", err)
			}
			return "old"
		}},
		{"held open by a reader", func(t *testing.T, path string) func() {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return func() { f.Close() }
		}, func(t *testing.T, err error) string {
			if err != nil {
				return "old" // Windows (and Wine): "Access is denied."
			}
			return "new"
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "out.bin")
			if err := os.WriteFile(path, []byte("old"), 0o666); err != nil {
				t.Fatal(err)
			}
			cleanup := tc.setup(t, path)
			err := WriteBytes(path, []byte("new"))
			want := tc.check(t, err)
			cleanup()
			if got, err := os.ReadFile(path); err != nil || string(got) != want {
				t.Errorf("contents = %q (%v), want %q", got, err, want)
			}
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.Contains(e.Name(), ".tmp-") {
					t.Errorf("temporary file %s left behind", e.Name())
				}
			}
			// Once the file is writable and free again, it can be replaced.
			if err := WriteBytes(path, []byte("again")); err != nil {
				t.Errorf("Write after the cleanup: %v", err)
			}
		})
	}
}
