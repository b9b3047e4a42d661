package compare

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/slidelab/slidelab/core/board"
)

// TestReadSetAgreesWithLoadSet reads the same instance files from memory
// and from disk: the same instances, skipped lines and errors (the name in
// place of the path).
func TestReadSetAgreesWithLoadSet(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, text string }{
		{"good.txt", "1 2 3 4 5 6 7 8 0 0\n# comment\n1 2 3 4 5 6 7 0 8 1\n"},
		{"mixed.txt", "1 2 3 4 5 6 7 8 0\n1 2 2 4 5 6 7 8 0\n1 2 3 / 4 5 0\n"},
		{"bad.txt", "1 2 2 4 5 6 7 8 0\n"},
		{"empty.txt", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			fromFile, errFile := LoadSet(path, board.Size{}, board.BlankLast)
			fromMem, errMem := ReadSet(strings.NewReader(tc.text), tc.name, board.Size{}, board.BlankLast)
			if (errFile == nil) != (errMem == nil) {
				t.Fatalf("LoadSet: %v; ReadSet: %v", errFile, errMem)
			}
			if errFile != nil {
				if want := strings.ReplaceAll(errFile.Error(), path, tc.name); errMem.Error() != want {
					t.Errorf("ReadSet error %q, want %q", errMem, want)
				}
				return
			}
			fromFile.Name = tc.name
			if !reflect.DeepEqual(fromFile, fromMem) {
				t.Errorf("ReadSet %+v, LoadSet %+v", fromMem, fromFile)
			}
		})
	}
}

// TestReadSetReaderError names the set and keeps the reader's error.
func TestReadSetReaderError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ReadSet(iotest.ErrReader(boom), "upload.txt", board.Size{}, board.BlankLast)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "upload.txt") {
		t.Fatalf("ReadSet = %v, want an error naming upload.txt and wrapping boom", err)
	}
}
