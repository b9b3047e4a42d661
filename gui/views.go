package gui

import (
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/compareview"
	"github.com/slidelab/slidelab/gui/internal/qualityview"
)

// viewSpec is one view of the window, registered once in viewTable: the
// tabs, ShowView, CurrentView, the keyboard shortcuts, switching views and
// closing the window all read the table, so a new view is one entry.
type viewSpec struct {
	// name is what ShowView and SLIDELAB_VIEW take; title is the tab's.
	name, title string
	// content builds the view's tab content, once, when its tab is first
	// shown (buildView); until then the tab holds an empty placeholder, so
	// hidden views cost no layout, drawing or refresh at start.
	content func() fyne.CanvasObject
	// keys are the view's shortcuts. Those that stand for a button press
	// it (press), so a disabled button is a disabled key.
	keys map[fyne.KeyName]func()
	// leave runs when another view is shown: it pauses what only makes
	// sense on screen (stepping at a speed); builds, runs and comparisons
	// go on in the background. nil: nothing to pause.
	leave func()
	// stop stops the view's background work when the window closes.
	stop func()
	// theme is the theme the view was last on screen with (see
	// viewChanged); shown marks the view on screen.
	theme fyne.Theme
	shown bool
	// scroll is the tab's content (toolkit.FitScroll), holding placeholder
	// until built, when content has been called and put in it.
	scroll      *container.Scroll
	placeholder fyne.CanvasObject
	built       bool
}

// viewTable registers the views, in tab order.
func (u *UI) viewTable() []viewSpec {
	views := u.viewSpecs()
	for i := range views {
		views[i].theme = u.theme // built with it; none drawn yet
	}
	views[0].shown = true // the first tab opens selected
	// The views' own tabs (the PDB view's charts, Compare's results)
	// hide content the same way: rethemeOnSelect in pdb, compare and quality.
	return views
}

// newViewTabs returns the tabs of the views, each holding a placeholder
// until it is first shown (buildView). Fyne's tabs refresh every tab's
// content on each switch and theme change, hidden or not, and lay them all
// out: building the hidden views at start cost over half the window's
// first frame (BenchmarkFirstFrame) and of each shell test's window.
func (u *UI) newViewTabs() *container.AppTabs {
	items := make([]*container.TabItem, len(u.views))
	for i := range u.views {
		v := &u.views[i]
		v.placeholder = container.NewWithoutLayout()
		v.scroll = toolkit.FitScroll(v.placeholder)
		items[i] = container.NewTabItem(v.title, v.scroll)
	}
	return container.NewAppTabs(items...) // one refresh, not one per Append
}

// buildView builds the content of view i if it is not built yet: it puts
// the view's content in its tab and makes its controls hand the keys back
// (keepShortcuts). The search tab's and Check a trace's objects exist from
// the start; the others (pdb, race, compare, quality, practice) are
// constructed at their first use, which may come before their tab is
// shown (a session file, a lesson, a demo, the Race button); their keys
// reach them only while they are shown.
func (u *UI) buildView(i int) {
	if i < 0 || i >= len(u.views) || u.views[i].built {
		return
	}
	v := &u.views[i]
	v.built = true
	content := u.withHelpButton(v.name, v.content())
	u.keepShortcuts(content)
	v.scroll.Content = content
	v.scroll.Refresh()
}

// rethemeOnSelect makes the tabs of a view apply the theme again when one
// is selected after a theme change made since it was last selected (see
// viewChanged).
func (u *UI) rethemeOnSelect(tabs *container.AppTabs) {
	seen := map[*container.TabItem]fyne.Theme{}
	for _, it := range tabs.Items {
		seen[it] = u.theme
	}
	old := tabs.OnSelected
	tabs.OnSelected = func(it *container.TabItem) {
		if old != nil {
			old(it)
		}
		if seen[it] != fyne.Theme(u.theme) {
			seen[it] = u.theme
			th := u.theme
			fyne.Do(func() { u.App.Settings().SetTheme(th) })
		}
	}
}

// viewSpecs lists the views, in tab order.
func (u *UI) viewSpecs() []viewSpec {
	s, p := u.Search, u.Puzzle
	return []viewSpec{
		{
			name: ViewPuzzle, title: "Puzzle & search", content: u.puzzleTab, leave: func() { s.Pause(); u.Code.Pause() }, stop: s.Stop,
			keys: map[fyne.KeyName]func(){
				// The arrows slide a tile into the blank (the tile moves
				// the way the arrow points); no button stands for them.
				fyne.KeyUp:        func() { p.SlideTile(board.Up) },
				fyne.KeyDown:      func() { p.SlideTile(board.Down) },
				fyne.KeyLeft:      func() { p.SlideTile(board.Left) },
				fyne.KeyRight:     func() { p.SlideTile(board.Right) },
				fyne.KeySpace:     toolkit.Press(s.StepButton),
				fyne.KeyP:         toolkit.Press(s.PlayButton),
				fyne.KeyBackspace: toolkit.Press(s.BackButton),
				fyne.KeyR:         toolkit.Press(s.ResetButton),
				fyne.KeyT:         toolkit.Press(u.Tree.Toggle),
				fyne.KeyL:         u.ToggleLecture,
				// Predict mode's options (predict.go).
				fyne.Key1: toolkit.Press(u.Predict.Options[0]),
				fyne.Key2: toolkit.Press(u.Predict.Options[1]),
				fyne.Key3: toolkit.Press(u.Predict.Options[2]),
				fyne.Key4: toolkit.Press(u.Predict.Options[3]),
				fyne.Key5: toolkit.Press(u.Predict.Options[4]),
				fyne.Key6: toolkit.Press(u.Predict.Options[5]),
				fyne.KeyN: toolkit.Press(u.Code.NextExpansion),
				fyne.KeyF: toolkit.Press(u.Code.NextLevel),
				fyne.KeyG: toolkit.Press(u.Code.PlayToGoal),
			},
		},
		u.raceViewSpec(),
		u.pdbViewSpec(),
		{
			name: ViewCompare, title: "Compare", content: func() fyne.CanvasObject { return u.compare().Content },
			stop: ifBuilt(&u.Compare, (*compareview.CompareView).Stop),
		},
		{
			name: ViewQuality, title: "Heuristic quality", content: func() fyne.CanvasObject { return u.quality().Content },
			stop: ifBuilt(&u.Quality, (*qualityview.QualityView).Stop),
		},
		u.checkViewSpec(), // check_wire.go
		u.practiceViewSpec(),
	}
}

