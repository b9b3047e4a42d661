package searchview

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestReplayTreeShowsARecordedRun feeds a recorded A* run to the replay
// tree in two parts and checks that it draws, at each event shown, what a
// tree model fed the same events one at a time draws, also going back.
func TestReplayTreeShowsARecordedRun(t *testing.T) {
	uitest.ReleaseRenderers(t)
	test.NewTempApp(t)
	evs, _ := traceRun(t, search.AStar, board.Size3x3, "8 1 3 / 4 0 2 / 7 6 5", 0)
	r := NewReplayTree()
	test.NewTempWindow(t, r.Object())
	r.Reset(search.AStar)
	half := len(evs) / 2
	r.Apply(evs[:half])
	r.Apply(evs[:half+1]) // events already applied are skipped
	r.Apply(evs[half+1:])
	twin := newSearchTree(treeMaxNodes)
	twin.reset(search.AStar)
	for _, e := range evs {
		twin.apply(e)
	}
	for _, i := range []int{len(evs) - 1, half, 3, len(evs) - 1} {
		r.ShowAt(evs[i].Seq, evs[i].Node)
		want := twin.layoutAt(evs[i].Seq+1, evs[i].Node)
		kept, drawn := r.Nodes()
		if kept != twin.Len() || drawn != len(want.Nodes) || r.view.Lay.Cur != want.Cur {
			t.Errorf("at event %d: %d kept, %d drawn, current %d; want %d, %d, %d", i, kept, drawn, r.view.Lay.Cur, twin.Len(), len(want.Nodes), want.Cur)
		}
	}
	r.Reset(search.IDAStar)
	if kept, drawn := r.Nodes(); kept != 0 || drawn != 0 {
		t.Errorf("after Reset: %d kept, %d drawn", kept, drawn)
	}
}
