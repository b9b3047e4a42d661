package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// dynCache holds the dynamically partitioned heuristics built by the tests.
var dynCache struct {
	sync.Mutex
	m map[string]*DynamicPDB
}

func testDynamic(t testing.TB, s board.Size, g board.Goal, triples bool) *DynamicPDB {
	t.Helper()
	key := fmt.Sprint(s, g, triples)
	dynCache.Lock()
	defer dynCache.Unlock()
	if d, ok := dynCache.m[key]; ok {
		return d
	}
	d, err := BuildDynamicPDB(context.Background(), s, g, triples, nil)
	if err != nil {
		t.Fatal(err)
	}
	if dynCache.m == nil {
		dynCache.m = map[string]*DynamicPDB{}
	}
	dynCache.m[key] = d
	return d
}

// TestDynamicPDBAdmissible8Puzzle checks dpdb:pairs and dpdb:triples against
// the true distance of every 8-puzzle state (breadth-first search from the
// goal), for both goals, and on every state of the 4x2 and 2x4 boards, and
// that the kernel's evaluation agrees with Estimate: Manhattan <= pairs <=
// triples <= distance.
func TestDynamicPDBAdmissible8Puzzle(t *testing.T) {
	for _, tc := range []struct {
		s board.Size
		g board.Goal
	}{
		{board.Size3x3, board.BlankLast}, {board.Size3x3, board.BlankFirst},
		{board.Size{W: 4, H: 2}, board.BlankLast}, {board.Size{W: 2, H: 4}, board.BlankFirst},
	} {
		s, g := tc.s, tc.g
		if raceForm() && s == board.Size3x3 && g == board.BlankFirst {
			continue // the race form (raceForm) keeps blank-last on the 8-puzzle and the 2x4 board's blank-first: the same tables and kernels
		}
		dist := distances(t, s, g)
		md, err := NewManhattan(s, g)
		if err != nil {
			t.Fatal(err)
		}
		pairs, triples := testDynamic(t, s, g, false), testDynamic(t, s, g, true)
		kp, kt := newKernel(pairs, s, g), newKernel(triples, s, g)
		stride := 1
		if raceEnabled {
			stride = 13
		}
		i, above, sumP, sumT, sumMD := 0, 0, 0, 0, 0
		for cells, d := range dist {
			i++
			if i%stride != 0 {
				continue
			}
			b := mustBoard(t, s, cells)
			m, p, tr := md.Estimate(b), pairs.Estimate(b), triples.Estimate(b)
			if !(m <= p && p <= tr && tr <= d) {
				t.Fatalf("%s %s: manhattan %d, pairs %d, triples %d, distance %d: want md <= pairs <= triples <= distance", g, b.Line(), m, p, tr, d)
			}
			if p > m {
				above++
			}
			sumP, sumT, sumMD = sumP+p, sumT+tr, sumMD+m
			if i%(7*stride) == 0 {
				if v := kp.load(b); v != p {
					t.Fatalf("%s: pairs kernel %d, Estimate %d", b.Line(), v, p)
				}
				if v := kt.load(b); v != tr {
					t.Fatalf("%s: triples kernel %d, Estimate %d", b.Line(), v, tr)
				}
			}
		}
		if v := triples.Estimate(board.Solved(s, g)); v != 0 {
			t.Fatalf("h(goal) = %d", v)
		}
		if above == 0 || sumT <= sumP {
			t.Errorf("%s: pairs beat Manhattan on %d states; sums md %d, pairs %d, triples %d: suspicious", g, above, sumMD, sumP, sumT)
		}
	}
}

// bruteCover returns the largest total weight of pairwise disjoint groups
// (weight maps a group's tile mask to its weight; every group is allowed,
// whatever its weight) by an exhaustive recursion over all covers of the
// tiles in mask: the lowest tile left is either in no group or in one group
// with other tiles left. Weights come straight from the tables (value less
// Manhattan distances), not from the heuristic's weight tables.
func bruteCover(weight map[uint16]int, mask uint16) int {
	var byTile [16][]uint16
	for m := range weight {
		for t := 0; t < 16; t++ {
			if m&(1<<t) != 0 {
				byTile[t] = append(byTile[t], m)
			}
		}
	}
	memo := make([]int, 1<<16)
	for i := range memo {
		memo[i] = -1
	}
	var rec func(mask uint16) int
	rec = func(mask uint16) int {
		if mask == 0 {
			return 0
		}
		if memo[mask] >= 0 {
			return memo[mask]
		}
		low := bits.TrailingZeros16(mask)
		best := rec(mask &^ (1 << low)) // the lowest tile in no group
		for _, m := range byTile[low] {
			if m&^mask == 0 {
				best = max(best, weight[m]+rec(mask&^m))
			}
		}
		memo[mask] = best
		return best
	}
	return rec(mask)
}

