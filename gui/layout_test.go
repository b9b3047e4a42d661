package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/toolkit"
	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"fmt"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/slidelab/slidelab/core/board"
)

// screenSizes are the screens a classroom has: an old projector, a laptop,
// a 1080p projector.
var screenSizes = []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}, {Width: 1920, Height: 1080}}

// layoutScreens returns the classroom screens a layout test checks at zoom.
// Under uitest.FullMatrix() (make test-full) that is every screen at every
// zoom. Otherwise it is a representative subset, 5 of the 12 pairs, that
// still meets every zoom and every screen: the tightest corner (200 % on
// 1024x768), 200 % on 1080 lines (where the view must not scroll at all),
// 150 % on the old projector, 125 % on 1080 lines and 100 % on the laptop.
func layoutScreens(zoom float32) []fyne.Size {
	if uitest.FullMatrix() {
		return screenSizes
	}
	small, laptop, hd := screenSizes[0], screenSizes[1], screenSizes[2]
	switch zoom {
	case 1:
		return []fyne.Size{laptop}
	case 1.25:
		return []fyne.Size{hd}
	case 1.5:
		return []fyne.Size{small}
	}
	return []fyne.Size{small, hd}
}

// raceForm reports whether the layout and zoom matrices run their race
// form: under the race detector without SLIDELAB_FULL=1 (make test). Each
// layout check there costs several seconds of CPU for the window alone;
// without -race (make test-short) and in make test-full the whole matrix
// runs.
func raceForm() bool { return uitest.RaceEnabled && !uitest.FullMatrix() }

// skipInRaceForm skips a test in the race form (raceForm) whose checks are
// single-goroutine layout, text or drawing on a window of its own: each
// such window costs about two CPU seconds under the race detector, and
// the detector has nothing to find there that the tests it keeps (every
// one driving background work) do not meet. what says what the test
// checks; make test-short and make test-full run it.
func skipInRaceForm(t *testing.T, what string) {
	t.Helper()
	if raceForm() {
		t.Skip("race form: " + what + "; make test-short and make test-full run it")
	}
}

// layoutZooms returns the zooms a layout test checks: every zoom, or in
// the race form the smallest and the largest. With layoutScreens that is
// 100 % on the laptop and 200 % on the old projector (the tightest corner)
// and on 1080 lines (where the view must not scroll): every screen once,
// both ends of the zoom. The middle zooms run without -race.
func layoutZooms() []float32 {
	if raceForm() {
		return []float32{zoomLevels[0], zoomLevels[len(zoomLevels)-1]}
	}
	return zoomLevels
}

// rect is an axis-aligned rectangle in window coordinates.
type rect struct{ x0, y0, x1, y1 float32 }

func (r rect) contains(o rect) bool {
	const tol = 1 // rounding in layouts
	return o.x0 >= r.x0-tol && o.y0 >= r.y0-tol && o.x1 <= r.x1+tol && o.y1 <= r.y1+tol
}

func (r rect) String() string {
	return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", r.x0, r.y0, r.x1, r.y1)
}

// isControl reports whether o is something a teacher clicks, types into or
// drags: it must be reachable and shown whole.
func isControl(o fyne.CanvasObject) bool {
	switch o.(type) {
	case *widget.Button, *widget.Select, *widget.Entry, *widget.Check, *widget.Slider,
		*widget.RadioGroup, *widget.SelectEntry, *widgets.BoardView:
		return true
	}
	return false
}

// controlName describes a control for a failure message.
func controlName(o fyne.CanvasObject) string {
	t := reflect.TypeOf(o).String()
	switch w := o.(type) {
	case *widget.Button:
		return fmt.Sprintf("%s %q", t, w.Text)
	case *widget.Select:
		return fmt.Sprintf("%s %q", t, w.Selected+w.PlaceHolder)
	case *widget.Check:
		return fmt.Sprintf("%s %q", t, w.Text)
	case *widget.Entry:
		return fmt.Sprintf("%s %q", t, w.Text+w.PlaceHolder)
	}
	return t
}

// children returns what o draws inside itself.
func children(o fyne.CanvasObject) []fyne.CanvasObject {
	switch c := o.(type) {
	case *fyne.Container:
		return c.Objects
	case fyne.Widget:
		return test.WidgetRenderer(c).Objects()
	}
	return nil
}

