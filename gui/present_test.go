package gui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/gui/internal/searchview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
)

func TestPresentationMode(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	tabs := u.Window.Content()
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	if !u.Presenting() || !u.Window.FullScreen() {
		t.Fatalf("F11: presenting %v, full screen %v", u.Presenting(), u.Window.FullScreen())
	}
	if u.CurrentView() != ViewPuzzle {
		t.Errorf("presenting from the %s view left it on %s, want the puzzle", ViewPDB, u.CurrentView())
	}
	pr := u.present
	// Its buttons have the search panel's tips, drawn in a layer of its own.
	if !toolkit.HasTipLayer(u.Window.Content()) {
		t.Error("presentation mode has no layer to draw its buttons' tips in")
	}
	uitest.CheckTips(t, uitest.TipCheck{Content: pr.content, TipOf: toolkit.TipOf, Want: map[fyne.CanvasObject]string{
		pr.step: searchview.TipStep, pr.back: searchview.TipBack, pr.play: searchview.TipPlay,
		pr.run: searchview.TipRun, pr.reset: searchview.TipReset, pr.exit: tipPresentExit,
	}, Tip: func(id string) string { return searchview.Tip(id) + presentTips.Tip(id) },
		Help: searchview.ControlHelpText() + presentTips.Text(), IDs: presentTips.IDs()})
	if u.Window.Content() != pr.content || !slices.Contains(pr.boardSlot.Objects, fyne.CanvasObject(u.Puzzle.Board)) ||
		slices.Contains(u.boardSlot.Objects, fyne.CanvasObject(u.Puzzle.Board)) {
		t.Fatal("the presentation does not show the puzzle's board (or the tab still holds it)")
	}

	// The keys step the search, and the large counters follow the panel's.
	for range 5 {
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	}
	s := u.Search
	if s.Generated.Text == "0" {
		t.Fatal("Space in presentation mode did not step the search")
	}
	for _, c := range [][2]string{{pr.generated.Text, s.Generated.Text}, {pr.expanded.Text, s.Expanded.Text},
		{pr.fgh.Text, s.FGH.Text}, {pr.event.Text, s.EventInfo.Text}} {
		if c[0] != c[1] {
			t.Errorf("presentation shows %q, the panel %q", c[0], c[1])
		}
	}
	// Its buttons press the panel's: Step steps, Reset resets.
	before := s.EventInfo.Text
	test.Tap(pr.step)
	if s.EventInfo.Text == before || pr.event.Text != s.EventInfo.Text {
		t.Errorf("the presentation's Step: panel %q (before %q), presentation %q", s.EventInfo.Text, before, pr.event.Text)
	}
	test.Tap(pr.reset)
	if s.Generated.Text != "0" || pr.generated.Text != "0" {
		t.Errorf("the presentation's Reset left %s / %s generated", s.Generated.Text, pr.generated.Text)
	}
	// A disabled button of the panel is disabled here too.
	s.StepButton.Disable()
	s.Notify()
	if !pr.step.Disabled() {
		t.Error("Step is disabled in the panel but not in the presentation")
	}
	s.StepButton.Enable()
	s.Notify()

	// Escape leaves: the tabs are back with the board in its tab, in the
	// window's size before (full screen had made it the screen's).
	windowed := u.Window.Canvas().Size()
	u.Window.Resize(fyne.NewSize(1920, 1080))
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if got := u.Window.Canvas().Size(); got != windowed {
		t.Errorf("the window came back %v, was %v", got, windowed)
	}
	if u.Presenting() || u.Window.FullScreen() || u.Window.Content() != tabs {
		t.Fatalf("Escape: presenting %v, full screen %v, tabs back %v", u.Presenting(), u.Window.FullScreen(), u.Window.Content() == tabs)
	}
	if !slices.Contains(u.boardSlot.Objects, fyne.CanvasObject(u.Puzzle.Board)) || len(pr.boardSlot.Objects) != 0 {
		t.Error("the board did not go back to its tab")
	}
	// The tree's buttons are back in the tab's type, not the lecture's.
	if got, want := theme.SizeForWidget(theme.SizeNameText, u.Tree.Fit), theme.Size(theme.SizeNameText); got != want {
		t.Errorf("the tree's Fit button has text size %g back in the tab, want the window's %g", got, want)
	}
	// The header's button enters and leaves too.
	test.Tap(u.PresentButton)
	if !u.Presenting() {
		t.Error("the Present button did not enter presentation mode")
	}
	test.Tap(pr.exit)
	if u.Presenting() {
		t.Error("the Exit button did not leave presentation mode")
	}
}

