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
// (toolkit.ProportionalText).
func proportional(segs []widget.RichTextSegment) {
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.TextSegment:
			if !s.Style.TextStyle.Monospace {
				s.Text = toolkit.ProportionalText(s.Text)
			}
		case *widget.ListSegment:
			proportional(s.Items)
		case *widget.ParagraphSegment:
			proportional(s.Texts)
		}
	}
}
