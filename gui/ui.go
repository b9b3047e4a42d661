// Package gui is the Slidelab desktop application: a puzzle and search view,
// a pattern database view and a comparison view, each in its own tab.
//
// The package never creates the Fyne app itself (cmd/visualizer does, with
// app.NewWithID), so it builds and tests headless with fyne.io/fyne/v2/test:
//
//	u := gui.New(test.NewApp())
//	u.LoadUI(w)
//	test.Tap(u.Puzzle.RandomButton)
//
// The window's shared state (the goal, the board) lives once, in a Session
// that the views subscribe to (session.go). Every long piece of work (a
// search, a database build, a comparison, a Play button) runs on a jobRunner
// (jobs.go): in a goroutine with a context, handing its results to the Fyne
// goroutine (fyne.Do) through a post that drops them once a newer job replaced
// it. The views are registered once in views.go.
package gui

import (
	"github.com/slidelab/slidelab/gui/internal/checkview"

	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/raceview"

	"github.com/slidelab/slidelab/gui/internal/pdbview"

	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/qualityview"

	"github.com/slidelab/slidelab/gui/internal/lessonview"
	"github.com/slidelab/slidelab/gui/internal/practiceview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"context"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// View names accepted by ShowView (and by SLIDELAB_VIEW in cmd/visualizer).
const (
	ViewPuzzle  = "puzzle"
	ViewPDB     = "pdb"
	ViewCompare = "compare"
	ViewRace    = "race"
)

// Names of the zoom levels in the selector, and of the theme modes.
var themeLabels = map[string]string{ThemeSystem: "System theme", ThemeLight: "Light theme", ThemeDark: "Dark theme"}

// UI is the whole application window. Its widgets are exported fields so
// tests can drive them.
type UI struct {
	// App is the Fyne app, Window the main window, Settings the
	// persisted classroom settings.
	App      fyne.App
	Window   fyne.Window
	Settings Settings

	// The views' tabs and the settings strip above them.
	Tabs        *container.AppTabs
	ThemeSelect *widget.Select
	ZoomSelect  *widget.Select
	GoalSelect  *widget.Select // the goal every view solves towards
	HelpButton  *widget.Button
	// PresentButton enters and leaves presentation mode (F11).
	PresentButton *widget.Button
	// BoardSetup folds the puzzle tab's board controls away and back.
	BoardSetup *widget.Button

	// Session holds the goal and the board every view works on.
	Session *session.Session

	// The views.
	Puzzle  *searchview.PuzzleView
	Search  *searchview.SearchPanel
	Predict *searchview.Predictor // the search panel's predict mode (predict.go)
	PDB     *pdbview.PDBView
	Race    *raceview.RaceView
	// Compare and Quality (heuristics against true distances) are built
	// when first needed (compare, quality), not at start: their check
	// boxes and selectors cost over a third of the window's start in a
	// browser (LoadUI, docs/performance.md), for views a lesson opens
	// later if at all.
	Compare *compareview.CompareView
	Quality *qualityview.QualityView
	// Practice asks questions with boards and judges the answers
	// (practiceview); its class votes are shown large (classvote.go).
	Practice *practiceview.PracticeView
	// Check checks a student's search trace beside Slidelab's run (check_wire.go).
	Check *checkview.CheckView
	// Tree is the search-tree view beside the board (treeview.go).
	Tree *searchview.TreePanel
	// Code is the pseudocode, narration and jumps beside the search.
	Code *searchview.CodePanel
	// Files is the File menu: session files (filemenu.go).
	Files *FileMenu
	// Edit is the Edit menu: undo and redo (undo.go).
	Edit *EditMenu
	// Lesson is the lesson panel beside the views, Lessons the Lessons
	// menu (lesson.go).
	Lesson  *lessonview.Panel
	Lessons *LessonMenu

	options Options
	do      toolkit.DoFunc
	pdbs    *catalog.PDBStore
	dyns    *catalog.DynStore // dpdb:pairs and dpdb:triples (dpdbstore.go)
	theme   *classroomTheme
	views   []viewSpec // the views, one per tab, in order (see views.go)
	// waiters are called whenever the databases change until they return
	// true (whenDatabasesChange): a database being loaded (whenPDBReady), a
	// session's heuristic offered only once its tables are built.
	waiters []func() bool
	// boardSlot holds the puzzle's board in its tab; presentation mode
	// borrows the board (present.go).
	boardSlot *fyne.Container
	// treeTab holds the board and the search tree in the puzzle tab;
	// the lecture layout borrows the tree from it.
	treeTab *fyne.Container
	present *presentation
	// vote is the class vote on screen (classvote.go), nil when none.
	vote *classVote
	// lesson is the lesson open (nil: none); lessonArea holds the tabs,
	// and the lesson panel beside them while one is open.
	lesson     *openLesson
	lessonArea *fyne.Container
	// helpDialog is the open Keys dialog, nil when closed.
	helpDialog dialog.Dialog
	// keyFocus is the control Tab reached whose focus the window keeps
	// (keyfocus.go), nil when none.
	keyFocus fyne.Focusable
	// keyHolder has the canvas's focus while keyFocus is kept (keyholder.go).
	keyHolder *keyHolder
	// painted tells when the window is first drawn (firstframe.go).
	painted *framePainted
	// foregroundAt is when the app last came to the front (foreground.go).
	foregroundAt time.Time
	// tabHolder holds the puzzle tab's board and tree, in the app's theme
	// once a lecture layout borrowed them (tabScope, themescope.go).
	tabHolder *fyne.Container
	tabScope  *container.ThemeOverride
	// afterKey runs a function once the key being handled is done with
	// (installFocusWatch; nil under the test driver).
	afterKey func(func())
	// headerBar is the strip above the views (header).
	headerBar fyne.CanvasObject
	ctx       context.Context
	cancel    context.CancelFunc
}

// Options adjust a UI; the zero value is what the application uses.
type Options struct {
	// CacheDir holds pattern database files; empty means pdb.DefaultCacheDir()
	// (which honours $SLIDELAB_CACHE).
	CacheDir string
	// NoPreload skips loading (or building) the 15-puzzle's 6-6-3 database
	// at start-up; tests set it.
	NoPreload bool

	// do hands work to the Fyne goroutine (nil: fyne.Do); tests replace it.
	do toolkit.DoFunc
}

// New creates the UI for a, reading the persisted settings. Call LoadUI to
// show it in a window.
func New(a fyne.App) *UI { return NewWithOptions(a, Options{}) }

// NewWithOptions is New with options.
func NewWithOptions(a fyne.App, o Options) *UI {
	ctx, cancel := context.WithCancel(context.Background())
	u := &UI{App: a, Settings: loadSettings(a.Preferences()), options: o, ctx: ctx, cancel: cancel}
	dir := o.CacheDir
	if dir == "" {
		// Without a cache directory, databases are built and kept in memory only.
		dir, _ = pdb.DefaultCacheDir()
	}
	u.do = toolkit.OrFyneDo(o.do)
	u.pdbs = catalog.NewPDBStore(u.do, dir)
	u.pdbs.OnChange = u.pdbChanged
	u.dyns = catalog.NewDynStore(u.do, dir)
	u.dyns.OnChange = u.pdbChanged
	u.applyTheme()
	return u
}

// LoadUI builds the content of w, installs the keyboard shortcuts and makes
// closing w cancel all background work.
func (u *UI) LoadUI(w fyne.Window) {
	u.Window = w
	korf := board.Korf100()
	first := korf[searchview.ClassroomSet[0]-1]
	u.Session = session.NewSession(first.Board, fmt.Sprintf("Korf #%d, optimal %d moves", searchview.ClassroomSet[0], first.Optimal), first.Optimal, searchview.DefaultGoal)
	u.Session.SetKorfBoard(first.Board, u.Session.Title(), first.Optimal) // marks it as Korf's; no view listens yet
	u.Puzzle = searchview.NewPuzzleView(u.Session)
	u.Search = searchview.NewSearchPanel(u.ctx, u.do, u.Session, u.Settings.Speed, u.Puzzle.Show, u.heuristicOptions)
	u.Search.DrawOverlayOn(u.Puzzle)
	u.Search.Window = func() fyne.Window { return u.Window }
	u.Tree = searchview.NewTreePanel(u.Search, u.Puzzle.Show)
	u.Predict = searchview.NewPredictor(u.Search)
	u.Code = searchview.NewCodePanel(u.ctx, u.do, u.Search)
	u.Search.OfferBuild = u.offerBuild
	u.Search.OnSpeed = func(v float64) {
		u.Settings.Speed = v
		u.Settings.save(u.App.Preferences())
	}
	u.wireRace() // the race and practice views are built when first shown (views.go)
	u.Check = u.newCheck()
	u.Session.Subscribe(u.sessionChanged)

	u.views = u.viewTable()
	u.Tabs = u.newViewTabs() // each view built when first shown (views.go)
	u.Tabs.OnSelected = func(*container.TabItem) { u.viewChanged() }
	u.newLessonPanel()

	u.headerBar = u.header()
	content := container.NewBorder(u.headerBar, nil, nil, nil, u.lessonArea)
	u.keepShortcuts(content)
	u.keyHolder = newKeyHolder(u)
	u.painted = newFramePainted()
	u.buildView(0)                                           // the first tab opens selected
	w.SetContent(toolkit.WithTips(u.withKeyHolder(content))) // the layer the controls' hover tips are drawn in
	w.Canvas().SetOnTypedKey(u.typedKey)
	u.installFocusWatch(u.ctx, w) // shortcuts through a control Tab reached (keyfocus.go)
	u.installForeground()         // the click that brings the window to the front (foreground.go)
	w.SetOnClosed(u.Close)
	u.installFileMenu(w)
	w.SetOnDropped(u.dropped) // a file dropped on the window opens (check_wire.go)
	if u.Settings.Goal != searchview.DefaultGoal {
		u.Session.SetGoal(u.Settings.Goal) // the goal saved last time
	} else {
		if deferStartWork { // in a browser: after the first frame (firstframe.go)
			u.AfterFirstFrame(func() { u.preload(u.Session.Board().Size()) })
		} else {
			u.preload(first.Board.Size())
		}
		u.pdbChanged()
	}
	u.Session.Forget() // the window's start is nothing to undo
	u.refreshUndo()
}

// sessionChanged makes sure the preset pattern database for the board's size
// and the goal is (being) loaded, and offers the heuristics for them.
func (u *UI) sessionChanged(c session.Change) {
	u.followSession(c)
	if c.Size || c.Goal {
		u.preload(u.Session.Board().Size())
		u.pdbChanged()
	}
}

// preload loads or builds the preset pattern database for boards of size s
// in the background (the 6-6-3 one for the 15-puzzle).
func (u *UI) preload(s board.Size) {
	if u.options.NoPreload {
		return
	}
	if name, _ := catalog.PresetFor(s); name != "" {
		if p, err := pdb.Preset(name, s, u.Settings.Goal); err == nil && u.pdbs.LoadsQuietly(p) {
			u.pdbs.Ensure(u.ctx, p) // a large one only from the cache (large.go)
		}
	}
}

// pdbChanged refreshes what depends on the loaded pattern databases: the
// heuristic list, the status line under it (the selected heuristic's
// database), and the PDB view.
func (u *UI) pdbChanged() {
	if u.Search == nil {
		return
	}
	u.Search.RefreshHeuristics()
	u.Search.RefreshPDBStatus() // the database of the selected heuristic only
	if u.PDB != nil {
		u.PDB.StoreChanged() // else built later with the tables of then
	}
	if u.Compare != nil { // else built later with the heuristics of then
		u.Compare.RefreshHeuristics()
	}
	if u.Race != nil {
		u.Race.RefreshHeuristics()
	}
	if u.Quality != nil { // else built later with the heuristics of then
		u.Quality.RefreshHeuristics()
	}
	u.Check.RefreshHeuristics()
	u.runWaiters()
}

// Context is cancelled when the window closes.
func (u *UI) Context() context.Context { return u.ctx }

// header is the strip above the tabs: the app's name and the classroom
// settings.
func (u *UI) header() fyne.CanvasObject {
	modes := []string{ThemeSystem, ThemeLight, ThemeDark}
	labels := make([]string, len(modes))
	for i, m := range modes {
		labels[i] = themeLabels[m]
	}
	u.ThemeSelect = widget.NewSelect(labels, func(s string) {
		for _, m := range modes {
			if themeLabels[m] == s && u.Settings.Theme != m {
				u.Settings.Theme = m
				u.settingsChanged()
			}
		}
	})
	u.ThemeSelect.PlaceHolder = themeLabels[ThemeSystem] // sizes the selector for the longest label
	u.ThemeSelect.SetSelected(themeLabels[u.Settings.Theme])

	zooms := make([]string, len(zoomLevels))
	for i, z := range zoomLevels {
		zooms[i] = zoomLabel(z)
	}
	u.ZoomSelect = widget.NewSelect(zooms, func(s string) {
		for _, z := range zoomLevels {
			if zoomLabel(z) == s && u.Settings.Zoom != z {
				u.Settings.Zoom = z
				u.settingsChanged()
			}
		}
	})
	u.ZoomSelect.SetSelected(zoomLabel(u.Settings.Zoom))
	u.GoalSelect = widget.NewSelect([]string{goalLabels[board.BlankLast], goalLabels[board.BlankFirst]}, func(s string) {
		for g, l := range goalLabels {
			if l == s {
				u.SetGoal(g)
			}
		}
	})
	u.GoalSelect.Selected = goalLabels[u.Settings.Goal]
	u.HelpButton = widget.NewButtonWithIcon("Keys", theme.HelpIcon(), u.showHelp)
	u.PresentButton = widget.NewButtonWithIcon("Present (F11)", theme.ViewFullScreenIcon(), u.TogglePresentation)

	t := headerTips // tips.go
	return toolkit.NewFlowAligned(toolkit.FlowEnd, t.WithTip(u.GoalSelect, tipGoal), t.WithTip(u.ThemeSelect, tipTheme),
		t.WithTip(u.ZoomSelect, tipZoom), t.WithTip(u.PresentButton, tipPresent), t.WithTip(u.HelpButton, tipKeys))
}

// goalLabels name the goals in the header's selector.
var goalLabels = map[board.Goal]string{
	board.BlankLast:  "Goal 1 2 … _",
	board.BlankFirst: "Goal _ 1 2 …",
}

// SetGoal makes g the goal of every view and persists it: the board is kept
// when it can reach g (else converted, as Korf's instances are), the
// heuristics and pattern databases are those for g (the preset is loaded
// or built), and work in progress stops.
func (u *UI) SetGoal(g board.Goal) {
	if g != board.BlankLast && g != board.BlankFirst {
		return
	}
	if u.GoalSelect != nil && u.GoalSelect.Selected != goalLabels[g] {
		u.GoalSelect.SetSelected(goalLabels[g]) // calls SetGoal again
		return
	}
	u.Settings.Goal = g
	u.Settings.save(u.App.Preferences())
	u.Session.SetGoal(g) // every view hears of it
}

// SetZoom changes the zoom (one of 1, 1.25, 1.5, 2) and persists it.
func (u *UI) SetZoom(z float32) error {
	for _, l := range zoomLevels {
		if l == z {
			u.ZoomSelect.SetSelected(zoomLabel(z))
			return nil
		}
	}
	return fmt.Errorf("zoom %v: want one of 1, 1.25, 1.5, 2", z)
}

// settingsChanged applies and persists the settings.
func (u *UI) settingsChanged() {
	u.Settings.save(u.App.Preferences())
	u.applyTheme()
}

// applyTheme installs the theme for the current settings.
func (u *UI) applyTheme() {
	s := u.App.Settings()
	u.theme = newClassroomTheme(u.Settings.Theme, u.Settings.Zoom, s.ThemeVariant)
	s.SetTheme(u.theme)
	if u.present != nil {
		u.present.scaled.Theme = u.presentTheme()
		u.present.scaled.Refresh()
	}
}

// shortcutHelp lists the keyboard shortcuts.
const shortcutHelp = `F1           help on this view (what it shows, how to use it)
F11          presentation mode: full screen, the board and the counters large
Arrow keys   slide a tile into the blank (the tile moves the way the arrow points)
Space        one step (search, race, or one layer of a database build)
P            play / pause
S            one abstract state of a small pattern's database build
Backspace    step back through the recorded search
R            reset the search or the race
T            show or hide the search tree beside the board
L            lecture layout: board, tree, narration, pseudocode and buttons together
1 to 6       predict mode: pick an option (IDA*: mark a child pruned)
N            jump to the next expansion
F            jump to the next f (A*), iteration (IDA*), lower h (greedy) or depth (BFS)
G            play to the goal, fast (again: pause)
1 to 9, N    Practice: pick an answer (Enter checks a number), next question
R            in a class vote: reveal the answer (N: next question)
D, E, Home   check a trace: the first difference, the end, the start
Enter        in the board box: apply the typed board
Page Down    the lesson's next part (Page Up: the part before)
Escape       leave presentation mode
Ctrl+O       open a session file (.slidelab), an instance file or a trace (.jsonl)
Ctrl+S       save the session (Ctrl+Shift+S: save as)
Ctrl+Z       undo a change of board, goal, size, algorithm or heuristic
Ctrl+Shift+Z redo it (Ctrl+Y too)`

// showHelp shows the shortcuts in a dialog that Escape closes too, and
// under them what the search view's buttons and selectors do (the same
// text as their hover tips), in a scroll of fixed height.
func (u *UI) showHelp() {
	l := widget.NewLabel(shortcutHelp + "\nEscape       close this list")
	l.TextStyle = fyne.TextStyle{Monospace: true}
	body := container.NewVBox(l)
	for _, part := range u.tipSections() { // tips.go
		text := widget.NewLabel(part.text)
		text.Wrapping = fyne.TextWrapWord
		body.Add(widget.NewLabelWithStyle(part.title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		body.Add(text)
	}
	d := dialog.NewCustom("Keyboard shortcuts", "Close", container.NewVScroll(body), u.Window)
	if c := u.Window.Canvas(); c != nil {
		s := c.Size()
		d.Resize(fyne.NewSize(max(l.MinSize().Width+4*theme.Padding(), s.Width*0.6), s.Height*0.8))
	}
	d.SetOnClosed(func() { u.helpDialog = nil })
	u.helpDialog = d
	d.Show()
}

// puzzleTab lays out the "Puzzle & search" tab: the board as large as the
// window allows on the left; on the right, in a column that scrolls, the
// board's set-up (which folds away), the search controls, the counters and
// the open list. The column gets the width it needs at the zoom chosen, so
// no control is pushed off the window; the board gets the rest.
func (u *UI) puzzleTab() fyne.CanvasObject {
	p, s := u.Puzzle, u.Search
	u.boardSlot = container.NewStack(p.Board)
	u.treeTab = u.Tree.Beside(container.NewBorder(p.Title, p.Legend, nil, nil, u.boardSlot))
	u.tabHolder = container.NewStack(u.treeTab) // in the app's theme after a lecture (themescope.go)
	left := u.tabHolder
	u.BoardSetup = toolkit.NewFoldButton("Board", p.Controls)
	right := container.NewVScroll(container.NewPadded(container.NewVBox(
		u.BoardSetup, p.Controls, widget.NewSeparator(), s.Controls,
		// The counters right under the buttons, in view while stepping;
		// then the question of predict mode, the jumps, the tools, the
		// pseudocode and the open list.
		s.StatsBox, u.Predict.Box, u.Code.Jumps,
		toolkit.NewFlowAligned(toolkit.FlowStretch, searchview.WithTip(s.RaceButton, searchview.TipRace),
			searchview.WithTip(u.Tree.Toggle, searchview.TipTreeToggle), searchview.WithTip(u.Predict.Toggle, searchview.TipPredict),
			searchview.WithTip(s.GIFButton, searchview.TipGIF)),
		u.Code.Box, s.Details)))
	u.Predict.Follow(right)
	u.revealOnStep(right) // stepreveal.go
	return toolkit.NewSide(left, right, 0.36)
}

// defaultPreset returns the default preset partition for boards of size s
// and goal g (core/pdb's preset table).
func defaultPreset(s board.Size, g board.Goal) (pdb.Partition, error) {
	info, ok := pdb.DefaultPreset(s)
	if !ok {
		return pdb.Partition{}, fmt.Errorf("no pattern database preset for %s boards", s)
	}
	return pdb.Preset(info.Name, s, g)
}
