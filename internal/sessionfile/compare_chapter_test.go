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

// TestCompareChapterRoundTrip: the compare view's algorithm, any of the
// twelve with the parameters slidelab compare takes, survives Encode and
// Decode in a version 3 file; the classic four stay version 1.
func TestCompareChapterRoundTrip(t *testing.T) {
	b, err := board.Parse("1 2 3 / 4 0 6 / 7 5 8", board.Size3x3)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := search.ParseHeuristic("manhattan")
	for _, tc := range []struct {
		alg     search.Algorithm
		p       CompareParams
		version string
	}{
		{search.DFS, CompareParams{DepthLimit: 20, CycleCheck: search.CyclePath}, `"version": 3`},
		{search.DFS, CompareParams{}, `"version": 3`},
		{search.DLS, CompareParams{DepthLimit: 15, CycleCheck: search.CycleClosed}, `"version": 3`},
		{search.IDDFS, CompareParams{DepthLimit: 30, CycleCheck: search.CyclePath}, `"version": 3`},
		{search.UCS, CompareParams{Cost: search.TileCost}, `"version": 3`},
		{search.BFS, CompareParams{Cost: search.TileCost}, `"version": 3`},
		{search.WAStar, CompareParams{Weight: 1.5}, `"version": 3`},
		{search.SMAStar, CompareParams{MemoryNodes: 100}, `"version": 3`},
		{search.RBFS, CompareParams{}, `"version": 3`},
		{search.AStar, CompareParams{}, `"version": 1`},
	} {
		c := Compare{Set: SetRandom8, Count: 3, Seed: 1, Algorithm: tc.alg, Heuristics: []search.HeuristicSpec{md}, NodeLimit: 1000, Params: tc.p}
		s := Session{Goal: board.BlankLast, Board: b, Optimal: -1, Compare: &c}
		var buf bytes.Buffer
		if err := Encode(&buf, s); err != nil {
			t.Fatalf("%v: %v", tc.alg, err)
		}
		if !strings.Contains(buf.String(), tc.version) {
			t.Errorf("%v: want %s:\n%s", tc.alg, tc.version, buf.String())
		}
		got, err := Decode(&buf)
		if err != nil {
			t.Fatalf("%v: %v", tc.alg, err)
		}
		if got.Compare.Algorithm != tc.alg || !reflect.DeepEqual(got.Compare.Params, tc.p) {
			t.Errorf("%v %+v read back as %v %+v", tc.alg, tc.p, got.Compare.Algorithm, got.Compare.Params)
		}
	}
}

// TestCompareChapterRefused: a chapter algorithm or parameter in a file
// older than version 3, and a parameter the algorithm does not take, are
// refused naming the field.
func TestCompareChapterRefused(t *testing.T) {
	head := `{"format": "slidelab-session", "version": %s, "goal": "blank-last", "board": "1 2 3 / 4 0 6 / 7 5 8",
  "compare": {"set": "random8", "count": 3, "seed": 1, "moves": 0, "node_limit": 0, "seconds": 0, %s}}`
	for _, tc := range []struct{ version, fields, want string }{
		{"2", `"algorithm": "dfs"`, `field "compare.algorithm: dfs (dfs)" is new in version 3`},
		{"2", `"algorithm": "a*", "cost": "tile"`, `"compare.cost" is new in version 3`},
		{"3", `"algorithm": "a*", "weight": 2`, "weight is for wa*, not a*"},
		{"3", `"algorithm": "bfs", "depth_limit": 5`, "depth_limit and cycle_check are for dfs, dls and iddfs, not bfs"},
		{"3", `"algorithm": "sma*", "memory_nodes": 1`, "memory_nodes 1: want 2 to 100000"},
		{"3", `"algorithm": "dfs", "cycle_check": "round"`, `compare: cycle check "round"`},
		{"3", `"algorithm": "a*", "cost": "tile", "heuristics": ["pdb:44"]`, "pattern database is built for unit costs"},
	} {
		_, err := Decode(strings.NewReader(strings.Replace(strings.Replace(head, "%s", tc.version, 1), "%s", tc.fields, 1)))
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "compare: compare:") {
			t.Errorf("%s: %v, want %q", tc.fields, err, tc.want)
		}
	}
}
