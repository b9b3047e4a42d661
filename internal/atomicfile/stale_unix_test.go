//go:build unix

package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// deadPid returns the id of a process that has ended (a child that ran and
// was waited for).
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatalf("running a child: %v", err)
	}
	return cmd.Process.Pid
}

// TestWriteRemovesTempsOfDeadWriters leaves the temporary files a killed
// writer would (fresh ones: only the process id shows they are stale) and
// checks that the next Write of the same file removes them, and only them.
func TestWriteRemovesTempsOfDeadWriters(t *testing.T) {
	dir := t.TempDir()
	host := hostTag()
	dead := strconv.Itoa(deadPid(t))
	self := strconv.Itoa(os.Getpid())
	files := map[string]bool{ // name -> removed by Write("a[1].gif")
		".a[1].gif.tmp-" + dead + "-" + host + "-1x2y":   true,  // killed writer of this file
		".a[1].gif.check-" + dead + "-" + host + "-3z":   true,  // killed CheckWritable
		".a[1].gif.tmp-" + self + "-" + host + "-4a":     false, // a live writer (this process)
		".a[1].gif.tmp-" + dead + "-otherhost1-5b":       false, // another host's process: age decides
		".a[1].gif.tmp-6c":                               false, // an older version's name, fresh
		".other.gif.tmp-" + dead + "-" + host + "-7d":    false, // another file's
		".a[1].gif.tmp-" + dead + "-" + host + "-8e.bak": false, // not a name Write makes
		"a[1].gif.tmp-" + dead + "-" + host + "-9f":      false, // not hidden
	}
	for name := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteBytes(filepath.Join(dir, "a[1].gif"), []byte("GIF89a")); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	for name, removed := range files {
		if slices.Contains(left, name) == removed {
			t.Errorf("%s: removed %v, want %v", name, !removed, removed)
		}
	}
	if !slices.Contains(left, "a[1].gif") || len(left) != 1+countFalse(files) {
		t.Errorf("left %v", left)
	}
}

func countFalse(m map[string]bool) int {
	n := 0
	for _, v := range m {
		if !v {
			n++
		}
	}
	return n
}

// TestRemoveStaleDeadOwner checks the pattern form the table cache uses: a
// fresh table temp of a killed process goes, a live one stays.
func TestRemoveStaleDeadOwner(t *testing.T) {
	dir := t.TempDir()
	host := hostTag()
	dead := ".4x4-blank-last-2-3-4.slpdb.tmp-" + strconv.Itoa(deadPid(t)) + "-" + host + "-q1"
	live := ".4x4-blank-last-1-5-6.slpdb.tmp-" + strconv.Itoa(os.Getpid()) + "-" + host + "-q2"
	for _, name := range []string{dead, live} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, err := RemoveStale(dir, "*.slpdb", StaleAfter)
	if err != nil || n != 1 {
		t.Fatalf("RemoveStale = %d, %v; want 1", n, err)
	}
	if _, err := os.Stat(filepath.Join(dir, live)); err != nil {
		t.Errorf("the live writer's file: %v", err)
	}
}

// TestMkdirTempRemovesDeadDirs leaves the scratch directory of a killed
// process and one of a live process: MkdirTemp removes the first only.
func TestMkdirTempRemovesDeadDirs(t *testing.T) {
	parent := t.TempDir()
	host := hostTag()
	dead := filepath.Join(parent, "slidelab-bench-"+strconv.Itoa(deadPid(t))+"-"+host+"-a1")
	live := filepath.Join(parent, "slidelab-bench-"+strconv.Itoa(os.Getpid())+"-"+host+"-b2")
	other := filepath.Join(parent, "slidelab-bench-notes")
	for _, d := range []string{dead, live, other} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "sub", "table.slpdb"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	made, err := MkdirTemp(parent, "slidelab-bench-")
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range map[string]bool{dead: false, live: true, other: true, made: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}
