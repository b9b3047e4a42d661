package gui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/slidelab/slidelab/gui/internal/uitest"
)

// lectureScreens are the screens and zooms at which the lecture layout
// must show the board, the search tree, the pseudocode with its current
// line, the narration and the step buttons together, without scrolling.
var lectureScreens = []struct {
	screen fyne.Size
	zoom   float32
}{
	{fyne.NewSize(1280, 800), 1}, {fyne.NewSize(1280, 800), 1.5},
	{fyne.NewSize(1920, 1080), 1}, {fyne.NewSize(1920, 1080), 1.5},
	{fyne.NewSize(1024, 768), 1},
}

// shownRect finds target under o and returns the part of it a person sees
// without scrolling: its rectangle in window coordinates, cut by every
// scroll area around it; ok is false when target or an ancestor is
// hidden or it is not under o.
func shownRect(o, target fyne.CanvasObject, pos fyne.Position, clip rect) (r rect, whole bool, ok bool) {
	if !o.Visible() {
		return rect{}, false, false
	}
	p := pos.Add(o.Position())
	sz := o.Size()
	me := rect{p.X, p.Y, p.X + sz.Width, p.Y + sz.Height}
	if o == target {
		return me, clip.contains(me), true
	}
	if _, isScroll := o.(*container.Scroll); isScroll {
		clip = rect{max(clip.x0, me.x0), max(clip.y0, me.y0), min(clip.x1, me.x1), min(clip.y1, me.y1)}
	}
	var kids []fyne.CanvasObject
	if s, isScroll := o.(*container.Scroll); isScroll {
		kids = []fyne.CanvasObject{s.Content}
	} else {
		kids = children(o)
	}
	for _, c := range kids {
		if c == nil {
			continue
		}
		if r, whole, ok := shownRect(c, target, p, clip); ok {
			return r, whole, true
		}
	}
	return rect{}, false, false
}

// lectureTogether reports what of the lecture's five parts is not seen
// whole, without scrolling, in window w of size avail.
func lectureTogether(u *UI, w fyne.Window, avail fyne.Size) []string {
	pr := u.present
	window := rect{0, 0, avail.Width, avail.Height}
	var bad []string
	need := func(what string, o fyne.CanvasObject, minW, minH float32) rect {
		r, whole, ok := shownRect(w.Content(), o, fyne.Position{}, window)
		switch {
		case !ok:
			bad = append(bad, what+" is not shown")
		case !whole:
			bad = append(bad, fmt.Sprintf("%s at %s is not all in view", what, r))
		case r.x1-r.x0 < minW || r.y1-r.y0 < minH:
			bad = append(bad, fmt.Sprintf("%s is only %.0fx%.0f", what, r.x1-r.x0, r.y1-r.y0))
		}
		return r
	}
	need("the board", u.Puzzle.Board, 200, 200)
	need("the search tree", u.Tree.View, 150, 150)
	need("the Step button", pr.step, 0, 0)
	need("the Play button", pr.play, 0, 0)
	need("the Back button", pr.back, 0, 0)
	need("the narration", pr.narration, 0, 0)
	lr := need("the pseudocode", pr.listing, 100, 0)
	if line := pr.listing.Current(); line < 1 {
		bad = append(bad, "no line of the pseudocode is marked")
	} else if p, s := pr.listing.LineRect(line); lr.y0+p.Y+s.Height > avail.Height+1 {
		bad = append(bad, fmt.Sprintf("the current line %d of the pseudocode is below the window", line))
	}
	if pr.narration.Text == "" {
		bad = append(bad, "the narration is empty")
	}
	return bad
}

// TestLectureLayout: the lecture layout (L, and full screen with F11)
// shows the board, the search tree, the pseudocode with its current line,
// the narration and the step buttons together without scrolling at every
// screen and zoom of lectureScreens, and leaving it puts the board and the
// tree back in the puzzle tab. Before, the tree was missing from
// presentation mode and the pseudocode two scrolls down the tab.
//
// The race form (raceForm) skips it: it is layout on the UI goroutine
// (5.5 s of the shell's race run for the two tightest screens);
// TestEveryControlReachable's race form keeps presentation mode and the
// lecture layout at the tightest corner, TestPresentationMode and
// TestPresentationShowsNarration the lecture's stepping.
func TestLectureLayout(t *testing.T) {
	skipInRaceForm(t, "the lecture layout's parts seen together")
	for _, tc := range lectureScreens {
		if !uitest.FullMatrix() && tc.screen.Width == 1920 && tc.zoom == 1 {
			continue // the roomiest: checked by make test-full
		}
		t.Run(fmt.Sprintf("%.0fx%.0f/%s", tc.screen.Width, tc.screen.Height, zoomLabel(tc.zoom)), func(t *testing.T) {
			tu := newZoomedUI(t, tc.zoom)
			u, q, w := tu.UI, tu.q, tu.Window
			avail := fyne.NewSize(tc.screen.Width, tc.screen.Height-menuBarHeight(w))
			w.Resize(avail)
			if err := u.Search.SelectHeuristic("manhattan"); err != nil {
				t.Fatal(err)
			}
			for range 3 {
				test.Tap(u.Search.StepButton)
			}
			q.Drain()
			for _, full := range []bool{false, true} {
				if full {
					u.EnterPresentation()
				} else {
					u.typedKey(&fyne.KeyEvent{Name: fyne.KeyL})
				}
				if !u.Presenting() || !u.Tree.Shown {
					t.Fatalf("full screen %v: presenting %v, tree shown %v", full, u.Presenting(), u.Tree.Shown)
				}
				w.Resize(avail)
				settle(w.Content())
				q.Drain()
				for _, b := range lectureTogether(u, w, avail) {
					t.Errorf("full screen %v: %s", full, b)
				}
				u.typedKey(&fyne.KeyEvent{Name: fyne.KeyT}) // T works in the lecture layout
				if u.Tree.Shown {
					t.Errorf("full screen %v: T did not hide the tree", full)
				}
				u.typedKey(&fyne.KeyEvent{Name: fyne.KeyT})
				u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
				if u.Presenting() || u.Tree.Shown || u.treeTab.Objects[1] != u.Tree.Content {
					t.Errorf("full screen %v: after leaving, presenting %v, tree shown %v, tree back in the tab %v",
						full, u.Presenting(), u.Tree.Shown, u.treeTab.Objects[1] == u.Tree.Content)
				}
			}
		})
	}
}
