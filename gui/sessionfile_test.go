package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/compare"
	"github.com/slidelab/slidelab/core/pdb"
	"github.com/slidelab/slidelab/internal/sessionfile"
)

// guiState is what a teacher sees of everything a session file holds, read
// from the widgets.
type guiState struct {
	GoalSelect, Board, Title string
	Optimal                  int
	Korf                     bool
	KorfSelect               string
	Algorithm, Heuristic     string
	PDBSize, PDBPreset       string
	PDBPartition, PDBEntry   string
	CompareSet, CompareFile  string
	Count, Seed, Moves       string
	CompareAlgorithm         string
	Checked                  []string
	NodeLimit, Seconds       string
	Theme, Zoom, SpeedLabel  string
	Speed                    float64
	SavedTheme               string
	SavedZoom                float32
}

func stateOf(u testUI) guiState {
	c := u.compare()
	checked := slices.Clone(c.Heuristics.Selected)
	slices.Sort(checked)
	return guiState{
		GoalSelect: u.GoalSelect.Selected, Board: u.Session.Board().Line(), Title: u.Puzzle.Title.Text,
		Optimal: u.Session.Optimal(), Korf: u.Session.IsKorf(), KorfSelect: u.Puzzle.KorfSelect.Selected,
		Algorithm: u.Search.AlgorithmSelect.Selected, Heuristic: u.Search.HeuristicSelect.Selected,
		PDBSize: u.pdb().SizeSelect.Selected, PDBPreset: u.pdb().PartitionSelect.Selected,
		PDBPartition: u.pdb().Partition().Size.String() + " " + u.pdb().Partition().String(), PDBEntry: u.pdb().PartitionEntry.Text,
		CompareSet: c.SetSelect.Selected, CompareFile: c.FileLabel.Text,
		Count: c.CountEntry.Text, Seed: c.SeedEntry.Text, Moves: c.WalkEntry.Text,
		CompareAlgorithm: c.AlgorithmSelect.Selected, Checked: checked,
		NodeLimit: c.NodeLimitEntry.Text, Seconds: c.TimeoutEntry.Text,
		Theme: u.ThemeSelect.Selected, Zoom: u.ZoomSelect.Selected, SpeedLabel: u.Search.SpeedLabel.Text,
		Speed: u.Search.Player.Speed(), SavedTheme: u.Settings.Theme, SavedZoom: u.Settings.Zoom,
	}
}

// compareLabel returns the compare view's label of the heuristic named short.
func compareLabel(t *testing.T, u testUI, short string) string {
	t.Helper()
	for _, o := range u.heuristicOptions(u.compare().SetSize()) {
		if o.Short == short {
			return o.Label
		}
	}
	t.Fatalf("no heuristic %s offered", short)
	return ""
}

