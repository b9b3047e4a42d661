package search

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
)

// chapterConfigs are the new algorithms' configurations the stepping and
// tracing tests run, for boards of size s and goal g.
func chapterConfigs(t *testing.T, s board.Size, g board.Goal) []Config {
	md, err := NewManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	tmd, err := NewTileManhattan(s, g)
	if err != nil {
		t.Fatal(err)
	}
	return []Config{
		{Algorithm: DFS, DepthLimit: 12, CycleCheck: CyclePath},
		{Algorithm: DFS, DepthLimit: 14, CycleCheck: CycleClosed},
		{Algorithm: DLS, DepthLimit: 9},
		{Algorithm: IDDFS, CycleCheck: CyclePath},
		{Algorithm: UCS},
		{Algorithm: UCS, Cost: TileCost},
		{Algorithm: BiBFS},
		{Algorithm: WAStar, Heuristic: md, Weight: 2},
		{Algorithm: WAStar, Heuristic: tmd, Weight: 1.5, Cost: TileCost},
		{Algorithm: AStar, Heuristic: tmd, Cost: TileCost},
		{Algorithm: IDAStar, Heuristic: tmd, Cost: TileCost},
		{Algorithm: Greedy, Heuristic: tmd, Cost: TileCost},
		{Algorithm: RBFS, Heuristic: md},
		{Algorithm: RBFS, Heuristic: tmd, Cost: TileCost},
		{Algorithm: SMAStar, Heuristic: md, MemoryNodes: 14},
		{Algorithm: SMAStar, Heuristic: tmd, Cost: TileCost, MemoryNodes: 60},
	}
}

// TestChapterStepperMatchesSolve steps each new algorithm to the end, and
// also steps a few events and runs the rest: moves, counts and iterations
// equal Solve's; the trace's counts equal them too.
func TestChapterStepperMatchesSolve(t *testing.T) {
	ctx := context.Background()
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		boards := walkBoards(t, 71, board.Size3x3, g, 9, 2)
		for _, cfg := range chapterConfigs(t, board.Size3x3, g) {
			cfg.Goal = g
			name := fmt.Sprintf("%v/%v/%v/%v", g, cfg.Algorithm, cfg.Cost, cfg.CycleCheck)
			for _, b := range boards {
				want, err := Solve(ctx, b, cfg)
				if err != nil && !errors.Is(err, ErrCutoff) {
					t.Fatalf("%s: %v", name, err)
				}
				for _, stop := range []int{-1, 0, 7} {
					st, err := NewStepper(b, cfg)
					if err != nil {
						t.Fatal(err)
					}
					var got Result
					for n := 0; stop < 0 || n < stop; n++ {
						if _, err := st.Step(ctx); err != nil {
							break
						}
						if st.Done() {
							break
						}
					}
					got, _ = st.Run(ctx)
					sameResult(t, fmt.Sprintf("%s stop %d", name, stop), got, want)
					if got.Cost != want.Cost {
						t.Fatalf("%s: cost %d, Solve %d", name, got.Cost, want.Cost)
					}
				}
				checkTraceCounts(t, name, b, cfg, want)
			}
		}
	}
}