func TestWindowGeometryRemembered(t *testing.T) {
	uitest.ReleaseRenderers(t)
	a := test.NewTempApp(t)
	u := NewWithOptions(a, Options{CacheDir: t.TempDir(), NoPreload: true})
	if _, ok := u.SavedGeometry(); ok {
		t.Fatal("a first start has a saved geometry")
	}
	tests := []struct {
		name string
		save WindowGeometry
		want WindowGeometry
		ok   bool
	}{
		{"size and place", WindowGeometry{Size: fyne.NewSize(1000, 700), X: 300, Y: 200, Placed: true},
			WindowGeometry{Size: fyne.NewSize(1000, 700), X: 300, Y: 200, Placed: true}, true},
		{"place unknown keeps the last one", WindowGeometry{Size: fyne.NewSize(1200, 750)},
			WindowGeometry{Size: fyne.NewSize(1200, 750), X: 300, Y: 200, Placed: true}, true},
		{"too small is not saved", WindowGeometry{Size: fyne.NewSize(10, 700)},
			WindowGeometry{Size: fyne.NewSize(1200, 750), X: 300, Y: 200, Placed: true}, true},
		{"too large is not saved", WindowGeometry{Size: fyne.NewSize(1e6, 700), X: 5, Y: 5, Placed: true},
			WindowGeometry{Size: fyne.NewSize(1200, 750), X: 300, Y: 200, Placed: true}, true},
	}
	for _, tc := range tests {
		u.SaveGeometry(tc.save)
		again := New(a) // the next run
		got, ok := again.SavedGeometry()
		if ok != tc.ok || got != tc.want {
			t.Errorf("%s: saved %+v, read back %+v (%v), want %+v", tc.name, tc.save, got, ok, tc.want)
		}
	}
	// A corrupt preference is ignored, not used.
	a.Preferences().SetFloat(prefWindowWidth, -5)
	if g, ok := New(a).SavedGeometry(); ok {
		t.Errorf("a negative saved width gave %+v", g)
	}

	// In presentation mode the size saved is the window's before it.
	u.LoadUI(test.NewTempWindow(t, nil))
	u.Window.Resize(fyne.NewSize(900, 600))
	u.EnterPresentation()
	u.Window.Resize(fyne.NewSize(1920, 1080))
	if g := u.Geometry(func() (int, int, bool) { return 1, 2, true }); g.Size != fyne.NewSize(900, 600) || g.Placed {
		t.Errorf("geometry while presenting = %+v, want 900x600 and no place", g)
	}
}

// TestBoardSetupFolds: the Board heading folds the board's set-up away and
// back, and does not keep the focus. The race form (raceForm) skips it: it
// is layout (what is shown) on the UI goroutine.
func TestBoardSetupFolds(t *testing.T) {
	skipInRaceForm(t, "the board set-up folding")
	u := newTestUI(t)
	if !u.Puzzle.Controls.Visible() {
		t.Fatal("the board set-up starts folded")
	}
	test.Tap(u.BoardSetup)
	if u.Puzzle.Controls.Visible() {
		t.Error("the Board heading did not fold the set-up away")
	}
	test.Tap(u.BoardSetup)
	if !u.Puzzle.Controls.Visible() {
		t.Error("the Board heading did not show the set-up again")
	}
	if u.Window.Canvas().Focused() != nil {
		t.Error("the Board heading kept the focus: shortcuts would go dead")
	}
}
