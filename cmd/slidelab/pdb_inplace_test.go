package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// TestPDBInPlaceDamagedAfterCheck: a table that was checked once and is then
// used in place (its verification record beside it) is still rebuilt when
// it is damaged afterwards, even with its size and modification time kept.
func TestPDBInPlaceDamagedAfterCheck(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("tables are read, not used in place, on " + runtime.GOOS)
	}
	dir := t.TempDir()
	t.Setenv("SLIDELAB_CACHE", dir)
	args := []string{"pdb", "build", "--partition", "2,3/5", "--size", "3x2", "--json"}
	for i := range 3 {
		if code, out, errOut := runCLI(t, "", args...); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i+1, code, errOut)
		} else if i > 0 {
			for _, tb := range decodeReport(t, out).Tables {
				if tb.Source != "loaded" {
					t.Fatalf("run %d: table %s", i+1, tb.Source)
				}
			}
		}
		time.Sleep(50 * time.Millisecond) // past the margin of a file system with fine times
	}
	tables, err := filepath.Glob(filepath.Join(dir, "*.slpdb"))
	if err != nil || len(tables) != 2 {
		t.Fatalf("cache holds %v (%v)", tables, err)
	}
	records, _ := filepath.Glob(filepath.Join(dir, "*.slpdb.verified"))
	if len(records) != 2 {
		t.Skipf("no verification records (%v): a file system with coarse times", records)
	}
	fi, err := os.Stat(tables[0])
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(tables[0])
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-6] ^= 1 // a value
	f, err := os.OpenFile(tables[0], os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Chtimes(tables[0], fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	wantOneRebuilt(t, args)
}

// wantOneRebuilt runs pdb build --json with args on a cache where one of two
// tables is damaged, and expects that table rebuilt and the other loaded.
func wantOneRebuilt(t *testing.T, args []string) {
	t.Helper()
	code, out, errOut := runCLI(t, "", args...)
	if code != 0 {
		t.Fatalf("build on the damaged cache: exit %d: %s", code, errOut)
	}
	sources := map[string]int{}
	for _, tb := range decodeReport(t, out).Tables {
		sources[tb.Source]++
	}
	if sources["rebuilt"] != 1 || sources["loaded"] != 1 {
		t.Errorf("sources %v, want one rebuilt and one loaded", sources)
	}
}
