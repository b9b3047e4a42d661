package compareview

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstanceFileSkipsUnsolvableLine checks that an instance file with one
// unsolvable line is loaded without it, with a note naming the line.
func TestInstanceFileSkipsUnsolvableLine(t *testing.T) {
	_, v := newTestView(t)
	path := filepath.Join(t.TempDir(), "one-bad.txt")
	text := "8 6 7 2 5 4 3 0 1 31\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 0 7 8 2\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatalf("the file was rejected whole: %v (%q)", err, v.Error.Text)
	}
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "Skipped 1 bad line: line 2") || !strings.Contains(v.Error.Text, "unsolvable") {
		t.Errorf("note %q, want line 2 named as unsolvable", v.Error.Text)
	}
	if !strings.Contains(v.FileLabel.Text, "2 instances") || v.CountEntry.Text != "2" {
		t.Errorf("label %q, count %q", v.FileLabel.Text, v.CountEntry.Text)
	}
}
