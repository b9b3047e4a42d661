package pdb

import (
	"errors"
	"fmt"
	"slices"

	"github.com/slidelab/slidelab/core/board"
)

// MaxStepStates bounds the abstract states (placements of the group tiles
// times the blank's cells) of a group a StateStepper takes: 400,000 covers
// every pattern of the 8-puzzle (at most 9!/1! = 362,880 states, with all 8
// tiles) and patterns of up to 3 tiles on the 15-puzzle (16·15·14·13 =
// 43,680), not 4 tiles there (524,160). Larger groups are built layer by
// layer (Builder): nobody steps through half a million states one at a time,
// and the stepper's memory (about 10 bytes a state) stays small.
const MaxStepStates = 400_000

// ErrTooManyStates is wrapped by NewStateStepper's error for a group with
// more than MaxStepStates abstract states.
var ErrTooManyStates = errors.New("too many abstract states to step one at a time")

// AbstractStates returns the number of abstract states of a group of k tiles
// on a board of size s: n!/(n-k)! placements times the n-k cells left for the
// blank (saturating at 1<<62).
func AbstractStates(s board.Size, k int) uint64 {
	n := s.Cells()
	if k < 0 || k >= n {
		return 0
	}
	e := entries(n, k)
	if e > (1<<62)/uint64(n) {
		return 1 << 62
	}
	return e * uint64(n-k)
}

// Outcome says what happened to the state a move of the blank leads to.
type Outcome uint8

const (
	// OutcomeCurrent: a new state reached at cost 0 (the blank swapped with a
	// non-pattern tile), added to the current layer's queue.
	OutcomeCurrent Outcome = iota
	// OutcomeNext: a new state reached at cost 1 (the blank swapped with a
	// pattern tile), added to the next layer's queue.
	OutcomeNext
	// OutcomeSeen: a state reached before at no greater cost: skipped.
	OutcomeSeen
)

