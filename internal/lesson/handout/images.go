package handout

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/slidelab/slidelab/internal/inputfile"
	"github.com/slidelab/slidelab/internal/lesson"
)

// Limits of the images a handout copies from the lesson's folder.
const (
	maxImageBytes = 10 << 20
	maxImages     = 200
)

// imageRef finds Markdown images: ![alt](path "title").
var imageRef = regexp.MustCompile(`!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)

// imageExts are the picture types a handout copies.
var imageExts = map[string]bool{".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true}

// copyImages copies the pictures the lesson's text shows by a relative
// path from the lesson's folder into the handout, at the same relative
// path, so the page shows them. A path that leaves the folder, a missing
// file or one that is not a picture is an error naming the part.
func (w *writer) copyImages(l *lesson.Lesson, states []*lesson.State) error {
	done := map[string]bool{}
	for _, s := range states {
		for _, m := range imageRef.FindAllStringSubmatch(s.Text, -1) {
			ref := m[1]
			if strings.Contains(ref, ":") || strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, "#") || done[ref] {
				continue // a URL, a data: URI or an absolute path: left to the browser
			}
			done[ref] = true
			if l.Dir == "" {
				return fmt.Errorf("part %d: image %s: a built-in lesson has no folder to take it from", s.Part.Index+1, ref)
			}
			if len(done) > maxImages {
				return fmt.Errorf("more than %d images", maxImages)
			}
			if err := w.copyImage(l.Dir, ref); err != nil {
				return fmt.Errorf("part %d: image %s: %w", s.Part.Index+1, ref, err)
			}
		}
	}
	return nil
}

// copyImage copies dir/ref to the handout's folder.
func (w *writer) copyImage(dir, ref string) error {
	clean := path.Clean(ref)
	if clean == ".." || strings.HasPrefix(clean, "../") || strings.Contains(clean, `\`) {
		return fmt.Errorf("the path leaves the lesson's folder")
	}
	if !imageExts[strings.ToLower(path.Ext(clean))] {
		return fmt.Errorf("not a picture (want .png, .jpg, .gif, .svg or .webp)")
	}
	if clean == "index.html" || strings.HasPrefix(path.Base(clean), "part-") {
		return fmt.Errorf("the name is one the handout uses for its own files")
	}
	f, err := inputfile.Open(filepath.Join(dir, filepath.FromSlash(clean)))
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImageBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxImageBytes {
		return fmt.Errorf("larger than %d MiB", maxImageBytes>>20)
	}
	target := filepath.Join(w.dir, filepath.FromSlash(clean))
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	w.images++
	return w.file(filepath.ToSlash(clean), data)
}
