// Package handout writes a lesson as a static web page that students read
// without the app: the lesson's text as HTML, each part's board as a PNG
// and, where the part runs a search, its search tree and counters. The
// page is written to a temporary directory beside the target and renamed
// into place, so a cancelled or failed run leaves the old handout (or
// nothing) behind.
package handout

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/yuin/goldmark"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/atomicfile"
	"github.com/slidelab/slidelab/internal/lesson"
	"github.com/slidelab/slidelab/internal/render"
)

// Marker is the file that marks a directory as a handout Write made, so a
// later Write may replace it (and no other directory).
const Marker = ".slidelab-handout"

// Options choose how the handout looks.
type Options struct {
	// ImageSize is the width of the pictures in pixels (0: 480).
	ImageSize int
	// Theme draws the pictures light or dark.
	Theme render.Theme
}

// Stats says what Write wrote.
type Stats struct {
	Parts, Images int
	Bytes         int64
}

// Write renders states (a lesson's parts resolved by r, in order) as dir's
// index.html and PNG pictures. dir must not exist, be empty, or hold a
// handout an earlier Write made; it is replaced as a whole.
func Write(ctx context.Context, l *lesson.Lesson, states []*lesson.State, r *lesson.Resolver, dir string, opts Options) (Stats, error) {
	if opts.ImageSize == 0 {
		opts.ImageSize = render.DefaultGIFSize
	}
	if err := checkTarget(dir); err != nil {
		return Stats{}, err
	}
	parent := filepath.Dir(filepath.Clean(dir))
	tmp, err := atomicfile.MkdirTemp(parent, ".slidelab-handout-tmp-")
	if err != nil {
		return Stats{}, fmt.Errorf("handout: %w", err)
	}
	keep := false
	defer func() {
		if !keep {
			os.RemoveAll(tmp)
		}
	}()
	w := &writer{ctx: ctx, dir: tmp, opts: opts, r: r}
	if err := w.copyImages(l, states); err != nil {
		return Stats{}, fmt.Errorf("handout: %w", err)
	}
	page, err := w.page(l, states)
	if err != nil {
		return Stats{}, err
	}
	if err := w.file("index.html", page); err != nil {
		return Stats{}, err
	}
	if err := w.file(Marker, []byte("written by slidelab lesson render\n")); err != nil {
		return Stats{}, err
	}
	if err := ctx.Err(); err != nil {
		return Stats{}, err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return Stats{}, fmt.Errorf("handout: %w", err)
	}
	if err := replaceDir(tmp, dir); err != nil {
		return Stats{}, err
	}
	keep = true
	return Stats{Parts: len(states), Images: w.images, Bytes: w.bytes}, nil
}

// checkTarget refuses a target that is a file, or a directory with other
// things in it than an earlier handout.
func checkTarget(dir string) error {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("handout: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("handout: %s exists and is not a directory", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("handout: %w", err)
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, Marker)); err != nil {
		return fmt.Errorf("handout: %s holds other files (not a handout slidelab wrote): choose a new or empty directory", dir)
	}
	return nil
}

// replaceDir moves tmp to dir, replacing an earlier handout there.
func replaceDir(tmp, dir string) error {
	old := ""
	if _, err := os.Lstat(dir); err == nil {
		old = tmp + "-old"
		if err := os.Rename(dir, old); err != nil {
			return fmt.Errorf("handout: moving the old handout aside: %w", err)
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		if old != "" {
			_ = os.Rename(old, dir)
		}
		return fmt.Errorf("handout: %w", err)
	}
	if old != "" {
		_ = os.RemoveAll(old)
	}
	return nil
}

// writer writes one handout's files.
type writer struct {
	ctx    context.Context
	dir    string
	opts   Options
	r      *lesson.Resolver
	images int
	bytes  int64
}

func (w *writer) file(name string, data []byte) error {
	if err := os.WriteFile(filepath.Join(w.dir, filepath.FromSlash(name)), data, 0o644); err != nil {
		return fmt.Errorf("handout: %w", err)
	}
	w.bytes += int64(len(data))
	return nil
}

// png writes img as name.
func (w *writer) png(name string, img image.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("handout: %s: %w", name, err)
	}
	w.images++
	return w.file(name, buf.Bytes())
}

// markdown renders Markdown text as XHTML-style HTML; raw HTML in the
// lesson is left out.
var markdown = goldmark.New(goldmark.WithRendererOptions(gmhtml.WithXHTML()))

