package render

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/internal/anim"
	"github.com/slidelab/slidelab/internal/testfull"
)

// newStepper returns a fresh stepper for alg with Manhattan distance.
func newStepper(t *testing.T, text string, goal board.Goal, alg search.Algorithm) (*search.Stepper, board.Board) {
	t.Helper()
	b, err := board.ParseSolvable(text, board.Size{}, goal)
	if err != nil {
		t.Fatal(err)
	}
	cfg := search.Config{Algorithm: alg, Goal: goal}
	if alg != search.BFS {
		if cfg.Heuristic, err = search.NewHeuristic(context.Background(), "manhattan", b.Size(), goal, search.HeuristicOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	st, err := search.NewStepper(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return st, b
}

// TestSearchGIF makes and decodes a search's GIF for four algorithms.
// The race form (under -race, unless SLIDELAB_FULL=1) keeps IDA* (a run
// cut at its cap) and greedy search (a run that finishes): every frame is
// drawn and encoded on the test goroutine, alike for each algorithm.
func TestSearchGIF(t *testing.T) {
	cases := []struct {
		alg   search.Algorithm
		steps int
		theme Theme
	}{{search.AStar, 400, Light}, {search.IDAStar, 12, Dark}, {search.BFS, 30, Light}, {search.Greedy, 400, Dark}}
	if raceEnabled && !testfull.Enabled() {
		cases = append(cases[:0:0], cases[1], cases[3])
	}
	for _, tc := range cases {
		name := fmt.Sprintf("%v/%s", tc.alg, tc.theme)
		st, start := newStepper(t, "4 1 3 / 7 2 6 / 0 5 8", board.BlankLast, tc.alg)
		a, err := SearchAnimation(context.Background(), st, tc.alg, board.BlankLast, nil, tc.steps, GIFOptions{FPS: 5, Size: 320, Theme: tc.theme})
		if err != nil {
			t.Fatal(err)
		}
		// A* and greedy search finish well within 400 events; IDA* and BFS
		// are cut.
		finished := tc.alg == search.AStar || tc.alg == search.Greedy
		if !finished && a.Len() != tc.steps || finished && (a.Len() >= tc.steps || !st.Done()) {
			t.Errorf("%s: %d frames for a cap of %d (done %v)", name, a.Len(), tc.steps, st.Done())
		}
		g, st2 := decodeGIF(t, a)
		if len(g.Image) > a.Len() || st2.Drawn != a.Len() || g.Config.Width != 320 || g.Config.Height != 200 {
			t.Errorf("%s: %d frames of %dx%d (drawn %d), want at most %d of 320x200", name, len(g.Image), g.Config.Width, g.Config.Height, st2.Drawn, a.Len())
		}
		// The first frame shows the start on the board.
		gr, _ := newTileGroups(start.Size(), board.BlankLast, nil)
		area, _ := searchLayout(320, 200)
		boardShown(t, anim.Compose(g)[0], area, start, gr, name+" frame 0")
		dumpFrames(t, "search-"+tc.alg.String()+"-"+tc.theme.String(), g)
	}
}

// TestSearchGIFTree replays a search as the frames do and checks the tree
// against the search's own counters at every step: one expansion per
// expand event, and (A*, nothing evicted) one node per child generated.
func TestSearchGIFTree(t *testing.T) {
	st, _ := newStepper(t, "8 6 7 / 2 5 4 / 3 0 1", board.BlankLast, search.AStar)
	fr, err := runSteps(context.Background(), st, search.AStar, 300)
	if err != nil {
		t.Fatal(err)
	}
	tr := newSearchTree(search.AStar, treeMaxNodes)
	for i, f := range fr {
		for _, e := range f.trace {
			tr.apply(e)
		}
		s := f.ev.Stats
		if uint64(tr.expansions) != s.Expanded || uint64(len(tr.nodes)) != 1+s.Generated {
			t.Fatalf("step %d: tree has %d expansions and %d nodes; the search %d expanded, %d generated",
				i+1, tr.expansions, len(tr.nodes), s.Expanded, s.Generated)
		}
		if cur := tr.nodes[tr.cur]; cur == nil || cur.board != f.ev.Node.Board {
			t.Fatalf("step %d: the current node is not the event's", i+1)
		}
	}
}

func TestSearchGIFBadInput(t *testing.T) {
	st, _ := newStepper(t, "4 1 3 / 7 2 6 / 0 5 8", board.BlankLast, search.AStar)
	ctx := context.Background()
	for _, steps := range []int{0, -1, MaxGIFSteps + 1} {
		if _, err := SearchAnimation(ctx, st, search.AStar, board.BlankLast, nil, steps, DefaultGIFOptions()); err == nil {
			t.Errorf("%d steps accepted", steps)
		}
	}
	if _, err := SearchAnimation(ctx, st, search.AStar, board.BlankLast, nil, 5, GIFOptions{FPS: 100, Size: 480}); err == nil {
		t.Error("100 fps accepted")
	}
	if _, err := SearchAnimation(ctx, nil, search.AStar, board.BlankLast, nil, 5, DefaultGIFOptions()); err == nil {
		t.Error("no stepper accepted")
	}
	if _, err := SearchAnimation(ctx, st, search.AStar, board.BlankLast, [][]int{{1, 1}}, 5, DefaultGIFOptions()); err == nil {
		t.Error("a tile in a group twice accepted")
	}
	// A finished search makes no step.
	done, _ := newStepper(t, "1 2 3 / 4 5 6 / 7 8 0", board.BlankLast, search.AStar)
	if _, err := done.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := SearchAnimation(ctx, done, search.AStar, board.BlankLast, nil, 5, DefaultGIFOptions()); err == nil {
		t.Error("a finished search animated")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	fresh, _ := newStepper(t, "4 1 3 / 7 2 6 / 0 5 8", board.BlankLast, search.AStar)
	if _, err := SearchAnimation(cancelled, fresh, search.AStar, board.BlankLast, nil, 5, DefaultGIFOptions()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}
