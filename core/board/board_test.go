package board

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// reachCache holds reachable's maps, computed once per start and test
// binary (three tests walk the whole 8-puzzle from its goal); callers only
// read them.
var reachCache struct {
	sync.Mutex
	m map[Board]map[Board]int
}

// reachable returns every board reachable from start, with its distance.
func reachable(start Board) map[Board]int {
	reachCache.Lock()
	defer reachCache.Unlock()
	if d, ok := reachCache.m[start]; ok {
		return d
	}
	if reachCache.m == nil {
		reachCache.m = map[Board]map[Board]int{}
	}
	dist := reachFrom(start)
	reachCache.m[start] = dist
	return dist
}

// reachFrom is a breadth-first search from start.
func reachFrom(start Board) map[Board]int {
	dist := map[Board]int{start: 0}
	queue := []Board{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, d := range Dirs {
			if nb, ok := b.Move(d); ok {
				if _, seen := dist[nb]; !seen {
					dist[nb] = dist[b] + 1
					queue = append(queue, nb)
				}
			}
		}
	}
	return dist
}

// permutations calls f with every permutation of 0..n-1.
func permutations(n int, f func([]int)) {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			f(p)
			return
		}
		for i := k; i < n; i++ {
			p[k], p[i] = p[i], p[k]
			rec(k + 1)
			p[k], p[i] = p[i], p[k]
		}
	}
	rec(0)
}

func TestSolvableMatchesReachability(t *testing.T) {
	for _, tc := range []struct {
		size Size
		goal Goal
	}{
		{Size{2, 2}, BlankLast}, {Size{2, 3}, BlankLast}, {Size{3, 2}, BlankFirst},
		{Size{2, 3}, BlankFirst}, {Size3x3, BlankLast}, {Size3x3, BlankFirst},
	} {
		t.Run(tc.size.String()+"/"+tc.goal.String(), func(t *testing.T) {
			if raceForm() && tc.size == Size3x3 && tc.goal == BlankFirst {
				t.Skip("race form: all 362,880 arrangements of the 8-puzzle again, for the other goal (one goroutine); make test-short and make test-full run it")
			}
			reach := reachable(Solved(tc.size, tc.goal))
			total, solvable := 0, 0
			permutations(tc.size.Cells(), func(p []int) {
				b, err := New(tc.size, p)
				if err != nil {
					t.Fatal(err)
				}
				total++
				_, ok := reach[b]
				if b.Solvable(tc.goal) != ok {
					t.Fatalf("%s: Solvable=%v, reachable=%v", b.Line(), !ok, ok)
				}
				if ok {
					solvable++
				}
			})
			if solvable*2 != total || len(reach) != solvable {
				t.Fatalf("solvable %d of %d, reachable %d", solvable, total, len(reach))
			}
		})
	}
}

func TestEightPuzzleDepths(t *testing.T) {
	f, err := os.Open("testdata/eight_puzzle_depths.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[int]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		d, _ := strconv.Atoi(fields[0])
		n, _ := strconv.Atoi(fields[1])
		want[d] = n
	}
	got := map[int]int{}
	for _, d := range reachable(Solved(Size3x3, BlankLast)) {
		got[d]++
	}
	if len(got) != len(want) || len(want) != 32 {
		t.Fatalf("depths: got %d levels, want %d", len(got), len(want))
	}
	for d, n := range want {
		if got[d] != n {
			t.Errorf("depth %d: got %d states, want %d", d, got[d], n)
		}
	}
}

