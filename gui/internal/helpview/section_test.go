package helpview

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/slidelab/slidelab/docs"
)

// TestViewPagesHaveTheirHelp: every view's page of the guide has the short
// section its help on screen shows, and the index the first-start panel's
// three things to try; the section is the text under its heading only.
func TestViewPagesHaveTheirHelp(t *testing.T) {
	for _, c := range []struct{ page, heading string }{
		{"puzzle.md", ViewHelpHeading}, {"pdb.md", ViewHelpHeading}, {"race.md", ViewHelpHeading},
		{"compare.md", ViewHelpHeading}, {"quality.md", ViewHelpHeading}, {"practice.md", ViewHelpHeading},
		{"README.md", StartHeading},
	} {
		md, err := Section(docs.Guide(), c.page, c.heading)
		if err != nil {
			t.Error(err)
			continue
		}
		if len(md) < 200 || strings.Contains(md, "\n## ") || strings.Contains(md, c.heading) {
			t.Errorf("%s: section %q is %d bytes: %q", c.page, c.heading, len(md), md)
		}
		r, err := NewSection(docs.Guide(), c.page, c.heading)
		if err != nil || len(r.Segments) == 0 {
			t.Errorf("%s: rendered %v, %v", c.page, r, err)
		}
	}
}

func TestSection(t *testing.T) {
	fsys := fstest.MapFS{"a.md": {Data: []byte("# A\n\nintro\n\n## One\n\nfirst\nlines\n\n## Two\n\nsecond\n")}}
	for _, c := range []struct{ heading, want, err string }{
		{"One", "first\nlines", ""}, {"Two", "second", ""}, {"Three", "", "no section"},
	} {
		got, err := Section(fsys, "a.md", c.heading)
		if got != c.want || (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("Section(%q) = %q, %v; want %q, %q", c.heading, got, err, c.want, c.err)
		}
	}
	if _, err := Section(fsys, "b.md", "One"); err == nil {
		t.Error("a missing page gave no error")
	}
}
