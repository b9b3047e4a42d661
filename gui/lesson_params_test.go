package gui

import (
	"strings"
	"testing"

	"github.com/slidelab/slidelab/internal/lesson"
)

// TestLessonParamsTheViewTakes: a part whose algorithm parameters the
// search view searches with passes; one it would ignore (a cycle check for
// iterative deepening) is refused naming its line, so the app never shows
// counts other than the lesson's. No window is built.
func TestLessonParamsTheViewTakes(t *testing.T) {
	for _, tc := range []struct{ keys, err string }{
		{"algorithm: dfs\ndepth-limit: 20\ncycle-check: path", ""},
		{"algorithm: dls\ndepth-limit: 12", ""},
		{"algorithm: wa*\nweight: 1.5", ""},
		{"algorithm: sma*\nmemory-nodes: 50", ""},
		{"algorithm: ucs\ncost: tile", ""},
		{"algorithm: bfs\ncost: tile", ""},
		{"algorithm: iddfs", ""},
		{"algorithm: iddfs\ncycle-check: path", "line 5: cycle-check: the app's search view does not take it for iddfs"},
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