// TestDynamicCoverBruteForce checks the fast exact cover (and the kernel)
// against the exhaustive one on random 4x4 and 3x3 boards, and that the
// groups Cover returns are disjoint and add up to the value.
func TestDynamicCoverBruteForce(t *testing.T) {
	ctx := context.Background()
	sizes := []board.Size{board.Size3x3, board.Size4x4}
	if raceEnabled {
		sizes = sizes[:1] // the 4x4 triple tables take long to build under -race
	}
	for _, s := range sizes {
		g := board.BlankLast
		n := s.Cells()
		tabs := map[int][]*pdb.Table{}
		for _, k := range []int{2, 3} {
			ts, err := pdb.BuildAllGroups(ctx, s, g, k, nil)
			if err != nil {
				t.Fatal(err)
			}
			tabs[k] = ts
		}
		md, err := NewManhattan(s, g)
		if err != nil {
			t.Fatal(err)
		}
		count := 40
		if raceEnabled {
			count = 8
		}
		boards := append(randomBoards(t, 7, s, g, count), walkBoards(t, 8, s, g, 12, count/2)...)
		for _, triples := range []bool{false, true} {
			d := testDynamic(t, s, g, triples)
			k := newKernel(d, s, g)
			for _, b := range boards {
				weight := map[uint16]int{}
				for _, kk := range []int{2, 3} {
					if kk == 3 && !triples {
						continue
					}
					for _, tab := range tabs[kk] {
						var m uint16
						w := tab.Lookup(b)
						for _, tile := range tab.Tiles() {
							m |= 1 << tile
							w -= int(md.dist[tile][positionOf(b, tile)])
						}
						if w < 0 {
							t.Fatalf("%s: group %v has weight %d < 0", b.Line(), tab.Tiles(), w)
						}
						weight[m] = w
					}
				}
				full := uint16(1)<<n - 2 // tiles 1..n-1
				want := md.Estimate(b) + bruteCover(weight, full)
				h, groups := d.Cover(b)
				if h != want {
					t.Fatalf("%s %s: cover %d, brute force %d", d.Name(), b.Line(), h, want)
				}
				if v := d.Estimate(b); v != want {
					t.Fatalf("%s %s: Estimate %d, brute force %d", d.Name(), b.Line(), v, want)
				}
				if v := k.load(b); v != want {
					t.Fatalf("%s %s: kernel %d, brute force %d", d.Name(), b.Line(), v, want)
				}
				var used uint16
				sum := md.Estimate(b)
				for _, grp := range groups {
					w, ok := d.GroupWeight(b, grp)
					if !ok || w <= 0 {
						t.Fatalf("%s: cover group %v: weight %d, ok %v", b.Line(), grp, w, ok)
					}
					for _, tile := range grp {
						if used&(1<<tile) != 0 {
							t.Fatalf("%s: tile %d in two groups of %v", b.Line(), tile, groups)
						}
						used |= 1 << tile
					}
					sum += w
				}
				if sum != h {
					t.Fatalf("%s: groups %v add to %d, not %d", b.Line(), groups, sum, h)
				}
			}
		}
	}
}

func positionOf(b board.Board, tile int) int {
	for p := 0; p < b.Size().Cells(); p++ {
		if b.At(p) == tile {
			return p
		}
	}
	return -1
}