// ShowView selects a view by name (ViewPuzzle, "race", ViewPDB, ViewCompare, ViewQuality, ViewPractice).
func (u *UI) ShowView(name string) error {
	var names []string
	for i, v := range u.views {
		if v.name == strings.ToLower(strings.TrimSpace(name)) {
			u.Tabs.SelectIndex(i)
			return nil
		}
		names = append(names, v.name)
	}
	return fmt.Errorf("view %q: want one of %s", name, strings.Join(names, ", "))
}

// CurrentView returns the name of the selected view.
func (u *UI) CurrentView() string {
	if v := u.currentView(); v != nil {
		return v.name
	}
	return ""
}

func (u *UI) currentView() *viewSpec {
	if u.Tabs == nil {
		return nil
	}
	i := u.Tabs.SelectedIndex()
	if i < 0 || i >= len(u.views) {
		return nil
	}
	return &u.views[i]
}

// viewChanged pauses the stepping of views that are no longer shown; their
// builds, runs and comparisons go on (cancelled only by Cancel, by a new run
// of the same kind, or by closing the window).
//
// It also re-applies the theme to a view shown again after a theme change
// (light/dark, zoom) made while it was hidden: Fyne re-themes the hidden
// tabs too, but their images (a selector's arrow, a check box) are not
// redrawn, because a hidden object's refresh does not reach the painter, and
// a widget.Icon skips the refresh of an unchanged resource. Compare showed
// dark arrows on a dark background after a switch to the dark theme made on
// another tab. Applying the theme again once the view is on screen redraws
// them.
func (u *UI) viewChanged() {
	u.buildView(u.Tabs.SelectedIndex()) // first shown: build it
	u.dropKeyFocus()                    // a control of the view left behind takes no keys
	cur := u.CurrentView()
	for i := range u.views {
		v := &u.views[i]
		if v.name == cur {
			continue
		}
		if v.shown {
			v.theme, v.shown = u.theme, false // on screen up to now: drawn with the current theme
		}
		if v.leave != nil {
			v.leave()
		}
	}
	if v := u.currentView(); v != nil {
		v.shown = true
		if v.theme != fyne.Theme(u.theme) {
			v.theme = u.theme
			th := u.theme
			fyne.Do(func() { u.App.Settings().SetTheme(th) }) // once the view is on screen
		}
	}
}

// typedKey runs the current view's shortcut for a key that was not typed
// into an entry.
func (u *UI) typedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && u.helpDialog != nil {
		u.helpDialog.Hide()
		return
	}
	if ev.Name == fyne.KeyEscape && u.PDB != nil && u.PDB.DismissConfirm() {
		return // the build's confirmation that Space or Step opened
	}
	if u.Window != nil && u.Window.Canvas().Overlays().Top() != nil {
		return // a dialog is open (a file name being typed): no shortcuts behind it
	}
	if u.keyFocusKey(ev) {
		return // Space on the button Tab reached (keyfocus.go)
	}
	if u.vote != nil {
		u.voteKey(ev.Name) // classvote.go
		return
	}
	if ev.Name == fyne.KeyF1 {
		u.showViewHelp()
		return
	}
	if ev.Name == fyne.KeyF11 || (ev.Name == fyne.KeyEscape && u.Presenting()) {
		u.TogglePresentation()
		return
	}
	if u.lessonKey(ev.Name) {
		return
	}
	if v := u.currentView(); v != nil {
		if f := v.keys[ev.Name]; f != nil {
			f()
		}
	}
}

// Close cancels every piece of background work. It is called when the
// window closes.
func (u *UI) Close() {
	u.cancel()
	if u.Lesson != nil {
		u.Lesson.Stop()
	}
	for _, v := range u.views {
		if v.stop != nil {
			v.stop()
		}
	}
}

// ViewQuality names the heuristic-quality view (ShowView, SLIDELAB_VIEW).
const ViewQuality = "quality"

// ViewPractice names the Practice view (ShowView, SLIDELAB_VIEW).
const ViewPractice = "practice"

// compare returns the Compare view, building it on its first call (on the
// Fyne goroutine).
func (u *UI) compare() *compareview.CompareView {
	if u.Compare == nil {
		u.Compare = compareview.NewCompareView(u.ctx, u.do, func() fyne.Window { return u.Window }, u.Session, u.heuristicOptions)
		u.rethemeOnSelect(u.Compare.Tabs)
	}
	return u.Compare
}

// quality returns the Heuristic quality view, building it on its first
// call (on the Fyne goroutine).
func (u *UI) quality() *qualityview.QualityView {
	if u.Quality == nil {
		u.Quality = qualityview.NewQualityView(u.ctx, u.do, func() fyne.Window { return u.Window }, u.Session, u.heuristicOptions)
		u.rethemeOnSelect(u.Quality.Tabs)
	}
	return u.Quality
}
