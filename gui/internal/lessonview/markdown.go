package lessonview

import (
	"path/filepath"
	"regexp"
	"strings"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// imageRE matches a Markdown picture: ![alt](target "title").
var imageRE = regexp.MustCompile(`!\[([^\]\n]*)\]\(([^)\s]+)(\s+"[^"\n]*")?\)`)

// markdown renders a part's filled text as RichText segments. A picture
// with a relative path is looked for beside the lesson's file (dir); one
// that cannot be (a built-in lesson or one read from a page has no
// folder; an absolute path or an address would reach outside the lesson)
// becomes its caption in italics.
func markdown(text, dir string) []widget.RichTextSegment {
	text = imageRE.ReplaceAllStringFunc(text, func(m string) string {
		p := imageRE.FindStringSubmatch(m)
		alt, target := p[1], p[2]
		if dir != "" && !strings.Contains(target, ":") && !strings.HasPrefix(target, "/") && !filepath.IsAbs(target) {
			u := storage.NewFileURI(filepath.Join(dir, filepath.FromSlash(target)))
			return "![" + alt + "](" + u.String() + p[3] + ")"
		}
		if alt == "" {
			alt = target
		}
		return "*(picture: " + strings.NewReplacer("*", "", "_", " ").Replace(alt) + ")*"
	})
	segs := widget.NewRichTextFromMarkdown(text).Segments
	for _, s := range segs {
		// The panel's title names the lesson: its headings are a size
		// smaller than a page's, so a narrow panel keeps room for text.
		if t, ok := s.(*widget.TextSegment); ok && t.Style.SizeName == theme.SizeNameHeadingText {
			t.Style.SizeName = theme.SizeNameSubHeadingText
		}
	}
	return segs
}
