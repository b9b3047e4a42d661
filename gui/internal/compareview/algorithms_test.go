package compareview

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// chapterBoards are the boards of the command line's
// TestCompareEveryAlgorithm (cmd/slidelab), which checks slidelab compare
// against core/compare with the same options as here: so the view's table
// is the command line's.
const chapterBoards = "1 7 2 4 3 6 8 5 0 14\n4 1 3 7 2 6 5 8 0 8\n"

// TestCompareEveryAlgorithm: each of the twelve algorithms, chosen and
// given its parameters in the view's selectors, fills the table with the
// counts core/compare.Run gives for the same options (the options the
// command line's flags set), and the selector lists them in the search
// view's order.
func TestCompareEveryAlgorithm(t *testing.T) {
	q, v := newTestView(t)
	if got, want := strings.Join(v.AlgorithmSelect.Options, "|"), strings.Join(catalog.SearchAlgorithmOptions(), "|"); got != want {
		t.Fatalf("algorithms offered %q, want the search view's %q", got, want)
	}
	path := filepath.Join(t.TempDir(), "two.txt")
	if err := os.WriteFile(path, []byte(chapterBoards), 0o644); err != nil {
		t.Fatal(err)
	}
	set, err := compare.LoadSet(path, board.Size{}, goal)
	if err != nil {
		t.Fatal(err)
	}
	md, err := search.NewManhattan(board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		set  func(f *catalog.ParamsForm)
		tile bool
		opt  compare.Options
	}{
		{nil, false, compare.Options{Algorithm: search.BFS}},
		{nil, true, compare.Options{Algorithm: search.UCS, Cost: search.TileCost}},
		{func(f *catalog.ParamsForm) { f.DepthLimit.SetSelected("20"); f.CycleCheck.SetSelected("path") }, false,
			compare.Options{Algorithm: search.DFS, DepthLimit: 20, CycleCheck: search.CyclePath}},
		{func(f *catalog.ParamsForm) { f.DepthLimit.SetSelected("15") }, false, compare.Options{Algorithm: search.DLS, DepthLimit: 15}},
		{func(f *catalog.ParamsForm) { f.DepthLimit.SetSelected("none"); f.CycleCheck.SetSelected("path") }, false,
			compare.Options{Algorithm: search.IDDFS, CycleCheck: search.CyclePath}},
		{nil, false, compare.Options{Algorithm: search.BiBFS}},
		{nil, false, compare.Options{Algorithm: search.Greedy}},
		{nil, true, compare.Options{Algorithm: search.AStar, Cost: search.TileCost}},
		{func(f *catalog.ParamsForm) { f.Weight.SetSelected("1.5") }, false, compare.Options{Algorithm: search.WAStar, Weight: 1.5}},
		{nil, false, compare.Options{Algorithm: search.IDAStar}},
		{func(f *catalog.ParamsForm) { f.MemoryNodes.SetSelected("100") }, false, compare.Options{Algorithm: search.SMAStar, MemoryNodes: 100}},
		{nil, false, compare.Options{Algorithm: search.RBFS}},
	} {
		if raceForm() && c.opt.Algorithm != search.DLS && c.opt.Algorithm != search.AStar {
			// The race form (raceForm) keeps DLS (a parameter set in the
			// form) and A* (tile costs): every algorithm runs in the same
			// comparison job handing its report to the queue.
			continue
		}
		t.Run(c.opt.Algorithm.String(), func(t *testing.T) {
			v.AlgorithmSelect.SetSelected(catalog.LabelOf(c.opt.Algorithm))
			v.Params.Set(catalog.DefaultAlgorithmParams)
			if c.set != nil {
				c.set(v.Params)
			}
			v.CostSelect.SetSelected(costUnit)
			if c.tile {
				v.CostSelect.SetSelected(costTile)
			}
			got := compareFile(t, q, v, chapterBoards, catalog.LabelOf(c.opt.Algorithm), "Manhattan distance")
			want, err := compare.Run(context.Background(), set, []compare.Heuristic{{Name: "manhattan", H: md}}, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if got.Algorithm != want.Algorithm || len(got.Results) != len(want.Results) {
				t.Fatalf("view ran %s (%d results), want %s (%d)", got.Algorithm, len(got.Results), want.Algorithm, len(want.Results))
			}
			for i, w := range want.Results {
				g := got.Results[i]
				if g.Status != compare.Solved || g.Expanded != w.Expanded || g.Generated != w.Generated || g.Length != w.Length || g.Cost != w.Cost {
					t.Errorf("board %d: view %s %d/%d length %d cost %d, core/compare %s %d/%d length %d cost %d", i+1,
						g.Status, g.Expanded, g.Generated, g.Length, g.Cost, w.Status, w.Expanded, w.Generated, w.Length, w.Cost)
				}
				if cell := v.cell(i+1, column(t, v, "Manhattan distance")); !strings.HasPrefix(cell, toolkit.FormatCount(w.Generated)) {
					t.Errorf("board %d: table cell %q, want %d generated", i+1, cell, w.Generated)
				}
			}
		})
	}
}

// TestCompareRefusesWandering: the runs that could only wander until a
// limit stops them are refused before they start, with the reason and what
// to choose instead; with a depth limit the same search runs.
func TestCompareRefusesWandering(t *testing.T) {
	q, v := newTestView(t)
	for _, c := range []struct {
		set, alg, depth, cycle, limit, secs, want string
	}{
		{SetClassroom, "Depth-first", "none", "path", "50000000", "30", "no depth limit and only the path checked for cycles wanders on the 15-puzzle"},
		{SetRandom8, "Depth-first", "none", "none", "50000000", "30", "go round a cycle"},
		{SetClassroom, "Iterative deepening", "none", "none", "0", "0", "Set a node limit"},
	} {
		v.SetSelect.SetSelected(c.set)
		v.CountEntry.SetText("2")
		v.AlgorithmSelect.SetSelected(c.alg)
		v.Params.DepthLimit.SetSelected(c.depth)
		v.Params.CycleCheck.SetSelected(c.cycle)
		v.NodeLimitEntry.SetText(c.limit)
		v.TimeoutEntry.SetText(c.secs)
		test.Tap(v.RunButton)
		if v.Runs.Running() || !v.Error.Visible() || !strings.Contains(v.Error.Text, c.want) {
			t.Errorf("%s on %s: running %v, error %q, want %q", c.alg, c.set, v.Runs.Running(), v.Error.Text, c.want)
		}
	}
	v.AlgorithmSelect.SetSelected("Depth-first")
	v.Params.DepthLimit.SetSelected("10")
	if v.Error.Visible() && v.Error.Text != "" {
		t.Errorf("the refusal stays after a depth limit was chosen: %q", v.Error.Text)
	}
	v.NodeLimitEntry.SetText("100000")
	test.Tap(v.RunButton)
	q.Wait(t, v.LastDone)
	if v.Error.Visible() && v.Error.Text != "" {
		t.Errorf("depth-first search with a limit refused: %q", v.Error.Text)
	}
}

// TestCompareSessionKeepsAlgorithm: a session file keeps the chapter's
// algorithm and its parameters (version 3), and restoring it in another
// view selects them again.
func TestCompareSessionKeepsAlgorithm(t *testing.T) {
	if raceForm() {
		// The race form (raceForm) skips it: the selectors are read, saved
		// and restored on the test goroutine; no job starts.
		t.Skip("race form: a session saved and restored on one goroutine; make test-short and make test-full run it")
	}
	_, v := newTestView(t)
	v.AlgorithmSelect.SetSelected("Iterative deepening")
	v.Params.DepthLimit.SetSelected("25")
	v.Params.CycleCheck.SetSelected("path")
	v.CostSelect.SetSelected(costTile)
	c, err := v.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	s := sessionfile.Session{Goal: goal, Board: board.Solved(board.Size4x4, goal), Optimal: -1, Compare: c}
	if err := sessionfile.Encode(&buf, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"algorithm": "iddfs"`) || !strings.Contains(buf.String(), `"depth_limit": 25`) {
		t.Fatalf("session file:\n%s", buf.String())
	}
	back, err := sessionfile.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	_, w := newTestView(t)
	w.Restore(back.Compare, nil, "")
	p := w.Params.Values()
	if w.AlgorithmSelect.Selected != "Iterative deepening" || p.DepthLimit != 25 || p.CycleCheck != search.CyclePath ||
		w.CostSelect.Selected != costTile || !w.Params.Shows(catalog.ParamDepthLimit) || w.Params.Shows(catalog.ParamWeight) {
		t.Errorf("restored %q %+v cost %q", w.AlgorithmSelect.Selected, p, w.CostSelect.Selected)
	}
}