// TestCoverSolverBruteForce checks the branch and bound on random weighted
// groups, dense enough that many overlap, against the exhaustive recursion.
func TestCoverSolverBruteForce(t *testing.T) {
	r := board.NewRand(3)
	for trial := 0; trial < 300; trial++ {
		weight := map[uint16]int{}
		var items []coverItem
		for i := 0; i < 2+trial%25; i++ {
			var m uint16
			for bits.OnesCount16(m) < 2+i%2 {
				m |= 1 << (1 + r.IntN(9))
			}
			if _, dup := weight[m]; dup {
				continue
			}
			w := 1 + r.IntN(6)
			weight[m] = w
			items = append(items, coverItem{mask: m, w: int32(w)})
		}
		want := bruteCover(weight, 1<<10-2)
		var cs coverSolver
		var chosen []uint16
		if got := cs.solve(append([]coverItem(nil), items...), &chosen); got != want {
			t.Fatalf("trial %d: %d groups: solver %d, brute force %d", trial, len(items), got, want)
		}
		var used uint16
		sum := 0
		for _, m := range chosen {
			if used&m != 0 {
				t.Fatalf("trial %d: chosen groups overlap", trial)
			}
			used |= m
			sum += weight[m]
		}
		if sum != want {
			t.Fatalf("trial %d: chosen groups weigh %d, not %d", trial, sum, want)
		}
	}
}

