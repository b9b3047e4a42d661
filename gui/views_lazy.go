package gui

import (
	"fyne.io/fyne/v2"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/gui/internal/pdbview"
	"github.com/slidelab/slidelab/gui/internal/practiceview"
	"github.com/slidelab/slidelab/gui/internal/raceview"
	"github.com/slidelab/slidelab/gui/internal/toolkit"
)

// The views built at their first use: not constructed in LoadUI, so a
// window (and a browser's page) starts without their constructors; see
// docs/performance.md, "The browser's first frame, third pass".

// raceViewSpec is the Race view's entry in viewTable.
func (u *UI) raceViewSpec() viewSpec {
	return viewSpec{
		name: ViewRace, title: "Race", content: func() fyne.CanvasObject { return u.race().Content },
		leave: ifBuilt(&u.Race, (*raceview.RaceView).Pause),
		stop:  ifBuilt(&u.Race, (*raceview.RaceView).Stop),
		keys: map[fyne.KeyName]func(){ // a view's keys reach it only while it is shown, so built
			fyne.KeySpace: func() { toolkit.Press(u.race().StepButton)() },
			fyne.KeyP:     func() { toolkit.Press(u.race().PlayButton)() },
			fyne.KeyR:     func() { toolkit.Press(u.race().ResetButton)() },
		},
	}
}

// pdbViewSpec is the Pattern database view's entry in viewTable.
func (u *UI) pdbViewSpec() viewSpec {
	return viewSpec{
		name: ViewPDB, title: "Pattern database", content: func() fyne.CanvasObject { return u.pdb().Content },
		stop:  ifBuilt(&u.PDB, (*pdbview.PDBView).Stop),
		leave: ifBuilt(&u.PDB, (*pdbview.PDBView).PauseStates),
		// The keys reach a view only while it is shown, so built.
		keys: map[fyne.KeyName]func(){
			fyne.KeySpace: func() { toolkit.Press(u.pdb().StepButton)() },
			fyne.KeyP:     func() { toolkit.Press(u.pdb().PlayButton)() },
			fyne.KeyS:     func() { toolkit.Press(u.pdb().StepStateButton)() },
		},
	}
}

// practiceViewSpec is the Practice view's entry in viewTable.
func (u *UI) practiceViewSpec() viewSpec {
	return viewSpec{
		name: ViewPractice, title: "Practice", content: func() fyne.CanvasObject { return u.practice().Content },
		stop: ifBuilt(&u.Practice, (*practiceview.PracticeView).Stop),
		keys: lazyKeys(practiceview.KeyNames(), func() map[fyne.KeyName]func() { return u.practice().Keys() }),
	}
}

// pdb returns the Pattern database view, building it on its first call
// (on the Fyne goroutine): when its tab is first shown, or when a lesson,
// a session file, a demo or the heuristic menu asks it for a partition. It
// is built on 4x4 for the goal of then and picks up the tables the store
// has loaded since the start.
func (u *UI) pdb() *pdbview.PDBView {
	if u.PDB == nil {
		u.PDB = pdbview.NewPDBView(u.ctx, u.do, func() fyne.Window { return u.Window }, u.pdbs, u.Session, board.Size4x4)
		u.rethemeOnSelect(u.PDB.ChartTabs)
		u.PDB.StoreChanged()
	}
	return u.PDB
}

// practice returns the Practice view, building it on its first call (on
// the Fyne goroutine), when its tab is first shown.
func (u *UI) practice() *practiceview.PracticeView {
	if u.Practice == nil {
		u.Practice = practiceview.NewPracticeView(u.ctx, u.do, func() fyne.Window { return u.Window })
		u.Practice.OnVote = u.showClassVote
	}
	return u.Practice
}

// ifBuilt returns a function that calls f on the view *v once it is built,
// and does nothing before: a lazily built view's stop and leave.
func ifBuilt[V any](v **V, f func(*V)) func() {
	return func() {
		if *v != nil {
			f(*v)
		}
	}
}

// lazyKeys returns shortcuts for the keys names that build a view's own
// shortcuts (build, once, at the first press) and pass each press on: for
// a view built when first shown, whose keys reach it only then.
func lazyKeys(names []fyne.KeyName, build func() map[fyne.KeyName]func()) map[fyne.KeyName]func() {
	var keys map[fyne.KeyName]func()
	out := make(map[fyne.KeyName]func(), len(names))
	for _, k := range names {
		out[k] = func() {
			if keys == nil {
				keys = build()
			}
			if f := keys[k]; f != nil {
				f()
			}
		}
	}
	return out
}
