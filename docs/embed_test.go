package docs

import (
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestGuideEmbedsEveryPage checks that the embedded guide holds exactly the
// pages of docs/guide, and that the index links to every other page, so a
// page added to the folder reaches the in-app help and its table of contents.
func TestGuideEmbedsEveryPage(t *testing.T) {
	onDisk, err := filepath.Glob(filepath.Join("guide", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := fs.Glob(Guide(), "*.md")
	if err != nil {
		t.Fatal(err)
	}
	for i := range onDisk {
		onDisk[i] = filepath.Base(onDisk[i])
	}
	slices.Sort(onDisk)
	slices.Sort(embedded)
	if !slices.Equal(onDisk, embedded) {
		t.Fatalf("embedded %v, on disk %v", embedded, onDisk)
	}
	index, err := fs.ReadFile(Guide(), "README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range embedded {
		if page == "README.md" {
			continue
		}
		if !regexp.MustCompile(`\]\(` + regexp.QuoteMeta(page) + `[)#]`).Match(index) {
			t.Errorf("the guide's index does not link to %s", page)
		}
	}
}
