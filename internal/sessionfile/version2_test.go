package sessionfile

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestVersion2RoundTrip: the search position and the view survive Encode
// and Decode, in a version 2 file; a session without them is still written
// as version 1.
func TestVersion2RoundTrip(t *testing.T) {
	b, err := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	h, err := search.ParseHeuristic("manhattan")
	if err != nil {
		t.Fatal(err)
	}
	s := Session{Goal: board.BlankLast, Board: b, Optimal: -1,
		Search: &Search{Algorithm: search.AStar, Heuristic: h, Event: 17},
		View:   &View{Tab: "puzzle", Tree: true, Predict: true}}
	for _, tc := range []struct {
		name    string
		s       Session
		version string
	}{
		{"position and view", s, `"version": 2`},
		{"view only", Session{Goal: s.Goal, Board: b, Optimal: -1, View: &View{Tab: "race"}}, `"version": 2`},
		{"neither", Session{Goal: s.Goal, Board: b, Optimal: -1, Search: &Search{Algorithm: search.AStar, Heuristic: h}}, `"version": 1`},
	} {
		var buf bytes.Buffer
		if err := Encode(&buf, tc.s); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !strings.Contains(buf.String(), tc.version) {
			t.Errorf("%s: written as\n%s\nwant %s", tc.name, buf.String(), tc.version)
		}
		got, err := Decode(&buf)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if (got.View == nil) != (tc.s.View == nil) || (got.View != nil && *got.View != *tc.s.View) ||
			(got.Search == nil) != (tc.s.Search == nil) || (got.Search != nil && got.Search.Event != tc.s.Search.Event) {
			t.Errorf("%s: read back %+v %+v, wrote %+v %+v", tc.name, got.Search, got.View, tc.s.Search, tc.s.View)
		}
	}
	bad := s
	bad.View = &View{Tab: "kitchen"}
	if err := Encode(&bytes.Buffer{}, bad); err == nil {
		t.Error("encoded an unknown tab")
	}
}

// TestVersion2Fields: version 2's fields are refused in a version 1 file
// and checked in a version 2 one.
func TestVersion2Fields(t *testing.T) {
	v2 := strings.Replace(example, `"version": 1`, `"version": 2`, 1)
	edit := func(text, old, new string) string {
		if !strings.Contains(text, old) {
			t.Fatalf("the example has no %q", old)
		}
		return strings.Replace(text, old, new, 1)
	}
	withView := func(text, view string) string {
		return edit(text, `"settings"`, `"view": `+view+`, "settings"`)
	}
	good := withView(edit(v2, `"manhattan"}`, `"manhattan", "event": 12}`), `{"tab": "compare", "tree": true, "predict": false}`)
	s, err := Decode(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if s.Search.Event != 12 || *s.View != (View{Tab: "compare", Tree: true}) {
		t.Errorf("decoded %+v %+v", s.Search, s.View)
	}
	for _, tc := range []struct{ name, text, says string }{
		{"view in version 1", withView(example, `{"tab": "puzzle", "tree": false, "predict": false}`), `"view" is new in version 2`},
		{"event in version 1", edit(example, `"manhattan"}`, `"manhattan", "event": 3}`), `"search.event" is new in version 2`},
		{"event negative", edit(v2, `"manhattan"}`, `"manhattan", "event": -1}`), "event"},
		{"event a string", edit(v2, `"manhattan"}`, `"manhattan", "event": "3"}`), "event"},
		{"event too large", edit(v2, `"manhattan"}`, `"manhattan", "event": 1000001}`), "event"},
		{"unknown tab", withView(v2, `{"tab": "kitchen", "tree": false, "predict": false}`), "kitchen"},
		{"tree a string", withView(v2, `{"tab": "puzzle", "tree": "yes", "predict": false}`), "tree"},
		{"unknown view field", withView(v2, `{"tab": "puzzle", "zoom": 2}`), "view.zoom"},
		{"view field twice", withView(v2, `{"tab": "puzzle", "tab": "pdb"}`), "twice"},
	} {
		_, err := Decode(strings.NewReader(tc.text))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: %v, want ErrInvalid saying %q", tc.name, err, tc.says)
		}
	}
}
