package gui

import (
	"github.com/slidelab/slidelab/gui/internal/raceview"
)

// newRace builds the race view and connects it to the search tab: the
// "Race heuristics…" button opens it with lane 1 set to the search's
// algorithm (any of the twelve), heuristic and parameters. The race has its
// own pace (expansions a second).
func (u *UI) newRace() *raceview.RaceView {
	r := raceview.NewRaceView(u.ctx, u.do, u.Session, u.heuristicOptions)
	u.Search.OnRace = func() {
		r.ConfigureWith(u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected, u.Search.Params.Values())
		_ = u.ShowView(ViewRace) // registered in viewTable
	}
	return r
}
