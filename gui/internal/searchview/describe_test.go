package searchview

import (
	"testing"

	"github.com/slidelab/slidelab/core/search"
)

// TestDescribeEventPlurals checks the narration's grammar for one child and
// for several ("1 children generated" before).
func TestDescribeEventPlurals(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{1, "expanded it: 1 child generated"}, {3, "expanded it: 3 children generated"}, {0, "expanded it: 0 children generated"}} {
		s := SearchSnap{Kind: search.NodeExpanded, Children: make([]search.Child, tc.n)}
		if got := describeEvent(s); got != tc.want {
			t.Errorf("%d children: %q, want %q", tc.n, got, tc.want)
		}
	}
}
