package gui

import (
	"github.com/slidelab/slidelab/gui/internal/compareview"

	"github.com/slidelab/slidelab/gui/internal/catalog"

	"github.com/slidelab/slidelab/gui/internal/toolkit"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// demoFiveByFive is the demo "search5x5": the 24-puzzle scrambled by a
// random walk of 40 moves (seed 1), solved by IDA* with Manhattan distance
// run to the end, the board's set-up folded away so that the counters, the
// status and the solution are in view; ready once the run has ended.
func (u *UI) demoFiveByFive(ready func()) error {
	p := u.Puzzle
	p.SizeSelect.SetSelected(toolkit.SizeLabel(board.Size5x5))
	p.SeedEntry.SetText("1")
	p.WalkEntry.SetText("40")
	p.Scramble()
	s := u.Search
	s.AlgorithmSelect.SetSelected("IDA*")
	if err := s.SelectHeuristic("manhattan"); err != nil {
		return err
	}
	s.RunToEnd()
	u.BoardSetup.OnTapped() // folds the board's set-up
	done := s.RunDone
	go func() {
		<-done
		u.do(ready)
	}()
	return nil
}

// demoCompareFiveByFive is the demo "compare5x5": the Compare view on ten
// walks of 40 moves on the 24-puzzle with Manhattan distance, linear
// conflict and the 6-6-6-6 database with and without the reflected lookup,
// the node counts shown; ready once the comparison is shown. It loads the
// 6-6-6-6 tables from the cache, or builds them (510 MB, minutes), so make
// screenshots leaves it out; take it by hand once `slidelab pdb build --partition 6666`
// has filled the cache.
func (u *UI) demoCompareFiveByFive(ready func()) error {
	p, err := defaultPreset(board.Size5x5, u.Settings.Goal)
	if err != nil {
		return err
	}
	v := u.compare()
	v.SetSelect.SetSelected(compareview.SetWalks24)
	u.whenPDBReady(p, func() {
		v.RefreshHeuristics()
		var checked []string
		for _, o := range u.heuristicOptions(board.Size5x5) {
			switch o.Short {
			case "manhattan", "linear-conflict", "pdb:" + catalog.PDBPartitionName(p), "pdb:" + catalog.PDBPartitionName(p) + search.ReflectSuffix:
				checked = append(checked, o.Label)
			}
		}
		v.Heuristics.SetSelected(checked)
		v.OnFinished = ready
		v.Run()
		v.Tabs.SelectIndex(1)
	})
	return nil
}