// unreachable lists the visible controls under o that a person cannot
// reach in a window laid out at its current size: controls outside the
// window, or outside the part of a scroll container that scrolling can
// show, and controls squeezed below their minimum size (a button whose
// label is cut off). pos is o's parent's absolute position; reach the
// region its ancestors let a person see.
func unreachable(o fyne.CanvasObject, pos fyne.Position, reach rect, path string) []string {
	if !o.Visible() {
		return nil
	}
	p := pos.Add(o.Position())
	sz := o.Size()
	r := rect{p.X, p.Y, p.X + sz.Width, p.Y + sz.Height}
	var bad []string
	if isControl(o) {
		name := controlName(o)
		if !reach.contains(r) {
			bad = append(bad, fmt.Sprintf("%s at %s lies outside the reachable %s (%s)", name, r, reach, path))
		}
		if min := o.MinSize(); sz.Width+1 < min.Width || sz.Height+1 < min.Height {
			bad = append(bad, fmt.Sprintf("%s is %.0fx%.0f, less than its minimum %.0fx%.0f (%s)", name, sz.Width, sz.Height, min.Width, min.Height, path))
		}
	}
	if s, ok := o.(*container.Scroll); ok {
		// The viewport must be reachable; inside it, scrolling reaches the
		// content along the directions it scrolls.
		if !reach.contains(r) {
			bad = append(bad, fmt.Sprintf("a scroll area at %s lies outside the reachable %s (%s)", r, reach, path))
		}
		inner := r
		if s.Content != nil {
			cp := p.Add(s.Content.Position())
			cs := s.Content.Size()
			if s.Direction == container.ScrollBoth || s.Direction == container.ScrollHorizontalOnly {
				inner.x0, inner.x1 = cp.X, cp.X+cs.Width
			}
			if s.Direction == container.ScrollBoth || s.Direction == container.ScrollVerticalOnly {
				inner.y0, inner.y1 = cp.Y, cp.Y+cs.Height
			}
			return append(bad, unreachable(s.Content, p, inner, path+"/scroll")...)
		}
		return bad
	}
	name := reflect.TypeOf(o).String()
	for _, c := range children(o) {
		bad = append(bad, unreachable(c, p, reach, path+"/"+strings.TrimPrefix(name, "*"))...)
	}
	return bad
}

// TestEveryControlReachable lays out every view at every classroom screen
// size and zoom and checks that the window fits the screen (its content's
// minimum size is not larger, so the window never grows past it) and that
// every control lies inside the window, or inside a scroll area that
// reaches it, at no less than its minimum size (the screens of
// layoutScreens: a subset unless uitest.FullMatrix()).
//
// It does so with the window's first board and again with a scrambled 5x5
// board (the 24-puzzle) in the puzzle, pattern database and Compare views,
// and for presentation mode and the lecture layout in the window. The race
// form (raceForm) checks the tightest corner only: the 5x5 board at the
// largest zoom on the smallest screen, one window build and one screen
// instead of eight builds and fifteen screens (88 s of the shell's race
// run before); make test-short and make test-full run the rest.
func TestEveryControlReachable(t *testing.T) {
	zooms := layoutZooms()
	for _, zoom := range zooms {
		for _, five := range []bool{false, true} {
			screens := layoutScreens(zoom)
			if raceForm() {
				if !five || zoom != zooms[len(zooms)-1] {
					continue
				}
				screens = screenSizes[:1]
			}
			name := zoomLabel(zoom)
			if five {
				name += "/5x5"
			}
			t.Run(name, func(t *testing.T) { checkReachable(t, zoom, five, screens) })
		}
	}
}

// checkReachable is TestEveryControlReachable at one zoom on screens, with
// a 5x5 board chosen everywhere when five is set.
func checkReachable(t *testing.T, zoom float32, five bool, screens []fyne.Size) {
	{
		{
			tu := newZoomedUI(t, zoom)
			u, q, w := tu.UI, tu.q, tu.Window
			content := w.Content()
			if five {
				choose5x5(t, u)
				q.Drain()
			}
			for i := range u.views {
				u.buildView(i) // the window's minimum size below counts every view, built or not yet shown
			}
			for _, screen := range screens {
				// The File menu's bar takes the top of the window (the
				// test window does not draw it).
				avail := fyne.NewSize(screen.Width, screen.Height-menuBarHeight(w))
				if min := w.Canvas().Content().MinSize().Add(padding(w)); min.Width > avail.Width || min.Height > avail.Height {
					t.Errorf("%.0fx%.0f: the window needs at least %.0fx%.0f", screen.Width, screen.Height, min.Width, min.Height)
				}
				for _, v := range u.views {
					if err := u.ShowView(v.name); err != nil {
						t.Fatal(err)
					}
					w.Resize(avail)
					settle(content)
					q.Drain()
					window := rect{0, 0, avail.Width, avail.Height}
					// The view scrolls as a whole only where nothing else
					// helps: never sideways, and up and down only at 200 %
					// on a screen under 1080 pixels tall.
					sc, ok := u.Tabs.Selected().Content.(*container.Scroll)
					if !ok {
						t.Fatalf("%s: the tab's content is not wrapped in fitScroll", v.name)
					}
					min, got := sc.Content.MinSize(), sc.Size()
					if min.Width > got.Width+1 || (min.Height > got.Height+1 && !(zoom == 2 && screen.Height < 1080)) {
						t.Errorf("%.0fx%.0f, %s: the view needs %.0fx%.0f, more than the %.0fx%.0f it has: it scrolls", screen.Width, screen.Height, v.title, min.Width, min.Height, got.Width, got.Height)
					}
					for _, b := range unreachable(content, fyne.Position{}, window, v.name) {
						t.Errorf("%.0fx%.0f, %s: %s", screen.Width, screen.Height, v.title, b)
					}
				}
				// The zoom enlarges the board's numbers, not shrinks the
				// board: it keeps most of the height (the header, tabs and
				// title take the rest; it took 678, 478 and 330 pixels at
				// 100, 150 and 200 % on 1920x1080 before).
				if err := u.ShowView(ViewPuzzle); err != nil {
					t.Fatal(err)
				}
				settle(content)
				want := avail.Height * 0.3
				if screen.Height >= 1080 {
					want = avail.Height * 0.65
				}
				if side := u.Puzzle.Board.Size(); min(side.Width, side.Height) < want {
					t.Errorf("%.0fx%.0f: the board is %.0fx%.0f, less than %.0f", screen.Width, screen.Height, side.Width, side.Height, want)
				}
				checkLectureReachable(t, u, screen, avail)
			}
		}
	}
}

