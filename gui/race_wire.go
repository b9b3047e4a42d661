package gui

import (
	"github.com/slidelab/slidelab/gui/internal/raceview"
)

// newRace builds the race view and connects it to the search tab: the
// "Race heuristics…" button opens it with lane 1 set to the search's
// algorithm and heuristic, and Play follows the search tab's speed.
func (u *UI) newRace() *raceview.RaceView {
	r := raceview.NewRaceView(u.ctx, u.do, u.Session, u.heuristicOptions, u.Search.Player.Speed)
	u.Search.OnRace = func() {
		r.Configure(u.Search.AlgorithmSelect.Selected, u.Search.HeuristicSelect.Selected)
		_ = u.ShowView(ViewRace) // registered in viewTable
	}
	speed := u.Search.OnSpeed
	u.Search.OnSpeed = func(v float64) {
		if speed != nil {
			speed(v)
		}
		r.ShowSpeed()
	}
	return r
}
