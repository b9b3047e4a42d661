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
// Every long piece of work (a search, a database build, a comparison) runs in
// a goroutine with a context; widgets change only on the Fyne goroutine
// (fyne.Do) or through data bindings.
package gui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// View names accepted by ShowView (and by SLIDELAB_VIEW in cmd/visualizer).
const (
	ViewPuzzle  = "puzzle"
	ViewPDB     = "pdb"
	ViewCompare = "compare"
)

// Names of the zoom levels in the selector, and of the theme modes.
var themeLabels = map[string]string{ThemeSystem: "System", ThemeLight: "Light", ThemeDark: "Dark"}

// UI is the whole application window. Its widgets are exported fields so
// tests can drive them.
type UI struct {
	App      fyne.App
	Window   fyne.Window
	Settings Settings

	Tabs        *container.AppTabs
	ThemeSelect *widget.Select
	ZoomSelect  *widget.Select
	HelpButton  *widget.Button

	Puzzle *PuzzleView

	theme  *classroomTheme
	views  []string // view name of each tab, in order
	ctx    context.Context
	cancel context.CancelFunc
}

// New creates the UI for a, reading the persisted settings. Call LoadUI to
// show it in a window.
func New(a fyne.App) *UI {
	ctx, cancel := context.WithCancel(context.Background())
	u := &UI{App: a, Settings: loadSettings(a.Preferences()), ctx: ctx, cancel: cancel}
	u.applyTheme()
	return u
}

// LoadUI builds the content of w, installs the keyboard shortcuts and makes
// closing w cancel all background work.
func (u *UI) LoadUI(w fyne.Window) {
	u.Window = w
	korf := board.Korf100()
	first := korf[classroomSet[0]-1]
	u.Puzzle = NewPuzzleView(first.Board, fmt.Sprintf("Korf #%d, optimal %d moves", classroomSet[0], first.Optimal), first.Optimal)

	puzzleTab := u.puzzleTab()
	u.Tabs = container.NewAppTabs(
		container.NewTabItem("Puzzle & search", puzzleTab),
		container.NewTabItem("Pattern database", widget.NewLabel("Pattern database view")),
		container.NewTabItem("Compare", widget.NewLabel("Compare view")),
	)
	u.views = []string{ViewPuzzle, ViewPDB, ViewCompare}
	u.Tabs.OnSelected = func(*container.TabItem) { u.viewChanged() }

	w.SetContent(container.NewBorder(u.header(), nil, nil, nil, u.Tabs))
	w.Canvas().SetOnTypedKey(u.typedKey)
	w.SetOnClosed(u.Close)
}

// Close cancels every piece of background work. It is called when the
// window closes.
func (u *UI) Close() {
	u.cancel()
}

// Context is cancelled when the window closes.
func (u *UI) Context() context.Context { return u.ctx }

// ShowView selects a view by name (ViewPuzzle, ViewPDB, ViewCompare).
func (u *UI) ShowView(name string) error {
	for i, v := range u.views {
		if v == strings.ToLower(strings.TrimSpace(name)) {
			u.Tabs.SelectIndex(i)
			return nil
		}
	}
	return fmt.Errorf("view %q: want one of %s", name, strings.Join(u.views, ", "))
}

// CurrentView returns the name of the selected view.
func (u *UI) CurrentView() string {
	i := u.Tabs.SelectedIndex()
	if i < 0 || i >= len(u.views) {
		return ""
	}
	return u.views[i]
}

// viewChanged stops the work of views that are no longer shown.
func (u *UI) viewChanged() {}

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
	u.HelpButton = widget.NewButtonWithIcon("Keys", theme.HelpIcon(), u.showHelp)

	title := widget.NewLabelWithStyle("Slidelab", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	right := container.NewHBox(widget.NewLabel("Theme"), u.ThemeSelect, widget.NewLabel("Zoom"), u.ZoomSelect, u.HelpButton)
	return container.NewBorder(nil, nil, title, right)
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
}

// shortcutHelp lists the keyboard shortcuts.
const shortcutHelp = `Arrow keys   slide a tile into the blank (the tile moves the way the arrow points)
Space        one step (search, or one layer of a database build)
P            play / pause
Backspace    step back through the recorded search
R            reset the search
Enter        in the board box: apply the typed board`

func (u *UI) showHelp() {
	l := widget.NewLabel(shortcutHelp)
	l.TextStyle = fyne.TextStyle{Monospace: true}
	dialog.ShowCustom("Keyboard shortcuts", "Close", l, u.Window)
}

// typedKey handles the keyboard shortcuts that are not typed into an entry.
func (u *UI) typedKey(ev *fyne.KeyEvent) {
	switch u.CurrentView() {
	case ViewPuzzle:
		switch ev.Name {
		case fyne.KeyUp:
			u.Puzzle.SlideTile(board.Up)
		case fyne.KeyDown:
			u.Puzzle.SlideTile(board.Down)
		case fyne.KeyLeft:
			u.Puzzle.SlideTile(board.Left)
		case fyne.KeyRight:
			u.Puzzle.SlideTile(board.Right)
		}
	}
}

// puzzleTab lays out the "Puzzle & search" tab: the board large on the left,
// the controls in a scrolling column on the right.
func (u *UI) puzzleTab() fyne.CanvasObject {
	p := u.Puzzle
	left := container.NewBorder(p.Title, container.NewCenter(p.Legend), nil, nil, p.Board)
	right := container.NewVScroll(container.NewPadded(p.Controls))
	split := container.NewHSplit(left, right)
	split.Offset = 0.5
	return split
}
