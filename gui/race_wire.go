package gui

import (
	"github.com/slidelab/slidelab/gui/internal/catalog"
	"github.com/slidelab/slidelab/gui/internal/raceview"
)

// newRace builds the race view and connects it to the search tab: the
// "Race heuristics…" button opens it with lane 1 set to the search's
// algorithm and heuristic (A* when the search's algorithm is none of the
// four the race runs). The race has its own pace (expansions a second).
func (u *UI) newRace() *raceview.RaceView {
	r := raceview.NewRaceView(u.ctx, u.do, u.Session, u.heuristicOptions)
	u.Search.OnRace = func() {
		alg := "A*"
		for _, a := range catalog.AlgorithmLabels {
			if a.Label == u.Search.AlgorithmSelect.Selected {
				alg = a.Label
			}
		}
		r.Configure(alg, u.Search.HeuristicSelect.Selected)
		_ = u.ShowView(ViewRace) // registered in viewTable
	}
	return r
}
