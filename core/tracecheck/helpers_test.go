package tracecheck

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// heuristic returns the named heuristic for s and g.
func heuristic(t testing.TB, name string, s board.Size, g board.Goal) search.Heuristic {
	t.Helper()
	spec, err := search.ParseHeuristic(name)
	if err != nil {
		t.Fatal(err)
	}
	h, err := spec.New(context.Background(), s, g, search.HeuristicOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// ownEvents returns Slidelab's own trace of a search of start.
func ownEvents(t testing.TB, alg search.Algorithm, hname string, start board.Board, goal board.Goal) []search.TraceEvent {
	t.Helper()
	cfg := search.Config{Algorithm: alg, Goal: goal}
	if alg != search.BFS {
		cfg.Heuristic = heuristic(t, hname, start.Size(), goal)
	}
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var evs []search.TraceEvent
	if err := search.Trace(context.Background(), st, func(e search.TraceEvent) error {
		evs = append(evs, e)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return evs
}

// fullJSON writes events as `slidelab trace` does (every field).
func fullJSON(evs []search.TraceEvent) []byte {
	var b bytes.Buffer
	for _, e := range evs {
		fmt.Fprintf(&b, `{"seq":%d,"event":%q,"node":%d,"parent":%d,"g":%d,"h":%d,"f":%d,"board":%q,"line":%d`,
			e.Seq, e.Kind, e.Node, e.Parent, e.G, e.H, e.F, e.Board.Flat(), e.Line)
		if e.Kind == search.TraceIteration || e.Kind == search.TracePrune {
			fmt.Fprintf(&b, `,"bound":%d`, e.Bound)
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}

// minimalJSON writes the least a student must: a header, one line per
// expansion with the board (as an array) and g, and the goal.
func minimalJSON(evs []search.TraceEvent) []byte {
	var b bytes.Buffer
	b.WriteString(`{"format":"slidelab-trace","version":1}` + "\n")
	for _, e := range evs {
		switch e.Kind {
		case search.TraceExpand:
			fmt.Fprintf(&b, `{"board":[%s],"g":%d}`+"\n", strings.Join(strings.Fields(e.Board.Flat()), ","), e.G)
		case search.TraceGoal:
			fmt.Fprintf(&b, `{"event":"goal","board":%q,"g":%d}`+"\n", Show(e.Board), e.G)
		}
	}
	return b.Bytes()
}

// checkFrom runs the checker on a trace from start (the zero Board: from
// the trace's first line).
func checkFrom(t testing.TB, alg search.Algorithm, hname string, goal board.Goal, strict bool, start board.Board, trace []byte) (*Result, error) {
	t.Helper()
	rd := Reader{Options: Options{Algorithm: alg, HeuristicName: hname, Goal: goal, StrictOrder: strict, Start: start},
		HeuristicFor: func(s board.Size) (search.Heuristic, error) { return heuristic(t, hname, s, goal), nil }}
	return rd.Check(context.Background(), bytes.NewReader(trace))
}

// walk returns the goal scrambled by n random moves (no immediate undo).
func walk(s board.Size, g board.Goal, n int, seed int64) board.Board {
	r := rand.New(rand.NewSource(seed))
	b := board.Solved(s, g)
	last := board.Dir(255)
	for i := 0; i < n; {
		d := board.Dirs[r.Intn(4)]
		if last != 255 && d == last.Inverse() {
			continue
		}
		if nb, ok := b.Move(d); ok {
			b, last = nb, d
			i++
		}
	}
	return b
}

func mustParse(t testing.TB, text string) board.Board {
	t.Helper()
	b, err := board.Parse(text, board.Size{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}
