package gui

import (
	"github.com/slidelab/slidelab/gui/internal/raceview"
)

// wireRace connects the race view to the search tab: the "Race
// heuristics…" button opens it with lane 1 set to the search's algorithm
// (any of the twelve), heuristic and parameters. The race has its own pace
// (expansions a second).
func (u *UI) wireRace() {
	u.Search.OnRace = func() {
		u.race().ConfigureWith(u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected, u.Search.Params.Values())
		_ = u.ShowView(ViewRace) // registered in viewTable
	}
}

// race returns the race view, building it on its first call (on the Fyne
// goroutine): when its tab is first shown, the search tab's Race button
// is pressed or a demo runs.
func (u *UI) race() *raceview.RaceView {
	if u.Race == nil {
		u.Race = raceview.NewRaceView(u.ctx, u.do, u.Session, u.heuristicOptions)
	}
	return u.Race
}
