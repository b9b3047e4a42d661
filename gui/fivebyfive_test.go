package gui

import (
	"github.com/slidelab/slidelab/gui/internal/raceview"
	"github.com/slidelab/slidelab/gui/internal/uitest"

	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/core/search"
)

// The 24-puzzle (5x5) in the window: chosen in the size selector, scrambled
// by a walk, solved by IDA* with Manhattan distance step by step and to the
// end, compared on a set of walks, saved in a session file, exported as a
// GIF, and its large pattern databases built only when asked.

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
	u.PDB.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	u.Compare.SetSelect.SetSelected(compareview.SetWalks24)
	u.Compare.WalkEntry.SetText("44")
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

// TestPDBViewFiveByFiveSmallPattern builds a small 5x5 pattern in the
// pattern database view state by state (3 tiles on 25 cells: 303,600
// abstract states) and layer by layer to the end, the samples of a layer
// drawn as 5x5 mini boards and the database handed to the searches.
func TestPDBViewFiveByFiveSmallPattern(t *testing.T) {
	u, v := pdbViewOn(t, "1,2/3,4")
	v.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	if info, ok := pdb.DefaultPreset(board.Size5x5); ok && !strings.HasPrefix(v.PartitionSelect.Selected, info.Label+":") {
		t.Errorf("5x5 shows %q first, want its preset %s", v.PartitionSelect.Selected, info.Label)
	}
	v.PartitionEntry.SetText("1,2,3/4,5")
	test.Tap(v.ApplyButton)
	if v.Error.Visible() || v.Partition().Size != board.Size5x5 {
		t.Fatalf("partition refused: %q", v.Error.Text)
	}
	if v.StepStateButton.Disabled() {
		t.Fatalf("Step state is off for 3 tiles on 5x5: %q", v.StateReason.Text)
	}
	// The first step writes the goal placement: tiles 1, 2, 3 in cells 0,
	// 1, 2, cost 0.
	test.Tap(v.StepStateButton)
	u.q.Drain()
	if !strings.Contains(v.States.Entry.Text, "table[1 at 0, 2 at 1, 3 at 2] = 0") {
		t.Errorf("entry after the first step: %q", v.States.Entry.Text)
	}
	for range 4 {
		test.Tap(v.StepStateButton)
	}
	u.q.Drain()
	if len(v.States.Log) < 5 || v.Pattern.BoardSize() != board.Size5x5 {
		t.Errorf("stepping states on 5x5: log %v, pattern board %s (%q)", v.States.Log, v.Pattern.BoardSize(), v.States.Narration.Text)
	}
	// A 4-tile pattern has too many abstract states to step.
	v.PartitionEntry.SetText("1,2,3,4/5")
	test.Tap(v.ApplyButton)
	if !v.StepStateButton.Disabled() || !strings.Contains(v.StateReason.Text, "24-puzzle") {
		t.Errorf("Step state for 4 tiles on 5x5: disabled %v, reason %q", v.StepStateButton.Disabled(), v.StateReason.Text)
	}
	v.PartitionEntry.SetText("1,2,3/4,5")
	test.Tap(v.ApplyButton)
	for range 3 {
		test.Tap(v.StepButton)
		u.q.Wait(t, v.LastDone)
	}
	u.q.Drain()
	if len(v.Layers[0]) != 3 {
		t.Fatalf("%d layers after 3 steps (status %q)", len(v.Layers[0]), v.Status.Text)
	}
	if n := len(v.Samples.Objects); n == 0 || n > pdbview.SampleMax(board.Size5x5) {
		t.Errorf("%d sample boards of layer 2", n)
	}
	for _, o := range v.Samples.Objects {
		if bv := o.(*widgets.BoardView); bv.BoardSize() != board.Size5x5 {
			t.Fatalf("a sample board of size %s", bv.BoardSize())
		}
	}
	test.Tap(v.RunButton)
	u.q.Wait(t, v.LastDone)
	u.q.Drain()
	if v.Built[0] == nil || v.Built[1] == nil {
		t.Fatalf("tables not built: %q", v.Status.Text)
	}
	if got, want := v.Built[0].Len(), int(catalog.TableEntries(board.Size5x5, 3)); got != want {
		t.Errorf("table 1 has %d entries, want %d", got, want)
	}
	db := u.pdbs.DB(v.Partition())
	if db == nil {
		t.Fatal("the finished database is not offered to the searches")
	}
	// Its heuristic never overestimates: h of a walk is at most the walk.
	h, err := search.NewPDB(db)
	if err != nil {
		t.Fatal(err)
	}
	r := board.NewRand(6)
	for k := range 30 {
		b, _, err := board.RandomWalk(r, board.Solved(board.Size5x5, goal), k)
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Estimate(b); got > k {
			t.Errorf("h = %d on a walk of %d moves: %s", got, k, b.Line())
		}
	}
}