// TestSessionFileRoundTrip sets up every part of the window a session file
// holds, saves it, opens the file in a fresh window and finds every part
// again.
//
// The race form (raceForm) keeps the first case, Korf's instance: two
// windows instead of four (16 s of the shell's race run before). It
// builds a pattern database in the background, changes the theme and the
// zoom and opens the file in a fresh window; the second case's instance
// file is opened under the race detector by TestOpenInstanceFile and
// TestSessionFileRelativeInstanceFile.
func TestSessionFileRoundTrip(t *testing.T) {
	dir := t.TempDir()
	instances := filepath.Join(dir, "eights.txt")
	if err := os.WriteFile(instances, []byte("# two 8-puzzles\n1 2 3 4 5 6 0 7 8 2\n8 6 7 2 5 4 3 0 1 31\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		setUp func(t *testing.T, u testUI)
	}{
		{"Korf's instance, blank-first goal, walks", func(t *testing.T, u testUI) {
			u.SetGoal(board.BlankFirst)
			if err := u.Puzzle.LoadKorf(12); err != nil {
				t.Fatal(err)
			}
			u.Search.AlgorithmSelect.SetSelected("A*")
			if err := u.Search.SelectHeuristic("lc"); err != nil {
				t.Fatal(err)
			}
			u.pdb().SizeSelect.SetSelected(toolkit.SizeLabel(board.Size3x3))
			u.pdb().PartitionEntry.SetText("1,2,3/4,5,6,7,8")
			u.pdb().Apply()
			c := u.compare()
			c.SetSelect.SetSelected(compareview.SetWalks)
			c.CountEntry.SetText("7")
			c.SeedEntry.SetText("5")
			c.WalkEntry.SetText("25")
			c.NodeLimitEntry.SetText("123456")
			c.TimeoutEntry.SetText("2.5")
			c.AlgorithmSelect.SetSelected("Greedy best-first")
			c.Heuristics.SetSelected([]string{compareLabel(t, u, "hamming"), compareLabel(t, u, "manhattan")})
			u.ThemeSelect.SetSelected(themeLabels[ThemeDark])
			if err := u.SetZoom(1.25); err != nil {
				t.Fatal(err)
			}
			u.Search.SpeedSlider.SetValue(toolkit.SpeedToSlider(12))
		}},
		{"typed 8-puzzle, edited, instance file set", func(t *testing.T, u testUI) {
			eightPuzzle(t, u, "1 2 3 / 4 0 6 / 7 5 8")
			u.Puzzle.SlideTile(board.Left) // edited by hand: the title says so
			u.Search.AlgorithmSelect.SetSelected("Breadth-first")
			if err := u.Search.SelectHeuristic("pdb:44+reflect"); err != nil {
				t.Fatal(err)
			}
			if err := u.compare().LoadInstanceFile(instances); err != nil {
				t.Fatal(err)
			}
			u.compare().CountEntry.SetText("1")
			u.compare().Heuristics.SetSelected([]string{compareLabel(t, u, "pdb:44")})
			u.ThemeSelect.SetSelected(themeLabels[ThemeLight])
			u.Search.SpeedSlider.SetValue(toolkit.SpeedToSlider(0.7))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if raceForm() && !strings.HasPrefix(tc.name, "Korf's") {
				t.Skip("race form: the first case only; make test-short and make test-full run it")
			}
			u := newTestUI(t)
			tc.setUp(t, u)
			u.q.Drain()
			want := stateOf(u)
			path := filepath.Join(t.TempDir(), "lesson.slidelab")
			if err := u.SaveSessionFile(path); err != nil {
				t.Fatal(err)
			}
			if got := u.Window.Title(); !strings.Contains(got, "lesson.slidelab") {
				t.Errorf("window title %q does not name the file", got)
			}
			data, _ := os.ReadFile(path)

			fresh := newTestUI(t)
			before := stateOf(fresh)
			if err := fresh.OpenFile(path); err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			fresh.q.Drain()
			got := stateOf(fresh)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("opened\n%+v\nsaved\n%+v\nfile:\n%s", got, want, data)
			}
			if reflect.DeepEqual(before, want) {
				t.Error("the fresh window already showed the saved state: the test proves nothing")
			}
			if fresh.SessionPath() != path || !strings.Contains(fresh.Window.Title(), "lesson.slidelab") {
				t.Errorf("path %q, title %q after opening %s", fresh.SessionPath(), fresh.Window.Title(), path)
			}
			// Saved again unchanged, the file is the same.
			again := filepath.Join(t.TempDir(), "again.slidelab")
			if err := fresh.SaveSessionFile(again); err != nil {
				t.Fatal(err)
			}
			if data2, _ := os.ReadFile(again); string(data2) != string(data) {
				t.Errorf("saved again:\n%s\nfirst:\n%s", data2, data)
			}
		})
	}
}

