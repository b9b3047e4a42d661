package tracecheck

import (
	"bytes"
	"context"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// BenchmarkCheck checks Slidelab's own A* trace (full form, linear
// conflict, a 15-puzzle board of about 30,000 events) per run; the
// events/s metric is what `slidelab check` reads and checks a second.
func BenchmarkCheck(b *testing.B) {
	start := mustParse(b, "2 1 7 4 / 3 12 5 11 / 0 13 8 15 / 6 14 9 10")
	evs := ownEvents(b, search.AStar, "linear-conflict", start, board.BlankLast)
	trace := fullJSON(evs)
	h := heuristic(b, "linear-conflict", start.Size(), board.BlankLast)
	b.SetBytes(int64(len(trace)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rd := Reader{Options: Options{Algorithm: search.AStar, Heuristic: h, Goal: board.BlankLast, StrictOrder: true}}
		res, err := rd.Check(context.Background(), bytes.NewReader(trace))
		if err != nil || !res.Pass() {
			b.Fatal(err, res.Difference)
		}
	}
	b.ReportMetric(float64(len(evs))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