// TestRaceDefaultsFiveByFive: on the 24-puzzle the race's third lane gets
// the preset database only once it is loaded; before, the ladder of
// Hamming, Manhattan and linear conflict. The 15-puzzle races its preset
// whether or not it is loaded yet (it loads in a moment).
func TestRaceDefaultsFiveByFive(t *testing.T) {
	opts := func(ready bool) []catalog.HeuristicOption {
		return []catalog.HeuristicOption{{Short: "hamming"}, {Short: "manhattan"}, {Short: "linear-conflict"},
			{Short: "pdb:x", IsDefault: true, Database: func() catalog.PDBState { return catalog.PDBState{Ready: ready} }}}
	}
	for _, tc := range []struct {
		size  board.Size
		ready bool
		want  []string
	}{
		{board.Size5x5, false, []string{"hamming", "manhattan", "linear-conflict"}},
		{board.Size5x5, true, []string{"manhattan", "linear-conflict", "pdb:x"}},
		{board.Size4x4, false, []string{"manhattan", "linear-conflict", "pdb:x"}},
		{board.Size3x3, true, []string{"hamming", "manhattan", "linear-conflict"}},
	} {
		if got := raceview.RaceDefaults(tc.size, opts(tc.ready)); !slices.Equal(got, tc.want) {
			t.Errorf("%s, database ready %v: %v, want %v", tc.size, tc.ready, got, tc.want)
		}
	}
}

// TestKorf24Select shows Korf and Felner's 24-puzzle instances: the board,
// its optimal length (no less than its Manhattan distance, of the same
// parity), the selector naming it while it is the board, for both goals.
func TestKorf24Select(t *testing.T) {
	u := newTestUI(t)
	p := u.Puzzle
	if err := p.LoadKorf24(51); err == nil {
		t.Error("instance 51 accepted")
	}
	ins := board.Korf24()
	p.Korf24Select.SetSelected(p.Korf24Select.Options[39])
	b := u.Session.Board()
	if b != ins[39].Board || u.Session.Optimal() != ins[39].Optimal || !strings.Contains(p.Title.Text, "#40") {
		t.Fatalf("#40: board %s, optimal %d, title %q", b.Line(), u.Session.Optimal(), p.Title.Text)
	}
	if md := uitest.ManhattanOf(b, goal); md > ins[39].Optimal || (ins[39].Optimal-md)%2 != 0 {
		t.Errorf("#40: optimal %d, Manhattan distance %d", ins[39].Optimal, md)
	}
	if p.SizeSelect.Selected != toolkit.SizeLabel(board.Size5x5) || p.Korf24Select.Selected != p.Korf24Label(40) || p.KorfSelect.Selected != "" {
		t.Errorf("selectors: size %q, 24-puzzle %q, Korf's 100 %q", p.SizeSelect.Selected, p.Korf24Select.Selected, p.KorfSelect.Selected)
	}
	u.SetGoal(board.BlankFirst)
	if got := u.Session.Board(); got != board.ConvertGoal(ins[39].Board) || !got.Solvable(board.BlankFirst) || u.Session.Optimal() != ins[39].Optimal ||
		p.Korf24Select.Selected != p.Korf24Label(40) {
		t.Errorf("blank-first goal: %s, optimal %d, selector %q", got.Line(), u.Session.Optimal(), p.Korf24Select.Selected)
	}
	u.SetGoal(board.BlankLast)
	test.Tap(p.WalkButton)
	if p.Korf24Select.Selected != "" {
		t.Errorf("after a walk the selector still shows %q", p.Korf24Select.Selected)
	}
}