// page returns index.html, writing each part's pictures on the way.
func (w *writer) page(l *lesson.Lesson, states []*lesson.State) ([]byte, error) {
	var b bytes.Buffer
	title := l.Title
	if title == "" {
		title = filepath.Base(l.Name)
	}
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n<main>\n",
		html.EscapeString(title), style)
	for _, s := range states {
		if err := w.ctx.Err(); err != nil {
			return nil, err
		}
		if err := w.part(&b, s); err != nil {
			return nil, fmt.Errorf("part %d (line %d): %w", s.Part.Index+1, s.Part.Line, err)
		}
	}
	b.WriteString("<footer><p>Made with Slidelab: every number on this page was computed by running the search it describes.</p></footer>\n</main>\n</body>\n</html>\n")
	return b.Bytes(), nil
}

// part writes one part's section.
func (w *writer) part(b *bytes.Buffer, s *lesson.State) error {
	n := s.Part.Index + 1
	fmt.Fprintf(b, "<section id=\"part-%d\">\n", n)
	if err := markdown.Convert([]byte(s.Text), b); err != nil {
		return err
	}
	if s.Part.BlockLine == 0 && s.Part.Index > 0 {
		// The part keeps the state of the part before: its pictures are
		// the ones above.
		for i, a := range s.Answers {
			question(b, n, i, a)
		}
		return w.exercises(b, s)
	}
	st := &s.Settings
	groups := lesson.Groups(st)
	caption := fmt.Sprintf("Part %d: the board", n)
	boardName := fmt.Sprintf("part-%02d-board.png", n)
	img, err := render.BoardImage(s.Board, st.Goal, groups, -1, caption, w.opts.ImageSize, w.opts.Theme)
	if err != nil {
		return err
	}
	if err := w.png(boardName, img); err != nil {
		return err
	}
	b.WriteString("<div class=\"pictures\">\n")
	fmt.Fprintf(b, "<figure><img src=\"%s\" alt=\"%s\" width=\"%d\" /><figcaption>%s</figcaption></figure>\n",
		boardName, html.EscapeString("board "+s.Board.Line()), w.opts.ImageSize/2, html.EscapeString(s.Board.Line()))
	if s.Run != nil && (s.Run.Steps > 0 || s.Settings.At.Kind == lesson.AtGoal) {
		if err := w.tree(b, s, groups); err != nil {
			return err
		}
	}
	b.WriteString("</div>\n")
	if s.Run != nil {
		counters(b, s)
	}
	for i, a := range s.Answers {
		question(b, n, i, a)
	}
	return w.exercises(b, s)
}

// exercises writes the part's exercises and closes its section.
func (w *writer) exercises(b *bytes.Buffer, s *lesson.State) error {
	for i, q := range s.Exercises {
		if err := w.exercise(b, s.Part.Index+1, i, q); err != nil {
			return err
		}
	}
	b.WriteString("</section>\n")
	return nil
}

// tree writes the picture of the part's search tree.
func (w *writer) tree(b *bytes.Buffer, s *lesson.State, groups [][]int) error {
	steps := s.Run.Steps
	if steps == 0 { // a run to the goal: about two events an expansion
		steps = int(min(2*s.Run.Stats.Expanded+uint64(s.Run.Iterations)+2, 1<<30)) // select and expand each, the passes, the goal
	}
	note := ""
	if steps > render.MaxGIFSteps {
		steps = render.MaxGIFSteps
		note = fmt.Sprintf(" (the tree of the first %d steps at most)", steps)
	}
	stp, err := w.r.NewStepper(w.ctx, s)
	if err != nil {
		return err
	}
	a, err := render.SearchAnimation(w.ctx, stp, s.Settings.Algorithm, s.Settings.Goal, groups, steps, render.GIFOptions{FPS: render.DefaultGIFFPS, Size: w.opts.ImageSize * 4 / 3})
	if err != nil {
		return err
	}
	img, _, err := a.Frame(a.Len() - 1)
	if err != nil {
		return err
	}
	name := fmt.Sprintf("part-%02d-search.png", s.Part.Index+1)
	if err := w.png(name, img); err != nil {
		return err
	}
	fmt.Fprintf(b, "<figure><img src=\"%s\" alt=\"%s\" width=\"%d\" /><figcaption>%s</figcaption></figure>\n", name,
		html.EscapeString("search tree of "+algName(s.Settings.Algorithm)), w.opts.ImageSize*2/3,
		html.EscapeString(fmt.Sprintf("%s at %s%s", searchName(s.Run), s.Settings.At, note)))
	return nil
}

func algName(a search.Algorithm) string { return strings.ToUpper(a.String()) }

// searchName names a run's search: "A* with manhattan", "BFS".
func searchName(r *lesson.Run) string {
	if r.Algorithm == search.BFS {
		return algName(r.Algorithm)
	}
	return algName(r.Algorithm) + " with " + r.Heuristic
}
