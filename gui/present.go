package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/session"
	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Presentation mode: the window goes full screen and shows only the board,
// as large as the screen allows, and beside it, in large type, the counters,
// what the current step did, and the buttons to step, play, run and reset.
// F11 or the header's Present button enters it; F11, Escape or its Exit
// button leaves it. The board is the puzzle tab's own BoardView, moved into
// the presentation while it lasts, so clicks, arrow keys and everything
// drawn on it behave as in the tab. The counters mirror the search panel's
// (SearchPanel.Watch); the buttons press the panel's, so a disabled button
// stays disabled here too.

// presentScale is how much larger than the window's zoom the presentation's
// text is; presentMaxZoom caps the product, so that 200 % on a small screen
// still leaves room for the board.
const (
	presentScale   = 1.5
	presentMaxZoom = 2.5
	// presentHeightPerZoom is the window height, in pixels, that a unit
	// of presentation zoom needs with the tree, the narration and the
	// pseudocode on screen: 768 pixels allow 1.6, 1080 pixels 2.25.
	presentHeightPerZoom = 480
)

// presentation holds presentation mode's widgets. They are built once, on
// first use.
type presentation struct {
	content fyne.CanvasObject
	// boardSlot holds the board while presenting.
	boardSlot *fyne.Container
	title     *widget.Label
	legend    *fyne.Container

	// Counters and texts mirrored from the search panel, in large type.
	algorithm, expanded, generated, fgh, bound, iteration *widget.Label
	boundName, iterationName                              *widget.Label
	event, status                                         *widget.Label
	// narration and codeLine mirror the pseudocode panel: the event's
	// sentence and the highlighted line of the pseudocode; listing is the
	// whole pseudocode with that line marked.
	narration, codeLine *widget.Label
	listing             *searchview.CodeListing
	// beside holds the board and, borrowed from the puzzle tab, the
	// search tree; treeWas says whether the tree was shown before.
	beside  *fyne.Container
	treeWas bool
	// full: full screen (F11); otherwise the lecture layout in the window.
	full bool

	// Buttons that press the search panel's.
	step, back, play, run, reset, exit *widget.Button
	// mirrored pairs each button with the panel's button it stands for.
	mirrored [][2]*widget.Button

	// scaled applies the large type to the whole content; its theme
	// follows the settings.
	scaled *container.ThemeOverride
	// body holds the presentation's board and side, and beside them the
	// lesson panel, borrowed while a lesson is open; main is the board
	// and side alone.
	body *fyne.Container
	main fyne.CanvasObject
	// saved is the window's content before presenting, windowed its size.
	saved    fyne.CanvasObject
	windowed fyne.Size
}

// Presenting reports whether presentation mode is on.
func (u *UI) Presenting() bool { return u.present != nil && u.present.saved != nil }

// TogglePresentation enters or leaves presentation mode.
func (u *UI) TogglePresentation() {
	u.dropKeyFocus() // its control leaves the screen (keyfocus.go)
	if u.Presenting() {
		u.LeavePresentation()
	} else {
		u.EnterPresentation()
	}
}

// EnterPresentation shows the lecture layout full screen: the puzzle's
// board, the search tree, the step buttons, the narration and the
// pseudocode, in large type.
func (u *UI) EnterPresentation() { u.enterLecture(true) }

// ToggleLecture shows or leaves the lecture layout in the window (L).
func (u *UI) ToggleLecture() {
	if u.Presenting() {
		u.LeavePresentation()
	} else {
		u.enterLecture(false)
	}
}

