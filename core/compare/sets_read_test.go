package compare

import (
	"errors"
	"math/rand/v2"
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
		{"cr.txt", "1 2 3 4 5 6 7 8 0 0\r1 2 3 4 5 6 7 0 8 1\r"},
		{"binary.bin", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
		{"latin1.txt", "# caf\xe9\n1 2 3 4 5 6 7 8 0 0\n"},
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
				if !errors.Is(errFile, ErrBadInstanceFile) || !errors.Is(errMem, ErrBadInstanceFile) {
					t.Errorf("LoadSet: %v; ReadSet: %v; want ErrBadInstanceFile", errFile, errMem)
				}
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

// TestLoadSetBinary is the issue's /dev/urandom as an instance file: a
// regular file of random bytes is refused at its first line as not text (it
// used to read a million lines of noise, 7.5 s, before failing), and the
// error says it is bad data; the device itself is refused before it is read.
func TestLoadSetBinary(t *testing.T) {
	noise := make([]byte, 1<<20)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	path := filepath.Join(t.TempDir(), "noise.txt")
	if err := os.WriteFile(path, noise, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadSet(path, board.Size{}, board.BlankLast)
	if !errors.Is(err, board.ErrNotText) || !errors.Is(err, ErrBadInstanceFile) || !strings.Contains(err.Error(), "line 1:") {
		t.Fatalf("LoadSet(%s) = %v", path, err)
	}
	const dev = "/dev/urandom"
	if _, err := os.Stat(dev); err != nil {
		return
	}
	if _, err := LoadSet(dev, board.Size{}, board.BlankLast); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("LoadSet(%s) = %v, want a refusal as not a regular file", dev, err)
	}
}
