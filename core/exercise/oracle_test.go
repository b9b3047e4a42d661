package exercise

// Independent computations the tests check every generated answer against:
// they share no code with the engine beyond board.Board's accessors.

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/slidelab/slidelab/core/board"
)

// cells returns b's tiles by cell (0: blank) and the board's width and height.
func cells(b board.Board) ([]int, int, int) {
	s := b.Size()
	out := make([]int, s.Cells())
	for p := range out {
		out[p] = b.At(p)
	}
	return out, s.W, s.H
}

// home is tile t's goal cell, blank last.
func home(t, n int) int {
	if t == 0 {
		return n - 1
	}
	return t - 1
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func oracleHamming(b board.Board) int {
	c, _, _ := cells(b)
	n := 0
	for p, t := range c {
		if t != 0 && home(t, len(c)) != p {
			n++
		}
	}
	return n
}

func oracleManhattan(b board.Board) int {
	c, w, _ := cells(b)
	return manhattanCells(c, w)
}

// leastRemoval tries every subset of xs and returns the fewest elements to
// remove so that the rest increase.
func leastRemoval(xs []int) int {
	best := len(xs)
	for mask := 0; mask < 1<<len(xs); mask++ {
		last, ok := -1, true
		for i, x := range xs {
			if mask&(1<<i) != 0 {
				if x <= last {
					ok = false
					break
				}
				last = x
			}
		}
		if ok {
			kept := 0
			for m := mask; m != 0; m &= m - 1 {
				kept++
			}
			best = min(best, len(xs)-kept)
		}
	}
	return best
}

func oracleLinearConflict(b board.Board) int {
	c, w, h := cells(b)
	extra := 0
	for r := 0; r < h; r++ {
		var goals []int
		for col := 0; col < w; col++ {
			if t := c[r*w+col]; t != 0 && home(t, len(c))/w == r {
				goals = append(goals, home(t, len(c))%w)
			}
		}
		extra += 2 * leastRemoval(goals)
	}
	for col := 0; col < w; col++ {
		var goals []int
		for r := 0; r < h; r++ {
			if t := c[r*w+col]; t != 0 && home(t, len(c))%w == col {
				goals = append(goals, home(t, len(c))/w)
			}
		}
		extra += 2 * leastRemoval(goals)
	}
	return oracleManhattan(b) + extra
}

// oracleSolvable is the textbook inversion rule for the blank-last goal.
func oracleSolvable(b board.Board) bool {
	c, w, h := cells(b)
	inv := 0
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[i] != 0 && c[j] != 0 && c[i] > c[j] {
				inv++
			}
		}
	}
	if w%2 == 1 {
		return inv%2 == 0
	}
	blank := 0
	for p, t := range c {
		if t == 0 {
			blank = p
		}
	}
	return (inv+h-blank/w)%2 == 1
}

// neighbours returns the cells next to p in a w x h grid in the order up,
// down, left, right, with the move letter.
func neighbours(p, w, h int) (out []int, moves string) {
	if p/w > 0 {
		out, moves = append(out, p-w), moves+"U"
	}
	if p/w < h-1 {
		out, moves = append(out, p+w), moves+"D"
	}
	if p%w > 0 {
		out, moves = append(out, p-1), moves+"L"
	}
	if p%w < w-1 {
		out, moves = append(out, p+1), moves+"R"
	}
	return out, moves
}

// bfsLayers counts states by distance from the goal of a w x h board.
func oracleBFSLayers(w, h int) []int {
	n := w * h
	start := make([]byte, n)
	for p := 0; p < n-1; p++ {
		start[p] = byte(p + 1)
	}
	seen := map[string]bool{string(start): true}
	layer := [][]byte{start}
	var counts []int
	for len(layer) > 0 {
		counts = append(counts, len(layer))
		var next [][]byte
		for _, s := range layer {
			blank := strings.IndexByte(string(s), 0)
			nb, _ := neighbours(blank, w, h)
			for _, q := range nb {
				t := []byte(string(s))
				t[blank], t[q] = t[q], 0
				if !seen[string(t)] {
					seen[string(t)] = true
					next = append(next, t)
				}
			}
		}
		layer = next
	}
	return counts
}

