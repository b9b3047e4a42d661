package gui

import (
	"github.com/slidelab/slidelab/gui/internal/searchview"

	"github.com/slidelab/slidelab/gui/internal/uitest"
	"github.com/slidelab/slidelab/gui/internal/widgets"

	"context"
	"runtime"
	"testing"
	"weak"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// goal is the goal the tests solve towards unless they switch it.
const goal = searchview.DefaultGoal

// testUI is a UI whose background work hands its widget updates to q.
type testUI struct {
	*UI
	q *uitest.MainQueue
}

// newTestUI builds the whole UI in a test window.
func newTestUI(t *testing.T) testUI {
	t.Helper()
	uitest.ReleaseRenderers(t)
	a := test.NewTempApp(t)
	q := uitest.NewMainQueue()
	u := NewWithOptions(a, Options{CacheDir: t.TempDir(), NoPreload: true, do: q.Do})
	w := test.NewTempWindow(t, nil)
	u.LoadUI(w)
	w.Resize(fyne.NewSize(1200, 800))
	t.Cleanup(u.Close)
	// The 8-puzzle's 4-4 database takes microseconds; the tests that need
	// the 15-puzzle's 6-6-3 one build it themselves.
	p, err := pdb.Preset("44", board.Size3x3, goal)
	if err != nil {
		t.Fatal(err)
	}
	db, err := pdb.Build(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	u.pdbs.Put(db)
	q.Drain()
	return testUI{u, q}
}

func TestSettingsPersist(t *testing.T) {
	uitest.ReleaseRenderers(t)
	a := test.NewTempApp(t)
	u := NewWithOptions(a, Options{CacheDir: t.TempDir(), NoPreload: true})
	u.LoadUI(test.NewTempWindow(t, nil))
	if err := u.SetZoom(1.5); err != nil {
		t.Fatal(err)
	}
	u.ThemeSelect.SetSelected(themeLabels[ThemeDark])
	if err := u.SetZoom(3); err == nil {
		t.Error("SetZoom(3) accepted")
	}

	again := New(a)
	if again.Settings.Zoom != 1.5 || again.Settings.Theme != ThemeDark {
		t.Errorf("settings after restart = %+v, want zoom 1.5 and dark", again.Settings)
	}
	th := a.Settings().Theme()
	if got, want := th.Size(theme.SizeNameText), theme.DefaultTheme().Size(theme.SizeNameText)*1.5; got != want {
		t.Errorf("text size at zoom 1.5 = %v, want %v", got, want)
	}
	if got, want := th.Color(theme.ColorNameBackground, theme.VariantLight), theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantDark); got != want {
		t.Errorf("dark theme background = %v, want %v", got, want)
	}
	// Unchecked check boxes and entries keep a border a projector shows.
	u.ThemeSelect.SetSelected(themeLabels[ThemeLight])
	if r, g, b, _ := a.Settings().Theme().Color(theme.ColorNameInputBorder, theme.VariantLight).RGBA(); r>>8 > 0xa0 || g>>8 > 0xa0 || b>>8 > 0xa0 {
		t.Errorf("light input border #%02x%02x%02x is too faint for a projector", r>>8, g>>8, b>>8)
	}
	if got, want := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark), theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight); got != want {
		t.Errorf("light theme background = %v, want %v", got, want)
	}
}

func TestLoadSettingsRejectsBadValues(t *testing.T) {
	uitest.ReleaseRenderers(t)
	a := test.NewTempApp(t)
	p := a.Preferences()
	p.SetString(prefTheme, "purple")
	p.SetFloat(prefZoom, 7)
	p.SetFloat(prefSpeed, -1)
	if got := loadSettings(p); got != defaultSettings {
		t.Errorf("loadSettings with bad values = %+v, want defaults %+v", got, defaultSettings)
	}
}

