package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// The 24-puzzle (5x5) in the window: its heuristic menu, a session file
// holding it, its demo, and its large pattern databases built only when
// asked. The views' own 24-puzzle tests (IDA* step by step and to the end,
// the walk comparison, the PDB view on small patterns, the race's lanes,
// Korf and Felner's instances) are beside them in gui/internal.

// compareLabelFor returns the label of the heuristic named short among those
// offered for size s.
func compareLabelFor(t *testing.T, u testUI, s board.Size, short string) string {
	t.Helper()
	for _, o := range u.heuristicOptions(s) {
		if o.Short == short {
			return o.Label
		}
	}
	t.Fatalf("no heuristic %s offered for %s", short, s)
	return ""
}

// scramble5x5 chooses the 5x5 board and scrambles it by a walk from seed
// (gui/internal/searchview checks the walk against board.RandomWalk).
func scramble5x5(t *testing.T, u testUI, seed uint64) board.Board {
	t.Helper()
	p := u.Puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	p.SeedEntry.SetText(strconv.FormatUint(seed, 10))
	test.Tap(p.WalkButton)
	if p.Error.Visible() {
		t.Fatalf("the walk failed: %s", p.Error.Text)
	}
	return u.Session.Board()
}

// TestFiveByFiveChosen: 5x5 is in the size selector, its walks are 40
// moves by default (back to 20 on the 15-puzzle unless the teacher typed a
// length), and its heuristic menu offers what works on 5x5 only.
func TestFiveByFiveChosen(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	if !slices.Contains(p.SizeSelect.Options, "5x5 (24-puzzle)") {
		t.Fatalf("size selector: %v", p.SizeSelect.Options)
	}
	scramble5x5(t, u, 3)
	if !strings.Contains(p.Title.Text, "40 moves") {
		t.Errorf("title %q", p.Title.Text)
	}

	shorts := map[string]bool{}
	for _, o := range u.heuristicOptions(board.Size5x5) {
		shorts[o.Short] = true
		if strings.HasPrefix(o.Short, search.DynamicKind) || strings.Contains(o.Short, "fringe") {
			t.Errorf("5x5 offers %s (%s), a heuristic for smaller boards", o.Short, o.Label)
		}
	}
	for _, want := range []string{"hamming", "manhattan", "linear-conflict"} {
		if !shorts[want] {
			t.Errorf("5x5 does not offer %s (offers %v)", want, shorts)
		}
	}
	if info, ok := pdb.DefaultPreset(board.Size5x5); ok {
		for _, want := range []string{"pdb:" + info.Name, "pdb:" + info.Name + search.ReflectSuffix} {
			if !shorts[want] {
				t.Errorf("5x5 does not offer its preset %s (offers %v)", want, shorts)
			}
		}
	}
	// The 6-6-6-6 database is not built (a fresh cache): Manhattan distance
	// is selected, not a database that would need minutes first.
	if got := u.Search.HeuristicSelect.Selected; got != compareLabelFor(t, u, board.Size5x5, "manhattan") {
		t.Errorf("the search panel starts 5x5 with %q", got)
	}
	if info, ok := pdb.DefaultPreset(board.Size5x5); ok {
		want, err := pdb.Preset(info.Name, board.Size5x5, goal)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Session.Groups().Sets(); !slices.EqualFunc(got, want.Groups, slices.Equal) {
			t.Errorf("5x5 tiles coloured by %v, want the preset's %v", got, want.Groups)
		}
	}
	if got := u.Search.HeuristicSelect.Options; len(got) != len(u.heuristicOptions(board.Size5x5)) {
		t.Errorf("the search panel offers %d heuristics on 5x5, want %d", len(got), len(u.heuristicOptions(board.Size5x5)))
	}

	// Back to the 15-puzzle: its walk length again; a typed one stays.
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size4x4))
	if p.WalkEntry.Text != "20" {
		t.Errorf("walk length back on 4x4: %q, want 20", p.WalkEntry.Text)
	}
	p.WalkEntry.SetText("33")
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	if p.WalkEntry.Text != "33" {
		t.Errorf("a typed walk length became %q on 5x5", p.WalkEntry.Text)
	}

	// A 5x5 board typed in the entry.
	p.BoardEntry.SetText(board.Solved(board.Size5x5, goal).Line())
	test.Tap(p.ApplyButton)
	if p.Error.Visible() || u.Session.Board().Size() != board.Size5x5 || p.SizeSelect.Selected != toolkit.SizeLabel(board.Size5x5) {
		t.Errorf("typed 5x5 board: error %q, size %s, selector %q", p.Error.Text, u.Session.Board().Size(), p.SizeSelect.Selected)
	}
}

