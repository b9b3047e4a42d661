package gui

import (
	"github.com/slidelab/slidelab/core/board"
)

// demoFiveByFive is the demo "search5x5": the 24-puzzle scrambled by a
// random walk of 40 moves (seed 1), solved by IDA* with Manhattan distance
// run to the end, the board's set-up folded away so that the counters, the
// status and the solution are in view; ready once the run has ended.
func (u *UI) demoFiveByFive(ready func()) error {
	p := u.Puzzle
	p.SizeSelect.SetSelected(sizeLabel(board.Size5x5))
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
	done := s.runDone
	go func() {
		<-done
		u.do(ready)
	}()
	return nil
}
