package quality

import (
	"bufio"
	"context"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/search"
)

// grid is an 8-puzzle state as the oracle sees it: nine bytes, 0 the blank,
// goal 1 2 3 / 4 5 6 / 7 8 0. Nothing of the board package is used.
type grid [9]byte

var oracleGoal = grid{1, 2, 3, 4, 5, 6, 7, 8, 0}

// neighbours returns the states one move away.
func (g grid) neighbours() []grid {
	var z int
	for i, t := range g {
		if t == 0 {
			z = i
		}
	}
	r, c := z/3, z%3
	var out []grid
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nr > 2 || nc < 0 || nc > 2 {
			continue
		}
		n := g
		n[z], n[nr*3+nc] = n[nr*3+nc], n[z]
		out = append(out, n)
	}
	return out
}

// manhattan is the textbook formula: tile t belongs at cell t-1.
func (g grid) manhattan() int {
	sum := 0
	for i, t := range g {
		if t == 0 {
			continue
		}
		gi := int(t) - 1
		sum += absInt(i/3-gi/3) + absInt(i%3-gi%3)
	}
	return sum
}

func (g grid) less(o grid) bool { return string(g[:]) < string(o[:]) }

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// oracleBFS returns every reachable state's distance to the goal.
var oracleBFS = sync.OnceValue(func() map[grid]int {
	dist := map[grid]int{oracleGoal: 0}
	queue := []grid{oracleGoal}
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		for _, n := range g.neighbours() {
			if _, ok := dist[n]; !ok {
				dist[n] = dist[g] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
})

// oracleStats computes a heuristic's figures the slow, obvious way.
func oracleStats(h func(grid) int) Stats {
	dist := oracleBFS()
	var st Stats
	var sumH, sumD int64
	type acc struct{ n, sum int64 }
	byD := map[int]*acc{}
	gaps := map[int]int64{}
	cells := map[[2]int]int64{}
	for g, d := range dist {
		v := h(g)
		sumH += int64(v)
		sumD += int64(d)
		if v == d {
			st.Exact++
		}
		if v > d {
			st.Over++
		}
		if byD[d] == nil {
			byD[d] = &acc{}
		}
		byD[d].n++
		byD[d].sum += int64(v)
		gaps[d-v]++
		cells[[2]int{d, v}]++
		for _, n := range g.neighbours() {
			if g.less(n) && absInt(v-h(n)) > 1 {
				st.InconsistentEdges++
			}
		}
	}
	st.MeanH = float64(sumH) / float64(len(dist))
	st.MeanHStar = float64(sumD) / float64(len(dist))
	for d := 0; byD[d] != nil; d++ {
		st.ByDistance = append(st.ByDistance, DistanceRow{HStar: d, States: byD[d].n, MeanH: float64(byD[d].sum) / float64(byD[d].n)})
	}
	for gap, n := range gaps {
		st.Gaps = append(st.Gaps, GapCount{Gap: gap, States: n})
	}
	for k, n := range cells {
		st.Cells = append(st.Cells, Cell{HStar: k[0], H: k[1], States: n})
	}
	return st
}

var eightSample = sync.OnceValues(func() (*Sample, error) {
	return Exhaustive(context.Background(), board.Size3x3, board.BlankLast, nil)
})

func sample3x3(t *testing.T) *Sample {
	t.Helper()
	s, err := eightSample()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func toBoard(t *testing.T, g grid) board.Board {
	t.Helper()
	tiles := make([]int, 9)
	for i, v := range g {
		tiles[i] = int(v)
	}
	b, err := board.New(board.Size3x3, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// checkStats compares the figures of Measure with an oracle's.
func checkStats(t *testing.T, got, want Stats, states int) {
	t.Helper()
	if !near(got.MeanH, want.MeanH) || !near(got.MeanHStar, want.MeanHStar) {
		t.Errorf("%s: means %v, %v; oracle %v, %v", got.Name, got.MeanH, got.MeanHStar, want.MeanH, want.MeanHStar)
	}
	if got.Exact != want.Exact || got.Over != want.Over || got.InconsistentEdges != want.InconsistentEdges {
		t.Errorf("%s: exact %d, over %d, inconsistent %d; oracle %d, %d, %d", got.Name,
			got.Exact, got.Over, got.InconsistentEdges, want.Exact, want.Over, want.InconsistentEdges)
	}
	if !near(got.ExactShare, float64(want.Exact)/float64(states)) {
		t.Errorf("%s: exact share %v", got.Name, got.ExactShare)
	}
	if len(got.ByDistance) != len(want.ByDistance) {
		t.Fatalf("%s: %d distance rows, oracle %d", got.Name, len(got.ByDistance), len(want.ByDistance))
	}
	for i, r := range got.ByDistance {
		w := want.ByDistance[i]
		if r.HStar != w.HStar || r.States != w.States || !near(r.MeanH, w.MeanH) {
			t.Errorf("%s: row %d = %+v, oracle %+v", got.Name, i, r, w)
		}
	}
	gaps := map[int]int64{}
	for _, g := range want.Gaps {
		gaps[g.Gap] = g.States
	}
	if len(got.Gaps) != len(gaps) {
		t.Errorf("%s: %d gaps, oracle %d", got.Name, len(got.Gaps), len(gaps))
	}
	for i, g := range got.Gaps {
		if gaps[g.Gap] != g.States {
			t.Errorf("%s: gap %d: %d states, oracle %d", got.Name, g.Gap, g.States, gaps[g.Gap])
		}
		if i > 0 && got.Gaps[i-1].Gap >= g.Gap {
			t.Errorf("%s: gaps out of order", got.Name)
		}
	}
	cells := map[[2]int]int64{}
	for _, c := range want.Cells {
		cells[[2]int{c.HStar, c.H}] = c.States
	}
	if len(got.Cells) != len(cells) {
		t.Errorf("%s: %d cells, oracle %d", got.Name, len(got.Cells), len(cells))
	}
	for _, c := range got.Cells {
		if cells[[2]int{c.HStar, c.H}] != c.States {
			t.Errorf("%s: cell (%d,%d): %d states, oracle %d", got.Name, c.HStar, c.H, c.States, cells[[2]int{c.HStar, c.H}])
		}
	}
}

// TestManhattanEightPuzzleOracle checks every figure of Manhattan distance
// on the 8-puzzle against a separate breadth-first search over byte arrays
// and the textbook formula, sharing no code with the package.
func TestManhattanEightPuzzleOracle(t *testing.T) {
	s := sample3x3(t)
	md, err := search.NewManhattan(board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Measure(context.Background(), s, []compare.Heuristic{{Name: "manhattan", H: md}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dist := oracleBFS()
	if r.States != len(dist) {
		t.Fatalf("states: %d, oracle %d", r.States, len(dist))
	}
	edges := 0
	for g := range dist {
		for _, n := range g.neighbours() {
			if g.less(n) {
				edges++
			}
		}
	}
	if r.Edges != edges {
		t.Errorf("edges: %d, oracle %d", r.Edges, edges)
	}
	want := oracleStats(grid.manhattan)
	checkStats(t, r.Heuristics[0], want, len(dist))
	// Properties the oracle must show too, so a broken oracle fails here.
	if want.Over != 0 || want.InconsistentEdges != 0 {
		t.Errorf("oracle: Manhattan overestimates %d states and jumps on %d edges", want.Over, want.InconsistentEdges)
	}
	if want.Exact == 0 || want.MeanH >= want.MeanHStar {
		t.Errorf("oracle: exact %d, mean h %v >= mean h* %v", want.Exact, want.MeanH, want.MeanHStar)
	}
}

// TestRegistryHeuristicsOracle measures heuristics of the registry,
// including an inconsistent additive pattern database, and checks the
// aggregation against the oracle's graph evaluated with the same heuristics.
func TestRegistryHeuristicsOracle(t *testing.T) {
	s := sample3x3(t)
	names := []string{"hamming", "linear-conflict", "pdb:44", "pdb:1,2,3/4,5,6/7,8"}
	if testing.Short() || raceForm() {
		names = names[:3] // the race form (raceForm) measures -short's three: one goroutine's pass over every state
	}
	hs, err := compare.ResolveHeuristics(context.Background(), names, board.Size3x3, board.BlankLast, compare.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Measure(context.Background(), s, hs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Heuristics) != len(hs) {
		t.Fatalf("%d heuristics measured, want %d", len(r.Heuristics), len(hs))
	}
	boards := map[grid]board.Board{}
	for g := range oracleBFS() {
		boards[g] = toBoard(t, g)
	}
	for i, h := range hs {
		want := oracleStats(func(g grid) int { return h.H.Estimate(boards[g]) })
		checkStats(t, r.Heuristics[i], want, r.States)
		if r.Heuristics[i].Over != 0 {
			t.Errorf("%s overestimates %d states", h.Name, r.Heuristics[i].Over)
		}
		if strings.HasPrefix(h.Name, "pdb") && r.Heuristics[i].InconsistentEdges == 0 {
			t.Errorf("%s: no inconsistent edge; additive PDBs with 0-cost moves should jump", h.Name)
		}
	}
	if !r.Admissible() {
		t.Error("report not admissible")
	}
}

// TestDistancesMatchReference checks the 8-puzzle's distance distribution
// against the reference data (a copy of /work/shared/data's file).
func TestDistancesMatchReference(t *testing.T) {
	f, err := os.Open("testdata/eight_puzzle_depths.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		d, err1 := strconv.Atoi(fields[0])
		n, err2 := strconv.ParseInt(fields[1], 10, 64)
		if err1 != nil || err2 != nil || d != len(want) {
			t.Fatalf("bad reference line %q", sc.Text())
		}
		want = append(want, n)
	}
	md, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	r, err := Measure(context.Background(), sample3x3(t), []compare.Heuristic{{Name: "manhattan", H: md}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Distances) != len(want) {
		t.Fatalf("%d distances, reference %d", len(r.Distances), len(want))
	}
	var total int64
	for d, n := range want {
		total += n
		if r.Distances[d] != n {
			t.Errorf("distance %d: %d states, reference %d", d, r.Distances[d], n)
		}
	}
	if int64(r.States) != total {
		t.Errorf("%d states, reference %d", r.States, total)
	}
}

// TestFromPathsMatchesBFS solves random 8-puzzles and checks every path
// state's h* against the exhaustive search, and the edges against the rule.
func TestFromPathsMatchesBFS(t *testing.T) {
	full := sample3x3(t)
	truth := map[board.Board]int{}
	for i, d := range full.HStar {
		truth[full.Boards[i]] = d
	}
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, 12, 7)
	if err != nil {
		t.Fatal(err)
	}
	set.Instances[0].Optimal = truth[set.Instances[0].Board] // a known length that is right
	solver, _ := search.NewLinearConflict(board.Size3x3, board.BlankLast)
	var last Progress
	s, err := FromPaths(context.Background(), set, PathOptions{Solver: solver, Workers: 2, Progress: func(p Progress) { last = p }})
	if err != nil {
		t.Fatal(err)
	}
	if last.Done != len(set.Instances) || last.Total != len(set.Instances) {
		t.Errorf("last progress %+v", last)
	}
	seen := map[board.Board]bool{}
	for i := 0; i < s.States(); i++ {
		b := s.Boards[i]
		if seen[b] {
			t.Errorf("board %s listed twice", b.Line())
		}
		seen[b] = true
		if s.HStar[i] != truth[b] {
			t.Errorf("board %s: h* %d, BFS %d", b.Line(), s.HStar[i], truth[b])
		}
	}
	if !seen[board.Solved(board.Size3x3, board.BlankLast)] {
		t.Error("the goal is not in the sample")
	}
	edges := map[[2]int32]bool{}
	for _, e := range s.Edges {
		if e[0] >= e[1] || edges[e] {
			t.Errorf("edge %v not ordered or twice", e)
		}
		edges[e] = true
		if int(e[0]) >= s.States() {
			t.Errorf("edge %v has no end on a path", e)
		}
		a, b := s.Boards[e[0]], s.Boards[e[1]]
		adjacent := false
		for _, d := range board.Dirs {
			if n, ok := a.Move(d); ok && n == b {
				adjacent = true
			}
		}
		if !adjacent {
			t.Errorf("edge %v joins boards that are not a move apart", e)
		}
	}
	want := 0 // every move out of every path state, once
	for i := 0; i < s.States(); i++ {
		for _, d := range board.Dirs {
			n, ok := s.Boards[i].Move(d)
			if !ok {
				continue
			}
			if j := indexOf(s.Boards, n); j >= s.States() || i < j {
				want++
			}
		}
	}
	if len(s.Edges) != want {
		t.Errorf("%d edges, want %d", len(s.Edges), want)
	}
}

func indexOf(bs []board.Board, b board.Board) int {
	for i, x := range bs {
		if x == b {
			return i
		}
	}
	return -1
}

func TestFromPathsErrors(t *testing.T) {
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	wrong := set
	wrong.Instances = append([]compare.Instance(nil), set.Instances...)
	wrong.Instances[1].Optimal = 99
	mixed := set
	mixed.Instances = append([]compare.Instance(nil), set.Instances...)
	mixed.Instances = append(mixed.Instances, compare.Instance{Name: "big", Board: board.Solved(board.Size4x4, board.BlankLast), Optimal: -1})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		set  compare.Set
		h    search.Heuristic
		want string
	}{
		{"wrong length", context.Background(), wrong, md, "optimal length is given as 99"},
		{"no solver", context.Background(), set, nil, "no solver"},
		{"empty", context.Background(), compare.Set{Name: "none"}, md, "no instances"},
		{"two sizes", context.Background(), mixed, md, "one size"},
		{"cancelled", cancelled, set, md, context.Canceled.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := FromPaths(tc.ctx, tc.set, PathOptions{Solver: tc.h})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestExhaustiveErrors(t *testing.T) {
	_, err := Exhaustive(context.Background(), board.Size{W: 3, H: 4}, board.BlankLast, nil)
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("3x4: %v, want ErrTooLarge", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Exhaustive(ctx, board.Size3x3, board.BlankLast, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, err := Exhaustive(context.Background(), board.Size{W: 1, H: 3}, board.BlankLast, nil); err == nil {
		t.Error("1x3 accepted")
	}
	// 2x3 with the other goal: 360 states, distances agree with a search
	// from the goal done by Measure's own report.
	s, err := Exhaustive(context.Background(), board.Size{W: 3, H: 2}, board.BlankFirst, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.States() != 360 || !s.Boards[0].IsGoal(board.BlankFirst) {
		t.Errorf("2x3: %d states, first %s", s.States(), s.Boards[0].Line())
	}
}

func TestMeasureErrors(t *testing.T) {
	s := sample3x3(t)
	md4, _ := search.NewManhattan(board.Size4x4, board.BlankLast)
	if _, err := Measure(context.Background(), s, []compare.Heuristic{{Name: "manhattan", H: md4}}, nil); err == nil || !strings.Contains(err.Error(), "4x4") {
		t.Errorf("4x4 heuristic on 3x3: %v", err)
	}
	if _, err := Measure(context.Background(), &Sample{}, nil, nil); err == nil {
		t.Error("empty sample accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	md, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	if _, err := Measure(ctx, s, []compare.Heuristic{{Name: "manhattan", H: md}}, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func BenchmarkExhaustiveEightPuzzle(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Exhaustive(context.Background(), board.Size3x3, board.BlankLast, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkMeasureManhattanEightPuzzle(b *testing.B) {
	s, err := eightSample()
	if err != nil {
		b.Fatal(err)
	}
	md, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	hs := []compare.Heuristic{{Name: "manhattan", H: md}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Measure(context.Background(), s, hs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFromPathsCancelledMidway cancels after the first instance is solved:
// the run stops with the context's error instead of solving the rest.
func TestFromPathsCancelledMidway(t *testing.T) {
	set, err := compare.RandomBoards(board.Size3x3, board.BlankLast, 50, 3)
	if err != nil {
		t.Fatal(err)
	}
	md, _ := search.NewManhattan(board.Size3x3, board.BlankLast)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	solved := 0
	_, err = FromPaths(ctx, set, PathOptions{Solver: md, Workers: 1, Progress: func(p Progress) {
		if p.Done > 0 {
			solved = p.Done
			cancel()
		}
	}})
	// A worker may finish the board it holds before it sees the cancel.
	if !errors.Is(err, context.Canceled) || solved < 1 || solved > 3 {
		t.Errorf("error %v after %d of 50 instances; want context.Canceled soon after the first", err, solved)
	}
}

// TestFromPathsFifteenPuzzle checks the h* of every path state of a few
// 15-puzzles (random walks) against an optimal solve of that state alone
// with another heuristic.
func TestFromPathsFifteenPuzzle(t *testing.T) {
	set, err := compare.RandomWalks(board.Size4x4, board.BlankLast, 22, 3, 11)
	if err != nil {
		t.Fatal(err)
	}
	lc, _ := search.NewLinearConflict(board.Size4x4, board.BlankLast)
	md, _ := search.NewManhattan(board.Size4x4, board.BlankLast)
	s, err := FromPaths(context.Background(), set, PathOptions{Solver: lc})
	if err != nil {
		t.Fatal(err)
	}
	step := 1
	if testing.Short() {
		step = 5
	}
	for i := 0; i < s.States(); i += step {
		r, err := search.Solve(context.Background(), s.Boards[i], search.Config{Algorithm: search.IDAStar, Heuristic: md, Goal: board.BlankLast})
		if err != nil || r.Length() != s.HStar[i] {
			t.Errorf("board %s: h* %d, solved in %d (%v)", s.Boards[i].Line(), s.HStar[i], r.Length(), err)
		}
	}
	r, err := Measure(context.Background(), s, []compare.Heuristic{{Name: "manhattan", H: md}, {Name: "linear-conflict", H: lc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Edges != len(s.Edges) || r.Heuristics[0].MeanH > r.Heuristics[1].MeanH || r.Heuristics[1].MeanH > r.Heuristics[1].MeanHStar {
		t.Errorf("report: %+v", r)
	}
}
