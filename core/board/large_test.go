package board

import (
	"errors"
	"slices"
	"testing"
)

// regionReachable returns the boards reachable from start when the blank
// moves only inside the given cells: a brute-force search over a small
// pattern of a large board.
func regionReachable(start Board, region []int) map[Board]bool {
	in := map[int]bool{}
	for _, p := range region {
		in[p] = true
	}
	seen := map[Board]bool{start: true}
	queue := []Board{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, d := range Dirs {
			q, ok := b.Size().Neighbor(b.Blank(), d)
			if !ok || !in[q] {
				continue
			}
			nb, _ := b.Move(d)
			if !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return seen
}

// TestLargeSolvableOnPatterns checks parity on boards of more than 16 cells
// against brute force: every arrangement of the tiles of a small region
// (the rest of the board solved) is solvable exactly when a search inside
// the region reaches it from the goal. The regions straddle the two packed
// words and hold tiles 16 and up.
func TestLargeSolvableOnPatterns(t *testing.T) {
	for _, tc := range []struct {
		size   Size
		goal   Goal
		region []int
	}{
		{Size5x5, BlankLast, []int{12, 13, 14, 17, 18, 19, 22, 23, 24}}, // 3x3, cells on both sides of 16
		{Size5x5, BlankFirst, []int{0, 1, 2, 5, 6, 7}},                  // 2x3 around Korf's blank
		{Size5x5, BlankLast, []int{18, 19, 23, 24}},
		{Size{5, 4}, BlankLast, []int{13, 14, 18, 19}},
		{Size{4, 5}, BlankLast, []int{10, 11, 14, 15, 18, 19}},
		{Size{3, 6}, BlankFirst, []int{0, 1, 3, 4, 6, 7}},
	} {
		if raceForm() && len(tc.region) == 9 {
			// The race form (raceForm) keeps the regions of four and six
			// cells (the 4x5 one straddles tile 16 too); the 9-cell
			// region's 362,880 arrangements are one goroutine's work.
			continue
		}
		goal := Solved(tc.size, tc.goal)
		reach := regionReachable(goal, tc.region)
		tiles := make([]int, len(tc.region))
		for i, p := range tc.region {
			tiles[i] = goal.At(p)
		}
		count, solvable := 0, 0
		permutations(len(tiles), func(perm []int) {
			cells := goal.Tiles()
			for i, p := range tc.region {
				cells[p] = tiles[perm[i]]
			}
			b, err := New(tc.size, cells)
			if err != nil {
				t.Fatalf("%s: %v", tc.size, err)
			}
			count++
			if b.Solvable(tc.goal) {
				solvable++
			}
			if b.Solvable(tc.goal) != reach[b] {
				t.Fatalf("%s %s: Solvable(%s) = %v, brute force %v", tc.size, tc.goal, b.Line(), b.Solvable(tc.goal), reach[b])
			}
		})
		if solvable*2 != count || len(reach) != solvable {
			t.Errorf("%s %s region %v: %d of %d solvable, %d reached", tc.size, tc.goal, tc.region, solvable, count, len(reach))
		}
	}
}

// sliceBoard is a plain model of a board to check the packed one against.
type sliceBoard struct {
	s     Size
	cells []int
	blank int
}

func (m *sliceBoard) move(d Dir) bool {
	r, c := m.blank/m.s.W, m.blank%m.s.W
	switch d {
	case Up:
		r--
	case Down:
		r++
	case Left:
		c--
	case Right:
		c++
	}
	if r < 0 || c < 0 || r >= m.s.H || c >= m.s.W {
		return false
	}
	q := r*m.s.W + c
	m.cells[m.blank], m.cells[q] = m.cells[q], 0
	m.blank = q
	return true
}

// TestLargeMovesMatchModel plays long random move sequences on boards of up
// to 25 cells and compares every state with a plain slice model.
func TestLargeMovesMatchModel(t *testing.T) {
	r := NewRand(7)
	for _, s := range []Size{Size5x5, {5, 4}, {4, 5}, {3, 7}, {6, 4}, Size4x4, Size3x3} {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			b := Solved(s, g)
			m := &sliceBoard{s: s, cells: b.Tiles(), blank: b.Blank()}
			for i := 0; i < 5000; i++ {
				d := Dirs[r.IntN(4)]
				nb, ok := b.Move(d)
				if ok != m.move(d) {
					t.Fatalf("%s: move %v legal %v, model disagrees", s, d, ok)
				}
				b = nb
				if !slices.Equal(b.Tiles(), m.cells) || b.Blank() != m.blank {
					t.Fatalf("%s step %d: board %v, model %v (blank %d/%d)", s, i, b.Tiles(), m.cells, b.Blank(), m.blank)
				}
				if !b.Solvable(g) {
					t.Fatalf("%s: %s reached from the goal but not solvable", s, b.Line())
				}
				if i%97 == 0 {
					k, err := FromKey(s, b.Key())
					if err != nil || k != b {
						t.Fatalf("%s: FromKey round trip: %v", s, err)
					}
					p, err := Parse(b.Line(), s)
					if err != nil || p != b {
						t.Fatalf("%s: Parse(Line) round trip: %v", s, err)
					}
					if b.Small() && b.Key().Hi != 0 {
						t.Fatalf("%s: small board with a second word", s)
					}
				}
			}
		}
	}
}

func TestLargeBoards(t *testing.T) {
	s := Size5x5
	b, err := Parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0", Size{})
	if err != nil || b.Size() != s || !b.IsGoal(BlankLast) {
		t.Fatalf("25 numbers: %v %v", b.Size(), err)
	}
	if b.Small() || b.At(15) != 16 || b.At(23) != 24 || b.Positions()[24] != 23 {
		t.Fatalf("5x5 goal: small %v, cells %v", b.Small(), b.Tiles())
	}
	if _, err := FromCells(s, b.Cells()); !errors.Is(err, ErrSize) {
		t.Errorf("FromCells on 5x5: %v, want ErrSize", err)
	}
	if _, err := FromKey(s, Key{Lo: b.Cells(), Hi: b.Key().Hi | 1<<63}); !errors.Is(err, ErrRange) {
		t.Errorf("FromKey with a stray bit: %v, want ErrRange", err)
	}
	if _, err := New(s, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 0}); !errors.Is(err, ErrRange) {
		t.Errorf("tile 25 on 5x5: %v", err)
	}
	if _, err := Parse("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0 25", Size{}); err == nil {
		t.Errorf("26 numbers accepted")
	}
	r := NewRand(3)
	for _, g := range []Goal{BlankLast, BlankFirst} {
		for i := 0; i < 200; i++ {
			x, err := Random(r, s, g)
			if err != nil || !x.Solvable(g) {
				t.Fatalf("Random 5x5: %v", err)
			}
			m, err := x.Mirror(g)
			if err != nil || !m.Solvable(g) {
				t.Fatalf("mirror: %v", err)
			}
			if mm, _ := m.Mirror(g); mm != x {
				t.Fatalf("mirror twice is not the identity on %s", x.Line())
			}
			if c := ConvertGoal(x); ConvertGoal(c) != x || !c.Solvable(1-g) {
				t.Fatalf("ConvertGoal on %s", x.Line())
			}
		}
		if m, _ := Solved(s, g).Mirror(g); m != Solved(s, g) {
			t.Errorf("%s: mirror moves the goal", g)
		}
	}
}

