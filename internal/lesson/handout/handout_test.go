package handout

import (
	"context"
	"encoding/xml"
	"errors"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/lesson"
)

const testLesson = "# A handout\n\nIntro with *emphasis* and <script>alert(1)</script>.\n\n" +
	"```slidelab\nboard: random walk 20 seed 3\nalgorithm: a*\nat: step 6\nquestion: next\n```\n\n" +
	"## Second\n\nExpanded {{expanded}}.\n\n## Third\n\n```slidelab\nat: goal\nheuristic: pdb:44\nview: pdb\n" +
	"question: Which?\nchoices: md | lc\nanswer: most expanded\n```\n\n{{length}} moves & more.\n"

// write resolves testLesson and writes its handout to dir.
func write(t *testing.T, dir string) Stats {
	t.Helper()
	_, st := writeLesson(t, testLesson, dir, 200)
	return st
}

// writeLesson resolves the lesson text and writes its handout to dir with
// pictures size pixels wide.
func writeLesson(t *testing.T, text, dir string, size int) ([]*lesson.State, Stats) {
	t.Helper()
	l, err := lesson.Parse("t.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	r := lesson.NewResolver()
	states, err := r.ResolveAll(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Write(context.Background(), l, states, r, dir, Options{ImageSize: size})
	if err != nil {
		t.Fatal(err)
	}
	return states, st
}

// TestWrite checks the page is well-formed XHTML, every picture it names
// is a PNG in the folder, and the lesson's raw HTML is left out.
func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	st := write(t, dir)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimPrefix(string(page), "<!DOCTYPE html>\n")
	srcs := pictureSources(t, text)
	if len(srcs) != st.Images || len(srcs) < 3 {
		t.Fatalf("%d pictures named, %d written", len(srcs), st.Images)
	}
	for _, src := range srcs {
		f, err := os.Open(filepath.Join(dir, src))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(f); err != nil {
			t.Errorf("%s: %v", src, err)
		}
		f.Close()
	}
	for _, w := range []string{"<em>emphasis</em>", "part-01-search.png", "Expanded ", "<details>", "moves &amp; more"} {
		if !strings.Contains(text, w) {
			t.Errorf("index.html lacks %q", w)
		}
	}
	if strings.Contains(text, "<script>") || strings.Contains(text, "{{") {
		t.Error("raw HTML or a placeholder reached the page")
	}
}

// pictureSources checks that page is well-formed XHTML and returns the
// sources of its pictures.
func pictureSources(t *testing.T, page string) []string {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(page))
	d.Strict = true
	var srcs []string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return srcs
		}
		if err != nil {
			t.Fatalf("index.html is not well-formed: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "img" {
			for _, a := range se.Attr {
				if a.Name.Local == "src" {
					srcs = append(srcs, a.Value)
				}
			}
		}
	}
}

// TestWriteReplaces: an earlier handout is replaced whole; a folder with
// other files is refused and left alone; nothing is left beside it.
func TestWriteReplaces(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	write(t, dir)
	stale := filepath.Join(dir, "stale.png")
	if err := os.WriteFile(stale, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(t, dir)
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Error("the earlier handout's files survived")
	}
	entries, _ := os.ReadDir(parent)
	if len(entries) != 1 {
		t.Errorf("%d entries beside the handout, want none", len(entries)-1)
	}
	other := filepath.Join(parent, "notes")
	os.Mkdir(other, 0o755)
	os.WriteFile(filepath.Join(other, "mine.txt"), []byte("keep"), 0o644)
	l, _ := lesson.Parse("t.md", []byte("# A\n\ntext\n"))
	r := lesson.NewResolver()
	states, _ := r.ResolveAll(context.Background(), l)
	if _, err := Write(context.Background(), l, states, r, other, Options{}); err == nil {
		t.Error("wrote into a folder of other files")
	}
	if data, _ := os.ReadFile(filepath.Join(other, "mine.txt")); string(data) != "keep" {
		t.Error("the other folder changed")
	}
}

func TestWriteCancelled(t *testing.T) {
	l, _ := lesson.Parse("t.md", []byte(testLesson))
	r := lesson.NewResolver()
	states, err := r.ResolveAll(context.Background(), l)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	parent := t.TempDir()
	if _, err := Write(ctx, l, states, r, filepath.Join(parent, "out"), Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("%d entries left after a cancelled write", len(entries))
	}
}

// TestWriteCopiesImages: a picture the text shows by a relative path is
// copied beside the page; one outside the lesson's folder is refused.
func TestWriteCopiesImages(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "pics"), 0o755)
	os.WriteFile(filepath.Join(src, "pics", "tray.png"), []byte("\x89PNG fake"), 0o644)
	lessonFile := filepath.Join(src, "l.md")
	os.WriteFile(lessonFile, []byte("# A\n\n![A tray](pics/tray.png \"title\") and ![web](https://x.example/a.png)\n"), 0o644)
	l, err := lesson.ReadFile(lessonFile)
	if err != nil {
		t.Fatal(err)
	}
	r := lesson.NewResolver()
	states, _ := r.ResolveAll(context.Background(), l)
	out := filepath.Join(t.TempDir(), "h")
	if _, err := Write(context.Background(), l, states, r, out, Options{ImageSize: 100}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(out, "pics", "tray.png")); err != nil || string(data) != "\x89PNG fake" {
		t.Errorf("image not copied: %v", err)
	}
	for _, ref := range []string{"../secret.png", "missing.png", "notes.txt"} {
		os.WriteFile(lessonFile, []byte("# A\n\n![x]("+ref+")\n"), 0o644)
		l, err := lesson.ReadFile(lessonFile)
		if err != nil {
			t.Fatal(err)
		}
		states, _ := r.ResolveAll(context.Background(), l)
		if _, err := Write(context.Background(), l, states, r, filepath.Join(t.TempDir(), "h"), Options{ImageSize: 100}); err == nil || !strings.Contains(err.Error(), ref) {
			t.Errorf("%s: got %v, want an error naming it", ref, err)
		}
	}
}
