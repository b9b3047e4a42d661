package main

import "testing"

// TestLinkQuery: a page's query is a link unless it holds only settings
// and a view, or asks for a demo.
func TestLinkQuery(t *testing.T) {
	for _, c := range []struct{ search, want string }{
		{"", ""},
		{"?view=pdb", ""},
		{"?view=pdb&ready=1", ""},
		{"?view=compare&demo=1", ""},
		{"?board=1,2,3/4,0,6/7,5,8&view=search", "board=1,2,3/4,0,6/7,5,8&view=search"},
		{"?lesson=astar&part=3&ready=x", "lesson=astar&part=3"},
		{"?heuristc=lc", "heuristc=lc"},
		{"?%zz=1", "%zz=1"},
		{"?DEMO=1&board=1", ""},
	} {
		if got := linkQuery(c.search); got != c.want {
			t.Errorf("linkQuery(%q) = %q, want %q", c.search, got, c.want)
		}
	}
}
