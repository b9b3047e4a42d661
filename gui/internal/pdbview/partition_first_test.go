package pdbview

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// TestFirstPartitionIsShown checks FirstPartition against the view: on
// every size it offers and for both goals, a view built on that size, or
// switched to it, shows FirstPartition.
func TestFirstPartitionIsShown(t *testing.T) {
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		for _, s := range PdbSizes {
			t.Run(g.String()+"/"+s.String(), func(t *testing.T) {
				ctx, q := uitest.StartView(t)
				sess := session.NewSession(board.Solved(board.Size4x4, g), "solved", 0, g)
				store := catalog.NewPDBStore(q.Do, t.TempDir())
				v := NewPDBView(ctx, q.Do, func() fyne.Window { return nil }, store, sess, s)
				if got, want := v.Partition(), FirstPartition(s, g); got.String() != want.String() || got.Goal != want.Goal || got.Size != want.Size {
					t.Errorf("built on %s: shows %s (%s), FirstPartition %s (%s)", s, got, got.Goal, want, want.Goal)
				}
				other := board.Size3x3
				if s == other {
					other = board.Size4x4
				}
				v.SizeSelect.SetSelected(toolkit.SizeLabel(other))
				v.SizeSelect.SetSelected(toolkit.SizeLabel(s))
				if got, want := v.Partition(), FirstPartition(s, g); got.String() != want.String() {
					t.Errorf("switched to %s: shows %s, FirstPartition %s", s, got, want)
				}
			})
		}
	}
}
