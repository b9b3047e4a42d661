package gui

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/lesson"
)

// TestLessonParamsTheViewTakes: a part whose algorithm parameters the
// search view searches with passes (every parameter the command line
// takes, since the search view took iterative deepening's depth limit and
// the cycle checks); one it would ignore would be refused naming its line,
// so the app never shows counts other than the lesson's. No window is
// built.
func TestLessonParamsTheViewTakes(t *testing.T) {
	for _, tc := range []struct{ keys, err string }{
		{"algorithm: dfs\ndepth-limit: 20\ncycle-check: path", ""},
		{"algorithm: dls\ndepth-limit: 12", ""},
		{"algorithm: wa*\nweight: 1.5", ""},
		{"algorithm: sma*\nmemory-nodes: 50", ""},
		{"algorithm: ucs\ncost: tile", ""},
		{"algorithm: bfs\ncost: tile", ""},
		{"algorithm: iddfs", ""},
		{"algorithm: iddfs\ncycle-check: path", ""},
		{"algorithm: iddfs\ndepth-limit: 8\ncycle-check: closed", ""},
		{"algorithm: dls\ndepth-limit: 12\ncycle-check: path", ""},
	} {
		l, err := lesson.Parse("t.md", []byte("# T\n\n```slidelab\n"+tc.keys+"\n```\n"))
		if err != nil {
			t.Fatalf("%q: %v", tc.keys, err)
		}
		err = checkGUIParams(l.Parts[0].Settings)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%q refused: %v", tc.keys, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%q: %v, want %q", tc.keys, err, tc.err)
		}
	}
}
