package searchview

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/gui/internal/widgets"
)

// testView is the search view built alone, as the shell builds it but
// without the other views, the tabs or the header: the board, the search
// panel with its code panel, tree panel and predict mode, laid out as the
// shell's puzzle tab lays them out, in a test window the size of a laptop's.
type testView struct {
	q       *uitest.MainQueue
	w       fyne.Window
	sess    *session.Session
	puzzle  *PuzzleView
	search  *SearchPanel
	tree    *TreePanel
	predict *Predictor
	code    *CodePanel
}

// newTestView builds the view on the first classroom instance (a
// 15-puzzle, as the app starts). Background work hands its widget updates
// to the view's queue, which the test drains; the view's jobs end when the
// test does. The heuristics offered are core/search's registry's that need
// no tables, for the session's goal.
func newTestView(t *testing.T) *testView {
	t.Helper()
	// The app's theme is built on Fyne's default one; the test theme has
	// no bold monospaced face, which the code panel draws.
	uitest.ReleaseRenderers(t)
	test.NewTempApp(t).Settings().SetTheme(theme.DefaultTheme())
	ctx, cancel := context.WithCancel(context.Background())
	v := &testView{q: uitest.NewMainQueue()}
	first := board.Korf100()[ClassroomSet[0]-1]
	v.sess = session.NewSession(first.Board, "Korf", first.Optimal, DefaultGoal)
	v.sess.SetKorfBoard(first.Board, v.sess.Title(), first.Optimal)
	v.puzzle = NewPuzzleView(v.sess)
	v.search = NewSearchPanel(ctx, v.q.Do, v.sess, 0.5, v.puzzle.Show, v.heuristicOptions)
	v.search.DrawOverlayOn(v.puzzle)
	v.search.Window = func() fyne.Window { return v.w }
	v.tree = NewTreePanel(v.search, v.puzzle.Show)
	v.predict = NewPredictor(v.search)
	v.code = NewCodePanel(ctx, v.q.Do, v.search)
	v.sess.Subscribe(func(c session.Change) {
		if c.Size || c.Goal {
			v.search.RefreshHeuristics()
			v.search.RefreshPDBStatus()
		}
	})
	v.w = test.NewTempWindow(t, toolkit.WithTips(v.content()))
	v.w.Resize(fyne.NewSize(1200, 800))
	v.search.RefreshHeuristics()
	t.Cleanup(func() {
		cancel()
		v.search.Stop()
		v.code.Pause()
	})
	v.q.Drain()
	return v
}

// content lays the view out as the shell's puzzle tab does (gui/ui.go).
func (v *testView) content() fyne.CanvasObject {
	p, s := v.puzzle, v.search
	left := v.tree.Beside(container.NewBorder(p.Title, p.Legend, nil, nil, container.NewStack(p.Board)))
	right := container.NewVScroll(container.NewPadded(container.NewVBox(
		toolkit.NewFoldButton("Board", p.Controls), p.Controls, widget.NewSeparator(), s.Controls,
		s.StatsBox, v.predict.Box, v.code.Jumps,
		toolkit.NewFlowAligned(toolkit.FlowStretch, WithTip(s.RaceButton, TipRace), WithTip(v.tree.Toggle, TipTreeToggle),
			WithTip(v.predict.Toggle, TipPredict), WithTip(s.GIFButton, TipGIF)),
		v.code.Box, s.Details)))
	v.predict.Follow(right)
	return toolkit.NewSide(left, right, 0.36)
}

// heuristicOptions offers core/search's heuristics that need no tables,
// and on the 8-puzzle the 4-4 pattern database (built in microseconds),
// with and without the reflected lookup, labelled as the app labels them.
func (v *testView) heuristicOptions(s board.Size) []catalog.HeuristicOption {
	goal := v.sess.Goal()
	var opts []catalog.HeuristicOption
	for _, k := range search.HeuristicKinds() {
		if k.NeedsTables {
			continue
		}
		spec := search.HeuristicSpec{Kind: k}
		opts = append(opts, catalog.HeuristicOption{Label: spec.Label(), Short: spec.String(), IsDefault: k.Default,
			Build: func() (search.Heuristic, error) {
				return spec.New(context.Background(), s, goal, search.HeuristicOptions{})
			}})
	}
	if s != board.Size3x3 {
		return opts
	}
	p, err := pdb.Preset("44", s, goal)
	if err != nil {
		return opts // the tests that ask for pdb:44 say it is missing
	}
	state := func() catalog.PDBState {
		return catalog.PDBState{Name: "4-4", Status: "ready", Fraction: 1, Ready: true}
	}
	build := func(reflect bool) func() (search.Heuristic, error) {
		return func() (search.Heuristic, error) {
			db, err := pdb.Build(context.Background(), p, nil)
			if err != nil {
				return nil, err
			}
			h, err := search.NewPDB(db)
			if err != nil || !reflect {
				return h, err
			}
			return search.NewReflected(h, s, goal)
		}
	}
	short := "pdb:" + catalog.PDBPartitionName(p)
	return append(opts,
		catalog.HeuristicOption{Label: "4-4 pattern database", Short: short, Build: build(false), Database: state},
		catalog.HeuristicOption{Label: "4-4 PDB + reflected lookup", Short: short + search.ReflectSuffix, Build: build(true), Database: state})
}

// eightPuzzle types text into the board entry and applies it.
func (v *testView) eightPuzzle(t *testing.T, text string) board.Board {
	t.Helper()
	v.puzzle.BoardEntry.SetText(text)
	test.Tap(v.puzzle.ApplyButton)
	b, _ := v.puzzle.Current()
	if v.puzzle.Error.Visible() {
		t.Fatalf("board %q refused: %s", text, v.puzzle.Error.Text)
	}
	return b
}

// shownSnap returns the event the search panel shows.
func shownSnap(t *testing.T, s *SearchPanel) SearchSnap {
	t.Helper()
	snap, ok := s.Timeline.Current()
	if !ok {
		t.Fatal("no event shown")
	}
	return snap
}

// objectsIn returns o and every object drawn under it.
func objectsIn(o fyne.CanvasObject) []fyne.CanvasObject { return uitest.ObjectsIn(o) }

// drawnBadges returns the visible overlay texts of v by their corner and
// cell, the badges' text size and the tile numbers' (uitest.DrawnBadges).
func drawnBadges(t *testing.T, v *widgets.BoardView) (badges map[string]string, badgeSize, numberSize float32) {
	t.Helper()
	r := test.WidgetRenderer(v).(*widgets.BoardRenderer)
	return uitest.DrawnBadges(t, v.CellAt, r.Labels, map[string][]widgets.Badge{"share": r.Ov.Share, "extra": r.Ov.Extra, "mark": r.Ov.Mark})
}
