package catalog

import (
	"errors"

	"github.com/slidelab/slidelab/core/search"
)

// heuristicOption is one entry of the heuristic selector.
type HeuristicOption struct {
	Label string
	// short names the heuristic in tables and charts ("manhattan", "pdb:663").
	Short string
	// isDefault marks the option selected when nothing else is.
	IsDefault bool
	// build makes the heuristic; it fails, for example, while a pattern
	// database is still being built.
	Build func() (search.Heuristic, error)
	// database, for a heuristic that uses a pattern database, describes
	// that database; nil for the others.
	Database func() PdbState
}

// pdbState describes the pattern database a heuristic uses.
type PdbState struct {
	// name names the database ("6-6-3").
	Name string
	// status is the store's word on it (ready, building with its
	// progress, failed).
	Status string
	// fraction is the share loaded or built (1 when ready).
	Fraction float64
	Ready    bool
}

// errPDBNotReady is wrapped by the error of a heuristic whose pattern
// database is still loading or being built: the panel clears the message it
// caused once the database is ready.
var ErrPDBNotReady = errors.New("pattern database not ready")
