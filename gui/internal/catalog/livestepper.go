package catalog

import (
	"errors"
	"sync"

	"fyne.io/fyne/v2/widget"
	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/search"
)

// A search stepper whose full-speed runs report live counts, as the search
// panel and the race view run them.

// NewLiveStepper starts a search of start with cfg and, when the algorithm
// uses one (not breadth-first search nor the other uninformed ones), the
// heuristic a selector built from opts shows (by the option's index); the
// search reports its progress to the counts returned.
// The error says why it cannot start (no heuristic picked, a pattern
// database still loading).
func NewLiveStepper(start board.Board, cfg search.Config, sel *widget.Select, opts []HeuristicOption) (*search.Stepper, *LiveCounts, error) {
	if cfg.Algorithm.UsesHeuristic() {
		i := sel.SelectedIndex()
		if i < 0 || i >= len(opts) {
			//lint:ignore ST1005 the message is shown to the user as a sentence in a dialog
			return nil, nil, errors.New("Pick a heuristic first.")
		}
		h, err := opts[i].Build()
		if err != nil {
			return nil, nil, err
		}
		cfg.Heuristic = h
	}
	live := &LiveCounts{}
	cfg.Progress = live.put
	st, err := search.NewStepper(start, cfg)
	if err != nil {
		return nil, nil, err
	}
	return st, live, nil
}

// LiveCounts holds the latest counts a full-speed search reported through
// search.Config.Progress: the search goroutine writes them about every
// 16384 expansions, the run's ticker reads them ten times a second.
type LiveCounts struct {
	mu  sync.Mutex
	p   search.Progress
	set bool
}

// put records a report; it is the search's Progress function.
func (l *LiveCounts) put(p search.Progress) {
	l.mu.Lock()
	l.p, l.set = p, true
	l.mu.Unlock()
}

// Get returns the latest report, if any.
func (l *LiveCounts) Get() (search.Progress, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.p, l.set
}

// MovedCell returns the cell of the tile that the last move slid, or -1.
func MovedCell(n search.Node) int {
	if n.Root || !n.Board.IsValid() {
		return -1
	}
	c, ok := n.Board.Size().Neighbor(n.Board.Blank(), n.Move.Inverse())
	if !ok {
		return -1
	}
	return c
}
