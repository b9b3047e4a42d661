package lesson

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readDoc returns docs/formats-lessons.md.
func readDoc(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "formats-lessons.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestDocExample: the worked example of docs/formats-lessons.md parses
// and every part resolves.
func TestDocExample(t *testing.T) {
	doc := readDoc(t)
	_, rest, ok := strings.Cut(doc, "````markdown\n")
	example, _, ok2 := strings.Cut(rest, "\n````")
	if !ok || !ok2 {
		t.Fatal("no ````markdown example in docs/formats-lessons.md")
	}
	l, err := Parse("example.md", []byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Parts) != 5 {
		t.Errorf("%d parts, want 5", len(l.Parts))
	}
	states, err := NewResolver().ResolveAll(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	questions := 0
	for _, s := range states {
		checkState(t, s)
		questions += len(s.Answers)
	}
	if questions != 3 {
		t.Errorf("%d questions, want 3", questions)
	}
	if n := len(Exercises(states)); n != 3 {
		t.Errorf("%d exercises, want 3", n)
	}
}

// TestDocListsEveryName: the page's tables name every key, view,
// overlay and placeholder the parser knows.
func TestDocListsEveryName(t *testing.T) {
	doc := readDoc(t)
	for _, k := range Keys {
		if !strings.Contains(doc, "| `"+k+"` |") {
			t.Errorf("key %s is not in the table", k)
		}
	}
	for _, names := range [][]string{Views, Overlays} {
		for _, n := range names {
			if !strings.Contains(doc, "`"+n+"`") {
				t.Errorf("%s is not documented", n)
			}
		}
	}
	for _, n := range PlaceholderNames() {
		if !strings.Contains(doc, "| `"+n+"` |") {
			t.Errorf("placeholder %s is not in the table", n)
		}
	}
}