// TestShowView switches views by name and refuses an unknown one. The race
// form (raceForm) skips it: TestViewTable checks the same (ShowView and
// CurrentView on every view, an unknown name refused) under the race
// detector.
func TestShowView(t *testing.T) {
	skipInRaceForm(t, "ShowView, as TestViewTable checks it")
	u := newTestUI(t)
	for _, v := range []string{ViewPDB, ViewCompare, ViewPuzzle} {
		if err := u.ShowView(v); err != nil {
			t.Fatalf("ShowView(%q): %v", v, err)
		}
		if got := u.CurrentView(); got != v {
			t.Errorf("after ShowView(%q) the current view is %q", v, got)
		}
	}
	if err := u.ShowView("nowhere"); err == nil {
		t.Error("ShowView(nowhere) succeeded")
	}
}

// TestChartsFollowZoom checks that a zoom change re-renders the charts with
// text scaled to match.
//
// The race form (raceForm) skips it: the charts render on the UI
// goroutine (7.8 s of the shell's race run).
func TestChartsFollowZoom(t *testing.T) {
	skipInRaceForm(t, "chart rendering at a zoom, on the UI goroutine")
	u := newTestUI(t)
	u.Window.Resize(fyne.NewSize(3000, 2000)) // room for the chart at 200 %
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	u.q.Drain()
	c := u.pdb().Frontier
	c.Refresh()
	if c.Image() == nil || c.Scale == 0 {
		t.Fatalf("frontier chart not rendered (size %v, err %v)", c.Size(), c.Err())
	}
	before, renders := c.Scale, c.Renders
	if err := u.SetZoom(2); err != nil {
		t.Fatal(err)
	}
	u.q.Drain()
	c.Refresh()
	if c.Scale != 2*before || c.Renders == renders {
		t.Errorf("after zoom 200%%: text scale %g (was %g), %d renders (was %d); want twice the scale and a new render", c.Scale, before, c.Renders, renders)
	}
	// In a small window the text gives way so the plot keeps its room.
	u.Window.Resize(fyne.NewSize(1000, 700))
	u.q.Drain()
	c.Refresh()
	if w, h := float64(c.Rendered.Width)/c.Scale, float64(c.Rendered.Height)/c.Scale; c.Scale >= 2*before ||
		w < widgets.ChartRoom.Width-1 || h < widgets.ChartRoom.Height-1 {
		t.Errorf("small window: %v pixels at text scale %g lay the chart out on %.0fx%.0f, want at least %vx%v",
			c.Rendered, c.Scale, w, h, widgets.ChartRoom.Width, widgets.ChartRoom.Height)
	}
}

// TestRenderEveryViewAtEveryZoom paints each view at each zoom level in a
// laptop-sized window: a layout short of room must not hand the painter
// negative sizes or empty images (Fyne's software painter panics on those).
//
// The race form (raceForm) skips it: each capture paints the whole window
// in software on the test's goroutine (17 s of the shell's race run at two
// zooms); make test-short and make test-full paint every zoom.
func TestRenderEveryViewAtEveryZoom(t *testing.T) {
	skipInRaceForm(t, "painting every view, on one goroutine")
	u := newTestUI(t)
	u.Window.Resize(fyne.NewSize(1280, 800))
	for _, z := range layoutZooms() {
		if err := u.SetZoom(z); err != nil {
			t.Fatal(err)
		}
		for _, view := range []string{ViewPuzzle, ViewPDB, ViewCompare} {
			if err := u.ShowView(view); err != nil {
				t.Fatal(err)
			}
			u.q.Drain()
			img := u.Window.Canvas().Capture()
			if b := img.Bounds(); b.Dx() < 1000 || b.Dy() < 600 {
				t.Errorf("zoom %g, %s: captured %v", z, view, b)
			}
		}
	}
}

// TestUIFreedAfterTest checks that the window a test built is garbage once
// the test ends (uitest.ReleaseRenderers): before, Fyne's renderer cache
// kept every test's UI alive and the package's heap grew test after test
// (3.5 GB under -race).
func TestUIFreedAfterTest(t *testing.T) {
	var ui weak.Pointer[UI]
	t.Run("ui", func(t *testing.T) {
		u := newTestUI(t)
		eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
		ui = weak.Make(u.UI)
	})
	for range 5 {
		runtime.GC()
		if ui.Value() == nil {
			return
		}
	}
	t.Error("the UI of a finished test is still reachable")
}