func TestKorfConversion(t *testing.T) {
	ks := Korf100()
	if len(ks) != 100 {
		t.Fatalf("got %d instances", len(ks))
	}
	want, err := Parse("13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2", Size{})
	if err != nil {
		t.Fatal(err)
	}
	if ks[0].Board != want || ks[0].Optimal != 57 {
		t.Fatalf("instance 1: got %s (%d), want %s (57)", ks[0].Board.Line(), ks[0].Optimal, want.Line())
	}
	sum := 0
	for i, k := range ks {
		sum += k.Optimal
		if !k.Board.Solvable(BlankLast) {
			t.Errorf("instance %d not solvable for blank-last", i+1)
		}
		if back := ConvertGoal(k.Board); !back.Solvable(BlankFirst) || ConvertGoal(back) != k.Board {
			t.Errorf("instance %d: conversion is not an involution", i+1)
		}
	}
	if sum != 5305 {
		t.Errorf("lengths sum to %d, want 5305", sum)
	}
	// Goals map to goals and moves to (inverse) moves.
	if ConvertGoal(Solved(Size4x4, BlankFirst)) != Solved(Size4x4, BlankLast) {
		t.Error("goal does not convert to goal")
	}
	r := NewRand(7)
	start := ks[3].Board
	end, moves, _ := RandomWalk(r, start, 40)
	got, err := ConvertGoal(start).Apply(ConvertMoves(moves))
	if err != nil || got != ConvertGoal(end) {
		t.Errorf("converted moves do not follow the converted board: %v", err)
	}
}

func TestMoves(t *testing.T) {
	g := Solved(Size3x3, BlankLast)
	if g.Blank() != 8 || g.At(0) != 1 || g.At(8) != 0 {
		t.Fatalf("goal %s", g.Line())
	}
	tests := []struct {
		moves string
		want  string
		err   bool
	}{
		{"", "1 2 3 / 4 5 6 / 7 8 0", false},
		{"U", "1 2 3 / 4 5 0 / 7 8 6", false},
		{"L", "1 2 3 / 4 5 6 / 7 0 8", false},
		{"UL", "1 2 3 / 4 0 5 / 7 8 6", false},
		{"D", "", true},
		{"R", "", true},
		{"UUU", "", true},
	}
	for _, tc := range tests[:4] {
		ms, err := ParseMoves(tc.moves)
		if err != nil {
			t.Fatal(err)
		}
		b, err := g.Apply(ms)
		if err != nil || b.Line() != tc.want {
			t.Errorf("%q: got %s, %v; want %s", tc.moves, b.Line(), err, tc.want)
		}
		var buf [4]Dir
		for _, d := range b.LegalMoves(buf[:0]) {
			nb, _ := b.Move(d)
			if back, ok := nb.Move(d.Inverse()); !ok || back != b {
				t.Errorf("%s: %s then %s does not return", b.Line(), d, d.Inverse())
			}
		}
	}
	for _, tc := range tests[4:] {
		ms, _ := ParseMoves(tc.moves)
		if _, err := g.Apply(ms); err == nil {
			t.Errorf("%q: illegal sequence accepted", tc.moves)
		}
	}
	if _, err := ParseMoves("UX"); err == nil {
		t.Error("ParseMoves accepted X")
	}
	if FormatMoves([]Dir{Up, Down, Left, Right}) != "UDLR" {
		t.Error("FormatMoves")
	}
	// Legal move counts: corner 2, edge 3, centre 4.
	for p, want := range []int{2, 3, 2, 3, 4, 3, 2, 3, 2} {
		tiles := []int{1, 2, 3, 4, 5, 6, 7, 8}
		tiles = append(tiles[:p], append([]int{0}, tiles[p:]...)...)
		b, _ := New(Size3x3, tiles)
		if n := len(b.LegalMoves(nil)); n != want {
			t.Errorf("blank at %d: %d moves, want %d", p, n, want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, text string
		size       Size
		want       string
		err        error
	}{
		{"spaces", "1 2 3 4 5 6 7 8 0", Size{}, "1 2 3 / 4 5 6 / 7 8 0", nil},
		{"commas", "1,2,3,4,5,6,7,8,_", Size{}, "1 2 3 / 4 5 6 / 7 8 0", nil},
		{"slashes", "1 2 3/4 5 6/7 8 0", Size{}, "1 2 3 / 4 5 6 / 7 8 0", nil},
		{"newlines", "1 2 3\n4 5 6\r\n7 8 _\n", Size{}, "1 2 3 / 4 5 6 / 7 8 0", nil},
		{"rows infer 2x3", "1 2 / 3 4 / 5 0", Size{}, "1 2 / 3 4 / 5 0", nil},
		{"rows infer 3x2", "1 2 3 / 4 5 0", Size{}, "1 2 3 / 4 5 0", nil},
		{"given 3x4", "1 2 3 4 5 6 7 8 9 10 11 0", Size{3, 4}, "1 2 3 / 4 5 6 / 7 8 9 / 10 11 0", nil},
		{"15", "13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2", Size{}, "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2", nil},
		{"too few", "1 2 3 4 5 6 7 0", Size3x3, "", ErrCount},
		{"not square", "1 2 3 4 5 0", Size{}, "", ErrCount},
		{"too many", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 0", Size{}, "", ErrCount},
		{"empty", "  ", Size{}, "", ErrCount},
		{"duplicate", "1 2 3 4 5 6 7 7 0", Size{}, "", ErrDuplicate},
		{"two blanks", "1 2 3 4 5 6 7 _ 0", Size{}, "", ErrDuplicate},
		{"range", "1 2 3 4 5 6 7 9 0", Size{}, "", ErrRange},
		{"negative", "1 2 3 4 5 6 7 -8 0", Size{}, "", ErrSyntax},
		{"word", "1 2 3 4 five 6 7 8 0", Size{}, "", ErrSyntax},
		{"ragged rows", "1 2 3 / 4 5 / 6 7 8 0", Size3x3, "", ErrCount},
		{"bad size", "1 0", Size{1, 2}, "", ErrSize},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.text, tc.size)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("got %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil || b.Line() != tc.want {
				t.Fatalf("got %s, %v; want %s", b.Line(), err, tc.want)
			}
			if again, err := Parse(b.Line(), Size{}); (tc.size == Size{}) && (err != nil || again != b) {
				t.Fatalf("Line round trip: %v", err)
			}
			if again, err := Parse(b.String(), b.Size()); err != nil || again != b {
				t.Fatalf("String round trip: %v", err)
			}
		})
	}
	if _, err := ParseSolvable("2 1 3 4 5 6 7 8 0", Size{}, BlankLast); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable board: got %v", err)
	}
	// On 4x4 the two goals have opposite parity: Korf's goal is unsolvable for blank-last.
	korfGoal := "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15"
	if _, err := ParseSolvable(korfGoal, Size{}, BlankFirst); err != nil {
		t.Errorf("blank-first goal: %v", err)
	}
	if _, err := ParseSolvable(korfGoal, Size{}, BlankLast); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("blank-first goal accepted for blank-last: %v", err)
	}
}

