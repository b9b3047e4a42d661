package compare

import (
	"bytes"
	"context"
	"encoding/csv"
	"reflect"
	"strconv"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestRunCosts: a report gives each solution's cost under its cost model
// (the cheapest, by uniform-cost search with no heuristic, for A* with
// heuristics admissible under that model), names the model, and lists as
// inadmissible the heuristics that may overestimate under it.
func TestRunCosts(t *testing.T) {
	var instances []Instance
	for i, text := range []string{"1 2 3 / 4 0 6 / 7 5 8", "4 1 3 / 7 2 6 / 0 5 8", "8 1 3 / 4 0 2 / 7 6 5"} {
		b, err := board.ParseSolvable(text, board.Size3x3, board.BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		instances = append(instances, Instance{Name: string(rune('a' + i)), Board: b, Optimal: -1})
	}
	set := Set{Name: "three", Goal: board.BlankLast, Instances: instances}
	hs := resolveAll(t, board.Size3x3, "manhattan", "tile-manhattan", "lc-pairs")
	for _, tt := range []struct {
		cost         search.CostModel
		model        string
		inadmissible []string
	}{
		{search.UnitCost, "", []string{"tile-manhattan", "lc-pairs"}},
		{search.TileCost, "tile", []string{"lc-pairs"}},
	} {
		r, err := Run(context.Background(), set, hs, Options{Algorithm: search.AStar, Cost: tt.cost})
		if err != nil {
			t.Fatal(err)
		}
		if r.CostModel != tt.model || !reflect.DeepEqual(r.Inadmissible, tt.inadmissible) {
			t.Errorf("%v: cost model %q, inadmissible %v; want %q, %v", tt.cost, r.CostModel, r.Inadmissible, tt.model, tt.inadmissible)
		}
		for i, in := range instances {
			ref, err := search.Solve(context.Background(), in.Board, search.Config{Algorithm: search.UCS, Goal: board.BlankLast, Cost: tt.cost})
			if err != nil {
				t.Fatal(err)
			}
			for j, h := range r.Heuristics {
				res := r.At(i, j)
				moves, err := board.ParseMoves(res.Moves)
				if err != nil {
					t.Fatalf("%s/%s: moves %q: %v", in.Name, h, res.Moves, err)
				}
				if got := search.PathCost(in.Board, moves, tt.cost); res.Cost != got {
					t.Errorf("%v %s/%s: cost %d, but its moves cost %d", tt.cost, in.Name, h, res.Cost, got)
				}
				if tt.cost == search.UnitCost && res.Cost != res.Length {
					t.Errorf("unit %s/%s: cost %d, length %d", in.Name, h, res.Cost, res.Length)
				}
				if r.IsAdmissible(h) && res.Cost != ref.Cost {
					t.Errorf("%v %s/%s (admissible): cost %d, the cheapest is %d", tt.cost, in.Name, h, res.Cost, ref.Cost)
				}
			}
		}
		var buf bytes.Buffer
		if err := r.WriteCSV(&buf); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		last := len(rows[0]) - 1
		if rows[0][last] != "cost" || rows[1][last] != strconv.Itoa(r.At(0, 0).Cost) {
			t.Errorf("%v: csv's last column %q = %q, want cost = %d", tt.cost, rows[0][last], rows[1][last], r.At(0, 0).Cost)
		}
	}
}
