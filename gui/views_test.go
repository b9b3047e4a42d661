package gui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
)

// TestViewTable checks that the one table of views drives the tabs,
// ShowView and CurrentView, and that shortcuts press the buttons: a key
// whose button is disabled does nothing.
func TestViewTable(t *testing.T) {
	u := newTestUI(t)
	// The views not shown at start are not even constructed: their
	// constructors were a fifth of a browser's start (docs/performance.md).
	if u.PDB != nil || u.Race != nil || u.Practice != nil || u.Compare != nil || u.Quality != nil {
		t.Errorf("views built at start: PDB %v, Race %v, Practice %v, Compare %v, Quality %v",
			u.PDB != nil, u.Race != nil, u.Practice != nil, u.Compare != nil, u.Quality != nil)
	}
	if len(u.Tabs.Items) != len(u.views) {
		t.Fatalf("%d tabs for %d views", len(u.Tabs.Items), len(u.views))
	}
	for i, v := range u.views {
		if u.Tabs.Items[i].Text != v.title {
			t.Errorf("tab %d is %q, the table says %q", i, u.Tabs.Items[i].Text, v.title)
		}
		// A view is built when its tab is first shown (buildView): only
		// the first one at start.
		if built := u.Tabs.Items[i].Content.(*container.Scroll).Content != v.placeholder; built != (i == 0) || built != v.built {
			t.Errorf("at start, view %q built %v (tab content built %v), want %v", v.name, v.built, built, i == 0)
		}
		if err := u.ShowView(v.name); err != nil || u.CurrentView() != v.name {
			t.Errorf("ShowView(%q): %v, current %q", v.name, err, u.CurrentView())
		}
		sc := u.Tabs.Items[i].Content.(*container.Scroll)
		if !u.views[i].built || sc.Content == v.placeholder || sc.Content.Size().IsZero() {
			t.Errorf("ShowView(%q) did not build and lay out its content (built %v, size %v)", v.name, u.views[i].built, sc.Content.Size())
		}
	}
	if err := u.ShowView("nope"); err == nil {
		t.Error("ShowView accepted an unknown view")
	}

	if err := u.ShowView(ViewPuzzle); err != nil {
		t.Fatal(err)
	}
	s := u.Search
	eightPuzzle(t, u, "8 6 7 / 2 5 4 / 3 0 1")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		t.Fatal(err)
	}
	key := func(k fyne.KeyName) { u.typedKey(&fyne.KeyEvent{Name: k}) }
	start := s.Generated.Text + "/" + s.Expanded.Text + "/" + s.Status.Text
	for range 6 {
		key(fyne.KeySpace)
	}
	before := s.Generated.Text + "/" + s.Expanded.Text + "/" + s.Status.Text
	if before == start {
		t.Fatalf("Space did not step: %q", before)
	}
	s.StepButton.Disable()
	key(fyne.KeySpace)
	key(fyne.KeySpace)
	if after := s.Generated.Text + "/" + s.Expanded.Text + "/" + s.Status.Text; after != before {
		t.Errorf("Space stepped while Step was disabled: %q -> %q", before, after)
	}
	s.StepButton.Enable()
	for range 6 {
		key(fyne.KeySpace)
	}
	if after := s.Generated.Text + "/" + s.Expanded.Text + "/" + s.Status.Text; after == before {
		t.Errorf("Space did nothing once Step was enabled again: %q", after)
	}

	// The PDB view's keys are its own: Space steps a layer there, and
	// does not step the search.
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	searchBefore := s.Generated.Text
	u.pdb().StepButton.Disable()
	key(fyne.KeySpace)
	if s.Generated.Text != searchBefore {
		t.Error("Space on the PDB view stepped the search")
	}
	u.pdb().StepButton.Enable()

	u.Close()
	if u.ctx.Err() == nil {
		t.Error("Close did not cancel the background work")
	}
}

