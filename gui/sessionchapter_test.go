package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidelab/slidelab/gui/internal/searchview"
)

// TestSessionFileChapterAlgorithms: the search chapter's algorithms and
// their parameters go into a session file (version 3) and come back in a
// fresh window: the algorithm, each parameter, and the search's position.
//
// The race form (raceForm) keeps iterative deepening, the case with two
// parameters: every case saves and opens the same way, two windows each
// (12.9 s of the shell's race run for the three).
func TestSessionFileChapterAlgorithms(t *testing.T) {
	for _, tc := range []struct {
		alg, heur string
		set       func(p *searchview.AlgParams)
		want      string
	}{
		{"Weighted A*", "manhattan", func(p *searchview.AlgParams) { p.Weight.SetSelected("1.5") }, `"weight": 1.5`},
		{"Iterative deepening", "manhattan", func(p *searchview.AlgParams) { // the depth-first searches' parameters
			p.DepthLimit.SetSelected("15")
			p.CycleCheck.SetSelected(p.CycleCheck.Options[1])
		}, `"depth_limit": 15,
    "cycle_check": "path"`},
		{"SMA*", "tile-manhattan", func(p *searchview.AlgParams) {
			p.MemoryNodes.SetSelected("500")
			p.Cost.SetSelected(p.Cost.Options[1])
		}, `"memory_nodes": 500`},
	} {
		t.Run(tc.alg, func(t *testing.T) {
			if raceForm() && tc.alg != "Iterative deepening" {
				t.Skip("race form: iterative deepening only; make test-short and make test-full run it")
			}
			u := newTestUI(t)
			eightPuzzle(t, u, "1 2 3 / 4 0 6 / 7 5 8")
			u.Search.AlgorithmSelect.SetSelected(tc.alg)
			if err := u.Search.SelectHeuristic(tc.heur); err != nil {
				t.Fatal(err)
			}
			tc.set(u.Search.Params)
			for range 3 {
				u.Search.Step()
			}
			u.q.Drain()
			path := filepath.Join(t.TempDir(), "chapter.slidelab")
			if err := u.SaveSessionFile(path); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			if !strings.Contains(string(data), `"version": 3`) || !strings.Contains(string(data), tc.want) {
				t.Fatalf("file lacks version 3 or %s:\n%s", tc.want, data)
			}
			fresh := newTestUI(t)
			if err := fresh.OpenFile(path); err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			fresh.q.Drain()
			if got := fresh.Search.AlgorithmSelect.Selected; got != tc.alg {
				t.Errorf("algorithm %q, want %q", got, tc.alg)
			}
			if got, want := fresh.Search.Params.Values(), u.Search.Params.Values(); got != want {
				t.Errorf("parameters %+v, want %+v", got, want)
			}
			if got := fresh.Search.Position(); got != 3 {
				t.Errorf("position %d, want 3", got)
			}
		})
	}
}