// oraclePDB computes a pattern database by Dijkstra's algorithm over
// (pattern tile cells, blank cell) from every goal state, the blank free to
// stand anywhere not taken; it returns the least cost per placement (the
// cells of tiles in order, as a string key).
func oraclePDB(w, h int, tiles []int) map[string]int {
	n := w * h
	type state struct {
		pos   string
		blank int
	}
	dist := map[state]int{}
	var queue []state
	goalPos := make([]byte, len(tiles))
	for i, t := range tiles {
		goalPos[i] = byte(home(t, n))
	}
	g := state{string(goalPos), n - 1}
	dist[g] = 0
	buckets := [][]state{{g}}
	for c := 0; c < len(buckets); c++ {
		queue = buckets[c]
		for len(queue) > 0 {
			s := queue[0]
			queue = queue[1:]
			if dist[s] != c {
				continue
			}
			nb, _ := neighbours(s.blank, w, h)
			for _, q := range nb {
				pos := []byte(s.pos)
				cost := 0
				for i := range pos {
					if int(pos[i]) == q {
						pos[i], cost = byte(s.blank), 1
					}
				}
				t := state{string(pos), q}
				if d, ok := dist[t]; ok && d <= c+cost {
					continue
				}
				dist[t] = c + cost
				if cost == 0 {
					queue = append(queue, t)
				} else {
					for len(buckets) <= c+1 {
						buckets = append(buckets, nil)
					}
					buckets[c+1] = append(buckets[c+1], t)
				}
			}
		}
	}
	out := map[string]int{}
	for s, d := range dist {
		if v, ok := out[s.pos]; !ok || d < v {
			out[s.pos] = d
		}
	}
	return out
}

// placementKey is the key of oraclePDB for the pattern tiles on b.
func placementKey(b board.Board, tiles []int) string {
	c, _, _ := cells(b)
	pos := make([]byte, len(tiles))
	for i, t := range tiles {
		for p, x := range c {
			if x == t {
				pos[i] = byte(p)
			}
		}
	}
	return string(pos)
}

// oracleDistance is the least number of moves from b to the goal, by IDA*
// with the oracle's Manhattan distance (the boards are short walks).
func oracleDistance(b board.Board) int {
	c, w, h := cells(b)
	blank := 0
	for p, t := range c {
		if t == 0 {
			blank = p
		}
	}
	md := func() int { return manhattanCells(c, w) }
	var dfs func(g, bound, blank, prev int) (bool, int)
	dfs = func(g, bound, blank, prev int) (bool, int) {
		hv := md()
		if g+hv > bound {
			return false, g + hv
		}
		if hv == 0 {
			return true, g
		}
		next := 1 << 30
		nb, _ := neighbours(blank, w, h)
		for _, q := range nb {
			if q == prev {
				continue
			}
			c[blank], c[q] = c[q], 0
			found, f := dfs(g+1, bound, q, blank)
			c[q], c[blank] = c[blank], 0
			if found {
				return true, f
			}
			next = min(next, f)
		}
		return false, next
	}
	bound := md()
	for {
		found, f := dfs(0, bound, blank, -1)
		if found {
			return f
		}
		bound = f
	}
}

func manhattanCells(c []int, w int) int {
	n := 0
	for p, t := range c {
		if t != 0 {
			g := home(t, len(c))
			n += absInt(p/w-g/w) + absInt(p%w-g%w)
		}
	}
	return n
}

// oracleIDAPass runs one IDA* pass with the oracle's Manhattan distance and
// returns whether it reached the goal and the least f it pruned.
func oracleIDAPass(b board.Board, bound int) (bool, int) {
	c, w, h := cells(b)
	blank := 0
	for p, t := range c {
		if t == 0 {
			blank = p
		}
	}
	least := 1 << 30
	var dfs func(g, blank, prev int) bool
	dfs = func(g, blank, prev int) bool {
		hv := manhattanCells(c, w)
		if hv == 0 {
			return true
		}
		nb, _ := neighbours(blank, w, h)
		for _, q := range nb {
			if q == prev {
				continue
			}
			c[blank], c[q] = c[q], 0
			hc := manhattanCells(c, w)
			found := false
			if g+1+hc > bound {
				least = min(least, g+1+hc)
			} else {
				found = dfs(g+1, q, blank)
			}
			c[q], c[blank] = c[blank], 0
			if found {
				return true
			}
		}
		return false
	}
	return dfs(0, blank, -1), least
}

// parseInts reads "1, 2, 3".
func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// caption reads "#12 g=3 h=5 f=8", or "#12 g=3" when bfs.
func caption(s string, bfs bool) (id, g, h, f int, err error) {
	if bfs {
		_, err = fmt.Sscanf(s, "#%d g=%d", &id, &g)
		if err == nil && s != fmt.Sprintf("#%d g=%d", id, g) {
			err = fmt.Errorf("more than the number and g")
		}
		return
	}
	_, err = fmt.Sscanf(s, "#%d g=%d h=%d f=%d", &id, &g, &h, &f)
	if err == nil && f != g+h {
		err = fmt.Errorf("f %d is not g + h", f)
	}
	return
}

// correctTexts returns the texts of the right choices, sorted.
func correctTexts(q Question) []string {
	var out []string
	for _, c := range q.Choices {
		if c.Correct {
			out = append(out, c.Text)
		}
	}
	sort.Strings(out)
	return out
}