// TestDynamicPDBSearch solves 4x4 boards with the fast kernel, with the
// generic loop (Estimate per node) and with the stepper finished by the
// kernel: the same optimal lengths and node counts.
func TestDynamicPDBSearch(t *testing.T) {
	ctx := context.Background()
	n := 3
	if raceEnabled || testing.Short() {
		n = 1
	}
	for i, triples := range []bool{false, true, false, true} {
		g := board.BlankLast
		if i >= 2 {
			g = board.BlankFirst
		}
		if raceEnabled && triples && g == board.BlankFirst {
			continue // one 4x4 triple build under -race
		}
		if raceForm() && i > 0 {
			// The race form (raceForm) keeps one 4x4 build (pairs,
			// blank-last: the group tables' workers) and its searches; the
			// triples' cover and kernel are checked on the 8-puzzle
			// (TestDynamicPDBAdmissible8Puzzle, TestDynamicCoverBruteForce).
			continue
		}
		d := testDynamic(t, board.Size4x4, g, triples)
		lc, err := NewLinearConflict(board.Size4x4, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range walkBoards(t, uint64(11+i), board.Size4x4, g, 60, n) {
			fast, err := Solve(ctx, b, Config{Heuristic: d, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, b, g, fast.Moves)
			slow, err := Solve(ctx, b, Config{Heuristic: opaque{d}, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			sameResult(t, d.Name()+" generic loop", slow, fast)
			st, err := NewStepper(b, Config{Heuristic: d, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 300; i++ {
				if _, err := st.Step(ctx); errors.Is(err, ErrFinished) {
					break
				} else if err != nil {
					t.Fatal(err)
				}
			}
			stepped, err := st.Run(ctx)
			if err != nil {
				t.Fatal(err)
			}
			sameResult(t, d.Name()+" 300 steps then Run", stepped, fast)
			ref, err := Solve(ctx, b, Config{Heuristic: lc, Goal: g})
			if err != nil {
				t.Fatal(err)
			}
			if ref.Length() != fast.Length() {
				t.Fatalf("%s: %s length %d, linear conflict %d", b.Line(), d.Name(), fast.Length(), ref.Length())
			}
		}
	}
}

// TestDynamicPDBRegistry checks the names: both sets parse in any case and
// with +reflect, others are refused; the reflected lookup gives the same
// value (the sets of pairs and triples are closed under the mirror).
func TestDynamicPDBRegistry(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		in, want string
		bad      bool
	}{
		{in: "dpdb:pairs", want: "dpdb:pairs"},
		{in: " DPDB:Triples ", want: "dpdb:triples"},
		{in: "dpdb:pairs+reflect", want: "dpdb:pairs+reflect"},
		{in: "dpdb:quads", bad: true},
		{in: "dpdb", bad: true},
		{in: "dpdb:", bad: true},
		{in: "dpdb:663", bad: true},
		{in: "dpdb+reflect", bad: true},
	} {
		spec, err := ParseHeuristic(tc.in)
		if tc.bad {
			if err == nil || !errors.Is(err, pdb.ErrPartition) {
				t.Errorf("%q: err %v, want a partition error", tc.in, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if spec.String() != tc.want {
			t.Errorf("%q: %s, want %s", tc.in, spec, tc.want)
		}
	}
	cache := t.TempDir() // each set is built once, then read
	size := board.Size4x4
	if raceEnabled {
		size = board.Size3x3 // the 4x4 triple tables take long to build under -race
	}
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		for _, name := range []string{"dpdb:pairs", "dpdb:triples"} {
			h, err := NewHeuristic(ctx, name, size, g, HeuristicOptions{CacheDir: cache})
			if err != nil {
				t.Fatal(err)
			}
			if h.Name() != name {
				t.Errorf("name %s, want %s", h.Name(), name)
			}
			r, err := NewHeuristic(ctx, name+"+reflect", size, g, HeuristicOptions{CacheDir: cache})
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range randomBoards(t, 5, size, g, 30) {
				if a, c := h.Estimate(b), r.Estimate(b); a != c {
					t.Fatalf("%s %s: %d, reflected %d", name, b.Line(), a, c)
				}
			}
		}
	}
	if _, err := NewHeuristic(ctx, "dpdb:triples", board.Size{W: 5, H: 5}, board.BlankLast, HeuristicOptions{}); err == nil {
		t.Error("5x5: no error")
	}
}

// BenchmarkDynamicIDA solves Korf's instance 2 with IDA* and each set.
func BenchmarkDynamicIDA(b *testing.B) {
	inst := board.Korf100()[2]
	for _, triples := range []bool{false, true} {
		d := testDynamic(b, board.Size4x4, board.BlankLast, triples)
		b.Run(d.Name(), func(b *testing.B) {
			for b.Loop() {
				res, err := Solve(context.Background(), inst.Board, Config{Heuristic: d, Goal: board.BlankLast})
				if err != nil || res.Length() != inst.Optimal {
					b.Fatalf("length %d, err %v", res.Length(), err)
				}
				b.ReportMetric(float64(res.Generated), "generated/op")
			}
		})
	}
}

// TestDynamicPDBCache checks the cache: the first load builds and saves the
// two group-set files, the second reads them and gives the same values; a
// cache that cannot be written still gives the heuristic, with a warning.
func TestDynamicPDBCache(t *testing.T) {
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankLast
	dir := t.TempDir()
	built, err := LoadDynamicPDB(ctx, s, g, true, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{2, 3} {
		if _, err := pdb.LoadGroups(filepath.Join(dir, pdb.GroupsFileName(s, g, k)), s, g, k); err != nil {
			t.Fatalf("the cache file of %d-tile groups: %v", k, err)
		}
	}
	calls := 0
	loaded, err := LoadDynamicPDB(ctx, s, g, true, dir, func(int, int) { calls++ })
	if err != nil || calls != 0 {
		t.Fatalf("second load: %v, %d progress calls (want none: nothing built)", err, calls)
	}
	for _, b := range randomBoards(t, 9, s, g, 200) {
		if a, c := built.Estimate(b), loaded.Estimate(b); a != c {
			t.Fatalf("%s: built %d, loaded %d", b.Line(), a, c)
		}
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var warned []error
	h, err := NewHeuristic(ctx, "dpdb:pairs", s, g, HeuristicOptions{CacheDir: file, Warn: func(err error) { warned = append(warned, err) }})
	if err != nil || h == nil || len(warned) != 1 || !errors.Is(warned[0], pdb.ErrNotCached) {
		t.Fatalf("unwritable cache: %v, %v, warnings %v", h, err, warned)
	}
}

// TestNewDynamicPDBRejects checks the tables NewDynamicPDB refuses.
func TestNewDynamicPDBRejects(t *testing.T) {
	ctx := context.Background()
	s, g := board.Size3x3, board.BlankLast
	pairs, err := pdb.BuildAllGroups(ctx, s, g, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	triples, err := pdb.BuildAllGroups(ctx, s, g, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := pdb.BuildAllGroups(ctx, s, board.BlankFirst, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	withNil := append([]*pdb.Table(nil), pairs...)
	withNil[3] = nil
	for name, tc := range map[string][2][]*pdb.Table{
		"no pairs":           {nil, nil},
		"a pair missing":     {pairs[1:], nil},
		"a nil table":        {withNil, nil},
		"the other goal":     {other, nil},
		"triples as pairs":   {triples, nil},
		"pairs as triples":   {pairs, pairs},
		"a triple missing":   {pairs, triples[:len(triples)-1]},
		"5x5 size":           {nil, nil},
		"pairs out of order": {append(append([]*pdb.Table(nil), pairs[1:]...), pairs[0]), nil},
	} {
		size := s
		if name == "5x5 size" {
			size = board.Size{W: 5, H: 5}
		}
		if d, err := NewDynamicPDB(size, g, tc[0], tc[1]); err == nil {
			t.Errorf("%s: no error (%v)", name, d.Name())
		}
	}
}
