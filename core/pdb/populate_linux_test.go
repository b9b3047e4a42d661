package pdb

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/slidelab/slidelab/core/board"
)

// residentKB returns the resident size, from /proc/self/smaps, of the
// mapping that holds addr.
func residentKB(t *testing.T, addr uintptr) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 && strings.Contains(line, "-") {
			in = addr >= lo && addr < hi
			continue
		}
		var kb int
		if in && strings.HasPrefix(line, "Rss:") {
			if _, err := fmt.Sscanf(line, "Rss: %d kB", &kb); err != nil {
				t.Fatalf("smaps line %q: %v", line, err)
			}
			return kb
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return 0
}

// TestPrefaultMapsEveryPage opens a cache file a second time (vouched for
// by its sidecar, so not read), unmaps its pages from the process (the page
// cache keeps them; opening may have mapped a large folio's pages at once)
// and checks that Prefault maps all of them.
func TestPrefaultMapsEveryPage(t *testing.T) {
	tiles := []int{1, 2, 3, 4, 5}
	want, _ := buildTable(t, board.Size4x4, board.BlankLast, tiles, 1)
	path := filepath.Join(t.TempDir(), FileName(board.Size4x4, board.BlankLast, tiles))
	if err := want.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := open(t, path, want); err != nil { // checks the file, writes its sidecar
		t.Fatal(err)
	}
	tb, checked, err := openTable(path, noMargin)
	if err != nil || checked {
		t.Fatalf("second open: checked %v, err %v; want the file used unread", checked, err)
	}
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(tb.mapped)))
	sizeKB := len(tb.mapped) / 1024
	if err := syscall.Madvise(tb.mapped, syscall.MADV_DONTNEED); err != nil {
		t.Fatal(err)
	}
	if before := residentKB(t, addr); before > sizeKB/4 {
		t.Fatalf("before Prefault %d of %d KB are mapped; want few", before, sizeKB)
	}
	db := &DB{Tables: []*Table{tb}}
	db.Prefault()
	if after := residentKB(t, addr); after < sizeKB {
		t.Fatalf("after Prefault %d of %d KB are mapped; want all", after, sizeKB)
	}
	if !sameTable(want, tb) {
		t.Fatal("the table's values changed")
	}
}
