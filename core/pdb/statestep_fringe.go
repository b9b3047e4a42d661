package pdb

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
)

// FringeStates returns the number of abstract states of a fringe pattern of
// k tiles (and the blank) on a board of size s: n!/(n-k-1)!, the table's size.
func FringeStates(s board.Size, k int) uint64 {
	n := s.Cells()
	if k < 0 || k >= n {
		return 0
	}
	return entries(n, k+1)
}

// NewFringeStateStepper prepares the state-by-state construction of the
// fringe table of the given pattern tiles (without the blank): the plain BFS
// of FringePseudocode, every move costing 1, so every new state goes to the
// next layer's queue and every state taken out of the queue writes its own
// entry. Steps name the lines of FringePseudocode, and a step's Rank is the
// fringe table's index (of the blank and the tiles). It refuses patterns of
// more than MaxStepStates abstract states (ErrTooManyStates).
func NewFringeStateStepper(size board.Size, goal board.Goal, tiles []int) (*StateStepper, error) {
	if goal != board.BlankLast && goal != board.BlankFirst {
		return nil, fmt.Errorf("%w: unknown goal %v", ErrPartition, goal)
	}
	if err := CheckFringeGroup(tiles, size); err != nil {
		return nil, err
	}
	if st := FringeStates(size, len(tiles)); st > MaxStepStates {
		return nil, fmt.Errorf("pdb: the fringe pattern %s on the %s board has %d abstract states, more than the %d a state-by-state build takes; build it layer by layer: %w",
			formatTiles(tiles), size, st, MaxStepStates, ErrTooManyStates)
	}
	s, err := NewStateStepper(size, goal, tiles)
	if err != nil {
		return nil, err
	}
	s.fringe = true
	s.values = make([]uint8, entries(s.n, s.k+1))
	for i := range s.values {
		s.values[i] = Unreached
	}
	return s, nil
}

// Fringe reports whether the stepper builds a fringe table.
func (s *StateStepper) Fringe() bool { return s.fringe }

// fringeRank returns the fringe table's index of a state: the rank of the
// blank's cell followed by the tiles' cells (the order of a fringe table's
// Tiles, which start with the blank).
func (s *StateStepper) fringeRank(cells *[board.MaxCells]uint8, blank int) uint64 {
	var all [board.MaxCells]uint8
	all[0] = uint8(blank)
	copy(all[1:], cells[:s.k])
	return rankCells(&all, s.k+1, s.n)
}

// fringeLines turns a recorded step's lines into FringePseudocode's.
func (s *StateStepper) fringeLines(rec *StateStep) {
	if !s.fringe || rec == nil {
		return
	}
	rec.Fringe = true
	rec.Line = fringeLine(rec.Line)
	var lines []int
	for _, l := range rec.Lines {
		if f := fringeLine(l); f != 0 {
			lines = append(lines, f)
		}
	}
	rec.Lines = lines
}
