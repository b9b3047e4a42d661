package compare

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

func resolveAll(t *testing.T, s board.Size, names ...string) []Heuristic {
	t.Helper()
	hs, err := ResolveHeuristics(context.Background(), names, s, board.BlankLast, ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return hs
}

// direct solves with the search package alone and converts like Run does.
func direct(t *testing.T, b board.Board, h search.Heuristic, alg search.Algorithm) search.Result {
	t.Helper()
	res, err := search.Solve(context.Background(), b, search.Config{Algorithm: alg, Heuristic: h, Goal: board.BlankLast})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestRunMatchesSolve(t *testing.T) {
	eight, err := ParseSet("random8:6:3", board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	walks, err := ParseSet("walk:30:4:5", board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		set   Set
		names []string
		alg   search.Algorithm
	}{
		{eight, []string{"manhattan", "linear-conflict", "pdb:44", "hamming"}, search.IDAStar},
		{eight, []string{"manhattan", "pdb:44+reflect", "pdb:44", "lc-pairs", "wmanhattan:1.5"}, search.AStar},
		{walks, []string{"md", "lc"}, search.IDAStar},
	}
	for _, tt := range tests {
		hs := resolveAll(t, tt.set.Instances[0].Board.Size(), tt.names...)
		var one *Report
		for _, workers := range []int{1, 2, 3} {
			var mu sync.Mutex
			var calls []Progress
			r, err := Run(context.Background(), tt.set, hs, Options{Algorithm: tt.alg, Workers: workers, Progress: func(p Progress) {
				mu.Lock()
				calls = append(calls, p)
				mu.Unlock()
			}})
			if err != nil {
				t.Fatal(err)
			}
			total := len(tt.set.Instances) * len(hs)
			if len(calls) != total+1 || calls[0].Done != 0 || calls[total].Done != total || calls[total].Total != total {
				t.Errorf("%d progress calls, first %+v, last %+v", len(calls), calls[0], calls[len(calls)-1])
			}
			if !r.Complete() || r.Algorithm != tt.alg.String() || r.Set != tt.set.Name {
				t.Errorf("report: complete %v, algorithm %q, set %q", r.Complete(), r.Algorithm, r.Set)
			}
			for i, in := range tt.set.Instances {
				for j, h := range hs {
					got := r.At(i, j)
					want := direct(t, in.Board, h.H, tt.alg)
					var iters []Iteration
					for _, it := range want.Iterations {
						iters = append(iters, Iteration{Bound: it.Bound, Expanded: it.Expanded, Generated: it.Generated})
					}
					if got.Instance != in.Name || got.Heuristic != h.Name || got.Status != Solved ||
						got.Length != want.Length() || got.H0 != want.H0 || got.Expanded != want.Expanded ||
						got.Generated != want.Generated || got.Reopened != want.Reopened || !reflect.DeepEqual(got.Iterations, iters) ||
						got.Moves != board.FormatMoves(want.Moves) {
						t.Errorf("%s with %s (%d workers): %+v, direct solve %+v", in.Name, h.Name, workers, got, want)
					}
				}
			}
			// Apart from timings, the report does not depend on the workers.
			for k := range r.Results {
				r.Results[k].Seconds = 0
			}
			r.Seconds = 0
			if one == nil {
				one = r
			} else if !reflect.DeepEqual(one, r) {
				t.Errorf("report with %d workers differs from the one with 1", workers)
			}
		}
	}
}

func TestLimits(t *testing.T) {
	hard := Korf100().Instances[0] // Korf #1: hundreds of millions of nodes with Manhattan
	easy := Instance{Name: "easy", Board: mustWalk(t, 6), Optimal: -1}
	set := Set{Name: "limits", Goal: board.BlankLast, Instances: []Instance{easy, hard}}
	hs := resolveAll(t, board.Size4x4, "manhattan")

	r, err := Run(context.Background(), set, hs, Options{NodeLimit: 5000})
	if err != nil {
		t.Fatal(err)
	}
	if s := r.At(0, 0); s.Status != Solved {
		t.Errorf("easy instance: %+v", s)
	}
	got := r.At(1, 0)
	if got.Status != NodeLimit || !got.Status.Partial() || got.Length != -1 || got.Generated < 5000 ||
		got.Expanded == 0 || len(got.Iterations) == 0 || !strings.Contains(got.Error, "node limit") {
		t.Errorf("node limit: %+v", got)
	}
	if r.Complete() {
		t.Error("report with a limited run is complete")
	}

	r, err = Run(context.Background(), set, hs, Options{Timeout: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.At(1, 0); got.Status != Timeout || got.Length != -1 {
		t.Errorf("timeout: %+v", got)
	}
	if got := r.At(0, 0); got.Status != Solved {
		t.Errorf("easy instance under a timeout: %+v", got)
	}
}

func mustWalk(t *testing.T, n int) board.Board {
	t.Helper()
	b, _, err := board.RandomWalk(board.NewRand(uint64(n)), board.Solved(board.Size4x4, board.BlankLast), n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCancel(t *testing.T) {
	hs := resolveAll(t, board.Size4x4, "manhattan", "linear-conflict")

	// Cancelled between runs: the rest are skipped.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	easy := Set{Name: "walks", Goal: board.BlankLast, Instances: []Instance{
		{Name: "a", Board: mustWalk(t, 8)}, {Name: "b", Board: mustWalk(t, 10)}, {Name: "c", Board: mustWalk(t, 12)}}}
	r, err := Run(ctx, easy, hs, Options{Workers: 1, Progress: func(p Progress) {
		if p.Done == 1 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("Run after cancel: %v, report %v", err, r != nil)
	}
	if r.Results[0].Status != Solved {
		t.Errorf("first run: %+v", r.Results[0])
	}
	for _, res := range r.Results[1:] {
		if res.Status != Skipped || res.Expanded != 0 || res.Length != -1 {
			t.Errorf("run after cancellation: %+v", res)
		}
	}

	// Cancelled during runs: the runs going stop with their counts so far.
	// The cancel comes once both runs have expanded their start (a child of
	// each start was estimated), not after a delay, which a busy machine
	// may spend before the second run starts.
	hard := Set{Name: "hard", Goal: board.BlankLast, Instances: []Instance{Korf100().Instances[0], Korf100().Instances[1]}}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	expanded := map[int]bool{}
	watch := estimateHook{Heuristic: hs[0].H, hook: func(b board.Board) {
		for i, in := range hard.Instances {
			if isChild(in.Board, b) {
				mu.Lock()
				if expanded[i] = true; len(expanded) == len(hard.Instances) {
					cancel()
				}
				mu.Unlock()
			}
		}
	}}
	r, err = Run(ctx, hard, []Heuristic{{Name: hs[0].Name, H: watch}}, Options{Workers: 2})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	for _, res := range r.Results {
		if res.Status != Cancelled || res.Expanded == 0 || res.Length != -1 {
			t.Errorf("cancelled run: %+v", res)
		}
	}
}

// estimateHook is a heuristic that calls hook with every board it estimates.
type estimateHook struct {
	search.Heuristic
	hook func(board.Board)
}

func (h estimateHook) Estimate(b board.Board) int {
	h.hook(b)
	return h.Heuristic.Estimate(b)
}

// isChild reports whether b is one move away from parent.
func isChild(parent, b board.Board) bool {
	for _, d := range board.Dirs {
		if c, ok := parent.Move(d); ok && c == b {
			return true
		}
	}
	return false
}

func TestRunErrors(t *testing.T) {
	md8 := resolveAll(t, board.Size3x3, "manhattan")
	md15 := resolveAll(t, board.Size4x4, "manhattan")
	mixed := Set{Name: "mixed", Goal: board.BlankLast, Instances: []Instance{
		{Name: "a", Board: board.Solved(board.Size3x3, board.BlankLast)},
		{Name: "b", Board: board.Solved(board.Size4x4, board.BlankLast)}}}
	tests := []struct {
		name string
		set  Set
		hs   []Heuristic
		want string
	}{
		{"empty set", Set{Name: "none"}, md8, "empty"},
		{"no heuristics", Classroom(), nil, "no heuristics"},
		{"wrong size", Classroom(), md8, "3x3"},
		{"wrong goal", Set{Name: "bf", Goal: board.BlankFirst, Instances: []Instance{{Name: "a", Board: board.Solved(board.Size4x4, board.BlankFirst)}}}, md15, "goal"},
		{"mixed sizes", mixed, md8, "first instance"},
		{"nil heuristic", Classroom(), []Heuristic{{Name: "none"}}, "missing"},
	}
	for _, tt := range tests {
		r, err := Run(context.Background(), tt.set, tt.hs, Options{})
		if err == nil || r != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: report %v, error %v; want an error mentioning %q", tt.name, r != nil, err, tt.want)
		}
	}
}

func TestResolveHeuristics(t *testing.T) {
	tests := []struct {
		names []string
		want  []string
		error string
	}{
		{names: []string{"md", "LC", " hamming "}, want: []string{"manhattan", "linear-conflict", "hamming"}},
		{names: []string{"pdb:4-4", "manhattan+reflect"}, want: []string{"pdb:44", "manhattan+reflect"}},
		{names: []string{"pdb:1,2,3,4/5,6,7,8"}, want: []string{"pdb:44"}}, // the preset's groups
		{names: []string{"pdb:1,2,3/4,5,6,7,8"}, want: []string{"pdb:1,2,3/4,5,6,7,8"}},
		{names: []string{"linear", "linearconflict+reflect", "misplaced"}, want: []string{"linear-conflict", "linear-conflict+reflect", "hamming"}},
		{names: []string{"md", "manhattan"}, error: "listed twice"},
		{names: []string{"euclid"}, error: "unknown heuristic"},
		{names: []string{""}, error: "empty heuristic"},
		{names: nil, error: "no heuristics"},
		{names: []string{"pdb:663"}, error: "pdb:663"},
		{names: []string{"pdb:1,2/2,3"}, error: "pdb:1,2/2,3"},
	}
	for _, tt := range tests {
		hs, err := ResolveHeuristics(context.Background(), tt.names, board.Size3x3, board.BlankLast, ResolveOptions{})
		if tt.error != "" {
			if err == nil || !strings.Contains(err.Error(), tt.error) {
				t.Errorf("%q: error %v, want one mentioning %q", tt.names, err, tt.error)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.names, err)
			continue
		}
		var got []string
		for _, h := range hs {
			got = append(got, h.Name)
			b := board.Solved(board.Size3x3, board.BlankLast)
			if v := h.H.Estimate(b); v != 0 {
				t.Errorf("%s estimates the goal at %d", h.Name, v)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: names %q, want %q", tt.names, got, tt.want)
		}
	}
}

// TestRunReopenedAndInadmissible: a report counts A*'s reopenings (the
// board is pinned in core/search's TestAStarReopensPinned) and lists the
// heuristics that may overestimate.
func TestRunReopenedAndInadmissible(t *testing.T) {
	b, err := board.ParseSolvable("7 6 3 / 5 4 1 / 2 8 0", board.Size3x3, board.BlankLast)
	if err != nil {
		t.Fatal(err)
	}
	set := Set{Name: "pinned", Goal: board.BlankLast, Instances: []Instance{{Name: "1", Board: b, Optimal: 24}}}
	hs := resolveAll(t, board.Size3x3, "manhattan", "pdb:44", "md+hamming", "wmanhattan:0.5")
	r, err := Run(context.Background(), set, hs, Options{Algorithm: search.AStar})
	if err != nil {
		t.Fatal(err)
	}
	if got := []uint64{r.At(0, 0).Reopened, r.At(0, 1).Reopened}; got[0] != 0 || got[1] != 5 {
		t.Errorf("reopened with manhattan and pdb:44: %v, want [0 5]", got)
	}
	if !reflect.DeepEqual(r.Inadmissible, []string{"manhattan+hamming"}) {
		t.Errorf("inadmissible %v, want [manhattan+hamming]", r.Inadmissible)
	}
}
