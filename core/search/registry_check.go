package search

import (
	"fmt"

	"github.com/slidelab/slidelab/core/board"
	"github.com/slidelab/slidelab/core/pdb"
)

// Check reports whether h can be made for boards of size s and goal g,
// without building or loading a table: the size is valid, a pattern
// database's partition or a fringe pattern fits it, the reflected lookup has
// a square board, and every part of a max(...) passes the same checks. A
// spec that passes may still fail to build (memory, a cancelled context),
// but not because of its name. Session files and the GUI check what they
// read with it before changing anything.
func (h HeuristicSpec) Check(s board.Size, g board.Goal) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("heuristic %s: %w", h, err)
	}
	if h.Reflect && s.W != s.H {
		return fmt.Errorf("heuristic %s: the reflected lookup needs a square board, not %s", h, s)
	}
	switch {
	case h.IsMax():
		for _, p := range h.Parts {
			if err := p.Check(s, g); err != nil {
				return err
			}
		}
	case h.Kind.Name == FringeKind:
		if _, err := pdb.ParseFringe(h.Partition, s, g); err != nil {
			return fmt.Errorf("heuristic %s: %w (the board is %s)", h, err, s)
		}
	case h.Kind.NeedsTables && h.Kind.load == nil:
		if _, err := h.PartitionFor(s, g); err != nil {
			return fmt.Errorf("%w (the board is %s)", err, s)
		}
	}
	return nil
}

// FringeKind is the registry name of fringe pattern databases
// ("fringe:PRESET", "fringe:TILES[/TILES...]").
const FringeKind = "fringe"
