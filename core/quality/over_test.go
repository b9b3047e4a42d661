package quality

import (
	"context"
	"sort"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
)

// TestOverestimatesOracle measures the heuristics that lie on every
// 8-puzzle state and checks where they overestimate against a direct count
// over the oracle's BFS: per true distance the states with h > h* and the
// largest h - h*, and the worst states in order.
func TestOverestimatesOracle(t *testing.T) {
	s := sample3x3(t)
	names := []string{"lc-pairs", "wmanhattan:1.5", "manhattan+hamming", "wmanhattan:0.5"}
	if testing.Short() || raceForm() {
		// The race form (raceForm) measures -short's two: a liar with
		// overestimates and one without (Measure and the oracle are
		// one goroutine's arithmetic over every state).
		names = []string{"lc-pairs", "wmanhattan:0.5"}
	}
	hs, err := compare.ResolveHeuristics(context.Background(), names, board.Size3x3, board.BlankLast, compare.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Measure(context.Background(), s, hs, nil)
	if err != nil {
		t.Fatal(err)
	}
	type worst struct {
		over, hstar int
		line        string
	}
	for i, h := range hs {
		st := r.Heuristics[i]
		rows := map[int]*OverRow{}
		var all []worst
		for g, d := range oracleBFS() {
			b := toBoard(t, g)
			v := h.H.Estimate(b)
			if v <= d {
				continue
			}
			if rows[d] == nil {
				rows[d] = &OverRow{HStar: d}
			}
			rows[d].States++
			rows[d].MaxOver = max(rows[d].MaxOver, v-d)
			all = append(all, worst{v - d, d, b.Line()})
		}
		if got := len(st.OverByDistance); got != len(rows) {
			t.Errorf("%s: %d rows by distance, want %d", h.Name, got, len(rows))
		}
		var total int64
		for k, row := range st.OverByDistance {
			if want := rows[row.HStar]; want == nil || *want != row || k > 0 && row.HStar <= st.OverByDistance[k-1].HStar {
				t.Errorf("%s: row %+v, want %+v (in increasing h*)", h.Name, row, want)
			}
			total += row.States
		}
		if total != st.Over {
			t.Errorf("%s: rows add up to %d, over %d", h.Name, total, st.Over)
		}
		sort.Slice(all, func(a, b int) bool {
			x, y := all[a], all[b]
			if x.over != y.over {
				return x.over > y.over
			}
			if x.hstar != y.hstar {
				return x.hstar < y.hstar
			}
			return x.line < y.line
		})
		if len(all) > MaxOverExamples {
			all = all[:MaxOverExamples]
		}
		if len(st.WorstOver) != len(all) {
			t.Fatalf("%s: %d worst states, want %d", h.Name, len(st.WorstOver), len(all))
		}
		for k, w := range st.WorstOver {
			b, err := board.Parse(w.Board, board.Size3x3)
			if err != nil {
				t.Fatal(err)
			}
			if got := (worst{w.H - w.HStar, w.HStar, b.Line()}); got != all[k] {
				t.Errorf("%s: worst %d = %+v, want %+v", h.Name, k, got, all[k])
			}
		}
		if st.Inadmissible != (h.Name != "wmanhattan:0.5") {
			t.Errorf("%s: inadmissible %v", h.Name, st.Inadmissible)
		}
	}
}
