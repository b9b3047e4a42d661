package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// chapterBoards are two 8-puzzles (14 and 8 moves); the app's compare view
// test (gui/internal/compareview, TestCompareEveryAlgorithm) runs the same
// boards with the same options and checks its table against core/compare,
// which this test checks the command line against.
const chapterBoards = "1 7 2 4 3 6 8 5 0 14\n4 1 3 7 2 6 5 8 0 8\n"

// TestCompareEveryAlgorithm: for each of the chapter's algorithms, with
// its parameters, slidelab compare --json reports exactly the counts,
// lengths and costs of core/compare.Run with the same options.
func TestCompareEveryAlgorithm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "two.txt")
	if err := os.WriteFile(path, []byte(chapterBoards), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := compare.LoadSet(path, board.Size{}, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	set.Name = "two.txt"
	md, err := search.NewManhattan(board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flags []string
		opt   compare.Options
	}{
		{[]string{"--algorithm", "bfs"}, compare.Options{Algorithm: search.BFS}},
		{[]string{"--algorithm", "ucs", "--cost", "tile"}, compare.Options{Algorithm: search.UCS, Cost: search.TileCost}},
		{[]string{"--algorithm", "dfs", "--depth-limit", "20", "--cycle-check", "path"}, compare.Options{Algorithm: search.DFS, DepthLimit: 20, CycleCheck: search.CyclePath}},
		{[]string{"--algorithm", "dls", "--depth-limit", "15"}, compare.Options{Algorithm: search.DLS, DepthLimit: 15}},
		{[]string{"--algorithm", "iddfs", "--cycle-check", "path"}, compare.Options{Algorithm: search.IDDFS, CycleCheck: search.CyclePath}},
		{[]string{"--algorithm", "bibfs"}, compare.Options{Algorithm: search.BiBFS}},
		{[]string{"--algorithm", "greedy"}, compare.Options{Algorithm: search.Greedy}},
		{[]string{"--algorithm", "a*", "--cost", "tile"}, compare.Options{Algorithm: search.AStar, Cost: search.TileCost}},
		{[]string{"--algorithm", "wa*", "--weight", "1.5"}, compare.Options{Algorithm: search.WAStar, Weight: 1.5}},
		{[]string{"--algorithm", "ida*"}, compare.Options{Algorithm: search.IDAStar}},
		{[]string{"--algorithm", "sma*", "--memory-nodes", "100"}, compare.Options{Algorithm: search.SMAStar, MemoryNodes: 100}},
		{[]string{"--algorithm", "rbfs"}, compare.Options{Algorithm: search.RBFS}},
	} {
		t.Run(c.opt.Algorithm.String(), func(t *testing.T) {
			args := append([]string{"compare", "--set", path, "--heuristics", "manhattan", "--json"}, c.flags...)
			code, out, errOut := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, errOut)
			}
			var got compare.Report
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("json: %v", err)
			}
			want, err := compare.Run(context.Background(), set, []compare.Heuristic{{Name: "manhattan", H: md}}, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Results) != len(want.Results) {
				t.Fatalf("%d results, want %d", len(got.Results), len(want.Results))
			}
			for i, w := range want.Results {
				g := got.Results[i]
				if g.Status != compare.Solved || g.Expanded != w.Expanded || g.Generated != w.Generated || g.Length != w.Length || g.Cost != w.Cost {
					t.Errorf("board %d: CLI %s %d/%d length %d cost %d, core/compare %s %d/%d length %d cost %d", i+1,
						g.Status, g.Expanded, g.Generated, g.Length, g.Cost, w.Status, w.Expanded, w.Generated, w.Length, w.Cost)
				}
			}
		})
	}
}
