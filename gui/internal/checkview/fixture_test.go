package checkview

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// fakeTree records what the view feeds a tree: the events applied, in
// order, and the last event and node shown.
type fakeTree struct {
	alg     search.Algorithm
	events  []search.TraceEvent
	seq     uint64
	cur     int64
	resets  int
	content *widget.Label
}

func newFakeTree() *fakeTree { return &fakeTree{content: widget.NewLabel("tree"), cur: -1} }

func (f *fakeTree) Reset(alg search.Algorithm) { f.alg, f.events, f.resets = alg, nil, f.resets+1 }
func (f *fakeTree) Apply(es []search.TraceEvent) {
	f.events = append(f.events, es...)
}
func (f *fakeTree) ShowAt(seq uint64, cur int64) { f.seq, f.cur = seq, cur }
func (f *fakeTree) Object() fyne.CanvasObject    { return f.content }

// newTestView builds the view alone, as the shell does: a session with the
// default goal, the registry's heuristics (no tables), fake trees, its
// content in a laptop-sized test window; jobs post to the returned queue.
func newTestView(t *testing.T) (*uitest.MainQueue, *CheckView, [2]*fakeTree) {
	t.Helper()
	ctx, q := uitest.StartView(t)
	sess := session.NewSession(board.Solved(board.Size3x3, board.BlankLast), "test", -1, board.BlankLast)
	var trees [2]*fakeTree
	n := 0
	v := NewCheckView(ctx, q.Do, nil, sess, func(s board.Size) []catalog.HeuristicOption {
		return catalog.RegistryOptions(s, sess.Goal())
	}, func() Tree {
		trees[n] = newFakeTree()
		n++
		return trees[n-1]
	})
	uitest.ShowView(t, q, v.Content, v.Stop)
	return q, v, trees
}

// openFixture opens testdata/name with alg selected and waits for the check.
func openFixture(t *testing.T, q *uitest.MainQueue, v *CheckView, name, alg string) {
	t.Helper()
	v.AlgorithmSelect.SetSelected(alg) // nothing open yet, or a recheck dropped by the open
	q.Wait(t, v.Open(filepath.Join("testdata", name)))
	q.Wait(t, v.Runs.Done())
}