// TestBuildGoesOnInAnotherView checks that a pattern-database build keeps
// running while another view is shown, and stops only on Cancel.
//
// The race form (raceForm) leaves for the puzzle view and comes back: the
// Compare view's first build on the way costs seconds while the build's
// workers keep the other core busy; make test-short and make test-full
// show all three.
func TestBuildGoesOnInAnotherView(t *testing.T) {
	u := newTestUI(t)
	if err := u.ShowView(ViewPDB); err != nil {
		t.Fatal(err)
	}
	v := u.pdb()
	v.PartitionEntry.SetText("1,2,3,4,5,6/7,8,9,10,11,12/13,14,15") // 6-6-3 of another shape: builds for a while
	v.Apply()
	v.RunToEnd()
	if !v.Busy() {
		t.Fatal("the build did not start")
	}
	views := []string{ViewPuzzle, ViewCompare, ViewPDB}
	if raceForm() {
		views = []string{ViewPuzzle, ViewPDB}
	}
	for _, view := range views {
		if err := u.ShowView(view); err != nil {
			t.Fatal(err)
		}
		if !v.Busy() || v.Builds.Cancelled() {
			t.Fatalf("showing the %s view stopped the build", view)
		}
	}
	v.Cancel()
	u.q.Wait(t, v.LastDone)
	if v.Busy() {
		t.Error("still building after Cancel")
	}
}

// TestEscapeClosesKeys checks that Escape closes the Keys dialog.
func TestEscapeClosesKeys(t *testing.T) {
	u := newTestUI(t)
	test.Tap(u.HelpButton)
	if u.Window.Canvas().Overlays().Top() == nil || u.helpDialog == nil {
		t.Fatal("the Keys dialog did not open")
	}
	u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if u.Window.Canvas().Overlays().Top() != nil || u.helpDialog != nil {
		t.Error("Escape did not close the Keys dialog")
	}
}

// TestGuideOpensAndCloses opens the user guide from the Help menu and with
// F1, and closes it with Escape.
func TestGuideOpensAndCloses(t *testing.T) {
	u := newTestUI(t)
	for _, open := range []func(){
		func() { u.Files.Guide.Action() },
		func() { u.typedKey(&fyne.KeyEvent{Name: fyne.KeyF1}) },
	} {
		open()
		if u.Window.Canvas().Overlays().Top() == nil || u.helpDialog == nil {
			t.Fatal("the guide did not open")
		}
		u.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if u.Window.Canvas().Overlays().Top() != nil || u.helpDialog != nil {
			t.Fatal("Escape did not close the guide")
		}
	}
}

// TestLazyKeys checks the shortcuts of a view built when first shown: the
// view's own keys are made at the first press, once, and every press
// reaches them.
func TestLazyKeys(t *testing.T) {
	builds, presses := 0, map[fyne.KeyName]int{}
	keys := lazyKeys([]fyne.KeyName{fyne.KeyN, fyne.Key1}, func() map[fyne.KeyName]func() {
		builds++
		return map[fyne.KeyName]func(){
			fyne.KeyN: func() { presses[fyne.KeyN]++ },
			fyne.Key1: func() { presses[fyne.Key1]++ },
		}
	})
	if builds != 0 || len(keys) != 2 {
		t.Fatalf("before any press: %d builds, %d keys", builds, len(keys))
	}
	keys[fyne.KeyN]()
	keys[fyne.Key1]()
	keys[fyne.KeyN]()
	if builds != 1 || presses[fyne.KeyN] != 2 || presses[fyne.Key1] != 1 {
		t.Errorf("%d builds, presses %v; want 1 build, N twice, 1 once", builds, presses)
	}
}

// TestIfBuilt checks a lazily built view's stop and leave: nothing before
// the view exists, a call on it after.
func TestIfBuilt(t *testing.T) {
	type view struct{ stops int }
	var v *view
	stop := ifBuilt(&v, func(v *view) { v.stops++ })
	stop() // not built: no call, no panic
	v = &view{}
	stop()
	if v.stops != 1 {
		t.Errorf("stops %d after one call on the built view, want 1", v.stops)
	}
}