// TestSessionFileCustomDatabase opens a session whose heuristic is a
// pattern database built in the view (not a preset): the window builds it
// and selects it once ready.
func TestSessionFileCustomDatabase(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "1 2 3 / 4 0 6 / 7 5 8")
	putDatabase(t, u, "1,2,3/4,5,6,7,8") // sessionview_test.go
	if err := u.Search.SelectHeuristic("pdb:1,2,3/4,5,6,7,8"); err != nil {
		t.Fatal(err)
	}
	want := u.Search.HeuristicSelect.Selected
	path := filepath.Join(t.TempDir(), "custom.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	if fresh.Search.HeuristicSelect.Selected != want && !strings.Contains(fresh.Search.Status.Text, "once its pattern database") {
		t.Errorf("waiting for the database, the search says %q", fresh.Search.Status.Text)
	}
	fresh.q.Until(t, func() bool { return fresh.Search.HeuristicSelect.Selected == want })
	if strings.Contains(fresh.Search.Status.Text, "once its pattern database") {
		t.Errorf("the search still says %q", fresh.Search.Status.Text)
	}
}

// TestOpenBadFiles opens bad, hostile and too new files: each gives a
// clear error and changes nothing in the window.
func TestOpenBadFiles(t *testing.T) {
	u := newTestUI(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.slidelab")
	// A good file of another state, to edit into bad ones.
	eightPuzzle(t, u, "1 2 3 / 4 0 6 / 7 5 8")
	if err := u.SaveSessionFile(good); err != nil {
		t.Fatal(err)
	}
	goodText, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// The state that must survive every bad file.
	if err := u.Puzzle.LoadKorf(9); err != nil {
		t.Fatal(err)
	}
	u.Search.AlgorithmSelect.SetSelected("A*")
	u.setSessionPath("")
	u.q.Drain()
	want := stateOf(u)
	edit := func(old, new string) string {
		t.Helper()
		if !strings.Contains(string(goodText), old) {
			t.Fatalf("the saved file has no %q:\n%s", old, goodText)
		}
		return strings.Replace(string(goodText), old, new, 1)
	}
	for _, tc := range []struct {
		name, file, text string
		says             string
	}{
		{"not JSON", "a.slidelab", "this is no session\n", "not valid JSON"},
		{"truncated", "b.slidelab", string(goodText[:len(goodText)/2]), "not a Slidelab session file"},
		{"empty", "c.slidelab", "", "not a Slidelab session file"},
		{"/dev/zero", "/dev/zero", "", "binary file"},
		{"a 10 MB line", "d.slidelab", `{"format": "slidelab-session", "title": "` + strings.Repeat("x", 10<<20) + "\"}\n", "larger than"},
		{"a 10 MB instance line", "d.txt", strings.Repeat("1 ", 5<<20) + "\n", "line too long"},
		{"wrong type", "e.slidelab", edit(`"version": 2`, `"version": 2, "korf": "nine"`), `"korf"`},
		{"unknown heuristic", "f.slidelab", edit(`"heuristic": "pdb:44"`, `"heuristic": "euclid"`), "euclid"},
		{"unsolvable board", "g.slidelab", edit("7 5 8", "7 8 5"), "unsolvable"},
		{"malformed board", "h.slidelab", edit("7 5 8", "7 5 eight"), "board"},
		{"a board too large", "i.slidelab", edit("1 2 3 / 4 0 6 / 7 5 8", strings.TrimSpace(strings.Repeat("1 ", 25))), "board"},
		{"heuristic of another size", "j.slidelab", edit(`"heuristic": "pdb:44"`, `"heuristic": "pdb:663"`), "3x3"},
		{"database view size not offered", "k.slidelab", edit(`"size": "4x4",
    "partition": "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4"`, `"size": "3x4",
    "partition": "1,2,3/4,5,6,7/8,9,10,11"`), "builds 3x2, 3x3, 4x4, 5x5 boards, not 3x4"},
		{"a table too large", "l.slidelab", edit(`"size": "4x4",
    "partition": "1,5,6,9,10,13/7,8,11,12,14,15/2,3,4"`, `"size": "4x4",
    "partition": "1,2,3,4,5,6,7,8,9/10,11,12,13,14,15"`), "more than the limit"},
		{"newer version", "m.slidelab", edit(`"version": 2`, fmt.Sprintf(`"version": %d, "race": {}`, sessionfile.Version+1)), "newer Slidelab"},
		{"no version", "n.slidelab", edit(`"version": 2,`, ``), "no \"version\""},
		{"missing instance file", "o.slidelab", edit(`"set": "classroom"`, `"set": "file", "file": "no-such-file.txt"`), "no-such-file.txt"},
		{"no usable instance", "p.txt", "1 2 3\n# nothing\n1 1 2 3\n", "no usable instance"},
		{"a folder", "q", "", "folder"},
		{"a missing file", "/no/such/lesson.slidelab", "", "no such file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := tc.file
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, tc.file)
				if tc.file == "q" {
					if err := os.Mkdir(path, 0o755); err != nil {
						t.Fatal(err)
					}
				} else if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := u.OpenFile(path)
			if err == nil {
				t.Fatal("opened without an error")
			}
			if !strings.Contains(err.Error(), tc.says) {
				t.Errorf("error %q does not say %q", err, tc.says)
			}
			t.Log(err)
			if len(err.Error()) > 800 {
				t.Errorf("an error of %d characters", len(err.Error()))
			}
			u.q.Drain()
			if got := stateOf(u); !reflect.DeepEqual(got, want) {
				t.Errorf("the window changed:\n%+v\nwas\n%+v", got, want)
			}
			if u.SessionPath() != "" || u.Window.Title() != "" && u.Window.Title() != "Slidelab" {
				t.Errorf("path %q, title %q after a bad file", u.SessionPath(), u.Window.Title())
			}
		})
	}
}