func TestRandom(t *testing.T) {
	for _, s := range []Size{{2, 3}, Size3x3, {3, 4}, Size4x4} {
		for _, g := range []Goal{BlankLast, BlankFirst} {
			a, _ := Random(NewRand(42), s, g)
			b, _ := Random(NewRand(42), s, g)
			if a != b {
				t.Fatalf("%s: same seed, different boards", s)
			}
			r := NewRand(1)
			for i := 0; i < 200; i++ {
				b, err := Random(r, s, g)
				if err != nil || !b.Solvable(g) {
					t.Fatalf("%s %s: %s unsolvable (%v)", s, g, b.Line(), err)
				}
			}
		}
	}
	// Uniformity on 2x3: 360 solvable boards, 36000 draws, every board seen
	// roughly 100 times (a fair chi-square stays well below 500).
	r := NewRand(3)
	counts := map[Board]int{}
	const draws = 36000
	for i := 0; i < draws; i++ {
		b, _ := Random(r, Size{2, 3}, BlankLast)
		counts[b]++
	}
	if len(counts) != 360 {
		t.Fatalf("saw %d distinct boards, want 360", len(counts))
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - 100
		chi += d * d / 100
	}
	if chi > 500 {
		t.Errorf("chi-square %.1f over 359 degrees of freedom: not uniform", chi)
	}
	start := Solved(Size4x4, BlankLast)
	end, moves, err := RandomWalk(NewRand(9), start, 30)
	if err != nil || len(moves) != 30 {
		t.Fatalf("walk: %v, %d moves", err, len(moves))
	}
	for i := 1; i < len(moves); i++ {
		if moves[i] == moves[i-1].Inverse() {
			t.Fatalf("walk backtracks at move %d", i)
		}
	}
	if got, err := start.Apply(moves); err != nil || got != end {
		t.Fatal("walk moves do not reach the walk's end")
	}
}