// enterLecture shows the lecture layout, full screen or in the window.
func (u *UI) enterLecture(full bool) {
	if u.Window == nil || u.Presenting() {
		return
	}
	if u.present == nil {
		u.present = u.buildPresentation()
	}
	pr := u.present
	u.Search.Pause() // a replay or a play would go on unseen while the content changes
	_ = u.ShowView(ViewPuzzle)
	u.boardSlot.Remove(u.Puzzle.Board)
	pr.boardSlot.Objects = []fyne.CanvasObject{u.Puzzle.Board}
	u.Tree.MoveBeside(u.treeTab, pr.beside)
	u.Tree.SetCompact(true)
	pr.treeWas = u.Tree.Shown
	if !u.Tree.Shown {
		u.Tree.ToggleShown()
	}
	pr.full = full
	pr.scaled.Theme = u.presentTheme()
	pr.scaled.Refresh()
	u.mirrorSearch()
	u.borrowLesson(pr)
	pr.saved = u.Window.Content()
	pr.windowed = u.Window.Canvas().Size()
	u.Window.SetContent(pr.content)
	if full {
		u.Window.SetMainMenu(nil) // the File menu's bar too leaves the screen to the board
		u.Window.SetFullScreen(true)
	}
	u.PresentButton.SetText("Exit presentation (F11)")
	pr.exit.SetText("Exit (Esc)")
	if !full {
		u.PresentButton.SetText("Exit lecture layout (L)")
		pr.exit.SetText("Exit (L)")
	}
}

// LeavePresentation returns to the tabs.
func (u *UI) LeavePresentation() {
	if !u.Presenting() {
		return
	}
	pr := u.present
	pr.boardSlot.Objects = nil
	u.boardSlot.Objects = []fyne.CanvasObject{u.Puzzle.Board}
	if u.Tree.Shown != pr.treeWas {
		u.Tree.ToggleShown()
	}
	u.Tree.MoveBeside(pr.beside, u.treeTab)
	u.Tree.SetCompact(false)
	if pr.full {
		u.Window.SetFullScreen(false)
		// The size it had: without a window manager it stayed as large as
		// the screen; under one it came back larger than it was.
		u.Window.Resize(pr.windowed)
		u.Files.restoreMenu(u.Window)
	}
	u.Window.SetContent(pr.saved)
	pr.saved = nil
	u.returnLesson(pr)
	u.backInAppTheme() // the tab's type again for the board and tree (themescope.go)
	u.boardSlot.Refresh()
	u.PresentButton.SetText("Present (F11)")
}

// presentTheme is the window's theme with everything larger: the zoom
// times presentScale, at most presentMaxZoom, and at most what leaves the
// board room on the window's height (presentHeightPerZoom a unit of zoom).
func (u *UI) presentTheme() fyne.Theme {
	z := min(u.Settings.Zoom*presentScale, presentMaxZoom)
	if u.Window != nil {
		if h := u.Window.Canvas().Size().Height; h > 0 {
			z = max(1, min(z, h/presentHeightPerZoom))
		}
	}
	return newClassroomTheme(u.Settings.Theme, z, u.App.Settings().ThemeVariant)
}

