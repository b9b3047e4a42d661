// Package helpview shows the user guide (package docs, docs/guide/*.md) in
// the app: a list of its pages and the page chosen, rendered from Markdown,
// with the links between pages followed in place. The app's help is drawn
// from the same files a teacher reads in the repository, so the two cannot
// drift apart.
package helpview

import (
	"bufio"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// index is the guide's first page, the one that lists the others.
const index = "README.md"

// Guide is the guide's pages beside the page shown.
type Guide struct {
	// Pages lists the pages by title; Text is the page shown.
	Pages *widget.List
	Text  *widget.RichText
	// Content holds both, the list on the left.
	Content fyne.CanvasObject

	fsys    fs.FS
	pages   []page
	current int
	scroll  *container.Scroll
}

// page is one Markdown file of the guide.
type page struct {
	name, title string
}

// New returns the guide over fsys (Markdown files, index README.md), with
// its index shown. It fails when fsys holds no index.
func New(fsys fs.FS) (*Guide, error) {
	pages, err := listPages(fsys)
	if err != nil {
		return nil, err
	}
	g := &Guide{fsys: fsys, pages: pages, current: -1, Text: widget.NewRichText()}
	g.Text.Wrapping = fyne.TextWrapWord
	g.Pages = widget.NewList(
		func() int { return len(g.pages) },
		func() fyne.CanvasObject { return widget.NewLabel("Heuristics explained") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(g.pages[i].title) })
	g.Pages.OnSelected = func(i widget.ListItemID) {
		if i != g.current {
			g.show(i)
		}
	}
	g.scroll = container.NewVScroll(container.NewPadded(g.Text))
	split := container.NewHSplit(g.Pages, g.scroll)
	split.Offset = 0.25
	g.Content = split
	if err := g.Show(index); err != nil {
		return nil, err
	}
	return g, nil
}

// Show shows the page called name (a file name such as "puzzle.md").
func (g *Guide) Show(name string) error {
	for i, p := range g.pages {
		if p.name == name {
			g.show(i)
			return nil
		}
	}
	return fmt.Errorf("guide: no page %q", name)
}

// Current returns the file name of the page shown.
func (g *Guide) Current() string { return g.pages[g.current].name }

// Titles returns the pages' titles in the list's order.
func (g *Guide) Titles() []string {
	t := make([]string, len(g.pages))
	for i, p := range g.pages {
		t[i] = p.title
	}
	return t
}

// show renders page i, points its links to the other pages and selects it
// in the list.
func (g *Guide) show(i int) {
	src, err := fs.ReadFile(g.fsys, g.pages[i].name)
	if err != nil {
		src = []byte("# " + g.pages[i].title + "\n\nThis page could not be read: " + err.Error())
	}
	g.current = i
	g.Text.ParseMarkdown(adapt(string(src), g.has))
	eachText(g.Text.Segments, func(s *widget.TextSegment) { s.Text = plainStars(s.Text) })
	g.links(g.Text.Segments)
	g.Text.Refresh()
	g.Pages.Select(i)
	g.scroll.ScrollToTop()
	// The list (or a link) took the keyboard focus with the tap: give it
	// back, so that the window's keys (Escape closes the guide) work.
	if c := fyne.CurrentApp().Driver().CanvasForObject(g.Content); c != nil {
		c.Unfocus()
	}
}

// links points every link among segs, lists and paragraphs included, to
// the guide's pages where they name one.
func (g *Guide) links(segs []widget.RichTextSegment) {
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.HyperlinkSegment:
			g.follow(s)
		case *widget.ListSegment:
			g.links(s.Items)
		case *widget.ParagraphSegment:
			g.links(s.Texts)
		}
	}
}

// follow makes a link to another page of the guide open it here; links to
// web pages keep Fyne's default (the system's browser).
func (g *Guide) follow(h *widget.HyperlinkSegment) {
	if h.URL == nil || h.URL.Scheme != "" {
		return
	}
	name := path.Clean(h.URL.Path)
	if !g.has(name) {
		return
	}
	h.OnTapped = func() {
		if err := g.Show(name); err != nil {
			fyne.LogError("guide link", err)
		}
	}
}

// has reports whether the guide holds a page called name.
func (g *Guide) has(name string) bool {
	return slices.ContainsFunc(g.pages, func(p page) bool { return p.name == name })
}

// listPages returns the guide's pages: the index first, then the pages in
// the order the index links to them, then any other page by file name.
func listPages(fsys fs.FS) ([]page, error) {
	names, err := fs.Glob(fsys, "*.md")
	if err != nil {
		return nil, fmt.Errorf("guide: %w", err)
	}
	if !slices.Contains(names, index) {
		return nil, fmt.Errorf("guide: no %s", index)
	}
	src, err := fs.ReadFile(fsys, index)
	if err != nil {
		return nil, fmt.Errorf("guide: %w", err)
	}
	order := []string{index}
	for _, m := range linkRE.FindAllStringSubmatch(string(src), -1) {
		n := path.Clean(strings.SplitN(m[3], "#", 2)[0])
		if m[1] == "" && slices.Contains(names, n) && !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	for _, n := range names {
		if !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	pages := make([]page, len(order))
	for i, n := range order {
		src, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, fmt.Errorf("guide: %w", err)
		}
		pages[i] = page{name: n, title: title(string(src), n)}
	}
	return pages, nil
}

// title returns a page's first level-1 heading, or its file name.
func title(src, name string) string {
	sc := bufio.NewScanner(strings.NewReader(src))
	for sc.Scan() {
		if t, ok := strings.CutPrefix(sc.Text(), "# "); ok {
			return plain(t)
		}
	}
	return strings.TrimSuffix(name, ".md")
}

var (
	// linkRE matches a Markdown link or image: [text](target).
	linkRE = regexp.MustCompile(`(!?)\[([^\]]*)\]\(([^)\s]+)\)`)
	// tableRule matches a table's header rule: | --- | :-: |.
	tableRule = regexp.MustCompile(`^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)
)

// plain returns a heading's text without Markdown: backslash escapes undone,
// emphasis and code marks dropped.
func plain(t string) string {
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case c == '\\' && i+1 < len(t):
			i++
			b.WriteByte(t[i])
		case c == '*' || c == '_' || c == '`':
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}
