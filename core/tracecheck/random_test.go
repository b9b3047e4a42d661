package tracecheck

import (
	"bytes"
	"fmt"
	"math/rand"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// randomRun is an independent search that breaks every tie at random: A*
// (with reopening), greedy search and BFS pick uniformly among the open
// nodes of least f, h or depth; IDA* visits children in a random order. It
// writes the least trace form. Its traces must pass with ties in any order;
// with --strict-order they must pass exactly when they equal Slidelab's
// own, and otherwise fail by the tie rule.
type randomRun struct {
	alg  search.Algorithm
	h    search.Heuristic
	goal board.Board
	r    *rand.Rand
	out  bytes.Buffer
}

func (rr *randomRun) emit(kind string, b board.Board, g int) {
	fmt.Fprintf(&rr.out, `{"event":%q,"board":%q,"g":%d}`+"\n", kind, b.Flat(), g)
}

func (rr *randomRun) key(g int, b board.Board) int {
	switch rr.alg {
	case search.Greedy:
		return rr.h.Estimate(b)
	case search.BFS:
		return g
	}
	return g + rr.h.Estimate(b)
}

// bestFirst runs A*, greedy search or BFS, testing for the goal on selection.
func (rr *randomRun) bestFirst(start board.Board) {
	gOf := map[board.Board]int{start: 0}
	open := map[board.Board]bool{start: true}
	for len(open) > 0 {
		var ties []board.Board
		best := 1 << 30
		for b := range open {
			k := rr.key(gOf[b], b)
			if k < best {
				best, ties = k, ties[:0]
			}
			if k == best {
				ties = append(ties, b)
			}
		}
		// Map order is random but not uniform; pick explicitly.
		n := ties[rr.r.Intn(len(ties))]
		delete(open, n)
		if n == rr.goal {
			rr.emit("goal", n, gOf[n])
			return
		}
		rr.emit("expand", n, gOf[n])
		for _, c := range neighbours(n) {
			g, seen := gOf[c]
			if !seen || (rr.alg == search.AStar && gOf[n]+1 < g) {
				gOf[c] = gOf[n] + 1
				open[c] = true
			}
		}
	}
}

// ida runs IDA* with children in a random order.
func (rr *randomRun) ida(start board.Board) {
	bound := rr.h.Estimate(start)
	for {
		next := 1 << 30
		var dfs func(b, parent board.Board, g int) bool
		dfs = func(b, parent board.Board, g int) bool {
			if b == rr.goal {
				rr.emit("goal", b, g)
				return true
			}
			rr.emit("expand", b, g)
			var within []board.Board
			for _, c := range neighbours(b) {
				if c == parent {
					continue
				}
				if f := g + 1 + rr.h.Estimate(c); f <= bound {
					within = append(within, c)
				} else {
					next = min(next, f)
				}
			}
			rr.r.Shuffle(len(within), func(i, j int) { within[i], within[j] = within[j], within[i] })
			for _, c := range within {
				if dfs(c, b, g+1) {
					return true
				}
			}
			return false
		}
		if dfs(start, board.Board{}, 0) {
			return
		}
		bound = next
	}
}

// TestRandomTiesCrossCheck runs randomRun on many boards with every
// algorithm: see randomRun.
func TestRandomTiesCrossCheck(t *testing.T) {
	s3 := board.Size{W: 3, H: 3}
	// Under -race (unless SLIDELAB_FULL=1) -short's 12 seeds, not 40: the
	// random runs and checks are single-goroutine and were over half this
	// package's race time. The race form keeps every algorithm on walks of
	// every length (6 to 14 moves) and the check that each strict order
	// differed at least once; make test-full runs all 40.
	n := 40
	if testing.Short() || raceForm() {
		n = 12
	}
	differ := map[search.Algorithm]int{}
	for i := 0; i < n; i++ {
		for _, alg := range search.ClassicAlgorithms {
			start := walk(s3, board.BlankLast, 6+i%9, int64(100+i))
			h := heuristic(t, "manhattan", s3, board.BlankLast)
			rr := &randomRun{alg: alg, h: h, goal: board.Solved(s3, board.BlankLast), r: rand.New(rand.NewSource(int64(i)))}
			if alg == search.IDAStar {
				rr.ida(start)
			} else {
				rr.bestFirst(start)
			}
			trace := rr.out.Bytes()
			name := fmt.Sprintf("%v %s", alg, start.Flat())
			res, err := checkFrom(t, alg, "manhattan", board.BlankLast, false, start, trace)
			if err != nil || !res.Pass() {
				t.Fatalf("%s: ties in any order: %v %+v\n%s", name, err, res.Difference, trace)
			}
			own := strictForm(minimalJSON(ownEvents(t, alg, "manhattan", start, board.BlankLast)))
			res, err = checkFrom(t, alg, "manhattan", board.BlankLast, true, start, trace)
			if err != nil {
				t.Fatal(err)
			}
			same := bytes.Equal(strictForm(trace), own)
			if !same {
				differ[alg]++
			}
			switch {
			case same && !res.Pass():
				t.Errorf("%s: the same expansions as Slidelab's, but strict order fails: %s", name, res.Difference.Message)
			case !same && (res.Pass() || res.Difference.Rule != RuleTie):
				t.Errorf("%s: other expansions than Slidelab's, strict order gives %+v", name, res.Difference)
			}
		}
	}
	for _, alg := range []search.Algorithm{search.AStar, search.IDAStar, search.BFS} {
		if differ[alg] == 0 {
			t.Errorf("%v: no random run differed from Slidelab's order: the strict check was not exercised", alg)
		}
	}
}

// strictForm reduces a least-form trace to its expansions' boards and g in
// order. (Slidelab's BFS stops when it generates the goal, a random run when
// it selects it; the runs' seeds are fixed, and none of them expands
// Slidelab's BFS nodes in Slidelab's order.)
func strictForm(trace []byte) []byte {
	var out [][]byte
	for _, l := range bytes.Split(trace, []byte("\n")) {
		if !bytes.Contains(l, []byte(`"board"`)) || bytes.Contains(l, []byte(`"goal"`)) {
			continue
		}
		_, ev, err := Parse(l, 1, board.Size{W: 3, H: 3})
		if err != nil {
			panic(err)
		}
		out = append(out, []byte(fmt.Sprintf("%s %d", ev.Board.Flat(), ev.G)))
	}
	return bytes.Join(out, []byte("\n"))
}

// TestGreedyWithCopies checks a greedy search that keeps every copy of a
// board on its open list (closed only when taken) and takes any copy of
// least h: a correct greedy search whose g may be any path's, which passes
// with ties in any order.
func TestGreedyWithCopies(t *testing.T) {
	s3 := board.Size{W: 3, H: 3}
	h := heuristic(t, "manhattan", s3, board.BlankLast)
	goal := board.Solved(s3, board.BlankLast)
	type entry struct {
		b board.Board
		g int
	}
	larger := 0
	for i := 0; i < 30; i++ {
		r := rand.New(rand.NewSource(int64(i)))
		start := walk(s3, board.BlankLast, 10+i%12, int64(200+i))
		var out bytes.Buffer
		open := []entry{{start, 0}}
		closed := map[board.Board]int{}
		for len(open) > 0 {
			best := 1 << 30
			var ties []int
			for j, e := range open {
				if k := h.Estimate(e.b); k < best {
					best, ties = k, []int{j}
				} else if k == best {
					ties = append(ties, j)
				}
			}
			j := ties[r.Intn(len(ties))]
			e := open[j]
			open = append(open[:j], open[j+1:]...)
			if _, done := closed[e.b]; done {
				continue
			}
			if e.b == goal {
				fmt.Fprintf(&out, `{"event":"goal","board":%q,"g":%d}`+"\n", e.b.Flat(), e.g)
				break
			}
			closed[e.b] = e.g
			fmt.Fprintf(&out, `{"board":%q,"g":%d}`+"\n", e.b.Flat(), e.g)
			for _, c := range neighbours(e.b) {
				if _, done := closed[c]; !done {
					for _, o := range open {
						if o.b == c && o.g < e.g+1 {
							larger++
						}
					}
					open = append(open, entry{c, e.g + 1})
				}
			}
		}
		res, err := checkFrom(t, search.Greedy, "manhattan", board.BlankLast, false, start, out.Bytes())
		if err != nil || !res.Pass() {
			t.Fatalf("%s: %v %+v\n%s", start.Flat(), err, res.Difference, out.String())
		}
	}
	if larger == 0 {
		t.Error("no board was ever held twice with different g: the case was not exercised")
	}
}
