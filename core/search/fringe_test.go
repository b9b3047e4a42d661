package search

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/testfull"
)

// fringeNames are the new heuristics, by name, for each small board.
var fringeNames = map[board.Size][]string{
	board.Size3x3: {"fringe:cs", "fringe:br", "fringe:cs+reflect", "fringe:1,2,3,4,7/3,6,7,8", "fringe:5",
		"max(fringe:cs,lc)", "max(fringe:br,pdb:44)", "max(fringe:cs,linear-conflict)+reflect",
		"max(fringe:1,2,3,4,7,md,max(fringe:3,6,7,8,hamming))", "max(fringe:br+reflect,fringe:cs)"},
	{W: 3, H: 2}: {"fringe:cs", "fringe:1,2,3,4", "max(fringe:3,5,lc)"},
	{W: 2, H: 3}: {"fringe:2,3", "max(fringe:1,4,pdb:1,2,3/4,5)"},
}

// raceSkips are the 8-puzzle's compositions the smaller matrix under -race
// leaves out: reflected lookups and nested maxima of the tables checked
// alone (57 of the test's 98 s under -race at load 23). Every one is still
// checked without -race and under SLIDELAB_FULL=1.
var raceSkips = map[string]bool{
	"fringe:cs+reflect": true, "max(fringe:cs,linear-conflict)+reflect": true,
	"max(fringe:1,2,3,4,7,md,max(fringe:3,6,7,8,hamming))": true, "max(fringe:br+reflect,fringe:cs)": true,
}

// TestFringeAdmissibleExhaustive checks every fringe heuristic and max(...)
// against the true distance of every state (all 181,440 of the 8-puzzle,
// from a BFS from the goal), that fringe values change by at most 1 a move
// (consistency), and that max(...) is the largest of its parts. Under the
// race detector (a single goroutine's arithmetic, 5-10 times slower there)
// admissibility is still checked on every state, consistency and the max
// on every 17th; make test-full checks them all.
func TestFringeAdmissibleExhaustive(t *testing.T) {
	stride := 1
	if raceEnabled && !testfull.Enabled() {
		stride = 17
	}
	cases := []struct {
		s board.Size
		g board.Goal
	}{
		{board.Size3x3, board.BlankLast}, {board.Size3x3, board.BlankFirst},
		{board.Size{W: 3, H: 2}, board.BlankLast}, {board.Size{W: 2, H: 3}, board.BlankFirst},
	}
	for _, tc := range cases {
		if tc.g == board.BlankFirst && tc.s == board.Size3x3 && (testing.Short() || stride > 1) {
			continue // the same code as blank-last; 15 s more on a busy machine
		}
		dist := distances(t, tc.s, tc.g)
		for _, name := range fringeNames[tc.s] {
			if stride > 1 && raceSkips[name] {
				continue
			}
			if raceForm() && tc.s == board.Size3x3 && name != "fringe:cs" {
				// The race form (raceForm) keeps on the 8-puzzle the class's
				// corner-and-side fringe only; the 3x2 and 2x3 boards check
				// fringes, max(...) and their compositions on every state.
				// The others cost 6 s under -race: make test-short and
				// make test-full check them.
				continue
			}
			t.Run(fmt.Sprintf("%s/%s/%s", tc.s, tc.g, name), func(t *testing.T) {
				h, err := NewHeuristic(context.Background(), name, tc.s, tc.g, HeuristicOptions{})
				if err != nil {
					t.Fatal(err)
				}
				var parts []Heuristic
				if m, ok := h.(*Max); ok {
					parts = m.Parts()
				}
				_, isFringe := h.(*Fringe)
				tight, sum, sumMD := 0, 0, 0
				md, _ := NewManhattan(tc.s, tc.g)
				i := 0
				for cells, d := range dist {
					b := mustBoard(t, tc.s, cells)
					v := h.Estimate(b)
					if v > d {
						t.Fatalf("%s: h = %d > distance %d", b.Line(), v, d)
					}
					if v == d {
						tight++
					}
					sum += v
					sumMD += md.Estimate(b)
					if i++; i%stride != 0 {
						continue
					}
					if parts != nil {
						best := 0
						for _, p := range parts {
							best = max(best, p.Estimate(b))
						}
						if best != v {
							t.Fatalf("%s: max = %d, largest part %d", b.Line(), v, best)
						}
					}
					if isFringe {
						var buf [4]board.Dir
						for _, dir := range b.LegalMoves(buf[:0]) {
							nb, _ := b.Move(dir)
							if dv := h.Estimate(nb) - v; dv > 1 || dv < -1 {
								t.Fatalf("%s move %s: h changes by %d", b.Line(), dir, dv)
							}
						}
					}
				}
				if h.Estimate(board.Solved(tc.s, tc.g)) != 0 || tight == 0 {
					t.Errorf("h(goal) = %d, exact on %d states", h.Estimate(board.Solved(tc.s, tc.g)), tight)
				}
				t.Logf("mean h %.3f (Manhattan %.3f), exact on %d of %d states", float64(sum)/float64(len(dist)), float64(sumMD)/float64(len(dist)), tight, len(dist))
			})
		}
	}
}

