package search

import (
	"slices"
	"testing"

	"github.com/slidelab/slidelab/core/board"
)

// explainBoards returns random boards of size s for goal g plus the goal
// itself.
func explainBoards(t *testing.T, s board.Size, g board.Goal, n int) []board.Board {
	t.Helper()
	r := board.NewRand(uint64(s.Cells())*10 + uint64(g))
	out := []board.Board{board.Solved(s, g)}
	for range n {
		b, err := board.Random(r, s, g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

var explainCases = []struct {
	size board.Size
	goal board.Goal
}{
	{board.Size3x3, board.BlankLast},
	{board.Size3x3, board.BlankFirst},
	{board.Size4x4, board.BlankLast},
	{board.Size4x4, board.BlankFirst},
	{board.Size{W: 3, H: 4}, board.BlankLast},
}

// TestSharesSumToEstimate checks Hamming's and Manhattan's per-cell shares
// against Estimate, and that a tile's Manhattan share is its distance.
func TestSharesSumToEstimate(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.size.String()+"/"+c.goal.String(), func(t *testing.T) {
			ham, err := NewHamming(c.size, c.goal)
			if err != nil {
				t.Fatal(err)
			}
			man, err := NewManhattan(c.size, c.goal)
			if err != nil {
				t.Fatal(err)
			}
			s := c.size
			for _, b := range explainBoards(t, s, c.goal, 500) {
				hs, ms := ham.Shares(b), man.Shares(b)
				if len(hs) != s.Cells() || len(ms) != s.Cells() {
					t.Fatalf("%d and %d shares for %d cells", len(hs), len(ms), s.Cells())
				}
				if sum(hs) != ham.Estimate(b) || sum(ms) != man.Estimate(b) {
					t.Fatalf("%v: shares sum to %d and %d, estimates %d and %d", b, sum(hs), sum(ms), ham.Estimate(b), man.Estimate(b))
				}
				for p := range s.Cells() {
					tile := b.At(p)
					gc := c.goal.GoalCell(s, tile)
					want := abs(s.Row(p)-s.Row(gc)) + abs(s.Col(p)-s.Col(gc))
					if tile == 0 {
						want = 0
					}
					if ms[p] != want || hs[p] != min(want, 1) {
						t.Fatalf("%v cell %d (tile %d): shares %d/%d, want %d/%d", b, p, tile, hs[p], ms[p], min(want, 1), want)
					}
				}
			}
		})
	}
}

// TestExplainLinearConflictMatchesEstimate cross-checks the breakdown with
// the heuristic on many random boards: the total equals Estimate, every
// removed tile stands in its goal line, and the tiles left in every line are
// in goal order.
func TestExplainLinearConflictMatchesEstimate(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.size.String()+"/"+c.goal.String(), func(t *testing.T) {
			lc, err := NewLinearConflict(c.size, c.goal)
			if err != nil {
				t.Fatal(err)
			}
			s := c.size
			conflicts := 0
			for _, b := range explainBoards(t, s, c.goal, 2000) {
				e, err := ExplainLinearConflict(b, c.goal)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := e.Total(), lc.Estimate(b); got != want {
					t.Fatalf("%v: breakdown totals %d, Estimate %d (%+v)", b, got, want, e.Lines)
				}
				extra := 0
				for tile := 1; tile < s.Cells(); tile++ {
					extra += e.Extra(tile)
				}
				if extra != e.Total()-sum(e.Manhattan) {
					t.Fatalf("%v: Extra sums to %d, breakdown adds %d", b, extra, e.Total()-sum(e.Manhattan))
				}
				for _, l := range e.Lines {
					conflicts++
					checkLine(t, b, c.goal, l)
				}
			}
			if conflicts == 0 {
				t.Error("no random board had a linear conflict")
			}
		})
	}
}