func TestMirror(t *testing.T) {
	for _, g := range []Goal{BlankLast, BlankFirst} {
		goal := Solved(Size4x4, g)
		if m, _ := goal.Mirror(g); m != goal {
			t.Errorf("%s: mirror of goal is %s", g, m.Line())
		}
		b, _ := Random(NewRand(5), Size4x4, g)
		m, err := b.Mirror(g)
		if err != nil || !m.Solvable(g) {
			t.Fatalf("mirror %s: %v", m.Line(), err)
		}
		if mm, _ := m.Mirror(g); mm != b {
			t.Errorf("mirror is not an involution")
		}
	}
	// Mirror preserves distance to the goal (checked on all 3x3 states).
	reach := reachable(Solved(Size3x3, BlankLast))
	for b, d := range reach {
		m, _ := b.Mirror(BlankLast)
		if reach[m] != d {
			t.Fatalf("%s at %d, mirror at %d", b.Line(), d, reach[m])
		}
	}
	if _, err := Solved(Size{3, 4}, BlankLast).Mirror(BlankLast); err == nil {
		t.Error("mirror of a 3x4 board accepted")
	}
}

func TestInstances(t *testing.T) {
	text := "# comment\n\n1 2 3 4 5 6 7 8 0 0\n2 1 3 4 5 6 7 8 0\n1 2 3 / 4 5 6 / 7 0 8 1\n1 2 3\n"
	ins, err := ReadInstances(strings.NewReader(text), Size{}, BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	if len(ins) != 4 {
		t.Fatalf("got %d instances", len(ins))
	}
	if ins[0].Err != nil || ins[0].Optimal != 0 || ins[0].Line != 3 {
		t.Errorf("line 3: %+v", ins[0])
	}
	if !errors.Is(ins[1].Err, ErrUnsolvable) || ins[1].Optimal != -1 {
		t.Errorf("line 4: %+v", ins[1])
	}
	if ins[2].Err != nil || ins[2].Optimal != 1 {
		t.Errorf("line 5: %+v", ins[2])
	}
	if !errors.Is(ins[3].Err, ErrCount) || !strings.Contains(ins[3].Err.Error(), "line 6") {
		t.Errorf("line 6: %v", ins[3].Err)
	}
	var buf bytes.Buffer
	boards := []Board{ins[0].Board, ins[2].Board}
	if err := WriteInstances(&buf, boards, []int{0, 1}); err != nil {
		t.Fatal(err)
	}
	back, _ := ReadInstances(&buf, Size3x3, BlankLast)
	if len(back) != 2 || back[0].Board != boards[0] || back[1].Optimal != 1 {
		t.Errorf("round trip: %+v", back)
	}
}

func TestParseInstanceShapes(t *testing.T) {
	tests := []struct {
		text    string
		size    Size // wanted size; zero when an error is expected
		optimal int
		err     error
	}{
		{"1 2 3 4 5 6 7 8 0", Size3x3, -1, nil},
		{"1 2 3 4 5 6 7 8 0 0", Size3x3, 0, nil},
		{"1 2 3 / 4 5 0", Size{3, 2}, -1, nil},
		{"1 2 3 / 4 0 5 1", Size{3, 2}, 1, nil},
		{"1 2 / 3 4 / 5 0", Size{2, 3}, -1, nil},
		{"1 2 3 4 / 5 6 7 8 / 9 10 11 0", Size{4, 3}, -1, nil},
		{"1 2 3 4 / 5 6 7 8 / 9 10 0 11 1 # comment", Size{4, 3}, 1, nil},
		{"1 2 3 4 5 0", Size{}, -1, ErrCount}, // 6 numbers: not square, no rows
		{"1 2 3 / 4 5 0 / 9", Size{}, -1, ErrCount},
		{"1 2 3 / 5 4 0", Size{}, -1, ErrUnsolvable},
	}
	for _, tc := range tests {
		b, opt, err := ParseInstance(tc.text, Size{}, BlankLast)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("ParseInstance(%q): err = %v, want %v", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseInstance(%q): %v", tc.text, err)
			continue
		}
		if b.Size() != tc.size || opt != tc.optimal {
			t.Errorf("ParseInstance(%q) = %s with length %d, want %s with length %d", tc.text, b.Size(), opt, tc.size, tc.optimal)
		}
	}
}

func TestSizeAndGoal(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Size
		ok   bool
	}{{"4x4", Size4x4, true}, {"3", Size3x3, true}, {"3X4", Size{3, 4}, true}, {"5x4", Size{5, 4}, true}, {"5", Size5x5, true}, {"6x5", Size{}, false}, {"5x6", Size{}, false}, {"1x4", Size{}, false}, {"axb", Size{}, false}} {
		s, err := ParseSize(tc.text)
		if (err == nil) != tc.ok || s != tc.want {
			t.Errorf("ParseSize(%q) = %v, %v", tc.text, s, err)
		}
	}
	for _, g := range []Goal{BlankLast, BlankFirst} {
		if p, err := ParseGoal(g.String()); err != nil || p != g {
			t.Errorf("goal round trip %v", g)
		}
		s := Size{3, 4}
		for c := 0; c < s.Cells(); c++ {
			if g.GoalCell(s, g.GoalTile(s, c)) != c {
				t.Errorf("%s: GoalCell/GoalTile disagree at %d", g, c)
			}
		}
	}
	if _, err := ParseGoal("middle"); err == nil {
		t.Error("ParseGoal accepted middle")
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1 2 3 4 5 6 7 8 0", "1,2,3/4,5,6/7,8,_", "13 6 8 12 / 15 14 0 10 / 11 7 4 5 / 9 1 3 2", "1 2\n3 0", "x", "", "1 1 1 1",
		"1 2 3\r4 5 6\r7 8 0", "1 2 3\r\n4 5 6\r\n7 8 0\r\n", "1 2 3 4 5 6 7 8 -0", "+1 2 3 4 5 6 7 8 0", "01 2 3 4 5 6 7 8 0",
		"1 2 3 / / 4 5 6 7 8 0", "/1 2 3/4 5 6/7 8 0/", "1,,2,3 4 5 6 7 8 0", "1 ,2\t, 3 4 5 6 7 8 _"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := Parse(text, Size{})
		if err != nil {
			return
		}
		if !b.IsValid() {
			t.Fatalf("%q: invalid board without error", text)
		}
		again, err := Parse(b.Line(), b.Size())
		if err != nil || again != b {
			t.Fatalf("%q: round trip %s -> %v, %v", text, b.Line(), again.Line(), err)
		}
		if again, err := Parse(b.String(), b.Size()); err != nil || again != b {
			t.Fatalf("%q: grid round trip: %v", text, err)
		}
	})
}

func BenchmarkLegalMoves(b *testing.B) {
	board := Korf100()[0].Board
	var buf [4]Dir
	n := 0
	for b.Loop() {
		n += len(board.LegalMoves(buf[:0]))
	}
	_ = n
}

func BenchmarkMove(b *testing.B) {
	board := Korf100()[0].Board
	var buf [4]Dir
	moves := board.LegalMoves(buf[:0])
	for i := 0; b.Loop(); i++ {
		nb, _ := board.Move(moves[i%len(moves)])
		board, _ = nb.Move(moves[i%len(moves)].Inverse())
	}
}

func BenchmarkSolvable(b *testing.B) {
	board := Korf100()[0].Board
	for b.Loop() {
		_ = board.Solvable(BlankLast)
	}
}