// checkLectureReachable checks presentation mode (full screen) and the
// lecture layout in the window (L) as checkReachable checks a view: the
// window fits the screen and every control is reachable at no less than
// its minimum size; the presented board takes half the screen's height.
func checkLectureReachable(t *testing.T, u *UI, screen, avail fyne.Size) {
	t.Helper()
	w := u.Window
	for _, full := range []bool{true, false} {
		what := "presentation mode"
		if full {
			u.EnterPresentation()
		} else {
			what = "the lecture layout"
			u.ToggleLecture()
		}
		w.Resize(avail)
		settle(w.Content())
		if min := w.Content().MinSize().Add(padding(w)); min.Width > avail.Width || min.Height > avail.Height {
			t.Errorf("%.0fx%.0f: %s needs at least %.0fx%.0f", screen.Width, screen.Height, what, min.Width, min.Height)
		}
		for _, b := range unreachable(w.Content(), fyne.Position{}, rect{0, 0, avail.Width, avail.Height}, "present") {
			t.Errorf("%.0fx%.0f, %s: %s", screen.Width, screen.Height, what, b)
		}
		if side := u.Puzzle.Board.Size(); full && min(side.Width, side.Height) < avail.Height/2 {
			t.Errorf("%.0fx%.0f: the presented board is %.0fx%.0f, less than half the screen's height", screen.Width, screen.Height, side.Width, side.Height)
		}
		u.LeavePresentation()
	}
}

// choose5x5 selects the 5x5 board everywhere: a 40-move walk in the puzzle
// view, the 6-6-6-6 partition (the size's first) in the pattern database
// view and the 24-puzzle's walks in Compare.
func choose5x5(t *testing.T, u *UI) {
	t.Helper()
	u.Puzzle.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	u.Puzzle.Scramble()
	if got := u.Session.Board().Size(); got != board.Size5x5 {
		t.Fatalf("the board is %s after choosing 5x5", got)
	}
	u.pdb().SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	if got := u.pdb().Partition().Size; got != board.Size5x5 {
		t.Fatalf("the pattern database view shows a %s partition after choosing 5x5", got)
	}
	u.compare().SetSelect.SetSelected(compareview.SetWalks24)
}

// menuBarHeight is the height of the bar Fyne's desktop driver draws for
// w's main menu above its content (glfw's menu bar: a line of text and the
// inner padding), 0 without a main menu.
func menuBarHeight(w fyne.Window) float32 {
	if w.MainMenu() == nil {
		return 0
	}
	return fyne.MeasureText("File", theme.TextSize(), fyne.TextStyle{}).Height + theme.InnerPadding()
}

// padding is the room a window keeps around its content.
func padding(w fyne.Window) fyne.Size {
	if !w.Padded() {
		return fyne.Size{}
	}
	p := 2 * theme.Padding()
	return fyne.NewSize(p, p)
}

// settle lays o out again until the minimum sizes that depend on the width
// (rows that wrap) are stable, as the window does on the next frames.
func settle(o fyne.CanvasObject) {
	for range 3 {
		o.Refresh()
	}
}

// newZoomedUI builds the whole UI at a zoom, in a test window.
func newZoomedUI(t *testing.T, zoom float32) testUI {
	t.Helper()
	uitest.ReleaseRenderers(t)
	a := test.NewTempApp(t)
	a.Preferences().SetFloat(prefZoom, float64(zoom))
	q := uitest.NewMainQueue()
	u := NewWithOptions(a, Options{CacheDir: t.TempDir(), NoPreload: true, do: q.Do})
	u.LoadUI(test.NewTempWindow(t, nil))
	t.Cleanup(u.Close)
	q.Drain()
	return testUI{u, q}
}