// checkTraceCounts traces a search and counts its expand and generate
// events, which must equal the result's counts.
func checkTraceCounts(t *testing.T, name string, b board.Board, cfg Config, want Result) {
	t.Helper()
	st, err := NewStepper(b, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var exp, gen, backExp uint64
	goal := false
	err = Trace(context.Background(), st, func(e TraceEvent) error {
		switch e.Kind {
		case TraceExpand, TraceRegenerate:
			exp++
			if e.Side == Backward {
				backExp++
			}
		case TraceGenerate:
			gen++
		case TraceGoal:
			goal = true
		}
		if e.Line == 0 {
			return fmt.Errorf("event %v has no pseudocode line", e.Kind)
		}
		return nil
	})
	if err != nil && !errors.Is(err, ErrCutoff) {
		t.Fatalf("%s: trace: %v", name, err)
	}
	if exp != want.Expanded || gen != want.Generated || goal != want.Found || backExp != want.BackwardExpanded {
		t.Fatalf("%s: trace expanded %d generated %d (backward %d) goal %v; solve %+v", name, exp, gen, backExp, goal, want.Stats)
	}
}

// TestBiBFSEvents: both sides appear, the meeting is marked, and the counts
// per side add up.
func TestBiBFSEvents(t *testing.T) {
	ctx := context.Background()
	b := walkBoards(t, 72, board.Size3x3, board.BlankLast, 30, 1)[0]
	st, err := NewStepper(b, Config{Algorithm: BiBFS})
	if err != nil {
		t.Fatal(err)
	}
	sides := map[Side]int{}
	meets := 0
	err = Trace(ctx, st, func(e TraceEvent) error {
		sides[e.Side]++
		if e.Kind == TraceMeet {
			meets++
			if e.Earlier < 0 || e.EarlierG < 0 {
				return fmt.Errorf("meet without the other side's node: %+v", e)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := st.Result()
	if sides[Forward] == 0 || sides[Backward] == 0 || sides[NoSide] != 0 || meets == 0 {
		t.Fatalf("sides %v, meets %d", sides, meets)
	}
	if r.BackwardExpanded == 0 || r.BackwardExpanded >= r.Expanded || r.BackwardGenerated >= r.Generated {
		t.Fatalf("per-side counts %+v", r.Stats)
	}
	bfs, err := Solve(ctx, b, Config{Algorithm: BFS})
	if err != nil {
		t.Fatal(err)
	}
	if r.Length() != bfs.Length() || r.Stored >= bfs.Stored {
		t.Fatalf("bibfs length %d stored %d; bfs %d stored %d", r.Length(), r.Stored, bfs.Length(), bfs.Stored)
	}
}

// TestChapterOptionErrors: bad options get specific errors, never a search.
func TestChapterOptionErrors(t *testing.T) {
	b := walkBoards(t, 73, board.Size3x3, board.BlankLast, 10, 1)[0]
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	p := testPDB(t, "44", board.Size3x3, board.BlankLast)
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{Algorithm: WAStar, Heuristic: md, Weight: 0.5}, "from 1"},
		{Config{Algorithm: WAStar, Heuristic: md, Weight: 11}, "from 1"},
		{Config{Algorithm: WAStar, Heuristic: md, Weight: 1.25}, "one decimal"},
		{Config{Algorithm: WAStar}, "needs a heuristic"},
		{Config{Algorithm: DLS}, "needs a depth limit"},
		{Config{Algorithm: DFS, DepthLimit: -1}, "depth limit"},
		{Config{Algorithm: DFS, DepthLimit: MaxDepthLimit + 1}, "depth limit"},
		{Config{Algorithm: DFS, CycleCheck: 9}, "cycle check"},
		{Config{Algorithm: UCS, Cost: 7}, "cost model"},
		{Config{Algorithm: SMAStar, Heuristic: md}, "node budget 0"},
		{Config{Algorithm: SMAStar, Heuristic: md, MemoryNodes: MaxMemoryNodes + 1}, "node budget"},
		{Config{Algorithm: AStar, Heuristic: p, Cost: TileCost}, "unit-cost only"},
	} {
		_, err := NewStepper(b, tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.cfg, err, tc.want)
		}
	}
	if _, err := NewStepper(b, Config{Algorithm: AStar, Heuristic: p, Cost: TileCost}); !errors.Is(err, ErrTablesUnitCost) {
		t.Errorf("pdb under tile costs: %v", err)
	}
	for _, text := range []string{"0.9", "10.5", "1.25", "nan", "inf", "1e400", "", "two"} {
		if _, err := ParseWeight(text); err == nil {
			t.Errorf("ParseWeight(%q) accepted", text)
		}
	}
	for _, text := range []string{"1", "1.5", "10", " 2 "} {
		if _, err := ParseWeight(text); err != nil {
			t.Errorf("ParseWeight(%q): %v", text, err)
		}
	}
}

// TestDFSUnboundedStops: DFS with no limit and no cycle check on a
// 15-puzzle stops at the node limit, at the memory limit, and when
// cancelled.
func TestDFSUnboundedStops(t *testing.T) {
	b := randomBoards(t, 74, board.Size4x4, board.BlankLast, 1)[0]
	for _, alg := range []Algorithm{DFS, IDDFS, BiBFS, UCS} {
		_, err := Solve(context.Background(), b, Config{Algorithm: alg, NodeLimit: 20000})
		if !errors.Is(err, ErrNodeLimit) {
			t.Errorf("%v node limit: %v", alg, err)
		}
	}
	_, err := Solve(context.Background(), b, Config{Algorithm: DFS, MemoryLimit: 1 << 20})
	if !errors.Is(err, ErrMemoryLimit) {
		t.Errorf("dfs memory limit: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	for _, alg := range []Algorithm{DFS, IDDFS, BiBFS} {
		_, err = Solve(ctx, b, Config{Algorithm: alg, CycleCheck: CyclePath})
		if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrMemoryLimit) {
			t.Errorf("%v cancelled: %v", alg, err)
		}
	}
}

// TestChapterAlgorithmNames: every algorithm parses from its name and has
// pseudocode and a description in a group.
func TestChapterAlgorithmNames(t *testing.T) {
	infos := AlgorithmInfos()
	if len(infos) != len(Algorithms) {
		t.Fatalf("%d descriptions for %d algorithms", len(infos), len(Algorithms))
	}
	for _, a := range Algorithms {
		got, err := ParseAlgorithm(a.String())
		if err != nil || got != a {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", a, got, err)
		}
		if a.Info().Summary == "" || len(Pseudocode(a)) < 8 {
			t.Errorf("%v: no summary or pseudocode", a)
		}
		if a.UsesHeuristic() != a.Info().UsesHeuristic {
			t.Errorf("%v: UsesHeuristic %v, its description says %v", a, a.UsesHeuristic(), a.Info().UsesHeuristic)
		}
	}
	for _, k := range []TraceKind{TraceSelect, TraceExpand, TraceGenerate, TraceGoal} {
		for _, a := range Algorithms {
			if TraceLine(a, k) == 0 {
				t.Errorf("%v %v: no line", a, k)
			}
		}
	}
}

// TestRBFSBackups: RBFS backs values up (never below the node's stored f,
// never at or under the f-limit it exceeded), re-expands forgotten nodes,
// and still finds A*'s length.
func TestRBFSBackups(t *testing.T) {
	ctx := context.Background()
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	b := walkBoards(t, 75, board.Size3x3, board.BlankLast, 40, 1)[0]
	st, err := NewStepper(b, Config{Algorithm: RBFS, Heuristic: md})
	if err != nil {
		t.Fatal(err)
	}
	stored := map[int64]int{} // node id -> its stored f when last selected
	backups := 0
	expanded := map[int64]int{}
	for {
		ev, err := st.Step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		switch ev.Kind {
		case NodeSelected:
			stored[ev.Node.ID] = ev.Backed
			if ev.Bound >= 0 && ev.Backed > ev.Bound {
				t.Fatalf("selected %d with f %d over its limit %d", ev.Node.ID, ev.Backed, ev.Bound)
			}
		case NodeExpanded:
			expanded[ev.Node.ID]++
			for _, ch := range ev.Children {
				if ch.Backed != max(ch.F(), ev.Backed) {
					t.Fatalf("child f %d, parent F %d, stored %d", ch.F(), ev.Backed, ch.Backed)
				}
			}
		case NodeBackedUp:
			backups++
			if ev.Backed >= 0 && (ev.Backed < stored[ev.Node.ID] || ev.Backed <= ev.Bound) {
				t.Fatalf("backed up %d from stored %d, limit %d", ev.Backed, stored[ev.Node.ID], ev.Bound)
			}
		}
		if ev.Kind == SolutionFound {
			break
		}
	}
	re := 0
	for _, n := range expanded {
		if n > 1 {
			re++
		}
	}
	a, err := Solve(ctx, b, Config{Algorithm: AStar, Heuristic: md})
	if err != nil {
		t.Fatal(err)
	}
	r := st.Result()
	if backups == 0 || re == 0 || r.Length() != a.Length() {
		t.Fatalf("backups %d, re-expanded %d, length %d (A* %d)", backups, re, r.Length(), a.Length())
	}
}

// TestSMABudgets: SMA* on 8-puzzles under budgets from tiny to ample finds
// BFS's length whenever it finishes, says when the budget is too small,
// never holds more nodes than the budget, and drops and regenerates under a
// tight one.
func TestSMABudgets(t *testing.T) {
	ctx := context.Background()
	md, _ := NewManhattan(board.Size3x3, board.BlankLast)
	dist := distances(t, board.Size3x3, board.BlankLast)
	for _, b := range walkBoards(t, 76, board.Size3x3, board.BlankLast, 24, 3) {
		want := dist[b.Cells()]
		solved := 0
		for _, budget := range []int{3, 12, 30, 60, 200, 2000} {
			st, err := NewStepper(b, Config{Algorithm: SMAStar, Heuristic: md, MemoryNodes: budget})
			if err != nil {
				t.Fatal(err)
			}
			drops, regens := 0, 0
			for {
				ev, err := st.Step(ctx)
				if errors.Is(err, ErrNodeBudget) {
					if budget >= 200 {
						t.Fatalf("budget %d too small for a %d-move board: %v", budget, want, err)
					}
					break
				}
				if err != nil {
					t.Fatalf("budget %d: %v", budget, err)
				}
				if st.Stats().Stored > budget {
					t.Fatalf("budget %d: %d nodes stored", budget, st.Stats().Stored)
				}
				switch {
				case ev.Kind == NodeDropped:
					drops++
				case ev.Kind == NodeExpanded && ev.Regenerated:
					regens++
				}
				if ev.Kind == SolutionFound {
					solved++
					if got := st.Result().Length(); got != want {
						t.Fatalf("budget %d: length %d, BFS %d", budget, got, want)
					}
					if budget == 60 && (drops == 0 || regens == 0) {
						t.Errorf("budget 60: %d drops, %d regenerations", drops, regens)
					}
					break
				}
			}
		}
		if solved < 3 {
			t.Fatalf("solved under %d budgets only", solved)
		}
	}
}

// TestBiBFSFrontiers: after every event of bidirectional BFS, each side's
// frontier is what its events say: the boards it reached (its root and its
// children that were not duplicates) less those it expanded; the other
// algorithms have none.
func TestBiBFSFrontiers(t *testing.T) {
	ctx := context.Background()
	for _, b := range walkBoards(t, 73, board.Size3x3, board.BlankLast, 24, 3) {
		st, err := NewStepper(b, Config{Algorithm: BiBFS})
		if err != nil {
			t.Fatal(err)
		}
		reached, expanded := map[Side]int{Forward: 1, Backward: 1}, map[Side]int{}
		for !st.Done() {
			ev, err := st.Step(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if ev.Kind == NodeExpanded {
				expanded[ev.Side]++
				for _, c := range ev.Children {
					if c.Status != ChildDuplicate {
						reached[ev.Side]++
					}
				}
			}
			f, g, ok := st.Frontiers()
			if !ok || f != reached[Forward]-expanded[Forward] || g != reached[Backward]-expanded[Backward] {
				t.Fatalf("after %v: frontiers %d, %d (ok %v); the events say %d, %d", ev.Kind, f, g, ok,
					reached[Forward]-expanded[Forward], reached[Backward]-expanded[Backward])
			}
		}
	}
	st, err := NewStepper(walkBoards(t, 74, board.Size3x3, board.BlankLast, 10, 1)[0], Config{Algorithm: BFS})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := st.Frontiers(); ok {
		t.Error("breadth-first search reports two frontiers")
	}
}
