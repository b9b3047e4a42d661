package tracecheck

import (
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// ownCase is a search whose own trace must pass.
type ownCase struct {
	alg   search.Algorithm
	h     string
	start board.Board
	goal  board.Goal
}

func ownCases(t testing.TB) []ownCase {
	s3, s4 := board.Size{W: 3, H: 3}, board.Size{W: 4, H: 4}
	var cases []ownCase
	for _, alg := range search.ClassicAlgorithms {
		for _, h := range []string{"manhattan", "linear-conflict", "hamming"} {
			if alg == search.BFS && h != "manhattan" {
				continue
			}
			if raceForm() && h == "linear-conflict" {
				// The race form (raceForm) traces Manhattan distance and
				// Hamming with every algorithm: linear conflict gives other
				// values to the same checks (one goroutine's parsing).
				continue
			}
			for i, n := range []int{0, 1, 2, 7, 14, 22} {
				if (testing.Short() || raceForm()) && h == "hamming" && n > 14 {
					continue // thousands of events; the long run checks it
				}
				cases = append(cases, ownCase{alg, h, walk(s3, board.BlankLast, n, int64(i)), board.BlankLast})
			}
			cases = append(cases, ownCase{alg, h, walk(s3, board.BlankFirst, 16, 9), board.BlankFirst})
			if alg != search.BFS && (h != "hamming" || !testing.Short() && !raceForm()) {
				cases = append(cases, ownCase{alg, h, walk(s4, board.BlankLast, 24, 3), board.BlankLast},
					ownCase{alg, h, walk(board.Size{W: 3, H: 2}, board.BlankLast, 9, 5), board.BlankLast})
			}
		}
	}
	cases = append(cases, ownCase{search.AStar, "pdb:44", mustParse(t, "8 6 7 / 2 5 4 / 3 0 1"), board.BlankLast},
		ownCase{search.IDAStar, "pdb:44", walk(board.Size{W: 3, H: 3}, board.BlankLast, 26, 4), board.BlankLast})
	return cases
}

// TestOwnTracesPass checks that Slidelab's own traces pass, in full form
// and in the least form, with ties in any order and with --strict-order.
func TestOwnTracesPass(t *testing.T) {
	for _, tc := range ownCases(t) {
		evs := ownEvents(t, tc.alg, tc.h, tc.start, tc.goal)
		var want Summary
		for _, e := range evs {
			switch e.Kind {
			case search.TraceExpand:
				want.Expansions++
			case search.TraceGenerate:
				want.Generated++
			case search.TraceGoal:
				want.Found, want.Length = true, e.G
			case search.TraceIteration:
				want.Iterations++
			}
		}
		for _, form := range []struct {
			name  string
			trace []byte
		}{{"full", fullJSON(evs)}, {"minimal", minimalJSON(evs)}} {
			for _, strict := range []bool{false, true} {
				name := fmt.Sprintf("%v/%s/%s/%v/%s/strict=%v", tc.alg, tc.h, tc.start.Flat(), tc.goal, form.name, strict)
				var start board.Board
				if tc.start.Size().W != tc.start.Size().H || strict {
					start = tc.start // a flat non-square board needs its size
				}
				res, err := checkFrom(t, tc.alg, tc.h, tc.goal, strict, start, form.trace)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !res.Pass() {
					t.Fatalf("%s: %s", name, res.Difference.Message)
				}
				got := res.Summary
				if got.Expansions != want.Expansions || got.Found != want.Found || got.Length != want.Length ||
					(tc.alg == search.IDAStar && got.Iterations != want.Iterations) {
					t.Errorf("%s: summary %+v, want %+v", name, got, want)
				}
				if got.Generated != want.Generated && !(tc.alg == search.BFS && want.Found) {
					t.Errorf("%s: generated %d, want %d", name, got.Generated, want.Generated)
				}
			}
		}
	}
}
