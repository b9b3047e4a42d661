package checkview

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/core/tracecheck"
)

// leastTrace writes Slidelab's own run of start in the least form a
// student writes: one line per expansion with the board and g, and the goal.
func leastTrace(t testing.TB, alg search.Algorithm, h search.Heuristic, start board.Board) []byte {
	t.Helper()
	cfg := search.Config{Algorithm: alg, Heuristic: h, Goal: board.BlankLast}
	if alg == search.BFS {
		cfg.Heuristic = nil
	}
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err = search.Trace(context.Background(), st, func(e search.TraceEvent) error {
		switch e.Kind {
		case search.TraceExpand:
			fmt.Fprintf(&b, "{\"board\":%q,\"g\":%d}\n", e.Board.Flat(), e.G)
		case search.TraceGoal:
			fmt.Fprintf(&b, "{\"event\":\"goal\",\"board\":%q,\"g\":%d}\n", e.Board.Flat(), e.G)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func bytesSource(data []byte) source {
	return source{name: "test.jsonl", open: func() (io.ReadCloser, int64, error) {
		return io.NopCloser(bytes.NewReader(data)), int64(len(data)), nil
	}}
}

// parentBoards returns, for each step of r, the board of the node its tree
// hangs it under (the zero Board for a root).
func parentBoards(r run) []board.Board {
	boards := map[int64]board.Board{}
	out := make([]board.Board, len(r.steps))
	for _, e := range r.events {
		boards[e.Node] = e.Board
	}
	for i, s := range r.steps {
		if p := r.events[s.last-1-childrenAfter(r, s)].Parent; p >= 0 {
			out[i] = boards[p]
		}
	}
	return out
}

// childrenAfter counts the generate (and what follows them) events after a
// step's own expand or goal event.
func childrenAfter(r run, s step) int {
	for i := s.last - 1; i >= s.first; i-- {
		if k := r.events[i].Kind; k == search.TraceExpand || k == search.TraceGoal {
			return s.last - 1 - i
		}
	}
	return 0
}

// TestStudentRunIsTheReference cross-checks the two ways a run is built:
// Slidelab's own run written in the least form a student writes, read back
// as a student's run, has the reference's steps (boards, g, h, the goal)
// and hangs every expansion under the same parent board, for the four
// algorithms the checker knows.
func TestStudentRunIsTheReference(t *testing.T) {
	starts := []string{"8 1 3 / 4 0 2 / 7 6 5", "1 2 3 / 4 5 6 / 0 7 8", "4 1 3 / 7 2 6 / 0 5 8"}
	for _, alg := range []search.Algorithm{search.AStar, search.IDAStar, search.BFS, search.Greedy} {
		for _, text := range starts {
			start, err := board.Parse(text, board.Size3x3)
			if err != nil {
				t.Fatal(err)
			}
			spec, _ := search.ParseHeuristic("manhattan")
			h, err := spec.New(context.Background(), start.Size(), board.BlankLast, search.HeuristicOptions{})
			if err != nil {
				t.Fatal(err)
			}
			opts := tracecheck.Options{Algorithm: alg, Heuristic: h, HeuristicName: "manhattan", Goal: board.BlankLast}
			out, err := checkTrace(context.Background(), bytesSource(leastTrace(t, alg, h, start)), opts, start.Size(), func(float64) {})
			if err != nil || !out.result.Pass() {
				t.Fatalf("%v %s: %v %+v", alg, text, err, out)
			}
			s, r := out.student, out.reference
			if len(s.steps) != len(r.steps) {
				t.Fatalf("%v %s: %d steps, the reference %d", alg, text, len(s.steps), len(r.steps))
			}
			sp, rp := parentBoards(s), parentBoards(r)
			for i := range s.steps {
				a, b := s.steps[i], r.steps[i]
				if a.board != b.board || a.g != b.g || a.h != b.h || a.goal != b.goal || sp[i] != rp[i] {
					t.Fatalf("%v %s step %d: %s g %d h %d goal %v under %s; the reference %s g %d h %d goal %v under %s", alg, text, i,
						tracecheck.Show(a.board), a.g, a.h, a.goal, tracecheck.Show(sp[i]), tracecheck.Show(b.board), b.g, b.h, b.goal, tracecheck.Show(rp[i]))
				}
			}
		}
	}
}

// TestIsTrace tells traces from session files, instance files and text.
func TestIsTrace(t *testing.T) {
	cases := []struct {
		head string
		want bool
	}{
		{`{"format":"slidelab-trace","version":1}` + "\n", true},
		{"\n  \n" + `{"board":"1 2 3 / 4 5 6 / 7 8 0","g":0}` + "\n", true},
		{`{"board":[1,2,3,4,5,6,7,8,0],"g":0}`, true},
		{`{"seq":0,"event":"select","node":0,"parent":-1,"g":0,"h":10,"f":10,"board":"8 1 3 4 0 2 7 6 5","line":3}` + "\n", true},
		{`{"board":"1 2 3 / 4 5 6 / 7 8 0","g":0,"children":["1 2`, true}, // cut by the sniffed length
		{"{\n  \"format\": \"slidelab-session\",\n  \"version\": 1\n}\n", false},
		{`{"format":"slidelab-session","version":1}` + "\n", false},
		{"8 1 3 4 0 2 7 6 5\n", false},
		{`{"format": "slidelab-trace", "version": 1, "generator": "docs/starter/astar.py"}` + "\n", true},
		{`{"event": "expand", "board": [8, 1, 3, 4, 0, 2, 7, 6, 5], "g": 0, "h": 10, "children": [[8, 0, 3, 4`, true},
		{`{"format": "slidelab-session", "title": "a long title that goes on`, false},
		{"", false},
		{`{"bord":"1 2 3 / 4 5 6 / 7 8 0","g":0}` + "\n", false},
	}
	for _, tc := range cases {
		if got := IsTrace([]byte(tc.head)); got != tc.want {
			t.Errorf("IsTrace(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}
