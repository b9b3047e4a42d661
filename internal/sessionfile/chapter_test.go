package sessionfile

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestChapterRoundTrip: every algorithm of the search chapter, with the
// parameters it takes, survives Encode and Decode; such a file is version
// 3, and the four classic ones with unit costs stay version 1.
func TestChapterRoundTrip(t *testing.T) {
	b, err := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := search.ParseHeuristic("manhattan")
	tmd, _ := search.ParseHeuristic("tile-manhattan")
	for _, tc := range []struct {
		s       Search
		version string
	}{
		{Search{Algorithm: search.DFS, Heuristic: md, DepthLimit: 12, CycleCheck: search.CyclePath}, `"version": 3`},
		{Search{Algorithm: search.DFS, Heuristic: md, CycleCheck: search.CycleClosed, Event: 40}, `"version": 3`},
		{Search{Algorithm: search.DLS, Heuristic: md, DepthLimit: 20}, `"version": 3`},
		{Search{Algorithm: search.IDDFS, Heuristic: md}, `"version": 3`},
		{Search{Algorithm: search.DLS, Heuristic: md, DepthLimit: 9, CycleCheck: search.CycleClosed}, `"version": 3`},
		{Search{Algorithm: search.IDDFS, Heuristic: md, DepthLimit: 30, CycleCheck: search.CyclePath}, `"version": 3`},
		{Search{Algorithm: search.UCS, Heuristic: md, Cost: search.TileCost}, `"version": 3`},
		{Search{Algorithm: search.BiBFS, Heuristic: md}, `"version": 3`},
		{Search{Algorithm: search.WAStar, Heuristic: md, Weight: 1.5}, `"version": 3`},
		{Search{Algorithm: search.RBFS, Heuristic: tmd, Cost: search.TileCost}, `"version": 3`},
		{Search{Algorithm: search.SMAStar, Heuristic: md, MemoryNodes: 500}, `"version": 3`},
		{Search{Algorithm: search.AStar, Heuristic: tmd, Cost: search.TileCost}, `"version": 3`},
		{Search{Algorithm: search.IDAStar, Heuristic: md}, `"version": 1`},
	} {
		s := Session{Goal: board.BlankLast, Board: b, Optimal: -1, Search: &tc.s}
		var buf bytes.Buffer
		if err := Encode(&buf, s); err != nil {
			t.Fatalf("%v: %v", tc.s.Algorithm, err)
		}
		if !strings.Contains(buf.String(), tc.version) {
			t.Errorf("%v: want %s:\n%s", tc.s.Algorithm, tc.version, buf.String())
		}
		got, err := Decode(&buf)
		if err != nil {
			t.Fatalf("%v: %v", tc.s.Algorithm, err)
		}
		back, want := *got.Search, tc.s
		if back.Heuristic.String() != want.Heuristic.String() {
			t.Errorf("%v: heuristic %s read back as %s", want.Algorithm, want.Heuristic, back.Heuristic)
		}
		back.Heuristic, want.Heuristic = search.HeuristicSpec{}, search.HeuristicSpec{}
		if !reflect.DeepEqual(back, want) {
			t.Errorf("%v: read back %+v, wrote %+v", tc.s.Algorithm, *got.Search, tc.s)
		}
	}
}

// TestChapterBadParameters: a parameter the algorithm does not take, one out
// of range, tile costs with a pattern database and version 3's fields in an
// older file are refused, the message naming the field.
func TestChapterBadParameters(t *testing.T) {
	file := func(version, search string) string {
		return `{"format": "slidelab-session", "version": ` + version + `, "goal": "blank-last",
  "board": "1 2 3 / 4 0 6 / 7 5 8", "search": {` + search + `}}`
	}
	for _, tc := range []struct {
		name, text, want string
	}{
		{"weight for a*", file("3", `"algorithm": "a*", "heuristic": "manhattan", "weight": 2`), "weight is for wa*"},
		{"weight too big", file("3", `"algorithm": "wa*", "heuristic": "manhattan", "weight": 11`), "weight"},
		{"weight two decimals", file("3", `"algorithm": "wa*", "heuristic": "manhattan", "weight": 1.25`), "one decimal"},
		{"depth limit for bfs", file("3", `"algorithm": "bfs", "heuristic": "manhattan", "depth_limit": 5`), "depth_limit is for dfs"},
		{"depth limit negative", file("3", `"algorithm": "dfs", "heuristic": "manhattan", "depth_limit": -1`), "depth_limit -1"},
		{"cycle check unknown", file("3", `"algorithm": "dfs", "heuristic": "manhattan", "cycle_check": "loop"`), "cycle check"},
		{"cycle check for bibfs", file("3", `"algorithm": "bibfs", "heuristic": "manhattan", "cycle_check": "path"`), "cycle_check is for dfs, dls and iddfs"},
		{"memory nodes 1", file("3", `"algorithm": "sma*", "heuristic": "manhattan", "memory_nodes": 1`), "memory_nodes 1"},
		{"memory nodes for rbfs", file("3", `"algorithm": "rbfs", "heuristic": "manhattan", "memory_nodes": 50`), "memory_nodes is for sma*"},
		{"cost unknown", file("3", `"algorithm": "ucs", "heuristic": "manhattan", "cost": "euro"`), "euro"},
		{"cost for bfs", file("3", `"algorithm": "bfs", "heuristic": "manhattan", "cost": "tile"`), "counts moves"},
		{"tile cost with a pdb", file("3", `"algorithm": "a*", "heuristic": "pdb:44", "cost": "tile"`), "pattern database"},
		{"version 2 with a weight", file("2", `"algorithm": "wa*", "heuristic": "manhattan", "weight": 2`), "search.weight"},
		{"version 2 with dfs", file("2", `"algorithm": "dfs", "heuristic": "manhattan"`), "dfs"},
		{"weight a string", file("3", `"algorithm": "wa*", "heuristic": "manhattan", "weight": "2"`), "weight"},
	} {
		_, err := Decode(strings.NewReader(tc.text))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want ErrInvalid mentioning %q", tc.name, err, tc.want)
		}
	}
}
