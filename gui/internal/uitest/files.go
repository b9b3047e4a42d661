package uitest

import (
	"image/gif"
	"os"
	"testing"
)

// ReadGIF decodes the animated GIF at path; it fails t when it cannot.
func ReadGIF(t testing.TB, path string) *gif.GIF {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// DirEntries lists the names in dir, temporary files included; it fails t
// when dir cannot be read.
func DirEntries(t testing.TB, dir string) []string {
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