// String names the outcome.
func (o Outcome) String() string {
	switch o {
	case OutcomeCurrent:
		return "current"
	case OutcomeNext:
		return "next"
	case OutcomeSeen:
		return "seen"
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// Move is one move of the blank tried from an abstract state.
type Move struct {
	// Dir is the way the blank travels and Cell the cell it moves to.
	Dir  board.Dir
	Cell int
	// Tile is the pattern tile the blank swaps with (it slides into the
	// blank's old cell), or 0 when Cell holds a tile the pattern ignores.
	Tile int
	// Cost is 1 for a swap with a pattern tile, 0 otherwise.
	Cost int
	// To is the state the move leads to.
	To State
	// Outcome is what the search did with To; SeenCost is the cost To was
	// reached at before (OutcomeSeen).
	Outcome  Outcome
	SeenCost int
}

// StepKind tells the kinds of StateStep apart.
type StepKind uint8

const (
	// StepExpand: one state taken out of the current layer's queue, its
	// entry written if its placement had none, its moves tried.
	StepExpand StepKind = iota
	// StepLayer: the current layer's queue is empty; the cost grows by one
	// and the next layer's queue becomes the current one.
	StepLayer
	// StepDone: both queues are empty; the table is complete.
	StepDone
)

// StateStep is one step of a StateStepper.
type StateStep struct {
	Kind StepKind
	// Seq numbers the steps from 1.
	Seq uint64
	// Cost is the cost of the layer being expanded (for StepLayer the new
	// layer's cost; for StepDone the last layer's).
	Cost int
	// State is the state taken out of the queue (StepExpand), Rank its
	// placement's rank (the table index), and Entry whether the step wrote
	// the entry table[Rank] = Cost.
	State State
	Rank  uint64
	Entry bool
	// Moves are the blank's moves tried, in board.Dirs order (StepExpand).
	Moves []Move
	// Line is the pseudocode line (a Line constant) that stands for the
	// step; Lines are all the lines it ran, in ascending order.
	Line  int
	Lines []int
	// Current and Next are the lengths of the two queues after the step.
	Current, Next int
	// Fringe marks a step of a fringe build (NewFringeStateStepper): its
	// lines are FringePseudocode's.
	Fringe bool
}

// unseenCost marks a state not reached yet.
const unseenCost = 255

// StateStepper builds one group's table as Builder does, but one abstract
// state at a time, recording each step (StateStep) so that a teacher can show
// the 0-1 breadth-first search of BuildPseudocode at work: the state taken
// from the current layer's queue, the moves of the blank with their cost (0
// for a swap with a tile the pattern ignores, 1 for a pattern tile), where
// each new state goes (the current layer's queue or the next layer's), and the
// table entry written when a placement is first taken out of the queue. It
// makes exactly the table Builder makes. It is for groups of at most
// MaxStepStates abstract states and does not touch the fast build. It is not
// safe for concurrent use.
type StateStepper struct {
	size  board.Size
	goal  board.Goal
	tiles []int // ascending
	k, n  int
	// fringe: every move costs 1 and values are a fringe table's entries,
	// indexed by the rank of the blank and the tiles (statestep_fringe.go).
	fringe bool

	values []uint8
	// dist[rank*n+blank] is the state's cost, unseenCost when not reached.
	dist []uint8
	// cur[head:] is the current layer's queue, next the next layer's.
	cur  []int32
	head int
	next []int32

	cost            int
	seq             uint64
	seen, processed uint64
	layers          []Layer
	done            bool
}

// NewStateStepper prepares the state-by-state construction of the table for
// one group of tiles, with the goal state (the pattern tiles home, the blank
// on its goal cell) in the current layer's queue. It refuses groups of more
// than MaxStepStates abstract states (ErrTooManyStates).
func NewStateStepper(size board.Size, goal board.Goal, tiles []int) (*StateStepper, error) {
	if err := checkBuild(size, goal, tiles); err != nil {
		return nil, err
	}
	if st := AbstractStates(size, len(tiles)); st > MaxStepStates {
		return nil, fmt.Errorf("pdb: tiles %s on the %s board have %d abstract states, more than the %d a state-by-state build takes (every 8-puzzle pattern, up to 3 tiles on the 15-puzzle); build it layer by layer: %w",
			formatTiles(tiles), size, st, MaxStepStates, ErrTooManyStates)
	}
	s := &StateStepper{size: size, goal: goal, tiles: slices.Sorted(slices.Values(tiles)), k: len(tiles), n: size.Cells()}
	e := entries(s.n, s.k)
	s.values = make([]uint8, e)
	for i := range s.values {
		s.values[i] = Unreached
	}
	s.dist = make([]uint8, e*uint64(s.n))
	for i := range s.dist {
		s.dist[i] = unseenCost
	}
	var cells [board.MaxCells]uint8
	for i, t := range s.tiles {
		cells[i] = uint8(goal.GoalCell(size, t))
	}
	start := s.index(rankCells(&cells, s.k, s.n), goal.GoalCell(size, 0))
	s.dist[start] = 0
	s.cur = append(s.cur, start)
	s.seen = 1
	s.layers = []Layer{{Cost: 0}}
	return s, nil
}

func (s *StateStepper) index(rank uint64, blank int) int32 {
	return int32(rank*uint64(s.n) + uint64(blank))
}

// Size returns the board size, Goal the goal and Tiles the group's tiles in
// ascending order (the order of a State's Cells).
func (s *StateStepper) Size() board.Size { return s.size }

// Goal returns the goal the table is for.
func (s *StateStepper) Goal() board.Goal { return s.goal }

// Tiles returns the group's tiles in ascending order.
func (s *StateStepper) Tiles() []int { return slices.Clone(s.tiles) }

// Cost returns the cost of the layer being expanded.
func (s *StateStepper) Cost() int { return s.cost }

// Done reports whether the table is complete.
func (s *StateStepper) Done() bool { return s.done }

// Steps returns the number of steps taken.
func (s *StateStepper) Steps() uint64 { return s.seq }

// Seen returns the number of states reached so far and Processed the number
// taken out of the queues; the states reached but not processed are exactly
// those in the queues (CurrentLen + NextLen).
func (s *StateStepper) Seen() uint64 { return s.seen }

// Processed returns the number of states taken out of the queues.
func (s *StateStepper) Processed() uint64 { return s.processed }

// CurrentLen returns the length of the current layer's queue.
func (s *StateStepper) CurrentLen() int { return len(s.cur) - s.head }

// NextLen returns the length of the next layer's queue.
func (s *StateStepper) NextLen() int { return len(s.next) }

// Layers returns the layers so far: for each cost, the states processed and
// the entries written at that cost (the last one still growing until the
// layer ends).
func (s *StateStepper) Layers() []Layer { return slices.Clone(s.layers) }

// Entry returns the table entry of a placement rank (Unreached while unset).
func (s *StateStepper) Entry(rank uint64) uint8 {
	if rank >= uint64(len(s.values)) {
		return Unreached
	}
	return s.values[rank]
}

// Table returns the finished table; it fails until Done.
func (s *StateStepper) Table() (*Table, error) {
	if !s.done {
		return nil, errors.New("pdb: table not finished")
	}
	t := newTable(s.size, s.goal, s.tiles)
	if s.fringe {
		t = newFringeTable(s.size, s.goal, s.tiles)
	}
	t.values = s.values
	t.layers = slices.Clone(s.layers)
	return t, nil
}

// state decodes a state index.
func (s *StateStepper) state(idx int32) State {
	rank := uint64(idx) / uint64(s.n)
	var cells [board.MaxCells]uint8
	unrankCells(rank, s.k, s.n, &cells)
	return s.makeState(&cells, int(uint64(idx)%uint64(s.n)))
}

func (s *StateStepper) makeState(cells *[board.MaxCells]uint8, blank int) State {
	st := State{Cells: make([]int, s.k), Blank: blank}
	for i := range st.Cells {
		st.Cells[i] = int(cells[i])
	}
	return st
}

// CurrentStates returns up to max states at the front of the current layer's
// queue, the next one to be taken first.
func (s *StateStepper) CurrentStates(max int) []State {
	var out []State
	for _, idx := range s.cur[s.head:] {
		if len(out) >= max {
			break
		}
		out = append(out, s.state(idx))
	}
	return out
}

// NextStates returns up to max states at the front of the next layer's queue.
func (s *StateStepper) NextStates(max int) []State {
	var out []State
	for _, idx := range s.next {
		if len(out) >= max {
			break
		}
		out = append(out, s.state(idx))
	}
	return out
}

// Step takes one step and returns it with true, or false once the table is
// done. Each step costs a few microseconds.
func (s *StateStepper) Step() (StateStep, bool) {
	if s.done {
		return StateStep{}, false
	}
	var st StateStep
	s.step(&st)
	return st, true
}

// SkipTo steps without recording until the layer of cost c is the current
// one, none of its states taken yet (or the table is done), and returns the
// number of steps taken. It does nothing when the stepper is past that point.
func (s *StateStepper) SkipTo(c int) uint64 {
	var n uint64
	for !s.done && s.cost < c {
		s.step(nil)
		n++
	}
	return n
}

// step takes one step, recording it in rec when rec is not nil.
//
// hot loop: SkipTo calls it once per state (millions) to fast-forward a build.
func (s *StateStepper) step(rec *StateStep) {
	s.seq++
	if s.head == len(s.cur) {
		s.endLayer(rec)
		return
	}
	idx := s.cur[s.head]
	s.head++
	n := uint64(s.n)
	rank, blank := uint64(idx)/n, int(uint64(idx)%n)
	var cells [board.MaxCells]uint8
	occ := unrankCells(rank, s.k, s.n, &cells)
	s.processed++
	layer := &s.layers[len(s.layers)-1]
	layer.States++
	entry := false
	entryRank := rank // the table index: for a fringe table, of the tiles and the blank
	if s.fringe {
		entryRank = s.fringeRank(&cells, blank)
	}
	if s.values[entryRank] == Unreached {
		s.values[entryRank] = uint8(s.cost)
		layer.New++
		entry = true
	}
	var lines [LineBuildReturn + 1]bool
	lines[LineBuildWhile], lines[LineBuildPop], lines[LineBuildIfUnset], lines[LineBuildForMoves] = true, true, true, true
	lines[LineBuildWrite] = entry
	var moves []Move
	for _, d := range board.Dirs {
		q, ok := s.size.Neighbor(blank, d)
		if !ok {
			continue
		}
		m := Move{Dir: d, Cell: q}
		var t int32
		to := cells
		if occ&(1<<q) != 0 {
			j := 0
			for int(cells[j]) != q {
				j++
			}
			to[j] = uint8(blank)
			t = s.index(rankCells(&to, s.k, s.n), q)
			m.Tile, m.Cost = s.tiles[j], 1
		} else {
			t = s.index(rank, q)
		}
		if s.fringe {
			m.Cost = 1 // the blank always moves, and the blank is in the pattern
		}
		cost := s.cost + m.Cost
		// A state reached before always has a cost no greater than this
		// one: the queues hold the costs s.cost and s.cost+1 only, and a
		// state in the next layer's queue is never reached by a cost-0
		// move, because every path from the goal to a placement moves
		// pattern tiles a number of times of the same parity (each such
		// move changes the colour, on a chessboard colouring, of one
		// pattern tile; other moves change none). So a 0-1 BFS needs no
		// decrease of a queued state's cost here.
		old := s.dist[t]
		switch {
		case old != unseenCost:
			m.Outcome, m.SeenCost = OutcomeSeen, int(old)
			lines[LineBuildSkip] = true
		case m.Cost == 0:
			m.Outcome = OutcomeCurrent
			s.dist[t] = uint8(cost)
			s.cur = append(s.cur, t)
			s.seen++
			lines[LineBuildIfFree], lines[LineBuildPushCurrent] = true, true
		default:
			m.Outcome = OutcomeNext
			s.dist[t] = uint8(cost)
			s.next = append(s.next, t)
			s.seen++
			lines[LineBuildIfFree], lines[LineBuildElse], lines[LineBuildPushNext] = true, true, true
		}
		if rec != nil {
			m.To = s.makeState(&to, q)
			moves = append(moves, m)
		}
	}
	if rec == nil {
		return
	}
	*rec = StateStep{Kind: StepExpand, Seq: s.seq, Cost: s.cost, State: s.makeState(&cells, blank), Rank: entryRank,
		Entry: entry, Moves: moves, Current: s.CurrentLen(), Next: len(s.next)}
	switch {
	case entry:
		rec.Line = LineBuildWrite
	case lines[LineBuildPushNext]:
		rec.Line = LineBuildPushNext
	case lines[LineBuildPushCurrent]:
		rec.Line = LineBuildPushCurrent
	default:
		rec.Line = LineBuildSkip
	}
	for l, on := range lines {
		if on {
			rec.Lines = append(rec.Lines, l)
		}
	}
	s.fringeLines(rec)
}

// endLayer runs when the current layer's queue is empty: the next layer's
// queue becomes the current one, or the table is done.
func (s *StateStepper) endLayer(rec *StateStep) {
	if len(s.next) == 0 {
		s.done = true
		s.dist, s.cur, s.next = nil, nil, nil
		s.head = 0
		if rec != nil {
			*rec = StateStep{Kind: StepDone, Seq: s.seq, Cost: s.cost, Line: LineBuildReturn,
				Lines: []int{LineBuildWhile, LineBuildIfEmpty, LineBuildNextLayer, LineBuildReturn}}
			s.fringeLines(rec)
		}
		return
	}
	s.cur, s.next = s.next, s.cur[:0]
	s.head = 0
	s.cost++
	s.layers = append(s.layers, Layer{Cost: s.cost})
	if rec != nil {
		*rec = StateStep{Kind: StepLayer, Seq: s.seq, Cost: s.cost, Line: LineBuildNextLayer,
			Lines: []int{LineBuildIfEmpty, LineBuildNextLayer}, Current: len(s.cur)}
		s.fringeLines(rec)
	}
}
