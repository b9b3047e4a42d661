package helpview

import (
	"strings"
	"testing"
	"testing/fstest"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// An escaped asterisk (IDA\*) is drawn as the asterisk the app's menus
// write ("IDA*"), in a section (the first-start panel) and on a guide page,
// in lists and paragraphs alike: never as U+2217, which Fyne's fonts lack
// (in a browser it was drawn as a box that swallowed the space after it),
// and without the emphasis a bare asterisk would start.
func TestEscapedAsterisksDrawnPlain(t *testing.T) {
	test.NewTempApp(t)
	md := "# Index\n\n## Start\n\nIDA\\* (the default search) and A\\*.\n\n1. Step **IDA\\*** here.\n2. Then A\\* there.\n"
	fsys := fstest.MapFS{"README.md": {Data: []byte(md)}}
	r, err := NewSection(fsys, "README.md", "Start")
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		r    *widget.RichText
	}{{"section", r}, {"guide page", g.Text}} {
		var b strings.Builder
		eachText(c.r.Segments, func(s *widget.TextSegment) { b.WriteString(s.Text + "|") })
		got := b.String()
		if strings.Contains(got, "\u2217") {
			t.Errorf("%s: U+2217 left in %q", c.name, got)
		}
		for _, want := range []string{"IDA* (the default search) and A*.", "Step |IDA*| here.", "Then A* there."} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: %q not in %q", c.name, want, got)
			}
		}
	}
}
