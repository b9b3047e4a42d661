package render

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// TestSearchGIFWeightedCards: weighted A*'s tree cards write the f it
// orders by (g + w·h), so the frames of a run with GIFOptions.Weight
// differ from the same run drawn without it; for A* the weight is ignored.
func TestSearchGIFWeightedCards(t *testing.T) {
	const text, steps = "8 6 7 / 2 5 4 / 3 0 1", 4
	last := func(alg search.Algorithm, weight float64) []byte {
		b, err := board.ParseSolvable(text, board.Size{}, board.BlankLast)
		if err != nil {
			t.Fatal(err)
		}
		h, err := search.NewHeuristic(context.Background(), "manhattan", b.Size(), board.BlankLast, search.HeuristicOptions{})
		if err != nil {
			t.Fatal(err)
		}
		st, err := search.NewStepper(b, search.Config{Algorithm: alg, Heuristic: h, Goal: board.BlankLast, Weight: 3})
		if err != nil {
			t.Fatal(err)
		}
		opts := DefaultGIFOptions()
		opts.Weight = weight
		a, err := SearchAnimation(context.Background(), st, alg, board.BlankLast, nil, steps, opts)
		if err != nil {
			t.Fatal(err)
		}
		var img image.Image
		for i := range a.Len() { // in order: the tree grows frame by frame
			if img, _, err = a.Frame(i); err != nil {
				t.Fatal(err)
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	if bytes.Equal(last(search.WAStar, 3), last(search.WAStar, 0)) {
		t.Error("weighted A*'s frames are the same with and without its weight: the cards do not write g + w·h")
	}
	if !bytes.Equal(last(search.AStar, 3), last(search.AStar, 0)) {
		t.Error("A*'s frames change with a weight it does not take")
	}
}