func TestParseMaxAndFringeNames(t *testing.T) {
	cases := []struct {
		in, canon string
		parts     int
		tables    bool
	}{
		{"fringe:cs", "fringe:cs", 0, true},
		{"Fringe:1, 2,3 +reflect", "fringe:1, 2,3+reflect", 0, true},
		{"max(fringe:cs,lc)", "max(fringe:cs,linear-conflict)", 2, true},
		{" MAX( md , hamming )+reflect", "max(manhattan,hamming)+reflect", 2, false},
		{"max(fringe:1,2,3,4,7,pdb:1,2,3/4,5,max(md,lc+reflect))", "max(fringe:1,2,3,4,7,pdb:1,2,3/4,5,max(manhattan,linear-conflict+reflect))", 3, true},
		{"max(md)", "max(manhattan)", 1, false},
	}
	for _, c := range cases {
		spec, err := ParseHeuristic(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if spec.String() != c.canon || len(spec.Parts) != c.parts || spec.UsesTables() != c.tables {
			t.Errorf("%q: %q, %d parts, tables %v", c.in, spec.String(), len(spec.Parts), spec.UsesTables())
		}
		again, err := ParseHeuristic(spec.String())
		if err != nil || again.String() != spec.String() {
			t.Errorf("%q: the canonical name %q does not read back: %v", c.in, spec.String(), err)
		}
		if spec.Label() == "" {
			t.Errorf("%q: no label", c.in)
		}
	}
	for _, bad := range []string{"max(", "max()", "max(md,)", "max(md,nope)", "max(md))", "max((md)", "max(md", "fringe:", "fringe"} {
		if _, err := ParseHeuristic(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	for _, bad := range []string{"fringe:9", "fringe:0,1", "fringe:663", "fringe:1,2,x", "fringe:cs6", "max(md,fringe:1,1)"} {
		if _, err := NewHeuristic(context.Background(), bad, board.Size3x3, board.BlankLast, HeuristicOptions{}); !errors.Is(err, pdb.ErrPartition) {
			t.Errorf("%q: %v", bad, err)
		}
	}
	split := SplitHeuristics("manhattan,pdb:1,2,3/4,5,max(fringe:cs,lc),fringe:1,2, lc,max(md,max(lc,hamming))+reflect")
	want := []string{"manhattan", "pdb:1,2,3/4,5", "max(fringe:cs,lc)", "fringe:1,2", " lc", "max(md,max(lc,hamming))+reflect"}
	if fmt.Sprint(split) != fmt.Sprint(want) {
		t.Errorf("split: %q, want %q", split, want)
	}
}

// TestFringeHeuristicCache checks that fringe tables are cached under their
// own names and that a cached heuristic equals a fresh one.
func TestFringeHeuristicCache(t *testing.T) {
	dir := t.TempDir()
	opts := HeuristicOptions{CacheDir: dir}
	a, err := NewHeuristic(context.Background(), "max(fringe:br,pdb:3,6,7,8)", board.Size3x3, board.BlankLast, opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewHeuristic(context.Background(), "max(fringe:br,pdb:3,6,7,8)", board.Size3x3, board.BlankLast, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, bd := range randomBoards(t, 7, board.Size3x3, board.BlankLast, 200) {
		if a.Estimate(bd) != b.Estimate(bd) {
			t.Fatalf("%s: %d fresh, %d cached", bd.Line(), a.Estimate(bd), b.Estimate(bd))
		}
	}
	if a.Name() != "max(fringe:br,pdb:3,6,7,8)" {
		t.Errorf("name %q", a.Name())
	}
}

// TestFringeAdmissibleKorf checks the 15-puzzle's 6-tile fringe, alone and
// with linear conflict, against the optimal lengths of Korf's 100 instances
// in both goal conventions (two 57.7-million-entry builds: not in -short
// runs nor under the race detector).
func TestFringeAdmissibleKorf(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("builds two 57.7-million-entry fringe tables")
	}
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		h, err := NewHeuristic(context.Background(), "max(fringe:cs6,lc)", board.Size4x4, g, HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		fringe := h.(*Max).Parts()[0]
		exact := 0
		for i, inst := range board.Korf100() {
			b := inst.Board
			if g == board.BlankFirst {
				b = board.ConvertGoal(b)
			}
			v, f := h.Estimate(b), fringe.Estimate(b)
			if v > inst.Optimal || f > v {
				t.Errorf("%s: Korf %d: h0 = %d (fringe %d), optimal %d", g, i+1, v, f, inst.Optimal)
			}
			if v == inst.Optimal {
				exact++
			}
		}
		t.Logf("%s: exact on %d of 100", g, exact)
	}
}
