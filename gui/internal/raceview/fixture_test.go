package raceview

import (
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// goal is the goal the lanes race towards: the app's default, blank last.
const goal = board.BlankLast

// raceOptions stands in for the shell's heuristic menu: the registry's
// heuristics without tables and the size's preset pattern database, the
// default and the heuristics that lie last, as in the shell. The 8-puzzle's 4-4 database is built (it takes
// microseconds); the 15-puzzle's 6-6-3 one is offered but never built, as
// in a shell that has not loaded it yet.
func raceOptions(t *testing.T) func(board.Size) []catalog.HeuristicOption {
	t.Helper()
	db44 := uitest.Preset(t, "44", board.Size3x3, goal)
	return func(s board.Size) []catalog.HeuristicOption {
		opts := catalog.RegistryOptions(s, goal)
		info, ok := pdb.DefaultPreset(s)
		if !ok {
			return opts
		}
		for i := range opts {
			opts[i].IsDefault = false
		}
		p, err := pdb.Preset(info.Name, s, goal)
		if err != nil {
			t.Errorf("preset %s: %v", info.Name, err)
			return opts
		}
		ready := s == board.Size3x3
		state := func() catalog.PDBState {
			if !ready {
				return catalog.PDBState{Name: info.Label, Status: "not built"}
			}
			return catalog.PDBState{Name: info.Label, Status: "ready", Fraction: 1, Ready: true}
		}
		build := func() (search.Heuristic, error) {
			if !ready {
				return nil, catalog.NotReadyError(fmt.Sprintf("the %s pattern database is not built in these tests", info.Label))
			}
			return search.NewPDB(db44)
		}
		return catalog.AdmissibleFirst(append(opts, catalog.HeuristicOption{Label: info.Label + " pattern database", Short: "pdb:" + catalog.PDBPartitionName(p),
			IsDefault: true, Build: build, Database: state}))
	}
}

// newTestView builds the race alone, as the shell does but without it: a
// session on Korf's instance the app opens on (#9), the heuristics of
// raceOptions, the view's content in a test window the size of a laptop's.
// Background work hands its widget updates to the returned queue, which
// the test drains; the race's jobs end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *RaceView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	first := board.Korf100()[8]
	sess := session.NewSession(first.Board, fmt.Sprintf("Korf #9, optimal %d moves", first.Optimal), first.Optimal, goal)
	sess.SetKorfBoard(first.Board, sess.Title(), first.Optimal)
	r := NewRaceView(ctx, q.Do, sess, raceOptions(t))
	uitest.ShowView(t, q, r.Content, r.Stop)
	return q, r
}

// eightPuzzle makes the 8-puzzle text (rows split by "/") the session's
// board, as the puzzle view's Apply does.
func eightPuzzle(t *testing.T, r *RaceView, text string) board.Board {
	t.Helper()
	b, err := board.Parse(text, board.Size3x3)
	if err != nil {
		t.Fatalf("board %q refused: %v", text, err)
	}
	r.session.SetBoard(b, "Custom board", -1)
	return b
}

// korf makes Korf's instance k (1-based) the session's board and returns
// its optimal length.
func korf(r *RaceView, k int) int {
	in := board.Korf100()[k-1]
	r.session.SetKorfBoard(in.Board, fmt.Sprintf("Korf #%d, optimal %d moves", k, in.Optimal), in.Optimal)
	return in.Optimal
}
