package helpview

import (
	"fmt"
	"io/fs"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// ViewHelpHeading heads, on each view's page of the guide, the short "what
// this view shows and how to use it" that the view's help on screen (F1,
// the "?" button) shows.
const ViewHelpHeading = "In class: what this view shows and how to use it"

// StartHeading heads, on the guide's index, the three things to try that
// the first-start panel shows.
const StartHeading = "Three things to try first"

// Section returns the Markdown of the level-2 section called heading of the
// guide's page name, without its heading: the lines up to the next heading
// of level 1 or 2. It fails when the page or the section is missing.
func Section(fsys fs.FS, name, heading string) (string, error) {
	src, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", fmt.Errorf("guide: %w", err)
	}
	var out []string
	in := false
	for line := range strings.Lines(string(src)) {
		line = strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(line, "# ") || strings.HasPrefix(line, "## ") {
			if in {
				break
			}
			in = strings.TrimSpace(strings.TrimPrefix(line, "##")) == heading
			continue
		}
		if in {
			out = append(out, line)
		}
	}
	if !in {
		return "", fmt.Errorf("guide: %s has no section %q", name, heading)
	}
	return strings.TrimSpace(strings.Join(out, "\n")), nil
}

// NewSection returns the section as the guide draws it (rich text that
// wraps), or fails as Section does.
func NewSection(fsys fs.FS, name, heading string) (*widget.RichText, error) {
	md, err := Section(fsys, name, heading)
	if err != nil {
		return nil, err
	}
	r := widget.NewRichTextFromMarkdown(adapt(md, func(string) bool { return false }))
	r.Wrapping = fyne.TextWrapWord
	proportional(r.Segments)
	return r, nil
}

// proportional makes the text segments safe for the proportional font
// (toolkit.ProportionalText) and writes their stars plainly (plainStars).
func proportional(segs []widget.RichTextSegment) {
	eachText(segs, func(s *widget.TextSegment) {
		if !s.Style.TextStyle.Monospace {
			s.Text = toolkit.ProportionalText(s.Text)
		}
		s.Text = plainStars(s.Text)
	})
}

// plainStars turns the asterisk operators adapt wrote for escaped
// asterisks (U+2217, which Markdown leaves alone) back into the asterisk
// they stood for, now that the Markdown is parsed: "IDA*" as the app's
// menus write it. Fyne's own fonts have no U+2217: the desktop drew it
// from a system font, the browser, which has none to offer, drew a box.
func plainStars(s string) string { return strings.ReplaceAll(s, "\u2217", "*") }

// eachText calls f on every text segment of segs, those in lists and
// paragraphs too.
func eachText(segs []widget.RichTextSegment, f func(*widget.TextSegment)) {
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.TextSegment:
			f(s)
		case *widget.ListSegment:
			eachText(s.Items, f)
		case *widget.ParagraphSegment:
			eachText(s.Texts, f)
		}
	}
}