// TestOpenInstanceFile opens instance files: one board, several boards
// (the first is shown, all go to the comparison), Korf's file written for
// the blank-first goal (converted for the goal in use).
//
// The race form (raceForm) opens Korf's file for the blank-first goal
// only (it is written for it): the same loading for the other goal, in a
// window of its own, is left to make test-short and make test-full.
func TestOpenInstanceFile(t *testing.T) {
	dir := t.TempDir()
	one := filepath.Join(dir, "one.txt")
	if err := os.WriteFile(one, []byte("# one\n8 6 7 / 2 5 4 / 3 0 1  31\n1 2 3 4 5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t)
	setBefore := u.compare().SetSelect.Selected
	if err := u.OpenFile(one); err != nil {
		t.Fatal(err)
	}
	if b := u.Session.Board().Line(); b != "8 6 7 / 2 5 4 / 3 0 1" || u.Session.Optimal() != 31 {
		t.Errorf("board %s, optimal %d", b, u.Session.Optimal())
	}
	if title := u.Puzzle.Title.Text; !strings.Contains(title, "one.txt") || !strings.Contains(title, "31") {
		t.Errorf("title %q", title)
	}
	if !u.Puzzle.Error.Visible() || !strings.Contains(u.Puzzle.Error.Text, "line 3") {
		t.Errorf("the bad line 3 is not named: %q", u.Puzzle.Error.Text)
	}
	if u.compare().SetSelect.Selected != setBefore {
		t.Errorf("one board changed the comparison's set to %q", u.compare().SetSelect.Selected)
	}

	// Korf's 100 as Korf wrote them, for the blank-first goal.
	korf, err := os.ReadFile(filepath.Join("..", "core", "board", "data", "korf100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	many := filepath.Join(dir, "korf100.txt")
	if err := os.WriteFile(many, korf, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		t.Run(g.String(), func(t *testing.T) {
			if raceForm() && g != board.BlankFirst {
				t.Skip("race form: the blank-first goal only; make test-short and make test-full run it")
			}
			u := newTestUI(t)
			u.SetGoal(g)
			if err := u.OpenFile(many); err != nil {
				t.Fatal(err)
			}
			first := board.Korf100()[0]
			want := first.Board // converted for blank-last
			if g == board.BlankFirst {
				want = board.ConvertGoal(want)
			}
			if u.Session.Board() != want || u.Session.Optimal() != first.Optimal {
				t.Errorf("board %s (%d), want Korf's #1 %s (%d)", u.Session.Board().Line(), u.Session.Optimal(), want.Line(), first.Optimal)
			}
			title := u.Puzzle.Title.Text
			if !strings.Contains(title, "1 of 100") || strings.Contains(title, "converted") != (g == board.BlankLast) {
				t.Errorf("title %q", title)
			}
			// Recognised as Korf's instances (issue 25): named and numbered
			// as the built-in set.
			if !strings.HasPrefix(title, "Korf #1, optimal 57 moves (") || u.Puzzle.KorfShown() != 1 || u.Puzzle.KorfSelect.Selected != u.Puzzle.KorfLabel(1) {
				t.Errorf("Korf's #1 from a file: title %q, shown as Korf's %d, selector %q", title, u.Puzzle.KorfShown(), u.Puzzle.KorfSelect.Selected)
			}
			c := u.compare()
			if c.SetSelect.Selected != compareview.SetFile || c.FileSet == nil || len(c.FileSet.Instances) != 100 || c.CountEntry.Text != "100" {
				t.Fatalf("compare set %q, count %s", c.SetSelect.Selected, c.CountEntry.Text)
			}
			if c.FileSet.Instances[99].Board != func() board.Board {
				b := board.Korf100()[99].Board
				if g == board.BlankFirst {
					b = board.ConvertGoal(b)
				}
				return b
			}() {
				t.Error("the comparison's last instance is not Korf's #100")
			}
			if in := c.FileSet.Instances[41]; in.Name != "42" || in.Optimal != board.Korf100()[41].Optimal || c.FileSet.Numbering != compare.KorfNumbering {
				t.Errorf("the file's 42nd board is named %q (optimal %d, numbering %q), want Korf's 42", in.Name, in.Optimal, c.FileSet.Numbering)
			}
			if !strings.Contains(c.FileLabel.Text, "100 instances") {
				t.Errorf("file label %q", c.FileLabel.Text)
			}
		})
	}
}

// TestFileMenu checks the File menu: its items and shortcuts, Save to the
// session's file, and Save As through the dialog with a typed path.
func TestFileMenu(t *testing.T) {
	u := newTestUI(t)
	menu := u.Window.MainMenu()
	if menu == nil || len(menu.Items) == 0 || menu.Items[0].Label != "File" {
		t.Fatalf("main menu %+v", menu)
	}
	var names []string
	for _, it := range menu.Items[0].Items {
		sc := ""
		if it.Shortcut != nil {
			sc = it.Shortcut.ShortcutName()
		}
		names = append(names, it.Label+" "+sc)
	}
	wantNames := []string{"Open… CustomDesktop:Control+O", "Open path… ", "Open Recent ", " ", "Save CustomDesktop:Control+S", "Save As… CustomDesktop:Shift+Control+S"}
	if fmt.Sprint(names) != fmt.Sprint(wantNames) && !strings.Contains(fmt.Sprint(names), "Super") {
		t.Errorf("items %q, want %q", names, wantNames)
	}

	// Save without a file asks for one; a typed absolute path is used.
	path := filepath.Join(t.TempDir(), "menu.slidelab")
	u.Files.Save.Action()
	d := topOverlay(u.Window)
	if d == nil || u.Files.Dialog == nil {
		t.Fatal("Save opened no dialog")
	}
	name := entryIn(t, d, "lesson.slidelab")
	test.Type(name, path)
	test.Tap(buttonIn(t, d, "Save"))
	s, err := sessionfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Board != u.Session.Board() || u.SessionPath() != path {
		t.Errorf("saved %s at %s, path %q", s.Board.Line(), path, u.SessionPath())
	}
	// Save again writes the same file, without a dialog.
	if err := u.Puzzle.LoadKorf(42); err != nil {
		t.Fatal(err)
	}
	for u.Window.Canvas().Overlays().Top() != nil {
		u.Window.Canvas().Overlays().Top().Hide()
		u.Window.Canvas().Overlays().Remove(u.Window.Canvas().Overlays().Top())
	}
	u.Files.Save.Action()
	if top := topOverlay(u.Window); top != nil {
		t.Errorf("Save of a saved session opened a dialog: %q", labelTexts(top))
	}
	if s, err := sessionfile.Load(path); err != nil || s.Korf != 42 {
		t.Errorf("saved again: korf %d, %v", s.Korf, err)
	}
	// A comparison field holding no number is named before any dialog, and
	// Save refuses without touching the file.
	before, _ := os.ReadFile(path)
	u.compare().CountEntry.SetText("ten")
	if err := u.SaveSessionFile(path); err == nil || !strings.Contains(err.Error(), `count "ten"`) {
		t.Errorf("saving with a bad count: %v", err)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused save changed the file")
	}
	if err := u.SaveSessionFile(filepath.Join(path, "inside-a-file.slidelab")); err == nil {
		t.Error("saved inside a file")
	}
	u.Files.SaveAs.Action()
	if top := topOverlay(u.Window); top == nil || !strings.Contains(labelTexts(top), `count "ten"`) {
		t.Errorf("Save As with a bad count: %q", labelTexts(top))
	}
	// Presentation mode hides the menu's bar, and leaving it brings it back.
	u.EnterPresentation()
	if u.Window.MainMenu() != nil {
		t.Error("the File menu stays in presentation mode")
	}
	u.LeavePresentation()
	if u.Window.MainMenu() != menu {
		t.Error("the File menu did not come back after presentation mode")
	}
	// Open… shows the open dialog.
	u.Files.Open.Action()
	if u.Files.Dialog == nil || topOverlay(u.Window) == nil {
		t.Error("Open… opened no dialog")
	}
	_ = fyne.KeyO
}

// TestOpenChooserAndRecent opens an instance file of several boards as a
// teacher does (Open): a dialog offers every board; and the files opened
// and saved are listed under Open Recent, which opens them again.
func TestOpenChooserAndRecent(t *testing.T) {
	dir := t.TempDir()
	korf, err := os.ReadFile(filepath.Join("..", "core", "board", "data", "korf100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	many := filepath.Join(dir, "korf100.txt")
	if err := os.WriteFile(many, korf, 0o644); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t)
	if !u.Files.Recent.Disabled {
		t.Error("Open Recent is enabled with no recent file")
	}
	choose := func(answer string, index int) {
		t.Helper()
		if err := u.Open(many); err != nil {
			t.Fatal(err)
		}
		d := topOverlay(u.Window)
		if d == nil || u.Files.Chooser == nil {
			t.Fatal("no dialog offers the file's boards")
		}
		if !strings.Contains(labelTexts(d), "holds 100 boards") {
			t.Errorf("the dialog says %q", labelTexts(d))
		}
		for _, o := range objectsIn(d) {
			if s, ok := o.(*widget.Select); ok {
				if len(s.Options) != 100 || !strings.HasPrefix(s.Selected, "1. Korf #1: ") {
					t.Fatalf("the dialog offers %d boards, %q selected", len(s.Options), s.Selected)
				}
				s.SetSelectedIndex(index)
			}
		}
		test.Tap(buttonIn(t, d, answer))
	}
	choose("Show", 4)
	if want := board.Korf100()[4]; u.Session.Board() != want.Board || u.Session.Optimal() != want.Optimal ||
		!strings.Contains(u.Puzzle.Title.Text, "5 of 100") || !strings.Contains(u.Puzzle.Title.Text, "converted") {
		t.Errorf("showing the fifth board: %s (%d), %q", u.Session.Board().Line(), u.Session.Optimal(), u.Puzzle.Title.Text)
	}
	choose("Keep the first", 4)
	if u.Session.Board() != board.Korf100()[0].Board || !strings.Contains(u.Puzzle.Title.Text, "1 of 100") {
		t.Errorf("keeping the first board: %s, %q", u.Session.Board().Line(), u.Puzzle.Title.Text)
	}

	saved := filepath.Join(dir, "saved.slidelab")
	if err := u.SaveSessionFile(saved); err != nil {
		t.Fatal(err)
	}
	if got := u.Recent(); len(got) != 2 || got[0] != saved || got[1] != many {
		t.Errorf("recent files %q, want %s then %s", got, saved, many)
	}
	items := u.Files.Recent.ChildMenu.Items
	if u.Files.Recent.Disabled || len(items) != 2 || items[0].Label != saved {
		t.Fatalf("Open Recent lists %d items", len(items))
	}
	if err := u.Puzzle.LoadKorf(42); err != nil {
		t.Fatal(err)
	}
	items[0].Action()
	if u.Session.Board() != board.Korf100()[0].Board || u.SessionPath() != saved {
		t.Errorf("Open Recent did not open %s: board %s", saved, u.Session.Board().Line())
	}
}

// TestSaveOddTitle saves a board whose title holds a line break and is
// longer than a session file keeps (a file's name can make it so): it is
// saved on one line, shortened, and opens again.
//
// The race form (raceForm) skips it: it is text (the title's cleaning) on
// the test's goroutine; TestSessionFileRoundTrip saves under the race
// detector.
func TestSaveOddTitle(t *testing.T) {
	skipInRaceForm(t, "a long title with a line break saved")
	u := newTestUI(t)
	u.Session.SetBoard(u.Session.Board(), "two\nlines "+strings.Repeat("é", sessionfile.MaxTitle), -1)
	path := filepath.Join(t.TempDir(), "odd.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	s, err := sessionfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(s.Title, "two lines éé") || !strings.HasSuffix(s.Title, "…") || len(s.Title) > sessionfile.MaxTitle {
		t.Errorf("title saved as %.40q… (%d bytes)", s.Title, len(s.Title))
	}
}

// TestSaveTitleWithControlCharacters: a title that holds an escape
// sequence, a bell and a right-to-left override (a file's name can) is
// saved without them, and the file opens again (it used to fail to save:
// the strict format refuses them).
//
// The race form (raceForm) skips it, as TestSaveOddTitle.
func TestSaveTitleWithControlCharacters(t *testing.T) {
	skipInRaceForm(t, "a title with control characters saved")
	u := newTestUI(t)
	u.Session.SetBoard(u.Session.Board(), "class\x1b[31m 3\a \u202Efdp.slidelab", -1)
	path := filepath.Join(t.TempDir(), "ctl.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	s, err := sessionfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "class [31m 3 fdp.slidelab"; s.Title != want {
		t.Errorf("title saved as %q, want %q", s.Title, want)
	}
}

// TestSessionFileRelativeInstanceFile saves a session whose comparison
// runs an instance file beside it: the file is named relative to the
// session, so the lesson's folder can move. Opening an instance file then
// leaves the session file (Save asks for a name again).
func TestSessionFileRelativeInstanceFile(t *testing.T) {
	root := t.TempDir()
	lesson := filepath.Join(root, "lesson")
	if err := os.Mkdir(lesson, 0o755); err != nil {
		t.Fatal(err)
	}
	instances := filepath.Join(lesson, "eights.txt")
	if err := os.WriteFile(instances, []byte("1 2 3 4 5 6 0 7 8 2\n8 6 7 2 5 4 3 0 1 31\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t)
	if err := u.compare().LoadInstanceFile(instances); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(lesson, "class.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); !strings.Contains(string(data), `"file": "eights.txt"`) {
		t.Errorf("the instance file is not named relative to the session:\n%s", data)
	}
	moved := filepath.Join(root, "moved")
	if err := os.Rename(lesson, moved); err != nil {
		t.Fatal(err)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(filepath.Join(moved, "class.slidelab")); err != nil {
		t.Fatal(err)
	}
	if c := fresh.compare(); c.SetSelect.Selected != compareview.SetFile || c.FileSet == nil || len(c.FileSet.Instances) != 2 ||
		c.FilePath != filepath.Join(moved, "eights.txt") {
		t.Errorf("the moved lesson's comparison: set %q, file %q", c.SetSelect.Selected, c.FilePath)
	}
	if err := fresh.OpenFile(filepath.Join(moved, "eights.txt")); err != nil {
		t.Fatal(err)
	}
	if fresh.SessionPath() != "" || strings.Contains(fresh.Window.Title(), "class.slidelab") {
		t.Errorf("after opening an instance file: session %q, title %q", fresh.SessionPath(), fresh.Window.Title())
	}
}

// TestSessionFileFringe saves the pattern database view on fringe tables and
// fringe heuristics in the search panel, and finds them again in a fresh
// window: a preset offered at once, and a fringe set built in the view, which
// the fresh window selects once its tables are there.
func TestSessionFileFringe(t *testing.T) {
	u := newTestUI(t)
	eightPuzzle(t, u, "1 2 3 / 4 0 6 / 7 5 8")
	u.pdb().SetFringe(true)
	u.q.Drain()
	if err := u.Search.SelectHeuristic("max(fringe:cs,linear-conflict)"); err != nil {
		t.Fatal(err)
	}
	wantView, wantHeuristic := u.pdb().Partition().String(), u.Search.HeuristicSelect.Selected
	path := filepath.Join(t.TempDir(), "fringe.slidelab")
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"kind": "fringe"`) {
		t.Errorf("the file does not say the view is on fringe tables:\n%s", data)
	}
	fresh := newTestUI(t)
	if err := fresh.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	fresh.q.Drain()
	if !fresh.pdb().Fringe() || fresh.pdb().Partition().String() != wantView {
		t.Errorf("the view is on fringe %v, %s; want fringe, %s", fresh.pdb().Fringe(), fresh.pdb().Partition(), wantView)
	}
	if fresh.Search.HeuristicSelect.Selected != wantHeuristic {
		t.Errorf("heuristic %q, want %q", fresh.Search.HeuristicSelect.Selected, wantHeuristic)
	}

	// A fringe set built in the view is offered only once built.
	p, err := pdb.ParsePartition("1,2/3,4", board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	var tables []*pdb.Table
	for _, g := range p.Groups {
		tab, err := pdb.BuildFringe(context.Background(), p.Size, p.Goal, g, nil)
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, tab)
	}
	u.pdbs.PutFringe(p, tables)
	u.q.Drain()
	short := ""
	for _, o := range u.heuristicOptions(board.Size3x3) {
		if strings.HasPrefix(o.Short, "fringe:") && strings.Contains(o.Short, "/") {
			short = o.Short
		}
	}
	if short == "" {
		t.Fatal("the built fringe set is not offered")
	}
	if err := u.Search.SelectHeuristic(short); err != nil {
		t.Fatal(err)
	}
	want := u.Search.HeuristicSelect.Selected
	if err := u.SaveSessionFile(path); err != nil {
		t.Fatal(err)
	}
	later := newTestUI(t)
	if err := later.OpenFile(path); err != nil {
		t.Fatal(err)
	}
	later.q.Drain()
	if later.Search.HeuristicSelect.Selected == want || !strings.Contains(later.Search.Status.Text, "once its pattern database") {
		t.Errorf("before its tables are built: heuristic %q, status %q", later.Search.HeuristicSelect.Selected, later.Search.Status.Text)
	}
	later.pdbs.PutFringe(p, tables)
	later.q.Until(t, func() bool { return later.Search.HeuristicSelect.Selected == want })
}

// TestSnapshotLeavesPDBViewUnbuilt checks that saving a session does not
// build the Pattern database view (built when first used) and records the
// partition it would show, for either goal: the same as once built.
func TestSnapshotLeavesPDBViewUnbuilt(t *testing.T) {
	for _, g := range []board.Goal{board.BlankLast, board.BlankFirst} {
		t.Run(g.String(), func(t *testing.T) {
			u := newTestUI(t)
			u.Session.SetGoal(g)
			before, err := u.SessionSnapshot()
			if err != nil {
				t.Fatal(err)
			}
			if u.PDB != nil {
				t.Fatal("the snapshot built the PDB view")
			}
			u.pdb()
			built, err := u.SessionSnapshot()
			if err != nil {
				t.Fatal(err)
			}
			if before.PDB == nil || built.PDB == nil || before.PDB.Partition.String() != built.PDB.Partition.String() ||
				before.PDB.Partition.Goal != built.PDB.Partition.Goal || before.PDB.Fringe != built.PDB.Fringe {
				t.Errorf("unbuilt view saved %+v, built %+v", before.PDB, built.PDB)
			}
		})
	}
}
