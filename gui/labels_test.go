package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// emptyStore gives u a store without any database, wired to the UI as
// NewWithOptions wires its own.
func emptyStore(t *testing.T, u testUI) {
	t.Helper()
	u.pdbs = catalog.NewPDBStore(u.do, t.TempDir())
	u.pdbs.OnChange = u.pdbChanged
	u.pdb().Store = u.pdbs
	u.pdbChanged()
}

// eightPuzzle44 returns the 8-puzzle's 4-4 partition.
func eightPuzzle44(t *testing.T) pdb.Partition {
	t.Helper()
	p, err := pdb.Preset("44", board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// barText returns the text a progress bar draws.
func barText(t *testing.T, b *widget.ProgressBar) string {
	t.Helper()
	b.Refresh()
	for _, o := range objectsIn(b) {
		if txt, ok := o.(*canvas.Text); ok && strings.HasSuffix(txt.Text, "%") {
			return txt.Text
		}
	}
	t.Fatal("the progress bar draws no percentage")
	return ""
}

// TestNotReadyMessageClears checks that the red "not ready" message goes once
// the database is ready, rather than staying beside "ready".
func TestNotReadyMessageClears(t *testing.T) {
	u := newTestUI(t)
	emptyStore(t, u)
	s := u.Search
	eightPuzzle(t, u, "1 2 3 / 4 5 6 / 0 7 8")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	test.Tap(s.StepButton) // starts the load and says it is not ready
	if !s.Status.Visible() || !strings.Contains(s.Status.Text, "not ready") || s.Status.Importance != widget.DangerImportance {
		t.Fatalf("status before the database is ready: %q", s.Status.Text)
	}
	p := eightPuzzle44(t)
	u.q.Until(t, func() bool { return u.pdbs.DB(p) != nil })
	if !strings.Contains(s.PDBStatus.Text, "ready") {
		t.Errorf("database line %q", s.PDBStatus.Text)
	}
	if s.Status.Visible() && strings.Contains(s.Status.Text, "not ready") {
		t.Errorf("the database is ready (%q) but the status still reads %q", s.PDBStatus.Text, s.Status.Text)
	}
	test.Tap(s.StepButton)
	if s.Stepper == nil {
		t.Errorf("the search does not start once the database is ready: %q", s.Status.Text)
	}
}

// TestCompareNotReadyMessageClears is TestNotReadyMessageClears for the
// comparison view.
func TestCompareNotReadyMessageClears(t *testing.T) {
	u := newTestUI(t)
	emptyStore(t, u)
	v := u.compare()
	v.SetSelect.SetSelected(compareview.SetRandom8)
	v.Heuristics.SetSelected([]string{"4-4 pattern database"})
	test.Tap(v.RunButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "not ready") {
		t.Fatalf("error before the database is ready: %q", v.Error.Text)
	}
	p := eightPuzzle44(t)
	u.q.Until(t, func() bool { return u.pdbs.DB(p) != nil })
	if v.Error.Visible() {
		t.Errorf("the database is ready but the error still reads %q", v.Error.Text)
	}
}

// TestProgressTextAgrees checks that a progress bar and the text beside it
// give the same percentage (the bar truncates; the text used to round).
func TestProgressTextAgrees(t *testing.T) {
	u := newTestUI(t)
	emptyStore(t, u)
	s := u.Search
	eightPuzzle(t, u, "1 2 3 / 4 5 6 / 0 7 8")
	p := eightPuzzle44(t)
	for _, f := range []float64{0.6466, 0.1, 0.999, 0.005} {
		u.pdbs.Mu.Lock()
		u.pdbs.Loading[catalog.PartitionKey(p)] = &catalog.LoadState{Table: 1, Fraction: f}
		u.pdbs.Mu.Unlock()
		u.pdbChanged()
		m := regexp.MustCompile(`(\d+%)$`).FindStringSubmatch(s.PDBStatus.Text)
		if m == nil || !s.PDBProgress.Visible() {
			t.Fatalf("fraction %v: line %q, bar shown %v", f, s.PDBStatus.Text, s.PDBProgress.Visible())
		}
		if bar := barText(t, s.PDBProgress); bar != m[1] {
			t.Errorf("fraction %v: the bar says %s, the line %q", f, bar, s.PDBStatus.Text)
		}
	}
	// Every bar of the window draws the same text for the same value.
	for name, b := range map[string]*widget.ProgressBar{"PDB view": u.pdb().Progress, "Compare": u.compare().Progress} {
		b.SetValue(0.6466)
		if got := barText(t, b); got != toolkit.PercentText(0.6466) {
			t.Errorf("%s bar says %s, want %s", name, got, toolkit.PercentText(0.6466))
		}
	}
}

// TestSearchLayoutKeepsItsPlace checks that the board and the controls do
// not move when the database progress bar appears or goes, or when the path
// line grows long.
//
// The race form (raceForm) skips it: it is layout on the UI goroutine.
func TestSearchLayoutKeepsItsPlace(t *testing.T) {
	skipInRaceForm(t, "the search panel's layout staying in place")
	u := newTestUI(t)
	emptyStore(t, u)
	s := u.Search
	eightPuzzle(t, u, "1 2 3 / 4 5 6 / 0 7 8")
	p := eightPuzzle44(t)
	sizes := []fyne.Size{fyne.NewSize(1200, 800), fyne.NewSize(1201, 800)}
	n := 0
	layout := func() (board, step fyne.Position, boardSize fyne.Size) {
		n++
		u.Window.Resize(sizes[n%2]) // a new size lays everything out again
		d := fyne.CurrentApp().Driver()
		return d.AbsolutePositionForObject(u.Puzzle.Board), d.AbsolutePositionForObject(s.StepButton), u.Puzzle.Board.Size()
	}
	_, step0, _ := layout()

	u.pdbs.Mu.Lock()
	u.pdbs.Loading[catalog.PartitionKey(p)] = &catalog.LoadState{Table: 0, Fraction: 0.4}
	u.pdbs.Mu.Unlock()
	u.pdbChanged()
	if !s.PDBProgress.Visible() {
		t.Fatal("the progress bar is not shown while the database builds")
	}
	// The window's width changes by a pixel between layouts: heights and
	// vertical positions must not change at all.
	if _, step, _ := layout(); step.Y != step0.Y {
		t.Errorf("Step moved from %v to %v when the progress bar appeared", step0, step)
	}
	s.AlgorithmSelect.SetSelected("A*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	board0, step1, size0 := layout()
	if step1.Y != step0.Y {
		t.Errorf("Step moved from %v to %v when the progress bar went", step0, step1)
	}
	long := make([]board.Dir, 120)
	for i := range long {
		long[i] = []board.Dir{board.Up, board.Left, board.Down, board.Right}[i%4]
	}
	s.PathInfo.SetText(s.DescribePath(long))
	if b, _, sz := layout(); b.Y != board0.Y || sz.Height != size0.Height {
		t.Errorf("a long path moved the board from %v %v to %v %v", board0, size0, b, sz)
	}
}

// TestThemeReachesHiddenViews checks that a theme change made on one tab is
// applied again to another view once it is shown (Fyne does not redraw the
// images of a hidden tab: Compare's selector arrows stayed in the old
// theme's colour), and only once.
//
// The race form (raceForm) skips it: the theme is applied on the UI
// goroutine (13.9 s of the shell's race run for its theme and zoom
// changes); TestSettingsPersist and TestSessionFileRoundTrip change the
// theme under the race detector.
func TestThemeReachesHiddenViews(t *testing.T) {
	skipInRaceForm(t, "how often a theme change is applied to hidden views")
	u := newTestUI(t)
	applied := 0
	u.App.Settings().AddListener(func(fyne.Settings) { applied++ })
	show := func(view string) {
		t.Helper()
		if err := u.ShowView(view); err != nil {
			t.Fatal(err)
		}
	}
	show(ViewCompare)
	show(ViewPuzzle)
	before := applied
	u.ThemeSelect.SetSelected(themeLabels[ThemeDark]) // on the puzzle tab
	if applied != before+1 {
		t.Fatalf("the theme change was applied %d times", applied-before)
	}
	show(ViewCompare)
	if applied != before+2 {
		t.Errorf("Compare, hidden during the theme change, shown again: theme applied %d times in all, want 2", applied-before)
	}
	if th := u.App.Settings().Theme(); th != fyne.Theme(u.theme) {
		t.Errorf("theme applied %v, want the classroom theme", th)
	}
	show(ViewPuzzle)  // on screen during the change: nothing to do
	show(ViewCompare) // already redrawn
	if applied != before+2 {
		t.Errorf("switching between up-to-date views applied the theme %d more times", applied-before-2)
	}
	u.ZoomSelect.SetSelected(zoomLabel(1.5)) // on Compare
	show(ViewPuzzle)
	if applied != before+4 {
		t.Errorf("the puzzle view after a zoom change on Compare: theme applied %d times in all, want 4", applied-before)
	}
	// Compare's own tabs hide content too (the IDA* iterations' selector).
	show(ViewCompare)
	u.compare().Tabs.SelectIndex(2)
	u.compare().Tabs.SelectIndex(0)
	n := applied
	u.compare().Tabs.SelectIndex(2)
	if applied != n {
		t.Errorf("a tab of Compare shown again with no theme change since: theme applied %d times", applied-n)
	}
	u.compare().Tabs.SelectIndex(0)
	u.ThemeSelect.SetSelected(themeLabels[ThemeLight])
	n = applied
	u.compare().Tabs.SelectIndex(2)
	if applied != n+1 {
		t.Errorf("Compare's iterations tab after a theme change: theme applied %d times, want 1", applied-n)
	}
}