// checkLine checks one line of a breakdown: the removed tiles belong to the
// line, and the line's other in-line tiles are in goal order.
func checkLine(t *testing.T, b board.Board, g board.Goal, l LineConflict) {
	t.Helper()
	s := b.Size()
	var cells []int
	n := s.W
	if l.Column {
		n = s.H
	}
	for i := range n {
		if l.Column {
			cells = append(cells, i*s.W+l.Index)
		} else {
			cells = append(cells, l.Index*s.W+i)
		}
	}
	last := -1
	var inLine []int
	for _, p := range cells {
		tile := b.At(p)
		if tile == 0 {
			continue
		}
		gc := g.GoalCell(s, tile)
		pos, line := s.Col(gc), s.Row(gc)
		if l.Column {
			pos, line = s.Row(gc), s.Col(gc)
		}
		if line != l.Index {
			continue
		}
		inLine = append(inLine, tile)
		if slices.Contains(l.Removed, tile) {
			continue
		}
		if pos <= last {
			t.Fatalf("%v %s: tile %d kept out of goal order", b, l, tile)
		}
		last = pos
	}
	for _, r := range l.Removed {
		if !slices.Contains(inLine, r) {
			t.Fatalf("%v %s: removed tile %d is not an in-line tile of the line (%v)", b, l, r, inLine)
		}
	}
}

func TestExplainLinearConflictExamples(t *testing.T) {
	tests := []struct {
		board string
		goal  board.Goal
		lines []string
		total int
	}{
		// The middle row holds 6 5 4 in reverse: two must leave (+4).
		{"8 7 _ / 6 5 4 / 3 2 1", board.BlankLast, nil, -1},
		{"3 1 2 / 4 5 6 / 7 8 _", board.BlankLast, []string{"row 1: 3"}, 6},
		{"1 2 3 / 4 5 6 / 7 8 _", board.BlankLast, nil, 0},
		{"_ 1 2 / 3 4 5 / 8 6 7", board.BlankFirst, []string{"row 3: 8"}, 6},
		{"4 2 3 / 7 5 6 / 1 8 _", board.BlankLast, []string{"column 1: 1"}, 6},
	}
	for _, tc := range tests {
		b, err := board.ParseSolvable(tc.board, board.Size3x3, tc.goal)
		if err != nil {
			t.Fatal(err)
		}
		e, err := ExplainLinearConflict(b, tc.goal)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range e.Lines {
			got = append(got, l.String())
		}
		if tc.total < 0 {
			if !slices.Contains(got, "row 2: 5, 4") {
				t.Errorf("%s: lines %q, want row 2: 5, 4 among them", tc.board, got)
			}
			continue
		}
		if !slices.Equal(got, tc.lines) || e.Total() != tc.total {
			t.Errorf("%s: lines %q total %d, want %q total %d", tc.board, got, e.Total(), tc.lines, tc.total)
		}
	}
	if _, err := ExplainLinearConflict(board.Solved(board.Size3x3, board.BlankLast), board.Goal(9)); err == nil {
		t.Error("an unknown goal was accepted")
	}
}

// TestPDBGroupValuesSumToEstimate checks that the group values add up to
// the heuristic, and for the reflected lookup that the larger of the sums
// on the board and on its mirror is the estimate.
func TestPDBGroupValuesSumToEstimate(t *testing.T) {
	tests := []struct {
		spec string
		size board.Size
	}{
		{"44", board.Size3x3},
		{"1,2,3/4,5,6/7,8", board.Size3x3},
		{"1,2,3/4,5,6/7,8,9/10,11,12/13,14,15", board.Size4x4},
	}
	for _, tc := range tests {
		for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
			t.Run(tc.spec+"/"+g.String(), func(t *testing.T) {
				h := testPDB(t, tc.spec, tc.size, g)
				r := testPDBReflected(t, tc.spec, tc.size, g)
				for _, b := range explainBoards(t, tc.size, g, 300) {
					vs := h.GroupValues(b)
					if len(vs) != len(h.DB().Partition.Groups) {
						t.Fatalf("%d values for %d groups", len(vs), len(h.DB().Partition.Groups))
					}
					if sum(vs) != h.Estimate(b) {
						t.Fatalf("%v: group values %v sum to %d, Estimate %d", b, vs, sum(vs), h.Estimate(b))
					}
					m, err := b.Mirror(g)
					if err != nil {
						t.Fatal(err)
					}
					if got := max(sum(vs), sum(h.GroupValues(m))); got != r.Estimate(b) {
						t.Fatalf("%v: max of the sums %d, reflected Estimate %d", b, got, r.Estimate(b))
					}
				}
			})
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
