package tracecheck

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestOnEventReadsOn checks the viewer's hook: it sees every event line in
// order, also those after the first difference, while the result is the
// same as without it; ErrStopEvents stops the events, not the check; its
// other errors stop the reading.
func TestOnEventReadsOn(t *testing.T) {
	start := "1 2 3 / 4 5 6 / 0 7 8"
	up, right := "1 2 3 / 0 5 6 / 4 7 8", "1 2 3 / 4 5 6 / 7 0 8"
	lines := []string{expandLine(start, 0, ""), expandLine(up, 1, ""), expandLine(right, 1, ""),
		`{"event":"goal","board":"1 2 3 / 4 5 6 / 7 8 0","g":2}`}
	trace := []byte(strings.Join(lines, "\n") + "\n")
	h := func(s board.Size) (search.Heuristic, error) {
		return heuristic(t, "manhattan", s, board.BlankLast), nil
	}
	plain := Reader{Options: Options{Algorithm: search.AStar, HeuristicName: "manhattan"}, HeuristicFor: h}
	want, err := plain.Check(context.Background(), bytes.NewReader(trace))
	if err != nil || want.Difference == nil || want.Difference.Rule != RuleOrder {
		t.Fatalf("without the hook: %+v, %v; want an order difference", want, err)
	}
	var seen []int
	hooked := plain
	hooked.OnEvent = func(ev Event) error { seen = append(seen, ev.Line); return nil }
	got, err := hooked.Check(context.Background(), bytes.NewReader(trace))
	if err != nil {
		t.Fatal(err)
	}
	if *got.Difference != *want.Difference || got.Summary != want.Summary {
		t.Errorf("with the hook: %+v %+v, want %+v %+v", got.Difference, got.Summary, want.Difference, want.Summary)
	}
	if len(seen) != 4 || seen[0] != 1 || seen[3] != 4 {
		t.Errorf("the hook saw lines %v, want 1 2 3 4", seen)
	}
	// ErrStopEvents: no more events for the hook, the check goes on to the
	// difference and stops there.
	seen = nil
	hooked.OnEvent = func(ev Event) error {
		seen = append(seen, ev.Line)
		return ErrStopEvents
	}
	got, err = hooked.Check(context.Background(), bytes.NewReader(trace))
	if err != nil || *got.Difference != *want.Difference || got.Summary != want.Summary || len(seen) != 1 {
		t.Errorf("ErrStopEvents at line 1: %+v %+v %v, hook saw %v; want %+v, line 1 only", got.Difference, got.Summary, err, seen, want.Difference)
	}
	// Reading on past the difference ends without an error at a line that
	// is not a trace line (a program cut off mid-line) or at MaxEvents.
	for _, tail := range []string{`{"board":"1 2 3 / 4 5 6 / 7 8`, "not json", `{"format":"slidelab-trace","version":1}`} {
		hooked.OnEvent = func(Event) error { return nil }
		got, err = hooked.Check(context.Background(), bytes.NewReader(append(append([]byte(nil), trace...), tail+"\n"...)))
		if err != nil || *got.Difference != *want.Difference {
			t.Errorf("a bad line %q after the difference: %v, %+v", tail, err, got)
		}
	}
	hooked.MaxEvents = 3
	if got, err = hooked.Check(context.Background(), bytes.NewReader(trace)); err != nil || *got.Difference != *want.Difference {
		t.Errorf("MaxEvents after the difference: %v, %+v", err, got)
	}
	hooked.MaxEvents = 0
	stop := errors.New("stop")
	hooked.OnEvent = func(ev Event) error {
		if ev.Line == 2 {
			return stop
		}
		return nil
	}
	if _, err := hooked.Check(context.Background(), bytes.NewReader(trace)); !errors.Is(err, stop) {
		t.Errorf("a hook's error: got %v, want it returned", err)
	}
}
