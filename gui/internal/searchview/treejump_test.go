package searchview

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// treeAction is one thing the teacher does to the search in
// TestTreeAfterJumpsEqualsSteppedTree.
type treeAction int

const (
	actStep  treeAction = iota
	actNext             // N: the next expansion
	actLevel            // F: the next f, iteration, lower h or depth
	actGoal             // G, paused again after a while (or at the goal)
	actBack
	actSlider
	actReset
	actCount
)

var treeActionNames = [...]string{"Step", "N", "F", "G", "Back", "slider", "Reset"}

// scrambled returns the goal of size s after steps random blank moves
// (never undoing the last one) drawn from r.
func scrambled(t *testing.T, s board.Size, steps int, r *rand.Rand) board.Board {
	t.Helper()
	b := board.Solved(s, DefaultGoal)
	var last board.Dir = 255
	for done := 0; done < steps; {
		d := []board.Dir{board.Up, board.Down, board.Left, board.Right}[r.IntN(4)]
		if (d == board.Up && last == board.Down) || (d == board.Down && last == board.Up) ||
			(d == board.Left && last == board.Right) || (d == board.Right && last == board.Left) {
			continue
		}
		nb, err := b.Apply([]board.Dir{d})
		if err != nil {
			continue
		}
		b, last = nb, d
		done++
	}
	return b
}

// TestTreeAfterJumpsEqualsSteppedTree (issue 23, items 2 and 3): after any
// mix of steps, jumps (N, F, G), Back, history-slider moves and Reset, the
// tree model (nodes, parents, statuses at the event shown, evictions, IDA*'s
// per-pass counts) equals the model of a twin window that made the same
// search one Step at a time.
func TestTreeAfterJumpsEqualsSteppedTree(t *testing.T) {
	// The twin draws every event, so the searches are kept small: no jump
	// once a search made maxEvents events (the later passes of IDA* on the
	// 15-puzzle grow fast).
	// The long form (150 actions, two seeds) takes minutes; make test-full
	// runs it (SLIDELAB_FULL=1), make test and test-short the short one.
	// Under the race detector 20 actions, and in its race form (raceForm)
	// one case, IDA* on the 8-puzzle: its jumps are the same jobs as the
	// other searches' (N, F across passes, G), and comparing the trees is
	// the test goroutine's alone; make test-short and make test-full run
	// every case.
	actions, seeds, maxEvents := 40, 1, 2000
	switch {
	case uitest.FullMatrix():
		actions, seeds, maxEvents = 150, 2, 6000
	case uitest.RaceEnabled:
		actions = 20
	}
	cases := []struct {
		alg, heur string
		board     string // an 8-puzzle board, or "" for a scrambled 15-puzzle
		max       int    // the tree's bound (small, so that eviction happens)
	}{
		{"A*", "manhattan", "4 0 5 / 2 8 3 / 7 1 6", 300},
		{"IDA*", "manhattan", "4 0 5 / 2 8 3 / 7 1 6", 300},
		{"Breadth-first", "", "0 2 3 / 1 8 6 / 4 5 7", 400},
		{"Greedy", "linear-conflict", "5 2 8 / 4 1 7 / 0 3 6", 300},
		{"IDA*", "linear-conflict", "", 500},
	}
	for _, c := range cases {
		if raceForm() && (c.alg != "IDA*" || c.board == "") {
			continue // the race form: IDA* on the 8-puzzle only
		}
		name := c.alg
		if c.board == "" {
			name += "-15"
		}
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(seeds) {
				r := rand.New(rand.NewPCG(seed, 23))
				u, twin := newTestView(t), newTestView(t)
				for _, w := range []*testView{u, twin} {
					if c.board != "" {
						w.eightPuzzle(t, c.board)
					} else {
						w.puzzle.SetBoard(scrambled(t, board.Size4x4, 40, rand.New(rand.NewPCG(9, 9))), "scrambled", -1)
					}
					w.search.AlgorithmSelect.SetSelected(c.alg)
					if c.heur != "" {
						if err := w.search.SelectHeuristic(c.heur); err != nil {
							t.Fatal(err)
						}
					}
					w.tree.Model.Max = c.max
					w.search.Player.SetSpeed(toolkit.MaxSpeed)
				}
				test.Tap(u.tree.Toggle)
				var done []string
				for i := range actions {
					a := treeAction(r.IntN(int(actCount)))
					if a == actReset && r.IntN(3) > 0 {
						a = actStep // Reset rarely: the search gets somewhere
					}
					if (a == actNext || a == actLevel || a == actGoal) && u.search.Events > maxEvents {
						a = actBack
					}
					done = append(done, treeActionNames[a])
					doTreeAction(t, u, a, r)
					if a == actReset {
						twin.search.Reset()
					}
					for twin.search.Events < u.search.Events {
						twin.search.Step()
					}
					compareTrees(t, u, twin, i, done)
				}
			}
		})
	}
}

// doTreeAction does a on u.
func doTreeAction(t *testing.T, u *testView, a treeAction, r *rand.Rand) {
	t.Helper()
	c := u.code
	switch a {
	case actStep:
		for range 1 + r.IntN(5) {
			u.search.Step()
		}
	case actNext:
		jumpAndWait(t, u, c.NextExpansion)
	case actLevel:
		jumpAndWait(t, u, c.NextLevel)
	case actGoal:
		if u.search.Stepper != nil && u.search.Stepper.Done() && u.search.Timeline.AtEnd() {
			return
		}
		until := u.search.Events + 1 + r.IntN(40)
		test.Tap(c.PlayToGoal)
		u.q.Until(t, func() bool { return !c.Jumping() || u.search.Events >= until })
		if c.Jumping() {
			test.Tap(c.PlayToGoal)
		}
		u.q.Drain()
	case actBack:
		for range 1 + r.IntN(20) {
			u.search.Back()
		}
	case actSlider:
		if n := u.search.Timeline.Len(); n > 0 {
			c.Seek(r.IntN(n))
		}
	case actReset:
		u.search.Reset()
	}
}

// compareTrees fails when u's tree differs from twin's at the event u shows.
func compareTrees(t *testing.T, u, twin *testView, i int, done []string) {
	t.Helper()
	if u.search.Events != twin.search.Events {
		t.Fatalf("after %v: %d events, the twin made %d", done, u.search.Events, twin.search.Events)
	}
	at := u.tree.View.At
	if snap, ok := u.search.Timeline.Current(); ok && len(snap.Trace) > 0 {
		if want := snap.Trace[len(snap.Trace)-1].Seq + 1; at != want {
			t.Fatalf("after %v: the tree shows event %d, the panel %d", done, at, want)
		}
	}
	got, want := u.tree.Model.Describe(at), twin.tree.Model.Describe(at)
	if got != want {
		t.Fatalf("action %d, after %v: the tree at %d differs from the stepped one:\n%s", i, done, at, firstDiff(got, want))
	}
}

// firstDiff shows the first lines where two descriptions differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for k := 0; k < max(len(g), len(w)); k++ {
		var a, b string
		if k < len(g) {
			a = g[k]
		}
		if k < len(w) {
			b = w[k]
		}
		if a != b {
			return "line " + strconv.Itoa(k) + ":\n got  " + a + "\n want " + b + "\n(" + strconv.Itoa(len(g)) + " lines, want " + strconv.Itoa(len(w)) + ")"
		}
	}
	return ""
}