// buildPresentation makes presentation mode's content.
func (u *UI) buildPresentation() *presentation {
	pr := &presentation{boardSlot: container.NewStack()}
	big := func(bold bool) *widget.Label {
		l := widget.NewLabel("")
		l.TextStyle = fyne.TextStyle{Bold: bold}
		return l
	}
	pr.title = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	pr.title.Wrapping = fyne.TextWrapWord
	pr.legend = toolkit.NewFlowAligned(toolkit.FlowCenter)
	pr.algorithm = big(true)
	pr.algorithm.Wrapping = fyne.TextWrapWord
	pr.expanded, pr.generated, pr.fgh = big(true), big(true), big(true)
	pr.bound, pr.iteration = big(true), big(true)
	pr.boundName, pr.iterationName = big(false), big(false)
	for _, l := range []*widget.Label{pr.expanded, pr.generated, pr.fgh, pr.bound, pr.iteration} {
		l.SizeName = theme.SizeNameSubHeadingText
	}
	pr.event = big(false)
	pr.event.Wrapping = fyne.TextWrapWord
	pr.status = big(false)
	pr.status.Wrapping = fyne.TextWrapWord
	pr.narration = big(false)
	pr.narration.Wrapping = fyne.TextWrapWord
	pr.narration.Importance = widget.HighImportance
	pr.codeLine = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	pr.codeLine.Wrapping = fyne.TextWrapWord
	pr.listing = searchview.NewCodeListing()

	s := u.Search
	mirror := func(of *widget.Button) *widget.Button {
		b := widget.NewButton(of.Text, toolkit.Press(of))
		b.Importance = of.Importance
		pr.mirrored = append(pr.mirrored, [2]*widget.Button{b, of})
		return b
	}
	pr.step, pr.back, pr.play = mirror(s.StepButton), mirror(s.BackButton), mirror(s.PlayButton)
	pr.run, pr.reset = mirror(s.RunButton), mirror(s.ResetButton)
	pr.exit = widget.NewButtonWithIcon("Exit (Esc)", theme.ViewRestoreIcon(), u.LeavePresentation)
	u.keepShortcuts(container.NewVBox(pr.step, pr.back, pr.play, pr.run, pr.reset, pr.exit))

	stat := func(name, value *widget.Label) fyne.CanvasObject {
		return container.New(layout.NewCustomPaddedVBoxLayout(0), name, value)
	}
	counters := container.NewGridWithColumns(2,
		stat(widget.NewLabel("Expanded"), pr.expanded), stat(widget.NewLabel("Generated"), pr.generated),
		stat(widget.NewLabel("f = g + h"), pr.fgh), stat(pr.boundName, pr.bound),
		stat(pr.iterationName, pr.iteration))
	// The buttons come first, so that they stay on a small screen; then
	// what the step did and where it is in the pseudocode; the algorithm,
	// the counters and the way out last. The title and the legend span the
	// board and the tree, so that they take few lines.
	tip := searchview.WithTip
	buttons := toolkit.NewFlow(tip(pr.step, searchview.TipStep), tip(pr.back, searchview.TipBack),
		tip(pr.play, searchview.TipPlay), tip(pr.run, searchview.TipRun), tip(pr.reset, searchview.TipReset))
	side := container.NewVBox(buttons, pr.event, pr.narration, pr.listing, pr.codeLine, widget.NewSeparator(),
		pr.algorithm, counters, pr.status, presentTips.WithTip(pr.exit, tipPresentExit))
	pr.beside = searchview.NewBeside(pr.boardSlot, 0.55)
	boardArea := container.NewBorder(pr.title, pr.legend, nil, nil, pr.beside)
	pr.main = toolkit.NewSide(container.NewPadded(boardArea), container.NewVScroll(container.NewPadded(side)), 0.3)
	pr.body = container.NewStack(pr.main)
	pr.scaled = container.NewThemeOverride(pr.body, u.presentTheme())
	// The hover tips' layer, and the holder of the keys while a button
	// Tab reached keeps them (keyholder.go).
	pr.content = toolkit.WithTips(u.withKeyHolder(pr.scaled))
	s.Watch(u.mirrorSearch)
	u.Code.Watch(u.mirrorSearch)
	u.Session.Subscribe(func(session.Change) { u.mirrorSearch() })
	return pr
}

// mirrorSearch copies what the search panel shows into presentation mode.
func (u *UI) mirrorSearch() {
	pr := u.present
	if pr == nil {
		return
	}
	s := u.Search
	what := s.AlgorithmSelect.Selected
	if h := s.HeuristicSelect.Selected; h != "" && s.Algorithm().UsesHeuristic() {
		what += " with " + h
	}
	pr.algorithm.SetText(what)
	pr.title.SetText(u.Session.Title())
	pr.legend.Objects = searchview.LegendItems(u.Session.Groups())
	pr.legend.Refresh()
	for _, c := range [][2]*widget.Label{{pr.expanded, s.Expanded}, {pr.generated, s.Generated}, {pr.fgh, s.FGH},
		{pr.bound, s.Bound}, {pr.iteration, s.Iteration}, {pr.boundName, s.BoundName},
		{pr.iterationName, s.IterationName}, {pr.event, s.EventInfo}} {
		c[0].SetText(c[1].Text)
	}
	pr.narration.SetText(u.Code.Narration.Text)
	// The narration says what the event line says, in more detail; the
	// line stays for what is not narrated (a full-speed run's end).
	if n := u.Code.Narration.Text; n != "" && n != searchview.NoTraceNarration {
		pr.event.Hide()
	} else {
		pr.event.Show()
	}
	pr.codeLine.SetText(u.Code.CurrentLineText())
	pr.listing.SetLine(s.Algorithm(), u.Code.CurrentLine())
	pr.status.SetText(s.Status.Text)
	pr.status.Importance = s.Status.Importance
	pr.status.Hidden = s.Status.Hidden
	pr.status.Refresh()
	for _, m := range pr.mirrored {
		m[0].SetText(m[1].Text)
		toolkit.Enable(m[0], !m[1].Disabled())
	}
}
