package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/charts"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// emptyStore gives u a store without any database, wired to the UI as
// NewWithOptions wires its own.
func emptyStore(t *testing.T, u testUI) {
	t.Helper()
	u.pdbs = catalog.NewPDBStore(u.do, t.TempDir())
	u.pdbs.OnChange = u.pdbChanged
	u.PDB.Store = u.pdbs
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

// TestPDBStatusFollowsHeuristic checks that the search panel's database line
// describes the database of the selected heuristic only, and is empty for
// heuristics without one and for breadth-first search.
func TestPDBStatusFollowsHeuristic(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	eightPuzzle(t, u, "1 2 3 / 4 5 6 / 0 7 8")
	if err := s.SelectHeuristic("pdb:44"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.PDBStatus.Text, "4-4 pattern database: ready") {
		t.Errorf("with the 4-4 database selected the line reads %q", s.PDBStatus.Text)
	}
	for _, h := range []string{"manhattan", "linear-conflict"} {
		if err := s.SelectHeuristic(h); err != nil {
			t.Fatal(err)
		}
		if s.PDBStatus.Text != "" || s.PDBProgress.Visible() {
			t.Errorf("with %s selected the line reads %q (bar shown: %v)", h, s.PDBStatus.Text, s.PDBProgress.Visible())
		}
	}
	if err := s.SelectHeuristic("pdb:44+reflect"); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.PDBStatus.Text, "4-4 pattern database: ready") {
		t.Errorf("with the reflected 4-4 lookup selected the line reads %q", s.PDBStatus.Text)
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	if s.PDBStatus.Text != "" {
		t.Errorf("breadth-first search: the line reads %q", s.PDBStatus.Text)
	}
}

// TestBFSDisablesHeuristic checks that the heuristic selector is disabled
// for breadth-first search, with a note saying why.
func TestBFSDisablesHeuristic(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	for _, c := range []struct {
		alg      string
		disabled bool
	}{{"Breadth-first", true}, {"A*", false}, {"Breadth-first", true}, {"Greedy best-first", false}, {"IDA*", false}} {
		s.AlgorithmSelect.SetSelected(c.alg)
		if s.HeuristicSelect.Disabled() != c.disabled || s.HeuristicNote.Visible() != c.disabled {
			t.Errorf("%s: heuristic selector disabled %v, note shown %v; want %v", c.alg, s.HeuristicSelect.Disabled(), s.HeuristicNote.Visible(), c.disabled)
		}
	}
	s.AlgorithmSelect.SetSelected("Breadth-first")
	if !strings.Contains(s.HeuristicNote.Text, "no heuristic") {
		t.Errorf("note %q", s.HeuristicNote.Text)
	}
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
	v := u.Compare
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
	for name, b := range map[string]*widget.ProgressBar{"PDB view": u.PDB.Progress, "Compare": u.Compare.Progress} {
		b.SetValue(0.6466)
		if got := barText(t, b); got != toolkit.PercentText(0.6466) {
			t.Errorf("%s bar says %s, want %s", name, got, toolkit.PercentText(0.6466))
		}
	}
}

// TestGreedyCaptionsByH checks that greedy search's open list and counter
// name h, by which it orders, rather than f.
func TestGreedyCaptionsByH(t *testing.T) {
	u := newTestUI(t)
	s := u.Search
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	s.AlgorithmSelect.SetSelected("Greedy best-first")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	for range 6 {
		test.Tap(s.StepButton)
	}
	if s.FrontierTitle.Text != "Open list, lowest h first" {
		t.Errorf("title %q", s.FrontierTitle.Text)
	}
	shown := 0
	for _, c := range s.Captions {
		if !c.Visible() {
			continue
		}
		shown++
		if !regexp.MustCompile(`^h \d+, g \d+$`).MatchString(c.Text) {
			t.Errorf("caption %q, want h first", c.Text)
		}
	}
	if shown == 0 {
		t.Error("no open-list entry shown")
	}
	if strings.Contains(s.FGHName.Text, "f") || strings.Contains(s.EventInfo.Text, "f =") {
		t.Errorf("counter %q, event %q: greedy search does not order by f", s.FGHName.Text, s.EventInfo.Text)
	}
	s.AlgorithmSelect.SetSelected("A*")
	test.Tap(s.StepButton)
	test.Tap(s.StepButton)
	if s.FGHName.Text != "f = g + h" || !strings.HasPrefix(s.FrontierTitle.Text, "Open list, lowest f") {
		t.Errorf("A*: counter %q, title %q", s.FGHName.Text, s.FrontierTitle.Text)
	}
}

// TestSearchLayoutKeepsItsPlace checks that the board and the controls do
// not move when the database progress bar appears or goes, or when the path
// line grows long.
func TestSearchLayoutKeepsItsPlace(t *testing.T) {
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

// TestPathLabelKeepsTheEnd checks that the path line keeps its latest
// moves, with an ellipsis in front, and its two-line height.
func TestPathLabelKeepsTheEnd(t *testing.T) {
	test.NewTempApp(t)
	l := toolkit.NewPathLabel()
	w := test.NewTempWindow(t, l)
	w.Resize(fyne.NewSize(300, 200))
	moves := strings.Repeat("ULDR", 40) + "UUL"
	l.SetText("Path to the current node, 163 moves: " + moves)
	l.Resize(fyne.NewSize(300, l.MinSize().Height))
	h := l.MinSize().Height
	if !strings.HasPrefix(l.Tail.Text, "…") || !strings.HasSuffix(l.Tail.Text, "UUL") || len(l.Tail.Text) >= len(moves) {
		t.Errorf("tail %q", l.Tail.Text)
	}
	if l.Head.Text != "Path to the current node, 163 moves:" {
		t.Errorf("head %q", l.Head.Text)
	}
	l.SetText("Path to the current node: the start.")
	if l.MinSize().Height != h || l.Tail.Text != "the start." {
		t.Errorf("short text: height %v (was %v), tail %q", l.MinSize().Height, h, l.Tail.Text)
	}
}

// TestKorfSelectorsFollowTheBoard checks that the preset selectors name a
// Korf instance only while it is the board.
func TestKorfSelectorsFollowTheBoard(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	k55 := p.KorfLabel(55)
	pick := func() {
		t.Helper()
		p.ClassroomSelect.SetSelected(k55)
		if p.ClassroomSelect.Selected != k55 || p.KorfSelect.Selected != k55 {
			t.Fatalf("after picking Korf #55: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
		}
	}
	cleared := func(what string) {
		t.Helper()
		if p.ClassroomSelect.Selected != "" || p.KorfSelect.Selected != "" {
			t.Errorf("%s: the selectors still say %q, %q", what, p.ClassroomSelect.Selected, p.KorfSelect.Selected)
		}
	}
	pick()
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
	cleared("after switching to 3x3")
	pick()
	test.Tap(p.RandomButton)
	cleared("after Random")
	pick()
	p.SlideTile(board.Left)
	p.SlideTile(board.Up)
	cleared("after sliding tiles")
	pick()
	u.SetGoal(board.BlankFirst) // Korf's own form of the same instance
	if p.ClassroomSelect.Selected != k55 || p.KorfSelect.Selected != k55 {
		t.Errorf("after switching the goal: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
	}
	p.KorfSelect.SetSelected(p.KorfLabel(3)) // not in the classroom set
	if p.ClassroomSelect.Selected != "" || p.KorfSelect.Selected != p.KorfLabel(3) {
		t.Errorf("after Korf #3: %q, %q", p.ClassroomSelect.Selected, p.KorfSelect.Selected)
	}
}

// TestLargeBuildAsksFirst checks that a build of a large table asks first,
// naming its entries, memory and a rough time, and that Cancel starts
// nothing while Build does; small tables start at once.
func TestLargeBuildAsksFirst(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3,4/5,6,7,8") // 3,024 entries a table
	v.AskAbove = 3000                       // stands for a 7-tile group on the 15-puzzle
	w := u.Window

	test.Tap(v.StepButton)
	d := topOverlay(w)
	if d == nil || v.Busy() {
		t.Fatalf("a large build started without asking (dialog %v, busy %v)", d, v.Busy())
	}
	text := labelTexts(d)
	mem := toolkit.FormatBytes(3024 * (catalog.BuildBytesPerEntry + catalog.TableBytesPerEntry))
	for _, want := range []string{"3,024 entries", "memory", mem, "under a second", "rough"} {
		if !strings.Contains(text, want) {
			t.Errorf("confirmation %q lacks %q", text, want)
		}
	}
	test.Tap(buttonIn(t, d, "Cancel"))
	if v.Busy() || v.LastDone != nil || len(v.Layers[0]) != 0 {
		t.Fatal("Cancel started the build")
	}
	test.Tap(v.RunButton)
	d = topOverlay(w)
	if d == nil || !strings.Contains(labelTexts(d), "The 2 tables to build have 6,048 entries") {
		t.Fatalf("Run to end: confirmation %q", labelTexts(d))
	}
	test.Tap(buttonIn(t, d, "Build"))
	u.q.Wait(t, v.LastDone)
	if v.Built[0] == nil || v.Built[1] == nil {
		t.Fatal("Build did not build the tables")
	}

	if got := v.BuildCost([]int{0, 1}); !strings.Contains(got, "6,048 entries") {
		t.Errorf("cost of both tables: %q", got)
	}
	v.Part.Size = board.Size4x4
	for _, c := range []struct {
		group   []int
		entries uint64
		count   string
	}{
		{[]int{1, 2, 3, 4, 5, 6, 7}, 57_657_600, "57,657,600 entries"},
		{[]int{1, 2, 3, 4, 5, 6, 7, 8}, 518_918_400, "518,918,400 entries"},
	} {
		v.Part.Groups = [][]int{c.group}
		mem := toolkit.FormatBytes(c.entries * (catalog.BuildBytesPerEntry + catalog.TableBytesPerEntry))
		if got := v.BuildCost([]int{0}); !strings.Contains(got, c.count) || !strings.Contains(got, mem) {
			t.Errorf("cost of a %d-tile table on the 15-puzzle: %q (want %s)", len(c.group), got, mem)
		}
	}
	v.ApplyButton.OnTapped() // back to the 8-puzzle partition typed

	// Below the threshold, builds start at once.
	v.AskAbove = 4000
	v.TableSelect.SetSelected(v.TableSelect.Options[0])
	test.Tap(v.StepButton)
	if topOverlay(w) != nil && topOverlay(w) == d {
		t.Error("a small build asked")
	}
	u.q.Wait(t, v.LastDone)
	if len(v.Layers[0]) == 0 {
		t.Error("a small build did not start")
	}
}

// TestRebuildChartsTheTableUnderWay checks that while a finished database's
// table is built again, the frontier chart shows that table alone (the
// finished tables would set its scale) and the summary says what is going
// on, rather than "All tables are ready".
func TestRebuildChartsTheTableUnderWay(t *testing.T) {
	u, v := pdbViewOn(t, "1,2,3/4,5,6,7,8")
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	if n := len(frontierLayers(t, v)); n != 2 || !strings.Contains(v.Summary.Text, "All tables are ready") {
		t.Fatalf("after the build: %d tables charted, summary %q", n, v.Summary.Text)
	}
	v.TableSelect.SetSelected(v.TableSelect.Options[0]) // the small table (504 entries)
	test.Tap(v.StepButton)
	u.q.Wait(t, v.LastDone)
	fr := frontierLayers(t, v)
	if len(fr) != 1 || len(fr[0]) != 1 {
		t.Fatalf("while table 1 is built again the chart holds %d tables: %v", len(fr), fr)
	}
	if strings.Contains(v.Summary.Text, "All tables are ready") || !strings.Contains(v.Summary.Text, "building table 1 again") {
		t.Errorf("summary while table 1 is built again: %q", v.Summary.Text)
	}
	c := v.Frontier.Chart().(charts.PDBLayers)
	if !strings.Contains(c.Subtitle, "table 1") {
		t.Errorf("chart subtitle %q", c.Subtitle)
	}
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	if n := len(frontierLayers(t, v)); n != 2 || !strings.Contains(v.Summary.Text, "All tables are ready") {
		t.Errorf("after the rebuild: %d tables charted, summary %q", n, v.Summary.Text)
	}
}

// TestThemeReachesHiddenViews checks that a theme change made on one tab is
// applied again to another view once it is shown (Fyne does not redraw the
// images of a hidden tab: Compare's selector arrows stayed in the old
// theme's colour), and only once.
func TestThemeReachesHiddenViews(t *testing.T) {
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
	u.Compare.Tabs.SelectIndex(2)
	u.Compare.Tabs.SelectIndex(0)
	n := applied
	u.Compare.Tabs.SelectIndex(2)
	if applied != n {
		t.Errorf("a tab of Compare shown again with no theme change since: theme applied %d times", applied-n)
	}
	u.Compare.Tabs.SelectIndex(0)
	u.ThemeSelect.SetSelected(themeLabels[ThemeLight])
	n = applied
	u.Compare.Tabs.SelectIndex(2)
	if applied != n+1 {
		t.Errorf("Compare's iterations tab after a theme change: theme applied %d times, want 1", applied-n)
	}
}

// TestInstanceFileSkipsUnsolvableLine checks that an instance file with one
// unsolvable line is loaded without it, with a note naming the line.
func TestInstanceFileSkipsUnsolvableLine(t *testing.T) {
	u := newTestUI(t)
	v := u.Compare
	path := filepath.Join(t.TempDir(), "one-bad.txt")
	text := "8 6 7 2 5 4 3 0 1 31\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 0 7 8 2\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := v.LoadInstanceFile(path); err != nil {
		t.Fatalf("the file was rejected whole: %v (%q)", err, v.Error.Text)
	}
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "Skipped 1 bad line: line 2") || !strings.Contains(v.Error.Text, "unsolvable") {
		t.Errorf("note %q, want line 2 named as unsolvable", v.Error.Text)
	}
	if !strings.Contains(v.FileLabel.Text, "2 instances") || v.CountEntry.Text != "2" {
		t.Errorf("label %q, count %q", v.FileLabel.Text, v.CountEntry.Text)
	}
}
