package raceview

import (
	"fmt"
	"testing"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog/catalogtest"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// goal is the goal the lanes race towards: the app's default, blank last.
const goal = board.BlankLast

// newTestView builds the race alone, as the shell does but without it: a
// session on Korf's instance the app opens on (#9), the heuristics of
// catalogtest.Options, the view's content in a test window the size of a laptop's.
// Background work hands its widget updates to the returned queue, which
// the test drains; the race's jobs end when the test does.
func newTestView(t *testing.T) (*uitest.MainQueue, *RaceView) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	first := board.Korf100()[8]
	sess := session.NewSession(first.Board, fmt.Sprintf("Korf #9, optimal %d moves", first.Optimal), first.Optimal, goal)
	sess.SetKorfBoard(first.Board, sess.Title(), first.Optimal)
	r := NewRaceView(ctx, q.Do, sess, catalogtest.Options(t, catalogtest.Goal(goal)))
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