// TestSessionFileFiveByFive saves a window showing a 5x5 walk, the PDB
// view on 5x5 and the Compare view on walks of the 24-puzzle, and opens it
// in a fresh window.
func TestSessionFileFiveByFive(t *testing.T) {
	u := newTestUI(t)
	scramble5x5(t, u, 9)
	u.Search.AlgorithmSelect.SetSelected("A*")
	if err := u.Search.SelectHeuristic("linear-conflict"); err != nil {
		t.Fatal(err)
	}
	u.pdb().SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	u.compare().SetSelect.SetSelected(compareview.SetWalks24)
	u.compare().WalkEntry.SetText("44")
	u.q.Drain()
	want := stateOf(u)
	path := filepath.Join(t.TempDir(), "five.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), `"walks24"`) {
		t.Errorf("the file does not name the 24-puzzle's walks:\n%s", data)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	fresh.q.Drain()
	got := stateOf(fresh)
	if got.Board != want.Board || got.CompareSet != compareview.SetWalks24 || got.Moves != "44" || got.PDBSize != want.PDBSize ||
		got.PDBPartition != want.PDBPartition || got.Heuristic != want.Heuristic || got.Algorithm != want.Algorithm {
		t.Errorf("opened\n%+v\nsaved\n%+v\nfile:\n%s", got, want, data)
	}
	if fresh.Session.Board().Size() != board.Size5x5 {
		t.Errorf("opened board is %s", fresh.Session.Board().Size())
	}
}

// TestLargeDatabaseNotBuiltQuietly: a pattern database of 6-tile groups on
// the 24-puzzle (127,512,000 entries a table) is not built when a heuristic
// menu asks for it: the error says where to build it and matches
// errPDBNotReady; no load starts. With its files in the cache it loads as a
// small one does. The PDB view asks before building such a table.
func TestLargeDatabaseNotBuiltQuietly(t *testing.T) {
	u := newTestUI(t)
	p := pdb.Partition{Size: board.Size5x5, Goal: goal, Groups: [][]int{{1, 2, 3, 6, 7, 8}, {4, 5, 9, 10, 14, 15}}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	small := pdb.Partition{Size: board.Size5x5, Goal: goal, Groups: [][]int{{1, 2}}}
	if !catalog.LargePartition(p) || catalog.LargePartition(small) {
		t.Fatalf("large: %v for 6-tile groups, %v for a 2-tile one", catalog.LargePartition(p), catalog.LargePartition(small))
	}
	_, err := u.pdbHeuristic(p, "test", false)
	if !errors.Is(err, catalog.ErrPDBNotReady) || !strings.Contains(err.Error(), "Pattern database tab") || !strings.Contains(err.Error(), "255,024,000") {
		t.Errorf("heuristic of an unbuilt large database: %v", err)
	}
	if u.pdbs.Started(p) || u.pdbs.Status(p) != "not loaded" {
		t.Errorf("a load started: %s", u.pdbs.Status(p))
	}
	if got := u.pdbs.StatusOf(p); !strings.Contains(got, "not built") || !strings.Contains(got, "Pattern database tab") {
		t.Errorf("status of an unbuilt large database: %q", got)
	}
	if !u.pdbs.LoadsQuietly(small) {
		t.Error("a small database does not load at once")
	}
	for _, g := range p.Groups {
		if err := os.WriteFile(filepath.Join(u.pdbs.CacheDir, pdb.FileName(p.Size, p.Goal, g)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !u.pdbs.LoadsQuietly(p) {
		t.Error("a large database whose files are cached does not load")
	}

	// The PDB view on 5x5 asks before building a 6-tile table.
	_, v := pdbViewOn(t, "1,2/3,4")
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	v.PartitionEntry.SetText("1,2,3,6,7,8")
	test.Tap(v.ApplyButton)
	if v.Error.Visible() || v.Partition().Size != board.Size5x5 {
		t.Fatalf("partition refused: %q", v.Error.Text)
	}
	test.Tap(v.StepButton)
	d := topOverlay(v.Win())
	if d == nil || v.Busy() {
		t.Fatalf("a 127,512,000-entry build started without asking (dialog %v, busy %v)", d, v.Busy())
	}
	if text := labelTexts(d); !strings.Contains(text, "127,512,000 entries") {
		t.Errorf("confirmation %q", text)
	}
	test.Tap(buttonIn(t, d, "Cancel"))
	if v.Busy() {
		t.Error("Cancel started the build")
	}
	// A group too large for the view is refused with a reason.
	v.PartitionEntry.SetText("1,2,3,4,5,6,7")
	test.Tap(v.ApplyButton)
	if !v.Error.Visible() || !strings.Contains(v.Error.Text, "2422728000 entries") {
		t.Errorf("a 7-tile group on 5x5: error %q", v.Error.Text)
	}
}

// TestDemoFiveByFive: the screenshot's demo state shows the 24-puzzle
// solved by IDA* with Manhattan distance.
func TestDemoFiveByFive(t *testing.T) {
	u := newTestUI(t)
	ready := false
	if err := u.Demo("search5x5", func() { ready = true }); err != nil {
		t.Fatal(err)
	}
	u.q.Until(t, func() bool { return ready })
	s := u.Search
	start := u.Session.Board()
	if start.Size() != board.Size5x5 || len(s.SolutionMoves) == 0 {
		t.Fatalf("demo: a %s board, %d moves (status %q)", start.Size(), len(s.SolutionMoves), s.Status.Text)
	}
	if b, err := start.Apply(s.SolutionMoves); err != nil || !b.IsGoal(goal) {
		t.Errorf("the demo's solution %s does not solve %s", board.FormatMoves(s.SolutionMoves), start.Line())
	}
}

// TestStepOffersToBuild24: on the 24-puzzle with 6-6-6-6 not built, Step
// offers the build: the pattern database view shows 6-6-6-6 and its
// confirmation, with the cost, opens over the puzzle tab; Cancel builds
// nothing. Before, Step only said so in the status.
func TestStepOffersToBuild24(t *testing.T) {
	u := newTestUI(t)
	info, ok := pdb.DefaultPreset(board.Size5x5)
	if !ok {
		t.Skip("no 5x5 preset")
	}
	want, err := pdb.Preset(info.Name, board.Size5x5, goal)
	if err != nil {
		t.Fatal(err)
	}
	u.Puzzle.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	u.Puzzle.Scramble()
	if err := u.Search.SelectHeuristic("pdb:" + info.Name); err != nil {
		t.Fatal(err)
	}
	u.q.Drain()
	test.Tap(u.Search.StepButton)
	u.q.Drain()
	top := uitest.TopOverlay(u.Window)
	if top == nil || !strings.Contains(uitest.LabelTexts(top), "entries") {
		t.Fatalf("Step did not offer the build (status %q)", u.Search.Status.Text)
	}
	if got := u.pdb().Partition(); !slices.EqualFunc(got.Groups, want.Groups, slices.Equal) {
		t.Errorf("the pattern database view shows %v, want %v", got.Groups, want.Groups)
	}
	if u.CurrentView() != ViewPuzzle {
		t.Errorf("the offer left the puzzle tab for %s", u.CurrentView())
	}
	test.Tap(uitest.ButtonIn(t, top, "Cancel"))
	test.Tap(u.Search.StepButton) // asks again, once
	u.q.Drain()
	if uitest.TopOverlay(u.Window) == nil {
		t.Error("a second Step did not offer the build again")
	}
	// Escape (a remote's key) cancels it as Cancel does.
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if uitest.TopOverlay(u.Window) != nil {
		t.Error("Escape did not close the offer")
	}
	if u.pdb().Busy() {
		t.Error("Cancel started a build")
	}
}