func TestKorf24(t *testing.T) {
	ks := Korf24()
	sum := 0
	seen := map[Board]bool{}
	for i, k := range ks {
		if k.Board.Size() != Size5x5 || !k.Board.Solvable(BlankLast) {
			t.Fatalf("instance %d: %s, solvable %v", i+1, k.Board.Size(), k.Board.Solvable(BlankLast))
		}
		back := ConvertGoal(k.Board)
		if !back.Solvable(BlankFirst) || seen[back] {
			t.Fatalf("instance %d: blank-first form unsolvable or repeated", i+1)
		}
		seen[back] = true
		if md := manhattan(back, BlankFirst); md > k.Optimal || (k.Optimal-md)%2 != 0 {
			t.Errorf("instance %d: Manhattan %d against optimal length %d", i+1, md, k.Optimal)
		}
		sum += k.Optimal
	}
	// Korf and Taylor's first instance, Korf and Felner's two shortest, and
	// their mean length of 100.78.
	if ks[0].Optimal != 95 || ks[24].Optimal != 81 || ks[39].Optimal != 82 || sum != 5039 {
		t.Errorf("lengths: #1 %d, #25 %d, #40 %d, sum %d", ks[0].Optimal, ks[24].Optimal, ks[39].Optimal, sum)
	}
	if got := ConvertGoal(ks[0].Board).Flat(); got != "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13" {
		t.Errorf("instance 1 = %s", got)
	}
}

// manhattan is a plain Manhattan distance for the data checks.
func manhattan(b Board, g Goal) int {
	s := b.Size()
	sum := 0
	for p := 0; p < s.Cells(); p++ {
		if t := b.At(p); t != 0 {
			q := g.GoalCell(s, t)
			sum += abs(s.Row(p)-s.Row(q)) + abs(s.Col(p)-s.Col(q))
		}
	}
	return sum
}
